/** Word bitsets against a plain boolean-array model (sizes around word boundaries included). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  andBits, copyBits, emptyBits, fillBits, hasBit, nextSetBit, orBits, popcount, popcount32, prevSetBit, setPositions,
} from '../../src/store/bitset.js';

const sized = fc.integer({ min: 1, max: 200 }).chain((n) =>
  fc.tuple(fc.constant(n), fc.uniqueArray(fc.nat(n - 1), { maxLength: n }), fc.uniqueArray(fc.nat(n - 1), { maxLength: n })),
);
const toBits = (n: number, ps: number[]) => {
  const b = emptyBits(n);
  setPositions(b, ps);
  return b;
};
const toModel = (n: number, ps: number[]) => {
  const m = new Array<boolean>(n).fill(false);
  for (const p of ps) m[p] = true;
  return m;
};
const members = (n: number, b: Uint32Array) => Array.from({ length: n }, (_, p) => hasBit(b, p));

describe('bitset', () => {
  it('popcount32 counts every bit pattern class', () => {
    expect(popcount32(0)).toBe(0);
    expect(popcount32(0xffffffff)).toBe(32);
    expect(popcount32(0x80000001)).toBe(2);
    fc.assert(fc.property(fc.nat(), (x) => popcount32(x) === x.toString(2).split('').filter((c) => c === '1').length));
  });

  it('AND, OR, complement, fill and popcount agree with the model and never set bits past n', () => {
    fc.assert(
      fc.property(sized, fc.boolean(), ([n, a, b], negate) => {
        const ma = toModel(n, a);
        const mb = toModel(n, b);
        const t = emptyBits(n);
        copyBits(t, toBits(n, a), negate, n);
        expect(members(n, t)).toEqual(ma.map((x) => x !== negate));
        const and = toBits(n, a);
        andBits(and, toBits(n, b), negate);
        expect(members(n, and)).toEqual(ma.map((x, i) => x && mb[i] !== negate));
        const or = toBits(n, a);
        orBits(or, toBits(n, b), negate, n);
        const expectedOr = ma.map((x, i) => x || mb[i] !== negate);
        expect(members(n, or)).toEqual(expectedOr);
        expect(popcount(or)).toBe(expectedOr.filter(Boolean).length);
        const all = emptyBits(n);
        fillBits(all, n);
        expect(popcount(all)).toBe(n);
      }),
    );
  });

  it('nextSetBit and prevSetBit find the nearest set position in each direction', () => {
    fc.assert(
      fc.property(sized, fc.integer({ min: -2, max: 210 }), ([n, a], from) => {
        const bits = toBits(n, a);
        const sorted = [...a].sort((x, y) => x - y);
        expect(nextSetBit(bits, from)).toBe(sorted.find((p) => p >= from) ?? -1);
        expect(prevSetBit(bits, from)).toBe([...sorted].reverse().find((p) => p <= from) ?? -1);
      }),
    );
  });
});
