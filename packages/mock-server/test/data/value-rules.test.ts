/**
 * Values the live service sends, and only those: the JSON type of every field
 * of the generated records (type and nullability, path by path) is one that the live service's
 * recordings show, or, where a recording shows only null, the type its published schema (the
 * OpenAPI types in @relayprotocol/relay-sdk 7.0.3) gives; plus the value rules the recordings
 * decide: the platform fee is zero, the other fee components keep the negative sign convention,
 * and the v2 `referrer` is a string or absent, never null.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/index.js';

const published = (name: string) => JSON.parse(readFileSync(new URL(`../../../../specs/examples/published/${name}`, import.meta.url), 'utf8'));
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/live/${name}`, import.meta.url), 'utf8'));

type Types = Map<string, Set<string>>;
const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** JSON type seen at every path (`.a.b`, `[]` for array items). */
function typesOf(value: unknown, path = '', out: Types = new Map()): Types {
  const t = typeOf(value);
  if (!out.has(path)) out.set(path, new Set());
  out.get(path)!.add(t);
  if (t === 'array') for (const x of value as unknown[]) typesOf(x, `${path}[]`, out);
  else if (t === 'object') for (const [k, x] of Object.entries(value as object)) typesOf(x, `${path}.${k}`, out);
  return out;
}

/**
 * Where the one recorded v3 record shows only null, the type the live schema (SDK
 * `/requests/v3`) declares besides null.
 */
const V3_SCHEMA_TYPES: Record<string, string[]> = {
  '.refundTo': ['string'],
  '.depositAddress': ['object'],
  '.data.failReason': ['string'],
  '.data.refundFailReason': ['string'],
  '.data.failedTxHash': ['string'],
  '.data.failedTxBlockNumber': ['number'],
  // The document says "failedCallData | string or null" (it wins; the live object is the variant
  // failed-call-data-object, divergence.failed-call-data-object).
  '.data.failedCallData': ['string'],
  '.data.triggeredByFastFill': ['boolean'],
  '.data.quoteOraclePrice': ['object'],
  '.data.refundCurrencyData': ['object'],
  '.data.platformFee': ['object'],
};
/** Paths the published record elides ("…" strings, specs/examples/published/README.md). */
const ELIDED = /^\.data\.feeSponsorship\.actual\.components\./;

/** Paths whose generated types are not among the recorded (or schema) types. */
function foreignTypes(generated: Types, recorded: Types, schema: Record<string, string[]> = {}): string[] {
  const out: string[] = [];
  for (const [path, types] of generated) {
    const seen = recorded.get(path);
    if (!seen || ELIDED.test(path)) continue;
    const allowed = new Set([...seen, ...(schema[path] ?? [])]);
    const extra = [...types].filter((t) => !allowed.has(t));
    if (extra.length) out.push(`${path}: generated ${extra.join(', ')}, live ${[...allowed].join(', ')}`);
  }
  return out;
}

let s: MockServer;
let v3: any[];
let v2: any[];
beforeAll(async () => {
  s = await startMockServer({ records: 1500, seed: 1, now: '2026-08-15T12:00:00Z', quiet: true, v2RateLimit: 0 });
  const walk = async (path: string, key: string): Promise<any[]> => {
    const all: any[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${s.url}${path}&limit=50${cursor ? `&continuation=${encodeURIComponent(cursor)}` : ''}`, { headers: { 'x-api-key': key } });
      const body = (await res.json()) as { requests: any[]; continuation?: string };
      all.push(...body.requests);
      cursor = body.continuation;
      if (!cursor) break;
    }
    return all;
  };
  v3 = await walk('/requests/v3?includeAuthenticatedData=true', 'demo-key');
  v2 = await walk('/requests/v2?includeAuthenticatedData=true', 'demo-key');
});
afterAll(() => s.close());

describe('generated values against the live recordings', () => {
  it('v3: every field has a type the migration guide\'s live record (or the live schema, where it shows null) has', () => {
    const generated = new Map<string, Set<string>>();
    for (const r of v3) typesOf(r, '', generated);
    expect(foreignTypes(generated, typesOf(published('requests-v3-record-example-1.json')), V3_SCHEMA_TYPES)).toEqual([]);
  });

  it('v2: every field has a type the recorded v2 records have (cassette, migration guide, deposit-address example)', () => {
    const recorded = new Map<string, Set<string>>();
    for (const r of [...fixture('requests-v2-olas-cassette-excerpt.json').requests, published('requests-v2-record-example-1.json'), ...published('requests-v2-example-2.json').requests]) typesOf(r, '', recorded);
    const generated = new Map<string, Set<string>>();
    for (const r of v2) typesOf(r, '', generated);
    // The v2 record's fields that are null in the migration guide and only there (the live
    // schema, SDK `/requests/v2`, gives their other type).
    expect(foreignTypes(generated, recorded, { '.data.failedCallData': ['string'], '.data.refundCurrencyData': ['object'], '.depositAddress': ['object'], '.moonpayId': ['string'] })).toEqual([]);
  });
});

describe('value rules', () => {
  it('the platform fee is zero on every record, as in every published record', () => {
    const live = published('requests-v3-record-example-1.json').data.fees;
    expect([live.quoted.platform.usd, live.actual.platform.usd]).toEqual(['0.000000', '0.000000']);
    for (const r of v3) {
      expect(r.data.fees.quoted.platform).toEqual({ usd: '0.000000', amount: '0', amountFormatted: '0' });
      expect(r.data.fees.actual.platform).toEqual({ usd: '0.000000' });
    }
  });

  it('swap, execution and app keep the live sign (costs negative or zero), sponsored is not negative', () => {
    for (const r of v3) {
      for (const phase of ['quoted', 'actual']) {
        const fees = r.data.fees[phase];
        for (const c of ['swap', 'execution', 'app']) expect(fees[c].usd, `${r.id} ${phase}.${c}`).toMatch(/^(-\d+\.\d{6}|0\.000000)$/);
        expect(fees.sponsored.usd).toMatch(/^\d+\.\d{6}$/);
      }
    }
    expect(v3.some((r) => r.data.fees.actual.execution.usd.startsWith('-'))).toBe(true);
  });

  it('the v2 moonpayId is a string or absent, never null', () => {
    expect(v2.filter((r) => 'moonpayId' in r && typeof r.moonpayId !== 'string')).toEqual([]);
    expect(v2.some((r) => !('moonpayId' in r))).toBe(true);
  });

  it('the v2 referrer is a string or absent, never null (both forms occur)', () => {
    expect('referrer' in fixture('requests-v2-olas-cassette-excerpt.json').requests[0]).toBe(false);
    expect(v2.filter((r) => 'referrer' in r && typeof r.referrer !== 'string')).toEqual([]);
    expect(v2.some((r) => !('referrer' in r))).toBe(true);
    expect(v2.some((r) => typeof r.referrer === 'string')).toBe(true);
  });

  it('quoteOraclePrice carries amount objects, app fees a recipient', () => {
    const oracle = v3.filter((r) => r.data.quoteOraclePrice);
    expect(oracle.length).toBeGreaterThan(0);
    for (const r of oracle) for (const side of ['inputCurrency', 'outputCurrency']) expect(Object.keys(r.data.quoteOraclePrice[side])).toEqual(['currency', 'amount', 'amountFormatted', 'amountUsd']);
    for (const r of v3) for (const a of [...r.data.appFees.quoted, ...r.data.appFees.actual]) expect(typeof a.recipient).toBe('string');
  });
});
