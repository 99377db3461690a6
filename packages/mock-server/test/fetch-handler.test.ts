import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockHandler, startMockServer, type MockHandler, type MockServer } from '../src/index.js';

const NOW = '2026-08-15T12:00:00Z';
const ORIGIN = 'http://api.crosschain.test';

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers the transport sets or that follow the wall clock: not the core's answer. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function decode(bytes: Buffer, coding: string | undefined): string {
  if (coding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (coding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (coding === 'deflate') return inflateSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

async function seen(res: Response, decoded: boolean): Promise<Seen> {
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!TRANSPORT.has(k)) headers[k] = v;
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers, body: decoded ? bytes.toString('utf8') : decode(bytes, headers['content-encoding']) };
}

interface Call {
  method?: string;
  path: string;
  key?: string;
  body?: string;
  accept?: string;
}

const CALLS: Call[] = [
  { path: '/requests/v3?limit=3&includeTotal=true', key: 'demo-key' },
  { path: '/requests/v3?limit=2&includeAuthenticatedData=true&sortBy=updatedAt', key: 'other-key' },
  { path: '/requests/v3?limit=2' },
  { path: '/requests/v3?limit=500', key: 'demo-key' },
  { path: '/requests/v3?filters=%5B%7B%22status%22%3A%5Bnull%2C%22success%22%5D%7D%5D', key: 'demo-key' },
  { path: '/requests/v2?limit=2' },
  { path: '/requests/v2?limit=abc', key: 'demo-key' },
  { method: 'POST', path: '/currencies/v2', body: '{"chainIds":[1],"limit":3}' },
  { method: 'POST', path: '/currencies/v2', body: '{"chainIds":' },
  { method: 'POST', path: '/currencies/v2', body: `{"term":"${'x'.repeat(70_000)}"}` },
  { path: '/intents/status?requestId=nope' },
  { path: '/intents/status' },
  { method: 'HEAD', path: '/requests/v3?limit=1', key: 'demo-key' },
  { method: 'DELETE', path: '/requests/v3' },
  { method: 'POST', path: '/quote/v2', body: '{}' },
  { path: '/no/such/route' },
  { path: '/requests/v3?limit=2', key: 'demo-key', accept: 'gzip, br, deflate' },
];

function requestOf(base: string, c: Call): Request {
  const headers: Record<string, string> = { 'accept-encoding': c.accept ?? 'identity' };
  if (c.key) headers['x-api-key'] = c.key;
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  return new Request(base + c.path, { method: c.method ?? 'GET', headers, ...(c.body !== undefined ? { body: c.body } : {}) });
}

let server: MockServer | undefined;
let handler: MockHandler | undefined;
afterEach(async () => {
  await server?.close();
  await handler?.close();
  server = handler = undefined;
});

describe('createMockHandler', () => {
  it.each([
    ['no variant or fault', {}],
    ['gzip', { variants: ['gzip'] }],
    ['br', { variants: ['br'] }],
    ['chunked and pretty JSON', { variants: ['chunked', 'pretty-json'] }],
    ['problem+json errors, reversed keys', { variants: ['error-body-problem-json', 'key-order-reversed'] }],
    ['empty error bodies, auth 403', { variants: ['error-body-empty', 'auth-403'] }],
    ['faults', { faults: ['v3-page-overlap', 'v2-no-deprecation-on-errors', 'currencies-limit-uncapped', 'server-error-on-bad-input'] }],
  ])('answers as the node:http server does (%s)', async (_name, extra) => {
    const options = { records: 300, seed: 4, now: NOW, quiet: true, ...extra };
    server = await startMockServer(options);
    handler = createMockHandler({ ...options, baseUrl: server.url });
    for (const c of CALLS) {
      // fetch decodes Content-Encoding itself; the handler's Response carries the coded bytes.
      const overHttp = await seen(await fetch(requestOf(server.url, c)), true);
      const inProcess = await seen(await handler.fetch(requestOf(server.url, c)), false);
      expect(inProcess, `${c.method ?? 'GET'} ${c.path}`).toEqual(overHttp);
    }
  });

  it('names itself by the request origin unless baseUrl is given', async () => {
    handler = createMockHandler({ records: 50, now: NOW, quiet: true });
    const res = await handler.fetch(new Request(`${ORIGIN}/requests/v2?limit=1`));
    expect(res.status).toBe(200);
    expect(res.headers.get('link')).toContain(`${ORIGIN}/requests/v3`);
    const fixed = createMockHandler({ records: 50, now: NOW, quiet: true, baseUrl: 'https://api.example.test/ignored/path' });
    const other = await fixed.fetch(new Request(`${ORIGIN}/requests/v2?limit=1`));
    expect(other.headers.get('link')).toContain('https://api.example.test/requests/v3');
    await fixed.close();
  });

  it('keeps the clock, the controls and the lifecycle of the server', async () => {
    handler = createMockHandler({ records: 100, seed: 3, now: NOW, quiet: true });
    expect(Math.abs(handler.now() - Date.parse(NOW))).toBeLessThan(60_000);
    expect(handler.records).toBe(100);
    const [id] = handler.arrive(1);
    const res = await handler.fetch(new Request(`${ORIGIN}/requests/v3?id=${id}`, { headers: { 'x-api-key': 'demo-key' } }));
    const body = (await res.json()) as { requests: Array<{ id: string; status: string }> };
    expect(body.requests.map((r) => r.id)).toEqual([id]);
    const changes = handler.advance(id);
    expect(changes[0]?.id ?? changes[0]).toBeDefined();
  });

  it('rejects bad options with an error that says what is wrong', () => {
    expect(() => createMockHandler({ baseUrl: 'not a url' })).toThrow(/baseUrl must be an absolute URL, got "not a url"/);
    expect(() => createMockHandler({ faults: ['no-such-fault'] })).toThrow(/no-such-fault/);
  });
});

describe('a request for // (the clean server answers it; the fault dies-on-double-slash dies on it)', () => {
  it('the clean handler answers // with a 400 JSON and goes on answering', async () => {
    const handler = createMockHandler({ records: 50, seed: 3, now: NOW, quiet: true });
    try {
      const slash = await handler.fetch(new Request(`${ORIGIN}//`));
      expect(slash.status).toBe(400);
      expect(await slash.json()).toMatchObject({ message: expect.any(String) });
      expect((await handler.fetch(new Request(`${ORIGIN}/currencies/v2`, { method: 'POST', body: '{"limit":1}' }))).status).toBe(200);
    } finally {
      await handler.close();
    }
  });

  it('under the fault the handler rejects // and every later request, as a process that exited', async () => {
    const handler = createMockHandler({ records: 50, seed: 3, now: NOW, quiet: true, faults: ['dies-on-double-slash'] });
    try {
      await expect(handler.fetch(new Request(`${ORIGIN}//`))).rejects.toThrow(/crashed/);
      await expect(handler.fetch(new Request(`${ORIGIN}/currencies/v2`, { method: 'POST', body: '{"limit":1}' }))).rejects.toThrow(/crashed/);
    } finally {
      await handler.close();
    }
  });

  it('over HTTP the fault drops the connection unanswered and refuses every later one', async () => {
    const server = await startMockServer({ records: 50, seed: 3, now: NOW, quiet: true, faults: ['dies-on-double-slash'] });
    try {
      await expect(fetch(`${server.url}//`)).rejects.toThrow();
      await expect(fetch(`${server.url}/currencies/v2`, { method: 'POST', body: '{"limit":1}' })).rejects.toThrow();
    } finally {
      await server.close();
    }
  });
});
