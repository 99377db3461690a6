/**
 * Word bitsets over row positions (bit `p` of word `p >>> 5`), used by the query engine to combine
 * equality conditions of GET /requests/v3 (AND inside a `filters` group, OR across groups, `not:` as
 * complement) and to count `includeTotal` without building records.
 */

export type Bitset = Uint32Array;

/** Number of 32-bit words holding `n` bits. */
export function wordCount(n: number): number {
  return (n + 31) >>> 5;
}

/** A new all-zero bitset of `n` bits. */
export function emptyBits(n: number): Bitset {
  return new Uint32Array(wordCount(n));
}

/** Sets the bits of `positions` (each in [0, n)) in `target`. */
export function setPositions(target: Bitset, positions: ArrayLike<number>): void {
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i];
    target[p >>> 5] |= 1 << (p & 31);
  }
}

/** Clears bit `p` of `target`. */
export function clearBit(target: Bitset, p: number): void {
  target[p >>> 5] &= ~(1 << (p & 31));
}

/** Mask of the valid bits of the last word for `n` bits (all ones when `n` is a multiple of 32). */
function tailMask(n: number): number {
  const r = n & 31;
  return r === 0 ? 0xffffffff : (1 << r) - 1;
}

/** `target = src` (or `~src` when `negate`, restricted to the first `n` bits). */
export function copyBits(target: Bitset, src: Bitset, negate: boolean, n: number): void {
  if (!negate) {
    target.set(src);
    return;
  }
  for (let i = 0; i < target.length; i++) target[i] = ~src[i];
  clearTail(target, n);
}

/** `target &= src` (or `target &= ~src`). */
export function andBits(target: Bitset, src: Bitset, negate: boolean): void {
  if (negate) for (let i = 0; i < target.length; i++) target[i] &= ~src[i];
  else for (let i = 0; i < target.length; i++) target[i] &= src[i];
}

/** `target |= src` (or `target |= ~src`, restricted to the first `n` bits). */
export function orBits(target: Bitset, src: Bitset, negate: boolean, n: number): void {
  if (negate) {
    for (let i = 0; i < target.length; i++) target[i] |= ~src[i];
    clearTail(target, n);
  } else for (let i = 0; i < target.length; i++) target[i] |= src[i];
}

/** Sets the first `n` bits (every row). */
export function fillBits(target: Bitset, n: number): void {
  target.fill(0xffffffff);
  clearTail(target, n);
}

function clearTail(target: Bitset, n: number): void {
  if (target.length > 0) target[target.length - 1] &= tailMask(n);
}

/** Number of set bits of one 32-bit word. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Number of set bits. */
export function popcount(bits: Bitset): number {
  let count = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) count += popcount32(bits[i]);
  return count;
}

/** True when bit `p` is set. */
export function hasBit(bits: Bitset, p: number): boolean {
  return (bits[p >>> 5] & (1 << (p & 31))) !== 0;
}

/** Smallest set position >= `from`, or -1. */
export function nextSetBit(bits: Bitset, from: number): number {
  if (from < 0) from = 0;
  let w = from >>> 5;
  if (w >= bits.length) return -1;
  let word = bits[w] & (0xffffffff << (from & 31));
  while (word === 0) {
    if (++w >= bits.length) return -1;
    word = bits[w];
  }
  return (w << 5) + (31 - Math.clz32(word & -word));
}

/** Largest set position <= `from`, or -1. */
export function prevSetBit(bits: Bitset, from: number): number {
  if (from < 0) return -1;
  let w = from >>> 5;
  if (w >= bits.length) {
    w = bits.length - 1;
    from = (w << 5) + 31;
  }
  const shift = 31 - (from & 31);
  let word = shift === 0 ? bits[w] : bits[w] & (0xffffffff >>> shift);
  while (word === 0) {
    if (--w < 0) return -1;
    word = bits[w];
  }
  return (w << 5) + (31 - Math.clz32(word));
}
