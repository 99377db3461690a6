/**
 * Seeded pseudo-random numbers (sfc32 seeded through splitmix32). The data generator uses only
 * this module, never `Math.random`, so that `--records/--seed/--now` give identical data.
 */

/** A deterministic random source. */
export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform 32-bit unsigned integer. */
  u32(): number;
  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** One element chosen by weight; `weights` and `items` have the same length. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** `prefix` followed by `n` lowercase hex characters, as one flat string. */
  hex(n: number, prefix?: string): string;
}

function splitmix32(a: number): () => number {
  return () => {
    a |= 0;
    a = (a + 0x9e3779b9) | 0;
    let t = a ^ (a >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t = t ^ (t >>> 15);
    t = Math.imul(t, 0x735a2d97);
    return (t ^ (t >>> 15)) >>> 0;
  };
}

const SCRATCH = Buffer.alloc(1024);
const HEX_CODES = Buffer.from('0123456789abcdef', 'latin1');

/** The methods of a generator over its 32-bit source `u32()` (subclasses: sfc32, keyed). */
abstract class BaseRng implements Rng {
  abstract u32(): number;

  next(): number {
    return this.u32() / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i];
      if (r < 0) return items[i];
    }
    return items[items.length - 1];
  }

  hex(n: number, prefix = ''): string {
    // Written as ASCII into a scratch buffer and decoded once: one flat string (concatenation
    // would leave rope strings costing ~1 KB each).
    let at = SCRATCH.write(prefix, 0, 'latin1');
    while (at < prefix.length + n) {
      let v = this.u32();
      for (let k = 0; k < 8 && at < prefix.length + n; k++) {
        SCRATCH[at++] = HEX_CODES[v & 15];
        v >>>= 4;
      }
    }
    return SCRATCH.toString('latin1', 0, at);
  }
}

/** sfc32 (a class with fields: the data generator draws tens of millions of numbers). */
class Sfc32 extends BaseRng {
  constructor(private a: number, private b: number, private c: number, private d: number) {
    super();
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const a = this.a >>> 0;
    const b = this.b >>> 0;
    const c = this.c >>> 0;
    const d = (this.d + 1) | 0;
    const t = (((a + b) | 0) + d) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    this.d = d;
    return t >>> 0;
  }
}

/** Creates a generator from one or more integer seeds (mixed together). */
export function createRng(...seeds: number[]): Rng {
  let h = 0x811c9dc5;
  for (const s of seeds) {
    h = Math.imul(h ^ (s >>> 0), 0x01000193) >>> 0;
    h = Math.imul(h ^ Math.floor(s / 0x100000000), 0x01000193) >>> 0;
  }
  const sm = splitmix32(h);
  return new Sfc32(sm(), sm(), sm(), sm());
}

/** murmur3's 32-bit finaliser. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-bit hash of four integers (the key of a keyed stream). */
export function mixKey(a: number, b: number, c: number, d: number): number {
  return fmix32(fmix32(fmix32(fmix32(a ^ 0x5bd1e995) ^ b) ^ c) ^ d);
}

/**
 * A generator whose stream is a pure function of a key (`mixKey` of a seed, a stream, an index and
 * a salt): `at(key)` restarts it, so that the value of index `i` is computed without generating
 * the values before it (strings of a generated record, materialised on demand).
 */
export interface KeyedRng extends Rng {
  at(key: number): KeyedRng;
}

class Keyed extends BaseRng implements KeyedRng {
  private key = 0;
  private n = 0;

  u32(): number {
    return fmix32(this.key ^ Math.imul(++this.n, 0x9e3779b9));
  }

  at(key: number): this {
    this.key = key;
    this.n = 0;
    return this;
  }
}

export function keyedRng(): KeyedRng {
  return new Keyed();
}

/** The `n`-th `u32()` (from 1) of `keyedRng().at(key)`, without a generator. */
export function keyedU32(key: number, n: number): number {
  return fmix32(key ^ Math.imul(n, 0x9e3779b9));
}

/** The first `u32()` of `keyedRng().at(key)` (without a generator). */
export function firstU32(key: number): number {
  return fmix32(key ^ 0x9e3779b9);
}

/** A 32-bit FNV-1a hash of a string (cursor fingerprints, bucket keys). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
