/** sortPositions (src/radix.ts) orders like a comparator sort: value, then tie key, then the comparator; NaN lowest. */
import { describe, expect, it } from 'vitest';
import { createRng } from '../src/prng.js';
import { sortPositions } from '../src/radix.js';

function reference(value: Float64Array, desc: boolean, tie: Uint32Array, cmp: (a: number, b: number) => number): number[] {
  const v = (i: number): number => (Number.isNaN(value[i]) ? -Infinity : value[i]);
  const sign = desc ? -1 : 1;
  return Array.from({ length: value.length }, (_, i) => i).sort((a, b) => sign * (v(a) < v(b) ? -1 : v(a) > v(b) ? 1 : 0) || sign * (tie[a] - tie[b]) || cmp(a, b));
}

describe('sortPositions', () => {
  it('equals a comparator sort on values with ties, NaN, zero, negatives and large numbers', () => {
    const rng = createRng(7);
    const n = 5000;
    const pool = [0, -0, 1.5, -2.25, Number.NaN, 1e12, 1_786_000_000_000, 10, 25];
    const value = Float64Array.from({ length: n }, () => (rng.chance(0.5) ? rng.pick(pool) : (rng.next() - 0.3) * 1e13));
    // Few tie keys, so that equal (value, tie) runs reach the comparator.
    const tie = Uint32Array.from({ length: n }, () => (rng.chance(0.5) ? rng.int(0, 3) : rng.u32()));
    const label = Array.from({ length: n }, () => rng.hex(6));
    for (const desc of [false, true]) {
      const cmp = (a: number, b: number): number => (desc ? -1 : 1) * (label[a] < label[b] ? -1 : label[a] > label[b] ? 1 : a - b);
      expect([...sortPositions(value, desc, tie, cmp)]).toEqual(reference(value, desc, tie, cmp));
    }
  });
});
