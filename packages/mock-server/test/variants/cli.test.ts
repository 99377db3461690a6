/** `crosschain-mock --variant` / `--list-variants` (the CLI side of the variant catalogue). */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli.js';
import { variantCatalogue } from '../../src/index.js';

const BIN = resolve(import.meta.dirname, '../../bin/crosschain-mock.js');
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 20_000 });

describe('crosschain-mock --variant', () => {
  it('collects repeated variants into the options', () => {
    expect(parseArgs(['--variant', 'gzip', '--variant=chunked'])).toEqual({ action: 'serve', options: { variants: ['gzip', 'chunked'], advanceEveryMs: 1000 } });
  });

  it('lists every variant with its group and what allows it', () => {
    const r = run('--list-variants');
    expect(r.status).toBe(0);
    for (const v of variantCatalogue) expect(r.stdout, v.name).toContain(`${v.name} `);
    expect(r.stdout.match(/^ +allowed by (document|silence|live-service|RFC|rfc)?/gm)).toHaveLength(variantCatalogue.length);
    expect(r.stdout).toMatch(/cursor-fresh +\[by name\] \[one cursor\]/);
    expect(r.stdout).toMatch(/intents-status-unknown +\[profile live: divergence\.intents-status-unknown\]/);
  });

  it('takes --profile contract|live and refuses anything else', () => {
    expect(parseArgs(['--profile', 'live'])).toEqual({ action: 'serve', options: { profile: 'live', advanceEveryMs: 1000 } });
    expect(parseArgs(['--profile=contract', '--variant', 'gzip'])).toEqual({ action: 'serve', options: { profile: 'contract', variants: ['gzip'], advanceEveryMs: 1000 } });
    const r = run('--profile', 'staging');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--profile must be contract or live, got "staging"\. Example: --profile live/);
  });

  it.each([
    [['--variant', 'v9-bogus'], /--variant "v9-bogus" is not a known variant\. Run --list-variants for the names, e\.g\. --variant gzip/],
    [['--variant', 'gzip', '--variant', 'br'], /--variant: variants gzip and br cannot be combined \(one content-encoding per server\); pick one of them/],
  ])('exits 2 with one line for %j', (args, message) => {
    const r = run(...(args as string[]));
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });
});
