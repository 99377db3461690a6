import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/currencies.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { bodyOf, fakeContext, json, route, type FakeResponse } from '../support/fake-context.js';
import { checkById, passesThenFailsOn } from '../support/check-cases.js';
import { settle } from '../support/settle.js';

type Fault =
  | 'key-required'
  | 'default-limit-50'
  | 'uncapped'
  | 'chain-ignored'
  | 'verified-ignored'
  | 'address-ignored'
  | 'tokens-ignored'
  | 'refuse-extra-fields'
  | 'text-array'
  | 'always-empty'
  | 'address-finds-none'
  | 'tokens-upper-cased';

const hex = (n: number): string => `0x${n.toString(16).padStart(40, '0')}`;
/** 130 currencies on three chains, every third unverified. */
const CURRENCIES = Array.from({ length: 130 }, (_, i) => ({
  chainId: [1, 10, 8453][i % 3]!,
  address: i % 2 === 0 ? hex(0xabc000 + i) : hex(0xabc000 + i).toUpperCase().replace('0X', '0x'),
  symbol: `T${i}`,
  name: `Token ${i}`,
  decimals: 18,
  vmType: 'evm',
  metadata: { logoURI: 'https://x/logo.png', verified: i % 3 !== 0, isNative: false },
}));

/** A conformant POST /currencies/v2 over CURRENCIES, with one optional fault. */
function currencies(fault?: Fault) {
  return (req: RequestSpec): FakeResponse => {
    if (fault === 'key-required' && req.auth === 'none') return json(401, { message: 'key required' });
    const body = bodyOf(req);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return json(400, { message: 'body must be an object' });
    const b = body as Record<string, unknown>;
    const extra = ['defaultList', 'term', 'currencyId', 'includeAllChains', 'useExternalSearch', 'depositAddressOnly'];
    if (fault === 'refuse-extra-fields' && extra.some((k) => k in b)) return json(400, { message: 'unsupported field' });
    let list = [...CURRENCIES];
    if (Array.isArray(b.chainIds) && fault !== 'chain-ignored') list = list.filter((c) => (b.chainIds as number[]).includes(c.chainId));
    if (typeof b.verified === 'boolean' && fault !== 'verified-ignored') list = list.filter((c) => c.metadata.verified === b.verified);
    if (typeof b.address === 'string' && fault !== 'address-ignored') list = list.filter((c) => fault !== 'address-finds-none' && c.address.toLowerCase() === (b.address as string).toLowerCase());
    if (Array.isArray(b.tokens) && fault !== 'tokens-ignored') {
      const wanted = (b.tokens as string[]).map((t) => (fault === 'tokens-upper-cased' ? t.toUpperCase() : t.toLowerCase()));
      list = list.filter((c) => wanted.includes(`${c.chainId}:${c.address}`.toLowerCase()));
    }
    if (fault === 'always-empty') list = [];
    let limit = typeof b.limit === 'number' ? b.limit : fault === 'default-limit-50' ? 50 : 20;
    if (limit > 100 && fault !== 'uncapped') limit = 100;
    const out = list.slice(0, limit);
    return fault === 'text-array' ? { status: 200, bodyText: JSON.stringify(out), headers: { 'content-type': 'text/plain' } } : json(200, out);
  };
}

function ctxFor(fault?: Fault, discovered = CURRENCIES, embedded = true) {
  return fakeContext({ handler: route({ 'POST /currencies/v2': currencies(fault) }), discovery: { currencies: discovered }, config: { embedded } });
}

const byId = (id: string) => checkById(checks, id);

describe('currencies checks', () => {
  passesThenFailsOn(
    checks,
    [
      ['currencies-v2.auth.optional', 'key-required', 'optional'],
      ['currencies-v2.limit.default', 'default-limit-50', 'default limit'],
      ['currencies-v2.limit.max', 'uncapped', 'maximum limit'],
      ['currencies-v2.filter.chain-ids', 'chain-ignored', 'one of those chains'],
      ['currencies-v2.filter.verified', 'verified-ignored', 'metadata.verified'],
      ['currencies-v2.filter.address', 'address-ignored', 'that address'],
      ['currencies-v2.filter.tokens', 'tokens-ignored', 'listed tokens'],
      ['currencies-v2.body.accepted', 'refuse-extra-fields', 'must be accepted'],
    ],
    ctxFor,
    { in: 'curl', text: '/currencies/v2' },
  );

  it('auth.optional skips (not fails) when the anonymous request is rate limited', async () => {
    const limited = (req: RequestSpec) => (req.auth === 'none' ? json(429, { message: 'slow down' }) : json(200, []));
    const ctx = fakeContext({ handler: route({ 'POST /currencies/v2': limited }) });
    expect(await settle(byId('currencies-v2.auth.optional'), ctx)).toMatchObject({ status: 'skip', reason: expect.stringContaining('429') });
  });

  it('accepts a 4xx refusal of a limit above 100', async () => {
    const refuse = (req: RequestSpec) => ((bodyOf(req) as { limit?: number }).limit! > 100 ? json(400, { message: 'limit' }) : json(200, []));
    const ctx = fakeContext({ handler: route({ 'POST /currencies/v2': refuse }) });
    expect(await settle(byId('currencies-v2.limit.max'), ctx)).toMatchObject({ status: 'pass' });
  });

  it('filter.chain-ids skips without discovered currencies or records', async () => {
    expect(await settle(byId('currencies-v2.filter.chain-ids'), ctxFor(undefined, []))).toMatchObject({ status: 'skip' });
  });

  const locating = ['currencies-v2.filter.address', 'currencies-v2.filter.tokens', 'currencies-v2.filter.include-all-chains'];

  it.each(locating)('%s: discovery saw no currency but the lookup now lists some: the check runs on them and passes', async (id) => {
    const ctx = ctxFor(undefined, []);
    expect(await settle(byId(id), ctx)).toMatchObject({ status: 'pass' });
    expect(bodyOf(ctx.http.exchanges[0]!.request)).toEqual({ limit: 100 });
  });

  it.each(locating)('%s: an unfiltered lookup that stays empty is inconclusive against a URL (never a pass), a failure against the embedded server', async (id) => {
    const url = await settle(byId(id), ctxFor('always-empty', [], false));
    expect(url).toMatchObject({ status: 'skip', cause: 'inconclusive', reason: expect.stringMatching(/^inconclusive: the unfiltered POST \/currencies\/v2 .* returned an empty array/) });
    const embedded = await settle(byId(id), ctxFor('always-empty', [], true));
    expect(embedded.status).toBe('fail');
    if (embedded.status === 'fail') expect(embedded.violation.message).toContain("reference server's curated list holds currencies");
  });

  it('filter.address: the currency asked for by its own address must come back (not only: what comes back matches)', async () => {
    const r = await settle(byId('currencies-v2.filter.address'), ctxFor('address-finds-none'));
    expect(r.status).toBe('fail');
    if (r.status === 'fail') {
      expect(r.violation.message).toContain('by its own address');
      expect(r.violation.received).toBe('an empty array');
    }
  });

  it('filter.tokens: a token with a hex letter, re-cased by the server before comparing, is missed: a failure', async () => {
    const ctx = ctxFor('tokens-upper-cased');
    const r = await settle(byId('currencies-v2.filter.tokens'), ctx);
    expect(r.status).toBe('fail');
    if (r.status === 'fail') expect(r.violation.message).toContain('by its own token');
    const first = ctx.http.exchanges.find((e) => Array.isArray((bodyOf(e.request) as { tokens?: unknown }).tokens));
    expect((bodyOf(first!.request) as { tokens: string[] }).tokens[0]).toMatch(/^\d+:0x[0-9]*[a-f]/i);
  });

  it('completeness withholds its verdict when the currency left the curated list meanwhile (a re-read)', async () => {
    let reads = 0;
    const moving = (req: RequestSpec): FakeResponse => {
      const b = bodyOf(req) as Record<string, unknown>;
      if (b.address !== undefined || b.tokens !== undefined) return json(200, []);
      reads++;
      return json(200, []);
    };
    const ctx = fakeContext({ handler: route({ 'POST /currencies/v2': moving }), discovery: { currencies: CURRENCIES } });
    expect(await settle(byId('currencies-v2.filter.tokens'), ctx)).toMatchObject({ status: 'pass' });
    expect(reads).toBeGreaterThan(0);
  });

  it('the schema check validates every recorded 200 and names the first invalid one', async () => {
    const ctx = ctxFor();
    expect(await settle(byId('currencies-v2.response.schema'), ctx)).toMatchObject({ status: 'skip' });
    const req = { method: 'POST' as const, path: '/currencies/v2', body: {} };
    await ctx.http.record(req, { ...json(200, []), schema: { valid: true, errors: [] } });
    expect(await settle(byId('currencies-v2.response.schema'), ctx)).toMatchObject({ status: 'pass' });
    await ctx.http.record(req, { ...json(200, [{ chainId: 'x' }]), schema: { valid: false, errors: [{ instancePath: '/0/chainId', schemaPath: '#/type', message: 'must be number' }] } });
    const bad = await settle(byId('currencies-v2.response.schema'), ctx);
    expect(bad.status).toBe('fail');
    if (bad.status === 'fail') {
      expect(bad.violation.message).toContain('/0/chainId must be number');
      expect(bad.violation.exchange?.seq).toBe(2);
    }
  });
});
