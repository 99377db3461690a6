/**
 * Seeded round trips: values serialised the way a server would send them must parse back to the
 * same data. A fixed seed keeps the cases reproducible; the failing case is printed.
 */
import { describe, expect, it } from 'vitest';
import { parseHttpDate } from '../../src/headers/http-date.js';
import { parseLinkHeader } from '../../src/headers/link.js';
import { parseStructuredDate } from '../../src/headers/structured-date.js';

const SEED = 20260722;
const RUNS = 300;

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function text(random: () => number, alphabet: string, min: number, max: number): string {
  const length = min + Math.floor(random() * (max - min + 1));
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

const URI_CHARS = 'abcXYZ019-._~:/?#[]@!$&\'()*+,;=%';
const QUOTED_CHARS = 'ab Z9,;=<>"\\\t/';
const TOKEN_CHARS = "abcxyz019!#$%&'*+-.^_`|~";
const RELATIONS = ['deprecation', 'sunset', 'successor-version', 'next', 'prev', 'alternate'] as const;

interface LinkCase {
  target: string;
  rel: string[];
  params: Array<[string, string, 'token' | 'quoted']>;
}

function quote(value: string): string {
  return `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

function serialize(links: LinkCase[], random: () => number): string {
  const ows = () => pick(random, ['', ' ', '  ', '\t']);
  return links
    .map((link) => {
      const parts = [`<${link.target}>`];
      if (link.rel.length > 0) parts.push(`rel=${link.rel.length === 1 && random() < 0.5 ? link.rel[0] : quote(link.rel.join(' '))}`);
      for (const [name, value, form] of link.params) parts.push(`${name}${ows()}=${ows()}${form === 'quoted' ? quote(value) : value}`);
      return parts.join(`${ows()};${ows()}`);
    })
    .join(`${ows()},${ows()}`);
}

describe('round trips', () => {
  it(`Link: ${RUNS} seeded headers with commas and semicolons in targets and quoted values (seed ${SEED})`, () => {
    const random = prng(SEED);
    for (let run = 0; run < RUNS; run++) {
      const links: LinkCase[] = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
        const used = new Set(['rel']);
        const params: LinkCase['params'] = [];
        for (let i = Math.floor(random() * 3); i > 0; i--) {
          const name = text(random, 'abcdefgh', 1, 6);
          if (used.has(name)) continue;
          used.add(name);
          const quoted = random() < 0.6;
          params.push([name, quoted ? text(random, QUOTED_CHARS, 0, 12) : text(random, TOKEN_CHARS, 1, 8), quoted ? 'quoted' : 'token']);
        }
        const rel = Array.from({ length: Math.floor(random() * 3) }, () => pick(random, RELATIONS));
        return { target: `https://h.example/${text(random, URI_CHARS, 0, 20)}`, rel: [...new Set(rel)], params };
      });
      const header = serialize(links, random);
      const parsed = parseLinkHeader(header);
      const expected = links.map((link) => ({
        target: link.target,
        rel: link.rel,
        params: Object.fromEntries([...(link.rel.length > 0 ? [['rel', link.rel.join(' ')]] : []), ...link.params.map(([n, v]) => [n, v])]),
      }));
      const actual = parsed.map((link) => ({ target: link.target, rel: link.rel, params: { ...link.params } }));
      expect(actual, `run ${run}, header: ${header}`).toEqual(expected);
    }
  });

  it(`Sunset: ${RUNS} seeded instants in IMF-fixdate, as Date#toUTCString writes it (seed ${SEED})`, () => {
    const random = prng(SEED + 1);
    for (let run = 0; run < RUNS; run++) {
      // Whole seconds between year 1000 and 9999.
      const ms = Math.floor(-30610224000 + random() * (253402300799 + 30610224000)) * 1000;
      const header = new Date(ms).toUTCString();
      expect(parseHttpDate(header).date.getTime(), `run ${run}, header: ${header}`).toBe(ms);
    }
  });

  it(`Deprecation: ${RUNS} seeded sf-dates (seed ${SEED})`, () => {
    const random = prng(SEED + 2);
    for (let run = 0; run < RUNS; run++) {
      const seconds = Math.floor((random() - 0.5) * 2 * 8.64e12);
      const header = `@${seconds}`;
      const parsed = parseStructuredDate(header);
      expect(parsed.seconds, header).toBe(seconds);
      expect(parsed.date.getTime(), header).toBe(seconds * 1000);
    }
  });
});
