import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../src/index.js';
import { call } from './helpers/contract.js';

const NOW = '2026-08-15T12:00:00Z';
let s: MockServer;
beforeAll(async () => {
  s = await startMockServer({ records: 500, seed: 2, now: NOW, quiet: true });
});
afterAll(() => s.close());

describe('server', () => {
  it('derives the Date header from the server clock', async () => {
    const r = await call(s.url, '/requests/v3?limit=1', { key: 'demo-key' });
    const date = Date.parse(r.headers.get('date')!);
    expect(Math.abs(date - Date.parse(NOW))).toBeLessThan(60_000);
    expect(Math.abs(s.now() - Date.parse(NOW))).toBeLessThan(60_000);
  });
  it('answers unknown paths with 404 and wrong methods with 405 + Allow', async () => {
    expect((await call(s.url, '/nope')).status).toBe(404);
    const r = await call(s.url, '/requests/v3', { method: 'DELETE' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, HEAD');
    expect((await call(s.url, '/currencies/v2')).headers.get('allow')).toBe('POST');
  });
  it.each([
    ['POST', '/quote/v2'],
    ['GET', '/chains'],
    ['GET', '/app-fees/0xabc/balances'],
    ['POST', '/execute'],
    ['GET', '/requests'],
    ['GET', '/chains/health'],
    ['GET', '/currencies/token/price/v2'],
    ['GET', '/requests/0xabc/signature/v2'],
    ['POST', '/withdrawals/request'],
  ])('answers the named-only operation %s %s with 501', async (method, path) => {
    const r = await call(s.url, path, { method, ...(method === 'POST' ? { body: {} } : {}) });
    expect(r.status).toBe(501);
    expect(r.body.errorCode).toBe('NOT_IMPLEMENTED');
  });
  it('rejects oversized bodies with 413', async () => {
    const r = await call(s.url, '/currencies/v2', { method: 'POST', rawBody: `{"term":"${'x'.repeat(70_000)}"}` });
    expect(r.status).toBe(413);
  });
});

describe('GET /intents/status', () => {
  it('maps v3 statuses (refund -> fallback) with time = updatedAt in ms and consistent chain ids', async () => {
    const expected: Record<string, string> = { refund: 'fallback', success: 'success', failure: 'failure', waiting: 'received', pending: 'pending', depositing: 'pending', submitted: 'pending' };
    const page = (await call(s.url, '/requests/v3?limit=50&sortBy=amountUsd', { key: 'demo-key' })).body.requests;
    const refund = (await call(s.url, '/requests/v3?status=refund&limit=1', { key: 'demo-key' })).body.requests;
    for (const rec of [...page, ...refund]) {
      const r = await call(s.url, `/intents/status?requestId=${rec.id}`);
      expect(r.status).toBe(200);
      expect(r.body.status).toBe(expected[rec.status]);
      expect(r.body.time).toBe(Date.parse(rec.updatedAt));
      expect(r.body.inTxHashes).toEqual(rec.data.inTxs.map((t: any) => t.txHash));
      expect(r.body.txHashes).toEqual(rec.data.outTxs.map((t: any) => t.txHash));
      expect(r.body.originChainId).toBe(rec.data.route.actual.origin.inputCurrency.currency.chainId);
    }
  });
  it('answers 400 without requestId, 404 for an unknown id, 403 for a revoked key', async () => {
    expect((await call(s.url, '/intents/status')).status).toBe(400);
    expect((await call(s.url, '/intents/status?requestId=0xdead')).status).toBe(404);
    expect((await call(s.url, '/intents/status?requestId=0xdead', { key: 'revoked-key' })).status).toBe(403);
    expect((await call(s.url, '/intents/status?requestId=0xdead', { key: 'unknown-key' })).status).toBe(404);
  });
});
