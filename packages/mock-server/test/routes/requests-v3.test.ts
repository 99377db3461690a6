import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/index.js';
import { call, qs } from '../helpers/contract.js';
import { amountUsd, destinationChain, inSymbol, originChain } from '../helpers/records.js';

const NOW = '2026-08-15T12:00:00Z';
let s: MockServer;
const demo = 'demo-key';

beforeAll(async () => {
  s = await startMockServer({ records: 2000, seed: 7, now: NOW, quiet: true });
});
afterAll(() => s.close());

const v3 = (params: Record<string, string | number | boolean | undefined>, key: string | null = demo) => call(s.url, `/requests/v3${qs(params)}`, { key: key ?? undefined });

/** Walks every page of a query; returns all records. */
async function walk(params: Record<string, string | number | boolean | undefined>, key = demo): Promise<any[]> {
  const out: any[] = [];
  let continuation: string | undefined;
  for (let i = 0; i < 200; i++) {
    const r = await v3({ ...params, limit: 50, continuation }, key);
    expect(r.status).toBe(200);
    out.push(...r.body.requests);
    continuation = r.body.continuation;
    if (!continuation) return out;
  }
  throw new Error('too many pages');
}

describe('GET /requests/v3 authentication', () => {
  it.each([
    [null, 401],
    ['nope', 401],
    ['revoked-key', 403],
    ['demo-key', 200],
    ['other-key', 200],
  ])('key %s -> %i', async (key, status) => {
    expect((await v3({}, key)).status).toBe(status);
  });
});

describe('limit', () => {
  it('defaults to 20 and accepts 50', async () => {
    expect((await v3({})).body.requests).toHaveLength(20);
    expect((await v3({ limit: 50 })).body.requests).toHaveLength(50);
  });
  it.each(['51', '0', '-1', 'abc', '1.5', ''])('rejects limit=%s with 400', async (limit) => {
    const r = await v3({ limit });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('limit');
  });
});

describe('sorting', () => {
  it('defaults to createdAt desc with an id tie-break', async () => {
    const all = await walk({});
    for (let i = 1; i < all.length; i++) {
      const a = all[i - 1];
      const b = all[i];
      const ok = a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);
      expect(ok, `${a.id} before ${b.id}`).toBe(true);
    }
    const ties = all.filter((r, i) => i > 0 && all[i - 1].createdAt === r.createdAt);
    expect(ties.length).toBeGreaterThan(0);
  });
  it('sortBy=amountUsd defaults to ascending, desc reverses it', async () => {
    const asc = (await v3({ sortBy: 'amountUsd', limit: 50 })).body.requests.map(amountUsd);
    expect([...asc].sort((a, b) => a - b)).toEqual(asc);
    const desc = (await v3({ sortBy: 'amountUsd', sortDirection: 'desc', limit: 50 })).body.requests.map(amountUsd);
    expect([...desc].sort((a, b) => b - a)).toEqual(desc);
  });
  it('sortBy=updatedAt sorts by updatedAt desc', async () => {
    const rows = (await v3({ sortBy: 'updatedAt', limit: 50 })).body.requests.map((r: any) => r.updatedAt);
    expect([...rows].sort().reverse()).toEqual(rows);
  });
  it.each([['sortBy', 'size'], ['sortDirection', 'up']])('rejects %s=%s', async (k, v) => {
    expect((await v3({ [k]: v })).status).toBe(400);
  });
});

describe('pagination and totals', () => {
  it('walks every matching record once, with an exact total', async () => {
    const params = { sortBy: 'amountUsd', status: 'success' };
    const all = await walk(params);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const total = (await v3({ ...params, includeTotal: true, limit: 5 })).body.total;
    expect(total).toBe(all.length);
    expect(all.every((r) => r.status === 'success')).toBe(true);
  });
  it.each(['status=refund', 'chainId=1', ''])('walks ascending pages as the exact reverse of descending ones (%s)', async (filter) => {
    const params = Object.fromEntries(new URLSearchParams(filter));
    const desc = (await walk({ ...params, sortDirection: 'desc' })).map((r) => r.id);
    const asc = (await walk({ ...params, sortDirection: 'asc' })).map((r) => r.id);
    expect(asc).toEqual([...desc].reverse());
  });
  it('omits total unless includeTotal=true, and continuation on the last page', async () => {
    const r = await v3({ status: 'refund', limit: 50 });
    expect(r.body.total).toBeUndefined();
    const last = await v3({ id: r.body.requests[0].id });
    expect(last.body.continuation).toBeUndefined();
  });
  it('gives the same next page for the same cursor (stable)', async () => {
    const first = await v3({ limit: 10 });
    const a = await v3({ limit: 10, continuation: first.body.continuation });
    const b = await v3({ limit: 10, continuation: first.body.continuation });
    expect(a.body.requests.map((r: any) => r.id)).toEqual(b.body.requests.map((r: any) => r.id));
  });
  it('rejects unknown and foreign cursors with 400', async () => {
    expect((await v3({ continuation: 'garbage!' })).status).toBe(400);
    expect((await v3({ continuation: 'eyJ2IjoxfQ' })).status).toBe(400);
    const c = (await v3({ status: 'success' })).body.continuation;
    expect((await v3({ status: 'refund', continuation: c })).status).toBe(400);
    expect((await v3({ status: 'success', continuation: c }, 'other-key')).status).toBe(400);
  });
});

describe('filters on top-level parameters', () => {
  it('status accepts only the five documented values', async () => {
    for (const st of ['success', 'failure', 'refund', 'pending', 'depositing']) {
      const r = await v3({ status: st, limit: 50 });
      expect(r.status).toBe(200);
      expect(r.body.requests.every((x: any) => x.status === st)).toBe(true);
    }
    for (const st of ['waiting', 'submitted', 'delayed', 'SUCCESS']) expect((await v3({ status: st })).status).toBe(400);
  });
  it('chainId matches either direction; origin/destination chain ids match one side', async () => {
    const either = await walk({ chainId: 8453 });
    expect(either.every((r) => originChain(r) === 8453 || destinationChain(r) === 8453)).toBe(true);
    expect(either.some((r) => originChain(r) !== 8453)).toBe(true);
    expect(either.some((r) => destinationChain(r) !== 8453)).toBe(true);
    const origin = await walk({ originChainId: 8453 });
    expect(origin.every((r) => originChain(r) === 8453)).toBe(true);
    expect((await v3({ chainId: 'base' })).status).toBe(400);
  });
  it('currency symbols are case-insensitive and match on every chain', async () => {
    const upper = await walk({ currencyInSymbol: 'USDC' });
    const lower = await walk({ currencyInSymbol: 'usdc' });
    expect(lower.map((r) => r.id)).toEqual(upper.map((r) => r.id));
    expect(new Set(upper.map(originChain)).size).toBeGreaterThan(3);
    expect(upper.every((r) => inSymbol(r) === 'USDC')).toBe(true);
  });
  it('user matches the sender or the deposit-address depositor, case-insensitively', async () => {
    const dep = (await v3({ features: 'deposit_address', limit: 1 })).body.requests[0];
    const byDepositor = await walk({ user: dep.depositAddress.depositor.toUpperCase().replace('0X', '0x') });
    expect(byDepositor.map((r) => r.id)).toContain(dep.id);
    const plain = (await v3({ limit: 1, depositAddress: undefined })).body.requests[0];
    expect((await walk({ user: plain.sender })).map((r) => r.id)).toContain(plain.id);
  });
  it('term finds a request by id, by deposit tx hash and by fill tx hash', async () => {
    const r = (await v3({ status: 'success', limit: 1 })).body.requests[0];
    for (const term of [r.id, r.data.inTxs[0].txHash, r.data.outTxs[0].txHash]) {
      const hits = await v3({ term });
      expect(hits.body.requests.map((x: any) => x.id)).toContain(r.id);
    }
    const byFill = await v3({ fillTxHash: r.data.outTxs[0].txHash });
    expect(byFill.body.requests.map((x: any) => x.id)).toEqual([r.id]);
  });
  it('features match any of a comma-separated list', async () => {
    const rows = await walk({ features: 'fast_fill,gas_top_up' });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.features.includes('fast_fill') || r.features.includes('gas_top_up'))).toBe(true);
    expect((await v3({ features: 'teleport' })).status).toBe(400);
  });
  it('amountUsd and timestamp ranges are inclusive', async () => {
    const rows = await walk({ amountUsdMin: 100, amountUsdMax: 250 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => amountUsd(r) >= 100 && amountUsd(r) <= 250)).toBe(true);
    expect(rows.some((r) => amountUsd(r) === 100 || amountUsd(r) === 250)).toBe(true);
    const one = rows[0];
    const sec = Math.floor(Date.parse(one.createdAt) / 1000);
    const exact = await v3({ startTimestamp: sec, endTimestamp: sec });
    expect(exact.body.requests.map((r: any) => r.id)).toContain(one.id);
    expect((await v3({ amountUsdMin: 'cheap' })).status).toBe(400);
  });
  it('requestType is case-insensitive; unknown values are 400', async () => {
    const rows = await walk({ requestType: 'same-chain swap' });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.requestType === 'Same-chain Swap' && !r.data.route.actual.destination)).toBe(true);
    expect((await v3({ requestType: 'Teleport' })).status).toBe(400);
  });
  it('includeChildRequests with id adds the regenerated request of a superseded one', async () => {
    const rows = await walk({ features: 'deposit_address' });
    const original = rows.find((r) => r.supersededByRequestId);
    expect(original).toBeDefined();
    expect((await v3({ id: original.id })).body.requests).toHaveLength(1);
    const withChildren = (await v3({ id: original.id, includeChildRequests: true })).body.requests.map((r: any) => r.id);
    expect(withChildren.sort()).toEqual([original.id, original.supersededByRequestId].sort());
  });
  it('privateChainsToInclude reveals requests of a private chain', async () => {
    const without = (await v3({ includeTotal: true })).body.total;
    const uuid = '6f1c2a9e-3b7d-4c85-9a0e-2d4b8f61c7a3';
    const withPrivate = (await v3({ includeTotal: true, privateChainsToInclude: uuid })).body.total;
    expect(withPrivate).toBeGreaterThan(without);
    expect((await v3({ privateChainsToInclude: 'not-a-uuid' })).status).toBe(400);
  });
});

describe('filters parameter', () => {
  const f = (groups: unknown, extra: Record<string, string | number | boolean> = {}) => v3({ filters: JSON.stringify(groups), includeTotal: true, limit: 50, ...extra });
  it('ORs groups and ANDs fields inside a group', async () => {
    const refunds = (await f([{ status: 'refund' }])).body.total;
    const failures = (await f([{ status: 'failure' }])).body.total;
    expect((await f([{ status: 'refund' }, { status: 'failure' }])).body.total).toBe(refunds + failures);
    const both = await f([{ status: 'refund', originChainId: 1 }]);
    expect(both.body.requests.every((r: any) => r.status === 'refund' && originChain(r) === 1)).toBe(true);
  });
  it('arrays OR within a field; not: negates', async () => {
    const any = (await f([{ status: ['refund', 'failure'] }])).body.total;
    expect(any).toBe((await f([{ status: 'refund' }, { status: 'failure' }])).body.total);
    const total = (await v3({ includeTotal: true })).body.total;
    const notRefund = await f([{ 'not:status': 'refund' }]);
    expect(notRefund.body.total).toBe(total - (await f([{ status: 'refund' }])).body.total);
    expect(notRefund.body.requests.some((r: any) => r.status === 'refund')).toBe(false);
  });
  it('null is a null check; not: + null is "not empty"', async () => {
    const empty = await f([{ depositAddress: null }]);
    expect(empty.body.requests.every((r: any) => r.depositAddress === null)).toBe(true);
    const present = await f([{ 'not:depositAddress': null }]);
    expect(present.body.requests.every((r: any) => r.depositAddress !== null)).toBe(true);
    expect(empty.body.total + present.body.total).toBe((await v3({ includeTotal: true })).body.total);
    const noUser = await f([{ user: null }]);
    expect(noUser.body.total).toBe(0);
  });
  it('top-level parameters still apply', async () => {
    const r = await f([{ status: 'refund' }, { status: 'failure' }], { originChainId: 10 });
    expect(r.body.requests.every((x: any) => originChain(x) === 10 && ['refund', 'failure'].includes(x.status))).toBe(true);
  });
  it.each([
    ['null mixed with values', [{ status: ['refund', null] }]],
    ['a range key in a group', [{ amountUsdMin: 5 }]],
    ['features in a group', [{ features: 'fast_fill' }]],
    ['an unknown key', [{ colour: 'red' }]],
    ['a non-array', { status: 'refund' }],
    ['a bad status', [{ status: 'waiting' }]],
    ['an empty array', [{ status: [] }]],
    ['a nested object value', [{ status: { eq: 'refund' } }]],
  ])('rejects %s with 400', async (_label, groups) => {
    const r = await v3({ filters: JSON.stringify(groups) });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/filters/);
  });
  it('rejects malformed JSON with 400', async () => {
    expect((await v3({ filters: '[{"status":' })).status).toBe(400);
  });
});

describe('authenticated data and apiKey filter', () => {
  it('returns referrer, platformFee and apiKeyName only on the caller\'s records', async () => {
    const rows = (await v3({ includeAuthenticatedData: true, limit: 50 })).body.requests;
    const withAuth = rows.filter((r: any) => 'referrer' in r.data);
    expect(withAuth.length).toBeGreaterThan(0);
    expect(withAuth.every((r: any) => r.data.referrer === 'demo.app' && 'platformFee' in r.data && 'apiKeyName' in r.data)).toBe(true);
    expect(rows.length).toBeGreaterThan(withAuth.length);
    const plain = (await v3({ limit: 50 })).body.requests;
    expect(plain.some((r: any) => 'referrer' in r.data || 'apiKeyName' in r.data || 'platformFee' in r.data)).toBe(false);
  });
  it('apiKey filters by own keys and refuses other integrators\' keys', async () => {
    const own = (await v3({ apiKey: 'demo-key', includeAuthenticatedData: true, limit: 50 })).body.requests;
    expect(own.length).toBe(50);
    expect(own.every((r: any) => r.data.apiKeyName === 'Demo production')).toBe(true);
    expect((await v3({ apiKey: 'other-key' })).status).toBe(403);
    expect((await v3({ apiKey: 'demo-key,other-key' })).status).toBe(403);
  });
});
