/**
 * Hashed postings of the high-cardinality indexes (equality filters use indexes at
 * 1,000,000 records): the hash agrees for strings equal after `toLowerCase` (filters ignore case),
 * the radix sort keeps positions ascending within a hash, and candidates of a shared hash are
 * narrowed by the caller's check of the actual value.
 */
import { describe, expect, it } from 'vitest';
import { HashedIndexBuilder, radixScratch } from '../../src/store/hashed-index.js';
import { hashKey } from '../../src/hash-key.js';

describe('hashKey', () => {
  it('gives one hash to strings equal after toLowerCase, ASCII or not', () => {
    const pairs = [
      ['0xAbCdEf0123456789abcdef0123456789ABCDEF01', '0xabcdef0123456789abcdef0123456789abcdef01'],
      ['ΑΣ' + 'x'.repeat(40), 'ασ' + 'x'.repeat(40)],
      ['İstanbul-' + '9'.repeat(30), 'İstanbul-'.toLowerCase() + '9'.repeat(30)],
      ['xİ', 'xİ'.toLowerCase()],
      ['KELVIN\u212A', 'kelvin\u212A'.toLowerCase()],
      ['Short', 'short'],
    ];
    for (const [a, b] of pairs) {
      expect(a.toLowerCase()).toBe(b.toLowerCase());
      expect(hashKey(a), `${a} / ${b}`).toBe(hashKey(b));
    }
  });

  it('spreads random hex values (few shared hashes)', () => {
    const seen = new Set<number>();
    let x = 12345;
    for (let i = 0; i < 20_000; i++) {
      let s = '0x';
      for (let j = 0; j < 40; j++) {
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        s += ((x >>> 16) & 15).toString(16);
      }
      seen.add(hashKey(s));
    }
    expect(seen.size).toBeGreaterThan(19_990);
  });
});

describe('HashedIndex', () => {
  it('returns ascending positions of a hash, narrowed by the value check, and the null rows', () => {
    const values = ['a', 'b', 'a', null, 'c', 'a', 'b', null, 'c'];
    const builder = new HashedIndexBuilder(2);
    // 'c' rows are filed under the hash of 'a', as a collision would: the check tells them apart.
    values.forEach((v, p) => (v === null ? builder.addNull(p) : builder.add(hashKey(v === 'c' ? 'a' : v), p)));
    const index = builder.finish(null);
    const check = (key: string) => (p: number) => values[p] === key;
    expect(index.candidates('a', () => true)).toEqual([0, 2, 4, 5, 8]);
    expect(index.candidates('a', check('a'))).toEqual([0, 2, 5]);
    expect(index.candidates('b', check('b'))).toEqual([1, 6]);
    expect(index.candidates('zz', () => true)).toEqual([]);
    expect([...index.nulls]).toEqual([3, 7]);
  });

  it('sorts many pairs by hash with positions ascending within a hash (stable radix sort)', () => {
    const n = 50_000;
    const builder = new HashedIndexBuilder(16);
    const keys: string[] = [];
    for (let p = 0; p < n; p++) {
      const key = `k${p % 997}`;
      keys.push(key);
      builder.add(hashKey(key), p);
    }
    const index = builder.finish(radixScratch(null, 10));
    for (const probe of ['k0', 'k1', 'k500', 'k996', 'K996']) {
      const expected = keys.flatMap((k, p) => (k === probe.toLowerCase() ? [p] : []));
      expect(expected.length).toBeGreaterThan(0);
      expect(index.candidates(probe.toLowerCase(), (p) => keys[p] === probe.toLowerCase())).toEqual(expected);
    }
    expect(index.candidates('k997', (p) => keys[p] === 'k997')).toEqual([]);
  });
});
