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

/** Creates a generator from one or more integer seeds (mixed together). */
export function createRng(...seeds: number[]): Rng {
  let h = 0x811c9dc5;
  for (const s of seeds) {
    h = Math.imul(h ^ (s >>> 0), 0x01000193) >>> 0;
    h = Math.imul(h ^ Math.floor(s / 0x100000000), 0x01000193) >>> 0;
  }
  const sm = splitmix32(h);
  let a = sm();
  let b = sm();
  let c = sm();
  let d = sm();
  const u32 = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) u32();
  const next = (): number => u32() / 4294967296;
  return {
    next,
    u32,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (items, weights) => {
      let total = 0;
      for (const w of weights) total += w;
      let r = next() * total;
      for (let i = 0; i < items.length; i++) {
        r -= weights[i];
        if (r < 0) return items[i];
      }
      return items[items.length - 1];
    },
    hex: (n, prefix = '') => {
      // Written as ASCII into a scratch buffer and decoded once: one flat string (concatenation
      // would leave rope strings costing ~1 KB each).
      let at = SCRATCH.write(prefix, 0, 'latin1');
      while (at < prefix.length + n) {
        let v = u32();
        for (let k = 0; k < 8 && at < prefix.length + n; k++) {
          SCRATCH[at++] = HEX_CODES[v & 15];
          v >>>= 4;
        }
      }
      return SCRATCH.toString('latin1', 0, at);
    },
  };
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
