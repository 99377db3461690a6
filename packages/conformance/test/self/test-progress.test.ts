/**
 * `pnpm test`'s progress (scripts/test-progress.mjs, run by scripts/test-run.mjs): a line per
 * package as its tests end, with the time left estimated from the previous run's times; a
 * package turbo replays from its cache keeps no time.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

interface Progress {
  line(text: string): void;
  tick(): void;
  finish(): Record<string, number>;
}
const modulePath = fileURLToPath(new URL('../../../../scripts/test-progress.mjs', import.meta.url));
const { createProgress } = (await import(modulePath)) as { createProgress: (o: { packages: string[]; history?: Record<string, number>; now: () => number; write: (t: string) => void }) => Progress };

function fixture(history: Record<string, number>) {
  let t = 0;
  const out: string[] = [];
  const progress = createProgress({ packages: ['@x/a', '@x/b', '@x/c'], history, now: () => t, write: (s) => out.push(s) });
  return { progress, out, at: (ms: number) => (t = ms) };
}

const summary = (pkg: string, tests: string) => [`${pkg}:test: \u001b[2m      Tests \u001b[22m ${tests}`, `${pkg}:test: JSON report written to /r/${pkg}/vitest.json`];

describe('test progress', () => {
  it('prints each package as it ends, with the time left from the last run (the slowest still running)', () => {
    const { progress, out, at } = fixture({ '@x/a': 10_000, '@x/b': 100_000, '@x/c': 40_000 });
    expect(out[0]).toBe('Testing 3 packages side by side; the last run took 1 min 40 s (the slowest, @x/b).\n');
    for (const p of ['@x/a', '@x/b', '@x/c']) progress.line(`${p}:test: > vitest run`);
    progress.line('@x/a:build: Tests  not a test line');
    at(12_000);
    for (const l of summary('@x/a', '5 passed (5)')) progress.line(l);
    expect(out[1]).toBe('[1/3] @x/a: tests 5 passed (5) in 12.0 s; about 1 min 28 s left\n');
    at(60_000);
    progress.tick();
    expect(out[2]).toBe('… 1/3 packages done after 1 min 0 s, running: @x/b 1 min 0 s, @x/c 1 min 0 s; about 40.0 s left\n');
    at(65_000);
    for (const l of summary('@x/b', '7 passed | 1 failed (8)')) progress.line(l);
    expect(out[3]).toBe('[2/3] @x/b: tests 7 passed | 1 failed (8) in 1 min 5 s; should end any moment\n');
    at(70_000);
    expect(progress.finish()).toEqual({ '@x/a': 12_000, '@x/b': 65_000, '@x/c': 70_000 });
    expect(out[4]).toBe('[3/3] @x/c: ended without a vitest summary in 1 min 10 s\n');
  });

  it('has no estimate on a first run, and keeps no time for a package replayed from the cache', () => {
    const { progress, out, at } = fixture({});
    expect(out[0]).toMatch(/no estimate yet/);
    progress.line('@x/a:test: cache hit, replaying logs 1234');
    for (const l of summary('@x/a', '5 passed (5)')) progress.line(l);
    expect(out[1]).toBe('[1/3] @x/a: tests 5 passed (5) from the cache; no estimate yet for @x/b, @x/c (first run here)\n');
    at(5_000);
    progress.line('@x/b:test: > vitest run');
    for (const l of summary('@x/b', '2 passed (2)')) progress.line(l);
    expect(progress.finish()).toEqual({ '@x/b': 0 });
  });
});
