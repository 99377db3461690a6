import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentFetch, idleTimeoutMs, keepAliveHintMs, type AgentFetch } from '../../src/engine/agent-fetch.js';
import { FetchHttpClient } from '../../src/engine/http.js';
import { isRead } from '../../src/engine/http/policies.js';
import { TargetUnreachableError } from '../../src/contract/types.js';

type Tracked = Socket & { id?: number; served?: number; idleSince?: number; closedBy?: 'client' | 'server' };

/** A local server that counts its connections and the requests it saw, with a handler per test. */
async function serve(handle: (req: IncomingMessage, res: ServerResponse, socket: Tracked) => void, keepAliveTimeout: number): Promise<{ base: string; server: Server; sockets: Tracked[]; requests: string[] }> {
  const sockets: Tracked[] = [];
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const socket = req.socket as Tracked;
    socket.served = (socket.served ?? 0) + 1;
    requests.push(`${req.method} ${req.url} #${socket.id}`);
    req.resume();
    req.on('end', () => handle(req, res, socket));
    res.on('finish', () => (socket.idleSince = Date.now()));
  });
  server.keepAliveTimeout = keepAliveTimeout;
  server.on('connection', (socket: Tracked) => {
    socket.id = sockets.length + 1;
    sockets.push(socket);
    // The client ended it (a FIN from its side) unless the server destroyed it first.
    socket.on('end', () => (socket.closedBy ??= 'client'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, sockets, requests };
}

const servers: Server[] = [];
const fetches: AgentFetch[] = [];
afterEach(async () => {
  for (const f of fetches.splice(0)) f.close();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

function agent(options?: Parameters<typeof createAgentFetch>[0]): AgentFetch {
  const f = createAgentFetch(options);
  fetches.push(f);
  return f;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ok = (res: ServerResponse, headers: Record<string, string> = {}) => {
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  res.end('{"ok":true}');
};
const send = (f: AgentFetch, url: string, method = 'GET', read?: boolean) =>
  f(url, { method, headers: {}, ...(method === 'POST' ? { body: '{}' } : {}), signal: new AbortController().signal, ...(read !== undefined ? { read } : {}) }).then((r) => r.text());

describe('Keep-Alive timeout hint', () => {
  it('reads timeout=N from the header and takes the 1 s threshold off it, as undici', () => {
    expect(keepAliveHintMs('timeout=5')).toBe(5000);
    expect(keepAliveHintMs('max=100, timeout=5')).toBe(5000);
    expect(keepAliveHintMs('timeout=7, max=100')).toBe(7000);
    expect(keepAliveHintMs('max=100')).toBeUndefined();
    expect(keepAliveHintMs(undefined)).toBeUndefined();
    expect(keepAliveHintMs('timeout=abc')).toBeUndefined();
    expect(idleTimeoutMs(5000)).toBe(4000);
    expect(idleTimeoutMs(undefined)).toBe(4000);
    expect(idleTimeoutMs(1000)).toBe(0);
    expect(idleTimeoutMs(3_600_000)).toBe(600_000);
    expect(idleTimeoutMs(undefined, { keepAliveTimeout: 250 })).toBe(250);
  });

  it('an idle socket expires a second before the server closes it: the next request goes on a new connection, closed by the client first', async () => {
    // Node's server closes an idle keep-alive socket at keepAliveTimeout and advertises it (timeout=2).
    const { base, sockets } = await serve((_req, res) => ok(res), 2000);
    const f = agent();
    expect(await send(f, `${base}/a`)).toBe('{"ok":true}');
    expect(await send(f, `${base}/b`)).toBe('{"ok":true}');
    expect(sockets).toHaveLength(1); // kept alive while fresh
    const idleFrom = Date.now();
    await sleep(1400);
    expect(await send(f, `${base}/c`)).toBe('{"ok":true}');
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.closedBy).toBe('client');
    expect(Date.now() - idleFrom).toBeLessThan(2000);
  });

  it('a server that closes a socket idle for its advertised timeout as the next request arrives (they cross): no request is lost, not even a write', async () => {
    // The server resets a request that comes on a socket idle for its whole advertised timeout: the
    // request that crosses the server's close on the wire. Without the expiry the POST below is lost.
    const { base, sockets, requests } = await serve((_req, res, socket) => {
      if (socket.idleSince !== undefined && Date.now() - socket.idleSince >= 1000) {
        socket.closedBy = 'server';
        return void socket.destroy();
      }
      ok(res, { 'keep-alive': 'timeout=2' });
    }, 0);
    const f = agent();
    expect(await send(f, `${base}/x`, 'POST', false)).toBe('{"ok":true}');
    await sleep(1100);
    expect(await send(f, `${base}/x`, 'POST', false)).toBe('{"ok":true}');
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.closedBy).toBe('client');
    expect(requests).toEqual(['POST /x #1', 'POST /x #2']);
  });

  it('a server that advertises timeout=1 leaves nothing to keep: every request on its own connection', async () => {
    const { base, sockets } = await serve((_req, res) => ok(res, { 'keep-alive': 'timeout=1' }), 0);
    const f = agent();
    await send(f, `${base}/a`);
    await send(f, `${base}/b`);
    expect(sockets).toHaveLength(2);
  });

  it('without a hint, an idle socket expires after keepAliveTimeout (default 4 s)', async () => {
    const { base, sockets } = await serve((_req, res) => ok(res), 0);
    const f = agent({ keepAliveTimeout: 200 });
    await send(f, `${base}/a`);
    await send(f, `${base}/b`);
    expect(sockets).toHaveLength(1);
    await sleep(400);
    await send(f, `${base}/c`);
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.closedBy).toBe('client');
  });
});

describe('a read is sent again once after a connection reset', () => {
  /** Resets every request after the first on a reused socket (a server closing its keep-alive sockets). */
  const resetOnReuse = (_req: IncomingMessage, res: ServerResponse, socket: Tracked) => (socket.served! > 1 ? void socket.destroy() : ok(res));

  it('a GET and a POST marked read, reset on a reused socket, are sent again on a fresh one; a write is not', async () => {
    const { base, requests } = await serve(resetOnReuse, 60_000);
    const f = agent();
    expect(await send(f, `${base}/g`)).toBe('{"ok":true}');
    expect(await send(f, `${base}/g`)).toBe('{"ok":true}');
    expect(requests).toEqual(['GET /g #1', 'GET /g #1', 'GET /g #2']);
    requests.length = 0;
    await send(f, `${base}/warm`, 'GET');
    expect(await send(f, `${base}/currencies/v2`, 'POST', true)).toBe('{"ok":true}');
    expect(requests.filter((r) => r.startsWith('POST'))).toHaveLength(2);
    requests.length = 0;
    await send(f, `${base}/warm`, 'GET');
    const write = await send(f, `${base}/w`, 'POST', false).catch((e: unknown) => e);
    expect(write).toBeInstanceOf(TypeError);
    expect(((write as Error).cause as { code?: string }).code).toBe('ECONNRESET');
    expect(requests.filter((r) => r.startsWith('POST'))).toHaveLength(1);
  });

  it('a reset on a fresh socket is resent too, once: a server that always resets sees the read twice and the caller gets the cause', async () => {
    let first = true;
    const { base, requests } = await serve((req, res, socket) => {
      if (req.url === '/always' || first) {
        first = false;
        return void socket.destroy();
      }
      ok(res);
    }, 60_000);
    const f = agent();
    expect(await send(f, `${base}/once`)).toBe('{"ok":true}');
    expect(requests).toHaveLength(2);
    requests.length = 0;
    const failed = await send(f, `${base}/always`).catch((e: unknown) => e);
    expect((failed as Error).message).toBe('fetch failed');
    expect(String(((failed as Error).cause as Error).message)).toMatch(/socket hang up|ECONNRESET/);
    expect(requests).toHaveLength(2);
  });

  it('through FetchHttpClient: POST /currencies/v2 is a read (resent), a POST elsewhere is not, and the failure names its cause', async () => {
    expect(isRead({ method: 'POST', path: '/currencies/v2' })).toBe(true);
    expect(isRead({ method: 'GET', path: '/requests/v3?limit=1' })).toBe(true);
    expect(isRead({ method: 'POST', path: '/requests/v3' })).toBe(false);
    const { base, requests } = await serve(resetOnReuse, 60_000);
    const client = new FetchHttpClient({ baseUrl: base, fetch: agent(), timeoutMs: 2000, maxRequests: 20 });
    await client.send({ method: 'GET', path: '/warm' });
    const currencies = await client.send({ method: 'POST', path: '/currencies/v2', body: {} });
    expect(currencies.response?.status).toBe(200);
    expect(requests.filter((r) => r.startsWith('POST /currencies/v2'))).toHaveLength(2);
    await client.send({ method: 'GET', path: '/warm' });
    const write = await client.send({ method: 'POST', path: '/elsewhere', body: {} }).catch((e: unknown) => e);
    expect(write).toBeInstanceOf(TargetUnreachableError);
    expect((write as TargetUnreachableError).reason).toBe('network');
    expect((write as Error).message).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/elsewhere failed: fetch failed: ECONNRESET: socket hang up/);
    expect(requests.filter((r) => r.startsWith('POST /elsewhere'))).toHaveLength(1);
  });
});
