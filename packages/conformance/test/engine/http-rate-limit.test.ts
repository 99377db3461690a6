/**
 * The client slows down on the target's rate-limit headers before a 429 ("The rate the
 * target allows"): unit cases over a fake fetch with a fake clock, then a loopback server that
 * answers 429 to any client ignoring its `X-RateLimit-Remaining: 0`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentFetch } from '../../src/engine/agent-fetch.js';
import { FetchHttpClient, RateLimitedError, type HttpClientOptions } from '../../src/engine/http.js';
import { fakeFetch, jsonResponse, type Handler } from './fake-fetch.js';

function client(handler: Handler, extra: Partial<HttpClientOptions> = {}) {
  const fetch = fakeFetch(handler);
  const sleeps: number[] = [];
  let clock = Date.parse('2026-11-22T12:00:00Z');
  const http = new FetchHttpClient({
    baseUrl: 'http://target.test',
    fetch,
    apiKey: 'key-1',
    otherApiKey: 'key-2',
    timeoutMs: 1000,
    maxRequests: 100,
    maxRps: 50,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    ...extra,
  });
  return { http, fetch, sleeps };
}

/** Sleeps longer than the --max-rps spacing (20 ms at 50 rps): the waits the headers caused. */
const headerWaits = (sleeps: number[]) => sleeps.filter((ms) => ms > 20);

describe('FetchHttpClient and rate-limit headers', () => {
  it.each([
    ['X-RateLimit-* (seconds to wait)', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '3' }],
    ['the draft RateLimit field', { ratelimit: '"default";r=0;t=3' }],
    ['the older draft RateLimit field', { ratelimit: 'limit=10, remaining=0, reset=3' }],
    ['RateLimit-Remaining / RateLimit-Reset', { 'ratelimit-remaining': '0', 'ratelimit-reset': '3' }],
  ])('waits for the reset when %s says none remain, before sending again', async (_what, headers) => {
    const { http, sleeps, fetch } = client(() => jsonResponse(200, {}, headers));
    await http.send({ method: 'GET', path: '/requests/v3' });
    expect(sleeps).toEqual([]);
    await http.send({ method: 'GET', path: '/requests/v3' });
    expect(headerWaits(sleeps)).toEqual([3000]);
    expect(fetch.seen).toHaveLength(2);
  });

  it('spreads the requests left over the window when they are fewer than --max-rps would send', async () => {
    const { http, sleeps } = client(() => jsonResponse(200, {}, { ratelimit: '"default";r=4;t=2' }));
    for (let i = 0; i < 3; i += 1) await http.send({ method: 'GET', path: '/requests/v3' });
    expect(headerWaits(sleeps)).toEqual([500, 500]);
  });

  it('keeps --max-rps as the ceiling when the headers leave more', async () => {
    const { http, sleeps } = client(() => jsonResponse(200, {}, { 'x-ratelimit-remaining': '1000', 'x-ratelimit-reset': '10' }));
    for (let i = 0; i < 3; i += 1) await http.send({ method: 'GET', path: '/requests/v3' });
    expect(headerWaits(sleeps)).toEqual([]);
    expect(sleeps.every((ms) => ms <= 20)).toBe(true);
  });

  it('scopes the wait to the key and the path that announced it', async () => {
    const { http, sleeps } = client((req) => jsonResponse(200, {}, req.url.pathname === '/requests/v3' ? { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '5' } : {}));
    await http.send({ method: 'GET', path: '/requests/v3' });
    await http.send({ method: 'GET', path: '/currencies/v2', body: {} });
    await http.send({ method: 'GET', path: '/requests/v3', auth: 'other' });
    expect(headerWaits(sleeps)).toEqual([]);
    await http.send({ method: 'GET', path: '/requests/v3' });
    expect(sleeps.reduce((a, b) => a + b, 0)).toBe(5000);
  });

  it('a wait longer than the kit waits is inconclusive (RateLimitedError), without sending', async () => {
    const { http, fetch } = client(() => jsonResponse(200, {}, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '3600' }));
    await http.send({ method: 'GET', path: '/requests/v3' });
    await expect(http.send({ method: 'GET', path: '/requests/v3' })).rejects.toThrow(RateLimitedError);
    await expect(http.send({ method: 'GET', path: '/requests/v3' })).rejects.toThrow(/rate-limit headers allow no request for 3600 s, longer than the kit waits \(30 s\)/);
    expect(fetch.seen).toHaveLength(1);
  });

  it('on a 429 without Retry-After, waits for the reset the headers give rather than backing off blindly', async () => {
    let n = 0;
    const { http, sleeps } = client(() => (n++ === 0 ? jsonResponse(429, {}, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '4' }) : jsonResponse(200, {})));
    const ex = await http.send({ method: 'GET', path: '/requests/v3' });
    expect(ex.response!.status).toBe(200);
    expect(headerWaits(sleeps)).toEqual([4000]);
  });

  it('a request that is about the 429 (acceptRateLimit) is not held back', async () => {
    const { http, sleeps, fetch } = client(() => jsonResponse(200, {}, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '3600' }));
    await http.send({ method: 'GET', path: '/requests/v2', acceptRateLimit: true });
    await http.send({ method: 'GET', path: '/requests/v2', acceptRateLimit: true });
    expect(headerWaits(sleeps)).toEqual([]);
    expect(fetch.seen).toHaveLength(2);
  });

  it('ignores malformed headers (and still honours Retry-After)', async () => {
    const { http, sleeps } = client(() => jsonResponse(200, {}, { ratelimit: '"default;r=0;t=30', 'x-ratelimit-remaining': 'zero', 'x-ratelimit-reset': '30' }));
    await http.send({ method: 'GET', path: '/requests/v3' });
    await http.send({ method: 'GET', path: '/requests/v3' });
    expect(headerWaits(sleeps)).toEqual([]);
  });
});

/**
 * A strict loopback server: PER_WINDOW requests per window of WINDOW_MS, counted from the window's
 * first request; it announces what is left and the seconds to the reset (rounded up), and answers
 * 429 to a request sent while none remain.
 */
const PER_WINDOW = 4;
const WINDOW_MS = 1000;
let server: ReturnType<typeof createServer>;
let baseUrl = '';
let windowEnd = 0;
let used = 0;
const statuses: number[] = [];

function strict(_req: IncomingMessage, res: ServerResponse): void {
  const now = Date.now();
  if (now >= windowEnd) {
    windowEnd = now + WINDOW_MS;
    used = 0;
  }
  const reset = String(Math.ceil((windowEnd - now) / 1000));
  if (used >= PER_WINDOW) {
    statuses.push(429);
    res.writeHead(429, { 'content-type': 'application/json', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset });
    res.end(JSON.stringify({ message: 'you ignored X-RateLimit-Remaining: 0' }));
    return;
  }
  used += 1;
  statuses.push(200);
  res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-remaining': String(PER_WINDOW - used), 'x-ratelimit-reset': reset });
  res.end(JSON.stringify({ requests: [] }));
}

beforeAll(async () => {
  server = createServer(strict);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('against a server that punishes a client ignoring X-RateLimit-Remaining: 0', () => {
  it('the kit never meets a 429', async () => {
    const http = new FetchHttpClient({ baseUrl, fetch: createAgentFetch(), apiKey: 'k', timeoutMs: 5000, maxRequests: 100, maxRps: 50 });
    for (let i = 0; i < 2 * PER_WINDOW; i += 1) {
      const ex = await http.send({ method: 'GET', path: '/requests/v3' });
      expect(ex.response!.status).toBe(200);
    }
    expect(statuses).toHaveLength(2 * PER_WINDOW);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
  }, 20_000);

  it('the same server does answer 429 to a client that ignores the headers (the test can fail)', async () => {
    statuses.length = 0;
    windowEnd = 0;
    const fetch = createAgentFetch();
    for (let i = 0; i < PER_WINDOW + 2; i += 1) await fetch(`${baseUrl}/requests/v3`, { method: 'GET', headers: {}, signal: AbortSignal.timeout(5000) }).then((r) => r.text());
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});
