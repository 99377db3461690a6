/** Bad input never yields a 5xx (fast-check fuzzing of query strings and bodies, fixed seed). */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../src/index.js';
import { call } from './helpers/contract.js';

let s: MockServer;
beforeAll(async () => {
  s = await startMockServer({ records: 400, seed: 4, now: '2026-08-15T12:00:00Z', v2RateLimit: 0, quiet: true });
});
afterAll(() => s.close());

const V3_PARAMS = [
  'term', 'id', 'orderId', 'depositTxHash', 'fillTxHash', 'refundTxHash', 'originChainId', 'destinationChainId', 'chainId',
  'privateChainsToInclude', 'user', 'depositAddress', 'recipient', 'status', 'failReason', 'refundFailReason', 'apiKey', 'requestType',
  'currencyInChainId', 'currencyOutChainId', 'currencyInAddress', 'currencyOutAddress', 'currencyInSymbol', 'currencyOutSymbol',
  'startTimestamp', 'endTimestamp', 'startBlock', 'endBlock', 'amountUsdMin', 'amountUsdMax', 'appFeesAmountUsdMin', 'appFeesAmountUsdMax',
  'fillTimeMin', 'fillTimeMax', 'features', 'includeChildRequests', 'filters', 'sortBy', 'sortDirection', 'includeAuthenticatedData',
  'includeTotal', 'continuation', 'limit', 'hash', 'referrer', 'includeOrderData',
];
const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('true', 'false', 'null', '[]', '{}', '[{}]', '[{"status":null}]', '[{"not:chainId":[1,"x"]}]', '1e309', '-0', 'NaN', '%', '\u0000', 'desc', 'amountUsd', 'eyJ2IjoxfQ'),
  fc.json({ maxDepth: 3 }),
);
const query = fc.array(fc.tuple(fc.constantFrom(...V3_PARAMS), value), { maxLength: 6 }).map((pairs) => {
  const u = new URLSearchParams();
  for (const [k, v] of pairs) u.append(k, v);
  return `?${u.toString()}`;
});

describe('fuzzed bad input', () => {
  it('GET /requests/v3 and /requests/v2 never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom('/requests/v3', '/requests/v2'), async (q, path) => {
        const r = await call(s.url, path + q, { key: 'demo-key' });
        expect(r.status).toBeLessThan(500);
      }),
      { numRuns: 250, seed: 20260815 },
    );
  });
  it('POST /currencies/v2 never answers 5xx', async () => {
    const body = fc.oneof(
      fc.json({ maxDepth: 3 }),
      fc.dictionary(fc.constantFrom('defaultList', 'chainIds', 'term', 'address', 'currencyId', 'tokens', 'verified', 'limit', 'includeAllChains', 'useExternalSearch', 'depositAddressOnly'), fc.jsonValue({ maxDepth: 2 })).map((o) => JSON.stringify(o)),
      fc.string({ maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (rawBody) => {
        const r = await call(s.url, '/currencies/v2', { method: 'POST', rawBody });
        expect(r.status).toBeLessThan(500);
      }),
      { numRuns: 200, seed: 20260815 },
    );
  });
  it('GET /intents/status never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (id) => {
        const r = await call(s.url, `/intents/status?requestId=${encodeURIComponent(id)}`);
        expect(r.status).toBeLessThan(500);
      }),
      { numRuns: 100, seed: 20260815 },
    );
  });
});
