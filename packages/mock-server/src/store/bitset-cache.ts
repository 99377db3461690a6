/**
 * The store's bitset cache: bitsets of the frequent (index, key) pairs, built on first use from a
 * long posting list, kept up to date as rows change, bounded in bytes (first in, first out beyond
 * it). store.ts is the façade.
 */
import { clearBit, emptyBits, setPositions, type Bitset } from './bitset.js';
import type { IndexName, Key, Positions } from './index-set.js';

/** Postings at least this long get a cached bitset (shorter ones are set bit by bit per query). */
const BITSET_MIN_POSTINGS = 64;
/** Upper bound of the bytes held by cached bitsets (first in, first out beyond it). */
const BITSET_CACHE_BYTES = 96 * 1024 * 1024;

/** Key of a cached bitset: index name and normalised key. */
function bitsetKey(name: IndexName, k: Key): string {
  return `${name}\u0001${typeof k}\u0001${k}`;
}

/** Cached bitsets of frequent (index, key) pairs, in insertion order for eviction. */
export class BitsetCache {
  private readonly bitsets = new Map<string, Bitset>();
  private bytes = 0;

  /**
   * The cached bitset of the rows whose `name` field has the normalised `key`, built from
   * `positions()` over `size` rows when they are at least BITSET_MIN_POSTINGS; null when fewer.
   */
  get(name: IndexName, key: Key, positions: () => Positions, size: number): Bitset | null {
    const cacheKey = bitsetKey(name, key);
    const hit = this.bitsets.get(cacheKey);
    if (hit) return hit;
    const list = positions();
    if (list.length < BITSET_MIN_POSTINGS) return null;
    const bits = emptyBits(size);
    setPositions(bits, list);
    this.bytes += bits.byteLength;
    for (const [oldKey, old] of this.bitsets) {
      if (this.bytes <= BITSET_CACHE_BYTES) break;
      this.bitsets.delete(oldKey);
      this.bytes -= old.byteLength;
    }
    this.bitsets.set(cacheKey, bits);
    return bits;
  }

  /** Row `p`'s `name` value changed from the keys `before` to `after`: its bit moves in the cached bitsets. */
  moved(name: IndexName, before: readonly Key[], after: readonly Key[], p: number): void {
    for (const k of before) {
      const bits = this.bitsets.get(bitsetKey(name, k));
      if (bits) clearBit(bits, p);
    }
    for (const k of after) {
      const bits = this.bitsets.get(bitsetKey(name, k));
      if (bits) setPositions(bits, [p]);
    }
  }

  /** Forgets every bitset (positions shifted). */
  clear(): void {
    this.bitsets.clear();
    this.bytes = 0;
  }
}
