/**
 * The hash of a string value that the generated data set precomputes (data/table.ts) and the
 * store's equality indexes look up (store/hashed-index.ts): one function for both, below both.
 */

/** Characters hashed: the last ones of a string (the varying part of hashes, addresses and ids). */
export const HASHED_CHARS = 24;

/**
 * A hash of `s.toLowerCase()`: FNV-1a of its last 24 characters (random-looking in tx hashes,
 * addresses and ids; equal hashes only cost a check of the actual value). ASCII letters are folded
 * in place; when one of those characters is not ASCII the string is lowercased first. Lowercasing
 * keeps one character per character except for U+0130, so an ASCII tail is the tail of the
 * lowercased string too.
 */
export function hashKey(s: string): number {
  return tailHash(s, false);
}

function tailHash(s: string, lowered: boolean): number {
  const n = s.length;
  let h = 0x811c9dc5;
  for (let i = n > HASHED_CHARS ? n - HASHED_CHARS : 0; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c >= 128 && !lowered) return tailHash(s.toLowerCase(), true);
    if (c >= 65 && c <= 90) c += 32;
    h = Math.imul(h ^ c, 0x01000193);
  }
  return h >>> 0;
}
