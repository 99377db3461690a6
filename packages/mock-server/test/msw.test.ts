import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockHandler, mswHandlers } from '../src/msw.js';

const BASE = 'https://api.crosschain.test';
const NOW = '2026-08-15T12:00:00Z';
const mock = createMockHandler({ records: 200, seed: 5, now: NOW, quiet: true });
const server = setupServer(...mswHandlers(BASE, mock), ...mswHandlers('https://other.crosschain.test', { records: 20, now: NOW, quiet: true }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(async () => {
  server.close();
  await mock.close();
});

describe('mswHandlers', () => {
  it('answers the global fetch under the base URL with the reference server', async () => {
    const res = await fetch(`${BASE}/requests/v3?limit=2&includeTotal=true`, { headers: { 'x-api-key': 'demo-key' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { requests: unknown[]; total: number; continuation: string };
    expect(body.requests).toHaveLength(2);
    const direct = await mock.fetch(new Request(`${BASE}/requests/v3?limit=2&includeTotal=true`, { headers: { 'x-api-key': 'demo-key' } }));
    expect(body).toEqual(await direct.json());
    expect(body.total).toBeGreaterThan(150);
    const next = await fetch(`${BASE}/requests/v3?limit=2&continuation=${encodeURIComponent(body.continuation)}`, { headers: { 'x-api-key': 'demo-key' } });
    expect(((await next.json()) as { requests: unknown[] }).requests).toHaveLength(2);
  });

  it('keeps the contract on errors and the deprecation signals of v2', async () => {
    const unauth = await fetch(`${BASE}/requests/v3`);
    expect(unauth.status).toBe(401);
    expect(await unauth.json()).toMatchObject({ message: expect.any(String) });
    const v2 = await fetch(`${BASE}/requests/v2?limit=1`);
    expect(v2.headers.get('deprecation')).toBe('@1784678400');
    expect(v2.headers.get('link')).toContain(`${BASE}/requests/v3`);
    const post = await fetch(`${BASE}/currencies/v2`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"limit":3}' });
    expect(((await post.json()) as unknown[]).length).toBe(3);
  });

  it('serves each base URL with its own server, built from options when no handler is given', async () => {
    const res = await fetch('https://other.crosschain.test/requests/v3?includeTotal=true&limit=1', { headers: { 'x-api-key': 'demo-key' } });
    const { total } = (await res.json()) as { total: number };
    expect(total).toBeGreaterThan(10);
    expect(total).toBeLessThanOrEqual(20);
  });

  it('shares state with the handler it wraps (arrivals show through MSW)', async () => {
    const [id] = mock.arrive(1);
    const res = await fetch(`${BASE}/requests/v3?id=${id}`, { headers: { 'x-api-key': 'demo-key' } });
    expect(((await res.json()) as { requests: Array<{ id: string }> }).requests.map((r) => r.id)).toEqual([id]);
  });

  it('rejects a base URL that is not absolute', () => {
    expect(() => mswHandlers('/relative')).toThrow(/baseUrl must be an absolute URL, got "\/relative"/);
  });
});
