import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { violate } from '../../src/contract/expect.js';
import { derivedSeed, propertyFor, runProperty } from '../../src/engine/property.js';

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

describe('derivedSeed', () => {
  it('is FNV-1a (32 bits, signed) of "<seed>:<key>"', () => {
    // FNV-1a test vector: "a" -> 0xe40c292c; here of "1:x" and of a check id with seed 9.
    expect(derivedSeed(1, 'x')).toBe(723807134);
    expect(derivedSeed(9, 'requests-v3.total.exact')).toBe(-419749315);
    expect(derivedSeed(9, 'requests-v3.total.exact')).toBe(derivedSeed(9, 'requests-v3.total.exact'));
  });

  it('differs between checks and between run seeds, and stays a 32-bit integer', () => {
    const seeds = new Set(['a.1', 'a.2', 'b.1'].flatMap((id) => [1, 2, -7, 2 ** 32 - 1].map((s) => derivedSeed(s, id))));
    expect(seeds.size).toBe(12);
    for (const s of seeds) expect(Number.isInteger(s) && s >= -(2 ** 31) && s < 2 ** 31).toBe(true);
  });
});

describe('propertyFor', () => {
  const draws = async (property: ReturnType<typeof propertyFor>, seedKey?: string) => {
    const seen: number[] = [];
    await property(fc.integer(), async (n) => void seen.push(n), seedKey !== undefined ? { seedKey } : {});
    return seen;
  };

  it('draws from the seed derived from the run seed and the check id: the same values whatever else ran', async () => {
    const settings = { seed: 9, numRuns: 5 };
    const a = await draws(propertyFor(settings, 'a.check'));
    expect(await draws(propertyFor(settings, 'a.check'))).toEqual(a);
    expect(await draws(propertyFor(settings, 'b.check'))).not.toEqual(a);
    const direct: number[] = [];
    await runProperty({ seed: derivedSeed(9, 'a.check'), numRuns: 5 }, fc.integer(), async (n) => void direct.push(n));
    expect(a).toEqual(direct);
  });

  it('checks passing the same seedKey draw the same values', async () => {
    const settings = { seed: 9, numRuns: 5 };
    const a = await draws(propertyFor(settings, 'a.check'), 'shared-walks');
    expect(await draws(propertyFor(settings, 'b.check'), 'shared-walks')).toEqual(a);
    expect(a).not.toEqual(await draws(propertyFor(settings, 'a.check')));
  });

  it('reports a counterexample whose seed and path replay it', async () => {
    const property = propertyFor({ seed: 4242, numRuns: 100 }, 'c.check');
    const predicate = async (n: number) => {
      if (n >= 100) violate('n must stay below 100', '< 100', String(n));
    };
    const out = await property(fc.integer({ min: 0, max: 10_000 }), predicate);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.seed).toBe(derivedSeed(4242, 'c.check'));
    const replay = await runProperty({ seed: out.seed, numRuns: 100, ...(out.path !== undefined ? { path: out.path } : {}) }, fc.integer({ min: 0, max: 10_000 }), predicate);
    expect(replay.ok).toBe(false);
    if (!replay.ok) expect(replay.counterexample).toBe(out.counterexample);
  });
});
