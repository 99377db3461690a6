import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/index.js';
import { call, qs } from '../helpers/contract.js';

let servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((x) => x.close()));
  servers = [];
});
async function start(opts: Parameters<typeof startMockServer>[0]): Promise<MockServer> {
  const s = await startMockServer({ records: 300, seed: 3, quiet: true, ...opts });
  servers.push(s);
  return s;
}

function expectDeprecationHeaders(h: Headers, base: string): void {
  expect(h.get('deprecation')).toBe('@1784678400');
  expect(h.get('sunset')).toBe('Tue, 24 Nov 2026 00:00:00 GMT');
  const link = h.get('link') ?? '';
  for (const rel of ['deprecation', 'sunset', 'successor-version']) expect(link).toContain(`rel="${rel}"`);
  expect(link).toContain(`<${base}/requests/v3>; rel="successor-version"`);
  expect(h.get('access-control-expose-headers')).toBe('Deprecation, Sunset, Link');
}

describe('GET /requests/v2', () => {
  it('serves v2 records with the deprecation object and headers', async () => {
    const s = await start({ now: '2026-08-01T00:00:00Z' });
    const r = await call(s.url, '/requests/v2?limit=50');
    expect(r.status).toBe(200);
    expectDeprecationHeaders(r.headers, s.url);
    expect(r.body.deprecation).toMatchObject({ deprecatedAt: '2026-07-22T00:00:00Z', throttledFrom: '2026-09-01T00:00:00Z', sunsetAt: '2026-11-24T00:00:00Z', successor: `${s.url}/requests/v3` });
    const rec = r.body.requests.find((x: any) => x.data.inTxs.length > 0);
    expect(rec.data.inTxs[0].hash).toMatch(/./);
    expect(rec.data.inTxs[0].txHash).toBeUndefined();
    expect(r.body.requests.some((x: any) => x.data.failReason === 'N/A')).toBe(true);
    expect(r.body.requests.every((x: any) => typeof x.data.metadata === 'object')).toBe(true);
    // referrer: a string or absent, never null (every published live recording).
    expect(r.body.requests.every((x: any) => !('referrer' in x) || typeof x.referrer === 'string')).toBe(true);
    expect(r.body.requests.some((x: any) => !('referrer' in x))).toBe(true);
    expect(r.body.requests.some((x: any) => typeof x.referrer === 'string')).toBe(true);
    expect(r.body.continuation).toBeTypeOf('string');
  });
  it('carries the deprecation headers on 400 and 403 too', async () => {
    const s = await start({ now: '2026-08-01T00:00:00Z' });
    const bad = await call(s.url, '/requests/v2?limit=500');
    expect(bad.status).toBe(400);
    expectDeprecationHeaders(bad.headers, s.url);
    const revoked = await call(s.url, '/requests/v2', { key: 'revoked-key' });
    expect(revoked.status).toBe(403);
    expectDeprecationHeaders(revoked.headers, s.url);
    const wrong = await call(s.url, '/requests/v2', { method: 'POST' });
    expect(wrong.status).toBe(405);
    expectDeprecationHeaders(wrong.headers, s.url);
  });
  it('throttles per key with 429, the documented body and no Retry-After', async () => {
    const s = await start({ now: '2026-08-01T00:00:00Z', v2RateLimit: 3 });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await call(s.url, '/requests/v2?limit=1', { key: 'demo-key' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(last!.headers.get('retry-after')).toBeNull();
    expectDeprecationHeaders(last!.headers, s.url);
    expect(last!.body).toMatchObject({ successor: `${s.url}/requests/v3` });
    expect((await call(s.url, '/requests/v2?limit=1', { key: 'other-key' })).status).toBe(200);
  });
  it('applies the dated default step-down from September 2026', async () => {
    const before = await start({ now: '2026-08-31T23:00:00Z' });
    for (let i = 0; i < 20; i++) expect((await call(before.url, '/requests/v2?limit=1')).status).toBe(200);
    const { defaultV2RateLimit } = await import('../../src/deprecation.js');
    expect(defaultV2RateLimit(Date.parse('2026-08-31T23:59:59Z'))).toBeNull();
    expect(defaultV2RateLimit(Date.parse('2026-09-15T00:00:00Z'))).toBe(600);
    expect(defaultV2RateLimit(Date.parse('2026-10-15T00:00:00Z'))).toBe(300);
    expect(defaultV2RateLimit(Date.parse('2026-11-15T00:00:00Z'))).toBe(150);
  });
  it('answers 410 Gone with the headers after the sunset date', async () => {
    const s = await start({ now: '2026-11-24T00:00:00Z' });
    const r = await call(s.url, '/requests/v2');
    expect(r.status).toBe(410);
    expectDeprecationHeaders(r.headers, s.url);
    expect(r.body.successor).toBe(`${s.url}/requests/v3`);
  });
  it('filters by user (sender or recipient), hash and referrer', async () => {
    const s = await start({ now: '2026-08-01T00:00:00Z' });
    const page = (await call(s.url, '/requests/v2?limit=50')).body.requests;
    const rec = page.find((x: any) => x.data.inTxs.length && x.referrer);
    const byHash = await call(s.url, `/requests/v2${qs({ hash: rec.data.inTxs[0].hash })}`);
    expect(byHash.body.requests.map((x: any) => x.id)).toEqual([rec.id]);
    const byUser = await call(s.url, `/requests/v2${qs({ user: rec.recipient, limit: 50 })}`);
    expect(byUser.body.requests.map((x: any) => x.id)).toContain(rec.id);
    const byRef = await call(s.url, `/requests/v2${qs({ referrer: rec.referrer, limit: 50 })}`);
    expect(byRef.body.requests.every((x: any) => x.referrer === rec.referrer)).toBe(true);
  });
});
