import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCanonicalDateTime, withCanonicalFastPath } from '../../src/contract/formats.js';

const fullDef = fullFormats['date-time'] as { validate: (s: string) => boolean };
const full = (s: string) => fullDef.validate(s);
const fast = withCanonicalFastPath(full);

const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
/** Mostly in [lo, hi], sometimes anywhere in [0, max]. */
const mostly = (lo: number, hi: number, max: number) => fc.oneof({ arbitrary: fc.integer({ min: lo, max: hi }), weight: 3 }, fc.integer({ min: 0, max }));
/** Date-time-shaped strings: every field drawn over and beyond its range, separators and zones varied. */
const dateTimeLike = fc
  .tuple(
    digits(4),
    mostly(1, 12, 19),
    mostly(1, 31, 39),
    fc.oneof({ arbitrary: fc.constant('T'), weight: 4 }, fc.constantFrom('t', ' ', '_', 'TT', '\u00a0')),
    mostly(0, 23, 29),
    mostly(0, 59, 69),
    mostly(0, 60, 69),
    fc.constantFrom('', '', '.', '.5', '.123456789', '.x'),
    fc.oneof({ arbitrary: fc.constantFrom('Z', '+00:00', '-05:30'), weight: 3 }, fc.constantFrom('z', '', '+2400', '+23:59', '-00:60', '+24:00', '+05', '+05:3', 'Zx', ' Z')),
  )
  .map(([y, mo, d, sep, h, mi, s, frac, tz]) => {
    const p = (n: number) => String(n).padStart(2, '0');
    return `${y}-${p(mo)}-${p(d)}${sep}${p(h)}:${p(mi)}:${p(s)}${frac}${tz}`;
  });

describe('date-time fast path', () => {
  it('accepts canonical timestamps and leaves the rest to the full validator', () => {
    expect(isCanonicalDateTime('2026-11-21T12:00:00.000Z')).toBe(true);
    expect(isCanonicalDateTime('2024-02-29t23:59:59+05:30')).toBe(true);
    expect(isCanonicalDateTime('2023-02-29T00:00:00Z')).toBe(false);
    expect(isCanonicalDateTime('2026-12-31T23:59:60Z')).toBe(false);
    expect(fast('2026-12-31T23:59:60Z')).toBe(true);
    expect(fast('2026-11-21 12:00:00Z')).toBe(true);
    expect(fast('2026-11-21T12:00:00')).toBe(false);
    expect(fast('2023-02-29T00:00:00Z')).toBe(false);
  });

  it('gives the full verdict on date-time-shaped strings (canonical implies accepted)', () => {
    fc.assert(
      fc.property(dateTimeLike, (s) => fast(s) === full(s) && (!isCanonicalDateTime(s) || full(s))),
      { numRuns: 3000, seed: 5 },
    );
  });

  it('gives the full verdict on strings over the date-time alphabet', () => {
    const alphabet = fc.string({ unit: fc.constantFrom(...'0123456789-:.+TtZz \n'), maxLength: 32 });
    fc.assert(fc.property(alphabet, (s) => fast(s) === full(s)), { numRuns: 3000, seed: 6 });
  });

  it('gives the full verdict on arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (s) => fast(s) === full(s)), { numRuns: 1000, seed: 7 });
  });
});
