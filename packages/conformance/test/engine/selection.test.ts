import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { patternMatches, selectChecks } from '../../src/engine/selection.js';

const ids = (only: string[], skip: string[] = []) => selectChecks(allChecks, only, skip).map((c) => c.id);

describe('check selection (--only, --skip)', () => {
  it('a dot-bounded prefix: requests-v3.filter does not select requests-v3.filters.*', () => {
    const picked = ids(['requests-v3.filter']);
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.every((id) => id.startsWith('requests-v3.filter.'))).toBe(true);
    expect(patternMatches({ id: 'requests-v3.filters.or-across-groups' }, 'requests-v3.filter')).toBe(false);
    expect(patternMatches({ id: 'requests-v3.filter.x' }, 'requests-v3.filter.')).toBe(true);
  });

  it('a family name selects its checks even when their ids lie elsewhere', () => {
    const paging = allChecks.filter((c) => c.family === 'requests-v3.paging').map((c) => c.id);
    expect(ids(['requests-v3.paging'])).toEqual(paging);
    expect(paging).toContain('requests-v3.sort.default');
  });

  it('globs: * any characters, ? one', () => {
    expect(ids(['*.schema'])).toEqual(allChecks.filter((c) => /\.schema$/.test(c.id)).map((c) => c.id));
    expect(patternMatches({ id: 'a.b1' }, 'a.b?')).toBe(true);
    expect(patternMatches({ id: 'a.b12' }, 'a.b?')).toBe(false);
  });

  it('--skip removes what it names from the selection', () => {
    const picked = ids(['currencies-v2'], ['currencies-v2.limit']);
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.some((id) => id.startsWith('currencies-v2.limit.'))).toBe(false);
    expect(ids([], ['requests-v2', 'requests-v3.*']).some((id) => id.startsWith('requests-'))).toBe(false);
  });

  it('a pattern that selects nothing is a usage error naming the flag, the value and where to look', () => {
    expect(() => ids(['requests-v3.filt'])).toThrow(/^--only must name check ids, families, dot-bounded id prefixes or globs, got "requests-v3.filt" \(matches no check\)\. Fix: see --list-checks/);
    expect(() => ids([], ['nope*'])).toThrow(/^--skip must name .* got "nope\*"/);
  });

  it('a selection that leaves no check is a usage error, never an empty green run', () => {
    expect(() => ids([], ['*'])).toThrow(/^the selection leaves no check \(--skip "\*" excludes all \d+\): a run that tests nothing is not a pass/);
    expect(() => ids(['currencies-v2'], ['currencies-v2'])).toThrow(/^the selection leaves no check \(--only "currencies-v2" with --skip "currencies-v2"/);
    expect(selectChecks([], [], [])).toEqual([]);
  });
});
