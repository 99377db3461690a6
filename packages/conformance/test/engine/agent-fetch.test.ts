import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentFetch } from '../../src/engine/agent-fetch.js';
import { BodyTooLargeError, FetchHttpClient, type FetchLike } from '../../src/engine/http.js';
import { TargetUnreachableError } from '../../src/contract/types.js';

const JSON_BODY = JSON.stringify({ requests: [{ id: 'é✓', n: 1 }], continuation: null });
const seen: Array<{ method: string; url: string; headers: Record<string, string>; body: string }> = [];

function route(req: IncomingMessage, res: ServerResponse, body: string): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const send = (status: number, headers: Record<string, string | string[]>, payload?: Buffer | string) => {
    res.writeHead(status, headers);
    res.end(payload);
  };
  switch (url.pathname) {
    case '/json':
      return send(200, { 'content-type': 'application/json; charset=utf-8', 'x-api-key-echo': 'none' }, JSON_BODY);
    case '/gzip':
      return send(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipSync(JSON_BODY));
    case '/deflate':
      return send(200, { 'content-type': 'application/json', 'content-encoding': 'deflate' }, deflateSync(JSON_BODY));
    case '/br':
      return send(200, { 'content-type': 'application/json', 'content-encoding': 'br' }, brotliCompressSync(JSON_BODY));
    case '/bom':
      return send(200, { 'content-type': 'application/json' }, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON_BODY)]));
    case '/bad-utf8':
      return send(200, { 'content-type': 'text/plain' }, Buffer.from([0x61, 0xff, 0xfe, 0x62]));
    case '/headers':
      res.setHeader('Link', ['<a>; rel="a"', '<b>; rel="b"']);
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.setHeader('X-Z', 'last');
      res.setHeader('Deprecation', '@1700000000');
      return send(429, { 'content-type': 'application/json' }, '{"message":"slow down"}');
    case '/empty':
      return send(204, { 'content-encoding': 'gzip' });
    case '/echo':
      return send(200, { 'content-type': 'application/json' }, JSON.stringify({ method: req.method, body }));
    case '/redirect':
      return send(Number(url.searchParams.get('status')), { location: '/echo' });
    case '/loop':
      return send(302, { location: '/loop' });
    case '/bomb':
      return send(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, Buffer.concat(Array(8).fill(gzipSync(Buffer.alloc(1024 * 1024)))));
    case '/reset-on-reuse': {
      const socket = req.socket as typeof req.socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      if (socket.served > 1) return void socket.destroy();
      return send(200, { 'content-type': 'application/json' }, '{"fresh":true}');
    }
    case '/stall':
      return void res.writeHead(200, { 'content-type': 'application/json' });
    case '/hang':
      return undefined;
    default:
      return send(404, { 'content-type': 'application/json' }, '{"message":"not found"}');
  }
}

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body });
      route(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const agentFetch = createAgentFetch();
afterAll(() => agentFetch.close());
const nodeFetch = globalThis.fetch as unknown as FetchLike;

async function observe(fetchFn: FetchLike, path: string, init: Partial<Parameters<FetchLike>[1]> = {}) {
  const res = await fetchFn(`${base}${path}`, { method: 'GET', headers: { accept: 'application/json' }, signal: new AbortController().signal, ...init });
  const headers: Array<[string, string]> = [];
  res.headers.forEach((value, key) => headers.push([key, value]));
  return { status: res.status, headers: headers.filter(([k]) => k !== 'date' && k !== 'keep-alive'), text: await res.text() };
}

describe('createAgentFetch gives the kit what fetch gives it', () => {
  for (const path of ['/json', '/gzip', '/deflate', '/br', '/bom', '/bad-utf8', '/headers', '/empty', '/nowhere']) {
    it(`GET ${path}: same status, headers and text`, async () => {
      const mine = await observe(agentFetch, path);
      expect(mine).toEqual(await observe(nodeFetch, path));
      if (path === '/gzip') expect(mine.text).toBe(JSON_BODY);
    });
  }

  for (const status of [301, 302, 303, 307, 308]) {
    it(`follows a ${status} after a POST as fetch does`, async () => {
      const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' };
      const mine = await observe(agentFetch, `/redirect?status=${status}`, init);
      expect(mine).toEqual(await observe(nodeFetch, `/redirect?status=${status}`, init));
      expect(JSON.parse(mine.text).method).toBe(status === 307 || status === 308 ? 'POST' : 'GET');
    });
  }

  it('sends the request headers fetch sends', async () => {
    const init = { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', 'x-api-key': 'k' }, body: '{"é":1}' };
    seen.length = 0;
    await observe(agentFetch, '/echo', init);
    await observe(nodeFetch, '/echo', init);
    const [mine, theirs] = seen;
    expect(mine!.body).toBe(theirs!.body);
    expect(Object.keys(mine!.headers).sort()).toEqual(Object.keys(theirs!.headers).sort());
    expect({ ...mine!.headers, host: '' }).toEqual({ ...theirs!.headers, host: '' });
  });

  it('fails like fetch: too many redirects, refused connections, bad URLs, URL credentials', async () => {
    await expect(observe(agentFetch, '/loop')).rejects.toThrow(/fetch failed/);
    const refused = await agentFetch('http://127.0.0.1:1/', { method: 'GET', headers: {}, signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as Error).message).toBe('fetch failed');
    expect(((refused as Error).cause as { code?: string }).code).toBe('ECONNREFUSED');
    await expect(agentFetch('not a url', { method: 'GET', headers: {}, signal: new AbortController().signal })).rejects.toThrow(TypeError);
    await expect(agentFetch(`http://u:p@127.0.0.1:1/`, { method: 'GET', headers: {}, signal: new AbortController().signal })).rejects.toThrow(/credentials/);
    await expect(agentFetch(`${base}/json`, { method: 'GET', headers: { 'x-bad': 'a\nb' }, signal: new AbortController().signal })).rejects.toThrow(TypeError);
  });

  it('honours the abort signal before the headers and while reading the body', async () => {
    for (const path of ['/hang', '/stall']) {
      const controller = new AbortController();
      const pending = agentFetch(`${base}${path}`, { method: 'GET', headers: {}, signal: controller.signal }).then((r) => r.text());
      setTimeout(() => controller.abort(), 50);
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    }
  });

  it('through FetchHttpClient: the same exchange, timeout and recording as with fetch', async () => {
    const client = (fetchFn: FetchLike) => new FetchHttpClient({ baseUrl: base, fetch: fetchFn, apiKey: 'secret-key-1', timeoutMs: 200, maxRequests: 10 });
    const strip = (e: { durationMs: number; startedAt?: string; response?: { headers: Record<string, string> } }) => ({
      ...e,
      durationMs: 0,
      startedAt: '',
      response: e.response && { ...e.response, headers: { ...e.response.headers, date: '', 'keep-alive': '' } },
    });
    const mine = await client(agentFetch).send({ method: 'GET', path: '/headers', acceptRateLimit: true });
    const theirs = await client(nodeFetch).send({ method: 'GET', path: '/headers', acceptRateLimit: true });
    expect(strip(mine)).toEqual(strip(theirs));
    expect(JSON.stringify(mine)).not.toContain('secret-key-1');
    const timedOut = await client(agentFetch).send({ method: 'GET', path: '/hang' }).catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(TargetUnreachableError);
    expect((timedOut as Error).message).toMatch(/did not answer within 200 ms/);
  });

  it('cuts a body at maxBodyBytes counted after decompression (a gzip bomb), with a BodyTooLargeError', async () => {
    const signal = new AbortController().signal;
    const res = await agentFetch(`${base}/bomb`, { method: 'GET', headers: {}, signal, maxBodyBytes: 100_000 });
    await expect(res.text()).rejects.toBeInstanceOf(BodyTooLargeError);
    const whole = await agentFetch(`${base}/bomb`, { method: 'GET', headers: {}, signal });
    expect((await whole.text()).length).toBe(8 * 1024 * 1024);
  });

  it("redirect: 'manual' hands the 3xx back instead of following it", async () => {
    const res = await agentFetch(`${base}/redirect?status=302`, { method: 'GET', headers: {}, signal: new AbortController().signal, redirect: 'manual' });
    expect(res.status).toBe(302);
    const location: string[] = [];
    res.headers.forEach((v, k) => k === 'location' && location.push(v));
    expect(location).toEqual(['/echo']);
  });

  it('sends an idempotent request once more when its reused keep-alive socket is reset; a POST is not resent', async () => {
    const own = createAgentFetch();
    try {
      const get = () => own(`${base}/reset-on-reuse`, { method: 'GET', headers: {}, signal: new AbortController().signal }).then((r) => r.text());
      expect(await get()).toBe('{"fresh":true}');
      expect(await get()).toBe('{"fresh":true}');
      // The resend went on a connection of its own: one more request puts a socket in the pool for the POST to reuse.
      expect(await get()).toBe('{"fresh":true}');
      const post = own(`${base}/reset-on-reuse`, { method: 'POST', headers: {}, body: '{}', signal: new AbortController().signal }).then((r) => r.text());
      await expect(post).rejects.toThrow(/fetch failed/);
    } finally {
      own.close();
    }
  });
});
