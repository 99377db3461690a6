import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/index.js';
import { call } from '../helpers/contract.js';

let s: MockServer;
beforeAll(async () => {
  s = await startMockServer({ records: 50, quiet: true });
});
afterAll(() => s.close());
const post = (body: unknown) => call(s.url, '/currencies/v2', { method: 'POST', body });

describe('POST /currencies/v2', () => {
  it('returns 20 by default and up to 100', async () => {
    expect((await post({})).body).toHaveLength(20);
    expect((await post({ limit: 100 })).body).toHaveLength(100);
    expect((await call(s.url, '/currencies/v2', { method: 'POST' })).body).toHaveLength(20);
  });
  it.each([101, 0, -5, 2.5, '10'])('rejects limit %s with 400', async (limit) => {
    const r = await post({ limit });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('limit');
  });
  it('filters verified and unverified currencies', async () => {
    const v = (await post({ verified: true, limit: 100 })).body;
    const u = (await post({ verified: false, limit: 100 })).body;
    expect(v.length).toBeGreaterThan(0);
    expect(u.length).toBeGreaterThan(0);
    expect(v.every((c: any) => c.metadata.verified)).toBe(true);
    expect(u.every((c: any) => !c.metadata.verified)).toBe(true);
  });
  it('filters by chainIds, term (case-insensitive), address, tokens and currencyId', async () => {
    expect((await post({ chainIds: [792703809], limit: 100 })).body.every((c: any) => c.chainId === 792703809)).toBe(true);
    const term = (await post({ term: 'usdc', limit: 100 })).body;
    expect(term.length).toBeGreaterThan(5);
    expect(term.some((c: any) => c.symbol === 'USDC.e')).toBe(true);
    const addr = (await post({ address: '0x833589FCD6EB6E08F4C7C32D4F71B54BDA02913' })).body;
    expect(addr.map((c: any) => c.chainId)).toEqual([8453]);
    const tokens = (await post({ tokens: ['1:0xdac17f958d2ee523a2206206994597c13d831ec7', '56:0x55d398326f99059ff775485246999027b3197955'] })).body;
    expect(tokens.map((c: any) => c.symbol)).toEqual(['USDT', 'USDT']);
    const byId = (await post({ currencyId: 'eth', limit: 100 })).body;
    expect(byId.every((c: any) => c.symbol === 'ETH')).toBe(true);
  });
  it('supports defaultList, depositAddressOnly and includeAllChains', async () => {
    const def = (await post({ defaultList: true, limit: 100 })).body;
    expect(def.length).toBeGreaterThan(5);
    expect(def.length).toBeLessThan(40);
    const dep = (await post({ depositAddressOnly: true, limit: 100 })).body;
    expect(dep.some((c: any) => c.chainId === 8253038)).toBe(true);
    const one = (await post({ chainIds: [8453], address: '0x833589fcd6eb6e08f4c7c32d4f71b54bda02913' })).body;
    expect(one).toHaveLength(1);
    const all = (await post({ chainIds: [8453], address: '0x833589fcd6eb6e08f4c7c32d4f71b54bda02913', includeAllChains: true, limit: 100 })).body;
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((c: any) => c.symbol === 'USDC')).toBe(true);
  });
  it('accepts useExternalSearch as a no-op', async () => {
    expect((await post({ term: 'weth', useExternalSearch: true })).body).toEqual((await post({ term: 'weth' })).body);
  });
  it.each([
    ['bad JSON', '{"limit":'],
    ['an array body', '[1]'],
    ['a string chainIds', '{"chainIds":"1"}'],
    ['a bad token', '{"tokens":["base:0x1"]}'],
    ['a numeric term', '{"term":5}'],
    ['a string boolean', '{"verified":"yes"}'],
  ])('rejects %s with 400', async (_label, rawBody) => {
    expect((await call(s.url, '/currencies/v2', { method: 'POST', rawBody })).status).toBe(400);
  });
});
