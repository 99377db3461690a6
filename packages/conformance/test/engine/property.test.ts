import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { violate } from '../../src/engine/expect.js';
import { runProperty } from '../../src/engine/property.js';

describe('runProperty', () => {
  it('passes with the configured number of runs', async () => {
    let runs = 0;
    const out = await runProperty({ seed: 1, numRuns: 13 }, fc.integer(), async () => {
      runs += 1;
    });
    expect(out).toEqual({ ok: true, numRuns: 13 });
    expect(runs).toBe(13);
  });

  it('caps a check’s numRuns by the configured one', async () => {
    const out = await runProperty({ seed: 1, numRuns: 5 }, fc.integer(), async () => undefined, { numRuns: 100 });
    expect(out.numRuns).toBe(5);
  });

  it('returns the shrunk counterexample, seed and path of a violation, reproducibly', async () => {
    const run = () =>
      runProperty({ seed: 4242, numRuns: 100 }, fc.integer({ min: 0, max: 10_000 }), async (n) => {
        if (n >= 100) violate('n must stay below 100', '< 100', String(n));
      });
    const a = await run();
    expect(a.ok).toBe(false);
    if (a.ok) return;
    expect(a.counterexample).toBe(100);
    expect(a.violation.received).toBe('100');
    expect(a.seed).toBe(4242);
    expect(a.path).toMatch(/^\d+(:\d+)*$/);
    const b = await run();
    expect(b).toEqual(a);
    const replay = await runProperty({ seed: 4242, numRuns: 100, path: a.path }, fc.integer({ min: 0, max: 10_000 }), async (n) => {
      if (n >= 100) violate('n must stay below 100', '< 100', String(n));
    });
    expect(replay.ok).toBe(false);
  });

  it('stops at once and rethrows an error that is not a violation (no shrinking)', async () => {
    let calls = 0;
    const err = await runProperty({ seed: 1, numRuns: 50 }, fc.integer(), async () => {
      calls += 1;
      throw new Error('target went away');
    }).catch((e: unknown) => e);
    expect((err as Error).message).toBe('target went away');
    expect(calls).toBe(1);
  });

  it('runs every boundary example first, whatever the seed, then numRuns random values', async () => {
    for (const seed of [1, 2]) {
      const seen: number[] = [];
      const out = await runProperty({ seed, numRuns: 3 }, fc.integer({ min: 100, max: 200 }), async (n) => {
        seen.push(n);
      }, { numRuns: 2, examples: [1, 2, 49, 50, 51] });
      expect(seen.slice(0, 5)).toEqual([1, 2, 49, 50, 51]);
      expect(seen).toHaveLength(7);
      expect(seen.slice(5).every((n) => n >= 100 && n <= 200)).toBe(true);
      expect(out).toEqual({ ok: true, numRuns: 7 });
    }
  });

  it('a boundary example that breaks the property is the failure, found before any random value', async () => {
    const out = await runProperty({ seed: 3, numRuns: 20 }, fc.integer({ min: 2, max: 50 }), async (n) => {
      if (n === 1) violate('limit=1 ignored', '1 record', '20 records');
    }, { examples: [1, 2, 50] });
    expect(out.ok).toBe(false);
    expect(!out.ok && out.counterexample).toBe(1);
  });
});
