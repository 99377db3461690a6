/**
 * The proxy's HTTP/1.1 framing at the connection level (passive/proxy.ts): what node:http did for
 * it before, now done by the proxy itself: pipelined requests answered in order, chunked request
 * bodies re-chunked upstream, chunked and close-delimited answers re-framed, HTTP/1.0 and
 * `Connection: close` clients, Expect: 100-continue, unreadable request bytes, an upstream that
 * breaks off mid-answer, and idle upstream connections reused by the next client.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type RunningProxy } from '../../src/passive/proxy.js';

let upstream: Server;
let upstreamUrl: string;
let upstreamConnections = 0;
const bodies: string[] = [];

beforeAll(async () => {
  upstream = createHttpServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      if (req.method === 'POST') bodies.push(`${req.headers['transfer-encoding'] ?? 'sized'}:${body}`);
      if (req.url === '/chunked-json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"message":');
        setTimeout(() => res.end('"chunked"}'), 10);
      } else if (req.url === '/chunked-text') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('one ');
        setTimeout(() => res.end('two'), 10);
      } else {
        const out = JSON.stringify({ message: `${req.method} ${req.url} ${body}` });
        res.writeHead(404, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out), 'X-Case-Kept': 'yes' });
        res.end(out);
      }
    });
  });
  upstream.on('connection', () => (upstreamConnections += 1));
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => upstream.close(() => r())));

/** Writes raw bytes to the proxy and reads until the connection closes or `until` matches what came back. */
function rawExchange(proxy: RunningProxy, bytes: string | string[], until?: RegExp, gapMs = 20): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(new URL(proxy.url).port), '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(text);
    }, 3_000);
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      if (until?.test(text)) {
        clearTimeout(timer);
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('end', () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on('error', reject);
    const parts = Array.isArray(bytes) ? bytes : [bytes];
    parts.forEach((p, i) => setTimeout(() => socket.write(p), i * gapMs));
  });
}

describe('proxy framing', () => {
  it('answers pipelined requests in order, keeping header case and the upstream reason phrase', async () => {
    const proxy = await startProxy({ upstream: upstreamUrl });
    try {
      const text = await rawExchange(proxy, 'GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\nGET /c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      const answers = text.split(/(?=HTTP\/1\.1 )/);
      expect(answers).toHaveLength(3);
      expect(answers.map((a) => /"message":"GET \/(\w)/.exec(a)?.[1])).toEqual(['a', 'b', 'c']);
      expect(answers[0]).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
      expect(answers[0]).toContain('X-Case-Kept: yes');
      expect(answers[2]).toMatch(/connection: close/i);
      expect(proxy.auditor.result({ startedAt: new Date(), target: upstreamUrl, config: {}, replay: '' }).requests).toBe(3);
    } finally {
      await proxy.close();
    }
  });

  it('re-chunks a chunked request body upstream and forwards a sized one as it is', async () => {
    const proxy = await startProxy({ upstream: upstreamUrl });
    try {
      bodies.length = 0;
      const chunked = await rawExchange(proxy, ['POST /p HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n5\r\n{"a":\r\n', '2\r\n1}\r\n0\r\n\r\n'], /\}$/);
      expect(chunked).toContain('"message":"POST /p {\\"a\\":1}"');
      const sized = await rawExchange(proxy, 'POST /q HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nok', /\}$/);
      expect(sized).toContain('"message":"POST /q ok"');
      expect(bodies).toEqual(['chunked:{"a":1}', 'sized:ok']);
    } finally {
      await proxy.close();
    }
  });

  it('holds a chunked JSON answer and sends it sized; streams a chunked text answer re-chunked', async () => {
    const proxy = await startProxy({ upstream: upstreamUrl });
    try {
      const json = await rawExchange(proxy, 'GET /chunked-json HTTP/1.1\r\nHost: x\r\n\r\n', /\}$/);
      expect(json).toMatch(/content-length: 21\r\n/i);
      expect(json).not.toMatch(/transfer-encoding/i);
      expect(json.endsWith('{"message":"chunked"}')).toBe(true);
      const text = await rawExchange(proxy, 'GET /chunked-text HTTP/1.1\r\nHost: x\r\n\r\n', /0\r\n\r\n$/);
      expect(text).toMatch(/transfer-encoding: chunked\r\n/i);
      expect(text).toContain('4\r\none \r\n3\r\ntwo\r\n0\r\n\r\n');
    } finally {
      await proxy.close();
    }
  });

  it('closes after an HTTP/1.0 answer, answers Expect: 100-continue, refuses unreadable bytes with a 400', async () => {
    const proxy = await startProxy({ upstream: upstreamUrl });
    try {
      const old = await rawExchange(proxy, 'GET /old HTTP/1.0\r\n\r\n');
      expect(old).toMatch(/^HTTP\/1\.1 404 Not Found\r\n[\s\S]*connection: close\r\n/i);
      const cont = await rawExchange(proxy, ['POST /c HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n', 'abc'], /\}$/, 100);
      expect(cont).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 404/);
      expect(cont).toContain('"message":"POST /c abc"');
      const junk = await rawExchange(proxy, 'NOT HTTP AT ALL\r\n\r\n');
      expect(junk).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(junk).toContain('could not be read as HTTP/1.1');
    } finally {
      await proxy.close();
    }
  });

  it('an upstream that breaks off before answering: a 502 problem, recorded as an exchange without a response', async () => {
    const broken: NetServer = createNetServer((s) => s.once('data', () => s.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"partial"')));
    await new Promise<void>((r) => broken.listen(0, '127.0.0.1', () => r()));
    const proxy = await startProxy({ upstream: `http://127.0.0.1:${(broken.address() as AddressInfo).port}` });
    try {
      const text = await rawExchange(proxy, 'GET /requests/v3 HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(text).toMatch(/^HTTP\/1\.1 502 Bad Gateway\r\n/);
      expect(text).toContain('did not answer');
      const result = proxy.auditor.result({ startedAt: new Date(), target: 'x', config: {}, replay: '' });
      expect(result.requests).toBe(1);
    } finally {
      await proxy.close();
      await new Promise<void>((r) => broken.close(() => r()));
    }
  });

  it('sends an idempotent request again, once, when the idle connection it went out on was closed by the server; a POST gets its 502', async () => {
    // An upstream whose keep-alive always loses the race: each connection answers one request and
    // resets on the next, the way a server's keep-alive timeout meets a request already on its way.
    let conns = 0;
    const racing: NetServer = createNetServer((s) => {
      conns += 1;
      let answered = false;
      s.on('error', () => undefined);
      s.on('data', () => {
        if (answered) return void s.resetAndDestroy();
        answered = true;
        const body = `{"n":${conns}}`;
        s.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      });
    });
    await new Promise<void>((r) => racing.listen(0, '127.0.0.1', () => r()));
    const proxy = await startProxy({ upstream: `http://127.0.0.1:${(racing.address() as AddressInfo).port}` });
    try {
      // A pooled connection handed to the next client connection.
      expect(await rawExchange(proxy, 'GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\{"n":1\}$/);
      expect(await rawExchange(proxy, 'GET /b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\{"n":2\}$/);
      // The client's own connection, idle between two requests.
      const two = await rawExchange(proxy, ['GET /c HTTP/1.1\r\nHost: x\r\n\r\n', 'GET /d HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'], undefined, 100);
      expect(two.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
      expect(two).toMatch(/\{"n":3\}[\s\S]*\{"n":4\}$/);
      // Not idempotent: never sent twice, the client hears the upstream failed.
      const before = conns;
      const post = await rawExchange(proxy, 'POST /currencies/v2 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}');
      expect(post).toMatch(/^HTTP\/1\.1 502 Bad Gateway\r\n/);
      expect(conns).toBe(before);
      // Each exchange is recorded once, the ones sent twice included.
      const result = proxy.auditor.result({ startedAt: new Date(), target: 'x', config: {}, replay: '' });
      expect(result.requests).toBe(5);
    } finally {
      await proxy.close();
      await new Promise<void>((r) => racing.close(() => r()));
    }
  });

  it('hands an idle upstream connection to the next client connection', async () => {
    const proxy = await startProxy({ upstream: upstreamUrl });
    try {
      const before = upstreamConnections;
      for (let i = 0; i < 5; i++) await rawExchange(proxy, `GET /seq${i} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(upstreamConnections - before).toBe(1);
    } finally {
      await proxy.close();
    }
  });
});
