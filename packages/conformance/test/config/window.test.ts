import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve.js';
import { formatWindow, parseWindow } from '../../src/config/window.js';

describe('--window <start>..<end>', () => {
  it('parses two Unix seconds in order, and prints them back', () => {
    expect(parseWindow('1760000000..1760086400')).toEqual({ start: 1760000000, end: 1760086400 });
    expect(parseWindow(' 5 .. 5 ')).toEqual({ start: 5, end: 5 });
    expect(formatWindow({ start: 1, end: 2 })).toBe('1..2');
  });

  it.each(['10..5', '1760000000', 'a..b', '-1..5', '1.5..2', ''])('refuses %j', (text) => {
    expect(parseWindow(text)).toBeUndefined();
  });

  it('as a flag and an env variable; a bad value is one line naming the source, the value and an example', () => {
    expect(resolveConfig({ argv: ['--window', '100..200'] }).window).toBe('100..200');
    expect(resolveConfig({ argv: [], env: { CONFORMANCE_WINDOW: '1..2' } }).window).toBe('1..2');
    expect(() => resolveConfig({ argv: ['--window', '200..100'] })).toThrow(
      '--window must be <start>..<end> in Unix seconds with start <= end, got "200..100". Example: --window 1760000000..1760086400',
    );
  });

  it('--allow-incomplete and --certify are booleans, off by default', () => {
    const dflt = resolveConfig({ argv: [] });
    expect([dflt.allowIncomplete, dflt.certify]).toEqual([false, false]);
    const on = resolveConfig({ argv: ['--allow-incomplete', '--certify'] });
    expect([on.allowIncomplete, on.certify]).toEqual([true, true]);
  });
});
