/**
 * Equality index for high-cardinality string fields (ids, wallets, tx hashes; equality
 * filters use indexes at 1,000,000 records): one 32-bit hash per (row, value) in a `Uint32Array`,
 * sorted by hash with the row positions alongside in an `Int32Array`. A lookup binary-searches the
 * hash and the caller verifies the actual value on the few candidate rows (hash collisions).
 * Strings are compared case-insensitively (the hash is of the lowercased string).
 */
import { hashKey } from '../hash-key.js';

/** A hashed index under construction: (hash, position) pairs appended in ascending position. */
export class HashedIndexBuilder {
  private hashes: Uint32Array;
  private positions: Int32Array;
  private count = 0;
  /** Ascending positions of the rows without a value (the null check). */
  private readonly nulls: number[] = [];

  constructor(expected: number) {
    const capacity = Math.max(16, expected);
    this.hashes = new Uint32Array(capacity);
    this.positions = new Int32Array(capacity);
  }

  add(hash: number, pos: number): void {
    if (this.count === this.hashes.length) {
      const capacity = Math.ceil(this.count * 1.5);
      const hashes = new Uint32Array(capacity);
      hashes.set(this.hashes);
      const positions = new Int32Array(capacity);
      positions.set(this.positions);
      this.hashes = hashes;
      this.positions = positions;
    }
    this.hashes[this.count] = hash;
    this.positions[this.count++] = pos;
  }

  addNull(pos: number): void {
    this.nulls.push(pos);
  }

  /**
   * Sorts the pairs by hash (stable LSD radix sort, so positions stay ascending within a hash),
   * through `scratch` (shared by successive builds to spare the garbage collector; a new one when
   * it is null or too short) back into the builder's own arrays.
   */
  finish(shared: RadixScratch | null): HashedIndex {
    const n = this.count;
    const scratch = radixScratch(shared, n);
    const hashes = this.hashes.length - n > n >>> 2 ? this.hashes.slice(0, n) : this.hashes.subarray(0, n);
    const positions = this.positions.length - n > n >>> 2 ? this.positions.slice(0, n) : this.positions.subarray(0, n);
    const tmpH = scratch.hashes.subarray(0, n);
    const tmpP = scratch.positions.subarray(0, n);
    radixPass(hashes, positions, tmpH, tmpP, 0);
    radixPass(tmpH, tmpP, hashes, positions, 16);
    return new HashedIndex(hashes, positions, Int32Array.from(this.nulls));
  }

  /** Number of (hash, position) pairs so far. */
  get length(): number {
    return this.count;
  }
}

/** Temporary arrays of the radix sort. */
export interface RadixScratch {
  hashes: Uint32Array;
  positions: Int32Array;
}

/** Scratch for `finish` of `n` pairs: `current` when long enough, else a new one. */
export function radixScratch(current: RadixScratch | null, n: number): RadixScratch {
  if (current && current.hashes.length >= n) return current;
  return { hashes: new Uint32Array(n), positions: new Int32Array(n) };
}

/** One counting-sort pass on the 16-bit digit at `shift`. */
function radixPass(inH: Uint32Array, inP: Int32Array, outH: Uint32Array, outP: Int32Array, shift: number): void {
  const counts = new Uint32Array(65_537);
  for (let i = 0; i < inH.length; i++) counts[((inH[i] >>> shift) & 0xffff) + 1]++;
  for (let d = 1; d <= 65_536; d++) counts[d] += counts[d - 1];
  for (let i = 0; i < inH.length; i++) {
    const j = counts[(inH[i] >>> shift) & 0xffff]++;
    outH[j] = inH[i];
    outP[j] = inP[i];
  }
}

/** A complete hashed index (read-only). */
export class HashedIndex {
  constructor(
    private readonly hashes: Uint32Array,
    private readonly positions: Int32Array,
    /** Ascending positions of the rows without a value. */
    readonly nulls: Int32Array,
  ) {}

  /**
   * Ascending positions of the rows that have a value hashing like `key` and for which `matches`
   * holds (the caller's check of the actual value).
   */
  candidates(key: string, matches: (pos: number) => boolean): number[] {
    const h = hashKey(key);
    const hashes = this.hashes;
    let lo = 0;
    let hi = hashes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (hashes[mid] < h) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < hashes.length && hashes[i] === h; i++) {
      const p = this.positions[i];
      if (out[out.length - 1] !== p && matches(p)) out.push(p);
    }
    return out;
  }
}
