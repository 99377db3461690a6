/**
 * relay-kit-hooks' `queryTokenList` (what `useTokenList` calls: `POST /currencies/v2` through axios),
 * unmodified, with the reference server as its base URL, with the option sets the token selector
 * of relay-kit-ui sends.
 */
import { CURRENCIES, type MockServer } from '@crosschain/mock-server';
import { queryTokenList } from '@relayprotocol/relay-kit-hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../helpers/reference-server.js';

let server: MockServer;

beforeAll(async () => {
  server = await startReferenceServer({ records: 100 });
});

afterAll(async () => {
  await server?.close();
});

describe('relay-kit-hooks queryTokenList (POST /currencies/v2)', () => {
  it('lists the default currencies of the chains asked for, each with the fields the token selector shows', async () => {
    const list = await queryTokenList(server.url, { chainIds: [1, 8453], defaultList: true, limit: 12 });
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(12);
    for (const c of list) {
      expect([1, 8453]).toContain(c.chainId);
      expect(c).toMatchObject({ address: expect.any(String), symbol: expect.any(String), name: expect.any(String), decimals: expect.any(Number), vmType: 'evm' });
      expect(c.metadata).toMatchObject({ logoURI: expect.any(String), verified: expect.any(Boolean), isNative: expect.any(Boolean) });
    }
  });

  it('finds a currency by search term and by address, as the catalogue holds it', async () => {
    const usdc = CURRENCIES.find((c) => c.symbol === 'USDC' && c.chainId === 8453)!;
    const byTerm = await queryTokenList(server.url, { chainIds: [8453], term: 'usdc', limit: 20 });
    expect(byTerm.map((c) => `${c.chainId}:${c.address}`)).toContain(`8453:${usdc.address}`);
    const byAddress = await queryTokenList(server.url, { chainIds: [8453], address: usdc.address, limit: 1 });
    expect(byAddress).toHaveLength(1);
    expect(byAddress[0]).toMatchObject({ chainId: 8453, address: usdc.address, symbol: 'USDC', decimals: usdc.decimals });
  });

  it('honours the limit and answers an empty list for a term nothing matches', async () => {
    expect(await queryTokenList(server.url, { limit: 3 })).toHaveLength(3);
    expect(await queryTokenList(server.url, { term: 'no-such-token-anywhere', limit: 20 })).toEqual([]);
  });
});
