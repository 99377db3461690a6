import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, FetchHttpClient, MAX_REDIRECTS, RateLimitedError, retryAfterMs } from '../../src/engine/http.js';
import type { HttpClientOptions } from '../../src/engine/http.js';
import { BudgetExceededError, TargetUnreachableError } from '../../src/contract/types.js';
import { DATE, closedPort, fakeFetch, jsonResponse } from './fake-fetch.js';
import type { Handler } from './fake-fetch.js';

const KEY = 'sk_live_SECRET-123';

function client(handler: Handler, extra: Partial<HttpClientOptions> = {}) {
  const fetch = fakeFetch(handler);
  const sleeps: number[] = [];
  const http = new FetchHttpClient({
    baseUrl: 'http://target.test/api/',
    fetch,
    apiKey: KEY,
    otherApiKey: 'other-SECRET',
    timeoutMs: 1000,
    maxRequests: 100,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });
  return { http, fetch, sleeps };
}

describe('FetchHttpClient', () => {
  it('sends to another base only when it is one of the target\'s own (allowBase), never to a third party', async () => {
    const { http, fetch } = client(() => jsonResponse(200, { ok: true }));
    await expect(http.send({ method: 'GET', path: '/requests/v2', base: 'http://elsewhere.test' })).rejects.toThrow(/not the target's own/);
    expect(fetch.seen).toHaveLength(0);
    http.allowBase('http://twin.test/');
    const e = await http.send({ method: 'GET', path: '/requests/v2', query: { limit: 1 }, base: 'http://twin.test' });
    expect(e.request.url).toBe('http://twin.test/requests/v2?limit=1');
    expect(fetch.seen[0]!.headers['x-api-key']).toBe(KEY);
    expect(http.exchanges).toHaveLength(1);
  });

  it('sends the key, builds the URL under the base path and records a redacted curl', async () => {
    const { http, fetch } = client(() => jsonResponse(200, { ok: true }));
    const ex = await http.send({ method: 'POST', path: '/currencies/v2', query: { a: 1, skip: undefined, n: null }, body: { limit: 5 } });
    expect(fetch.seen[0]!.url.toString()).toBe('http://target.test/api/currencies/v2?a=1');
    expect(fetch.seen[0]!.headers['x-api-key']).toBe(KEY);
    expect(ex.request.headers['x-api-key']).toBe('<redacted>');
    expect(ex.curl).toBe(`curl -sS -X POST -H 'content-type: application/json' -H "x-api-key: $CONFORMANCE_API_KEY" --data '{"limit":5}' 'http://target.test/api/currencies/v2?a=1'`);
    expect(ex.response).toMatchObject({ status: 200, json: { ok: true }, isJson: true });
    expect(ex.response!.headers.date).toBe(DATE);
    expect(http.exchanges).toHaveLength(1);
  });

  it.each([
    ['none' as const, undefined],
    ['other' as const, 'other-SECRET'],
    [{ key: 'made-up' }, 'made-up'],
  ])('auth %j sends %s', async (auth, expected) => {
    const { http, fetch } = client(() => jsonResponse(200, {}));
    await http.send({ method: 'GET', path: '/requests/v3', auth });
    expect(fetch.seen[0]!.headers['x-api-key']).toBe(expected);
  });

  it('keyInQuery sends the request\'s own key in that query parameter too, recorded redacted', async () => {
    const { http, fetch } = client(() => jsonResponse(200, { requests: [] }));
    const ex = await http.send({ method: 'GET', path: '/requests/v3', query: { limit: 1 }, keyInQuery: 'apiKey', auth: 'other' });
    expect(fetch.seen[0]!.url.searchParams.get('apiKey')).toBe('other-SECRET');
    expect(fetch.seen[0]!.headers['x-api-key']).toBe('other-SECRET');
    expect(JSON.stringify(ex)).not.toContain('other-SECRET');
    expect(ex.request.url).toContain('apiKey=');
    const none = await http.send({ method: 'GET', path: '/requests/v3', keyInQuery: 'apiKey', auth: 'none' });
    expect(new URL(fetch.seen[1]!.url).searchParams.has('apiKey')).toBe(false);
    expect(none.request.url).not.toContain('apiKey');
  });

  it('never lets a key out: echoed in the body, a header or the URL, it is redacted', async () => {
    const { http } = client((req) => jsonResponse(401, { message: `bad key ${req.headers['x-api-key']}` }, { 'x-echo': KEY }));
    const ex = await http.send({ method: 'GET', path: '/requests/v3', query: { apiKey: KEY } });
    const text = JSON.stringify(ex);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(encodeURIComponent(KEY));
    expect(ex.response!.bodyText).toContain('<redacted>');
  });

  it('a hanging target ends in a TargetUnreachableError (timeout) within the bound', async () => {
    const { http } = client(() => 'hang', { timeoutMs: 50 });
    const t0 = Date.now();
    const err = await http.send({ method: 'GET', path: '/requests/v3' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TargetUnreachableError);
    expect((err as TargetUnreachableError).reason).toBe('timeout');
    expect((err as Error).message).toMatch(/did not answer within 50 ms/);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(http.exchanges[0]!.transportError).toMatch(/did not answer/);
  });

  it('a body that never ends is bounded by the same timeout', async () => {
    const stream = new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"requests":[')) });
    const { http } = client(() => new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } }), { timeoutMs: 50 });
    await expect(http.send({ method: 'GET', path: '/requests/v3' })).rejects.toBeInstanceOf(TargetUnreachableError);
  });

  it('a closed port is a network TargetUnreachableError without the key in the message', async () => {
    const port = await closedPort();
    const http = new FetchHttpClient({ baseUrl: `http://127.0.0.1:${port}`, fetch: globalThis.fetch as never, apiKey: KEY, timeoutMs: 2000, maxRequests: 10 });
    const err = await http.send({ method: 'GET', path: '/requests/v3', query: { k: KEY } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TargetUnreachableError);
    expect((err as TargetUnreachableError).reason).toBe('network');
    expect((err as Error).message).not.toContain(KEY);
  });

  it('honours Retry-After (seconds) on 429, then returns the retried answer', async () => {
    let n = 0;
    const { http, sleeps } = client(() => (n++ === 0 ? jsonResponse(429, { message: 'slow down' }, { 'retry-after': '2' }) : jsonResponse(200, { ok: 1 })));
    const ex = await http.send({ method: 'GET', path: '/requests/v3' });
    expect(ex.response!.status).toBe(200);
    expect(sleeps).toEqual([2000]);
    expect(http.exchanges.map((e) => e.response!.status)).toEqual([429, 200]);
  });

  it('honours Retry-After as an HTTP-date on 503', async () => {
    let n = 0;
    const now = Date.parse(DATE);
    const later = new Date(now + 3000).toUTCString();
    const { http, sleeps } = client(() => (n++ === 0 ? jsonResponse(503, {}, { 'retry-after': later }) : jsonResponse(200, {})), { now: () => now });
    await http.send({ method: 'GET', path: '/requests/v3' });
    expect(sleeps).toEqual([3000]);
  });

  it('returns a 429 as is when the check is about the 429 (acceptRateLimit)', async () => {
    const { http, sleeps } = client(() => jsonResponse(429, { message: 'limit' }));
    const ex = await http.send({ method: 'GET', path: '/requests/v2', acceptRateLimit: true });
    expect(ex.response!.status).toBe(429);
    expect(sleeps).toEqual([]);
  });

  it('retries a bounded number of times with backoff when no Retry-After is given, then gives up as rate limited', async () => {
    const { http, sleeps, fetch } = client(() => jsonResponse(429, {}), { retry: { maxRetries: 2, backoffMs: 100 } });
    await expect(http.send({ method: 'GET', path: '/requests/v3' })).rejects.toThrow(RateLimitedError);
    expect(sleeps).toEqual([100, 200]);
    expect(fetch.seen).toHaveLength(3);
  });

  it('refuses to wait longer than the bound for a Retry-After: rate limited, not a hang', async () => {
    const { http, sleeps } = client(() => jsonResponse(429, {}, { 'retry-after': '3600' }));
    await expect(http.send({ method: 'GET', path: '/requests/v3' })).rejects.toThrow(/Retry-After 3600 s, longer than the kit waits/);
    expect(sleeps).toEqual([]);
  });

  it('a wait past the run deadline ends the run budget instead of sleeping', async () => {
    const { http } = client(() => jsonResponse(503, {}, { 'retry-after': '5' }), { deadline: Date.now() + 1000 });
    await expect(http.send({ method: 'GET', path: '/requests/v3' })).rejects.toThrow(BudgetExceededError);
  });

  it('stops at --max-requests', async () => {
    const { http } = client(() => jsonResponse(200, {}), { maxRequests: 2 });
    await http.send({ method: 'GET', path: '/a' });
    await http.send({ method: 'GET', path: '/a' });
    await expect(http.send({ method: 'GET', path: '/a' })).rejects.toThrow(/--max-requests 2/);
  });

  it('stops at the run deadline', async () => {
    const { http } = client(() => jsonResponse(200, {}), { deadline: Date.now() - 1 });
    await expect(http.send({ method: 'GET', path: '/a' })).rejects.toThrow(/--max-duration/);
  });

  it('paces requests at --max-rps', async () => {
    let clock = 1000;
    const { http, sleeps } = client(() => jsonResponse(200, {}), {
      maxRps: 10,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
    });
    for (let i = 0; i < 12; i += 1) await http.send({ method: 'GET', path: '/a' });
    // 10 rps: ten within the first second, 50 ms apart at the closest; the eleventh a second after the first.
    expect(sleeps).toEqual([50, 50, 50, 50, 50, 50, 50, 50, 50, 550, 50]);
  });

  it('records a non-JSON body as such and compacts big bodies after the check', async () => {
    const big = JSON.stringify({ requests: Array.from({ length: 2000 }, (_, i) => ({ id: i })) });
    const { http } = client((req) => (req.url.pathname.endsWith('/html') ? new Response('<html>oops</html>', { status: 200, headers: { 'content-type': 'text/html' } }) : new Response(big, { status: 200 })));
    const html = await http.send({ method: 'GET', path: '/html' });
    expect(html.response).toMatchObject({ isJson: false, json: undefined, bodyText: '<html>oops</html>' });
    const ex = await http.send({ method: 'GET', path: '/big' });
    expect(ex.response!.json).toBeDefined();
    http.compact();
    expect(ex.response).toMatchObject({ isJson: true, truncated: true, json: undefined });
    expect(ex.response!.bodyText.length).toBeLessThan(big.length);
    expect(html.response!.truncated).toBeUndefined();
  });

  it('refuses the primary key when none is configured', async () => {
    const fetch = fakeFetch(() => jsonResponse(200, {}));
    const http = new FetchHttpClient({ baseUrl: 'http://t.test', fetch, timeoutMs: 100, maxRequests: 5 });
    await http.send({ method: 'GET', path: '/a' });
    expect(fetch.seen[0]!.headers['x-api-key']).toBeUndefined();
    await expect(http.send({ method: 'GET', path: '/a', auth: 'primary' })).rejects.toThrow(/requires: \[apiKey\]/);
  });
});

describe('retryAfterMs', () => {
  it.each([
    ['5', 5000],
    [' 0 ', 0],
    ['Thu, 15 Oct 2026 12:00:10 GMT', 10_000],
    ['soon', undefined],
    [undefined, undefined],
  ])('%j -> %j', (value, expected) => {
    expect(retryAfterMs(value, Date.parse(DATE))).toBe(expected);
  });

  it('follows a redirect within the origin with the key, and drops the key and every -H header on another origin', async () => {
    const { http, fetch } = client(
      (req) => {
        if (req.url.pathname === '/api/requests/v3') return new Response(null, { status: 307, headers: { location: '/api/moved' } });
        if (req.url.pathname === '/api/moved') return new Response(null, { status: 302, headers: { location: 'http://evil.test/steal' } });
        return jsonResponse(200, { stolen: req.headers });
      },
      { headers: { 'X-Gateway-Token': 'gw-SECRET-999' }, secrets: ['gw-SECRET-999'] },
    );
    const ex = await http.send({ method: 'GET', path: '/requests/v3' });
    expect(ex.response!.status).toBe(200);
    expect(fetch.seen.map((r) => [r.url.host, r.headers['x-api-key'], r.headers['x-gateway-token']])).toEqual([
      ['target.test', KEY, 'gw-SECRET-999'],
      ['target.test', KEY, 'gw-SECRET-999'],
      ['evil.test', undefined, undefined],
    ]);
    expect(ex.request.headers['x-gateway-token']).toBe('<redacted>');
    expect(ex.curl).not.toContain('gw-SECRET-999');
  });

  it(`stops after ${MAX_REDIRECTS} redirects with a named network failure`, async () => {
    const { http, fetch } = client(() => new Response(null, { status: 302, headers: { location: '/api/again' } }));
    await expect(http.send({ method: 'GET', path: '/loop' })).rejects.toThrow(/more than 5 redirects/);
    expect(fetch.seen).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('a body over --max-body-bytes is a BodyTooLargeError carrying its exchange', async () => {
    const { http } = client(() => new Response('x'.repeat(5000), { status: 200 }), { maxBodyBytes: 1000 });
    const err = await http.send({ method: 'GET', path: '/big' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BodyTooLargeError);
    expect((err as BodyTooLargeError).exchange?.transportError).toMatch(/over --max-body-bytes \(1000 bytes/);
  });

  it('redacts a key echoed as a response header name', async () => {
    const { http } = client(() => jsonResponse(200, {}, { [`x-${KEY}`]: '1' }));
    const ex = await http.send({ method: 'GET', path: '/a' });
    expect(Object.keys(ex.response!.headers).join()).not.toMatch(/SECRET/i);
  });
});
