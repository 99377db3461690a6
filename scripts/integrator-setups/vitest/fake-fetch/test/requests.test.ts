import { describe, expect, it } from 'vitest';
import { listRequests, settledHashes } from '../src/requests';
import { fakeFetch } from './fake-fetch';

const USER = '0x03508bb71268bba25ecacc8f620e01866650532c';

// A settled request as the wallet history shows it.
const SETTLED = {
  id: '0x4a3f1c9e2b7d8a6f5e4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a291807f6e',
  status: 'success',
  data: {
    fees: { gas: '1160', fixed: '0', price: '1999930' },
    inTxs: [{ hash: '0x9421772820b92c239162341a17994b4ad8706c974af2ebf88084a1b3b614d328', chainId: 8453, timestamp: 1767385400 }],
    outTxs: [{ hash: '0xef2a71eb2ddd952b31f7b552e133d3af048e4be30a568f2bea54a36d8f3b12cd', chainId: 56, timestamp: 1767385460 }],
    metadata: {
      currencyIn: { currency: { chainId: 8453, address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', symbol: 'USDC', name: 'USD Coin', decimals: 6 }, amount: '1000000' },
      currencyOut: { currency: { chainId: 56, address: '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d', symbol: 'USDC', name: 'USD Coin', decimals: 18 }, amount: '998000000000000000' },
    },
  },
  createdAt: '2026-06-30T12:00:00.000Z',
  updatedAt: '2026-06-30T12:01:00.000Z',
};

describe('wallet history', () => {
  it('lists the requests of a wallet', async () => {
    const fetch = fakeFetch([{ method: 'GET', match: /\/requests\/v3\?/, reply: { body: { requests: [SETTLED], continuation: null } } }]);

    const requests = await listRequests(USER, { fetch, apiKey: 'test-key' });

    expect(requests.map((r) => r.id)).toEqual([SETTLED.id]);
    expect(fetch.calls[0]?.headers['x-api-key']).toBe('test-key');
  });

  it('collects the destination hashes of settled requests', async () => {
    const fetch = fakeFetch([{ method: 'GET', match: /\/requests\/v3\?/, reply: { body: { requests: [SETTLED, { ...SETTLED, id: '0x01', status: 'pending', data: { ...SETTLED.data, outTxs: [] } }], continuation: null } } }]);

    expect(await settledHashes(USER, { fetch, apiKey: 'test-key' })).toEqual([SETTLED.data.outTxs[0]!.hash]);
  });
});
