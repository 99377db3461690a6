/**
 * The validating proxy's transport (passive/proxy.ts) against a small scripted upstream: bytes and
 * headers forwarded unchanged (gzip passed through, judged on a decoded copy), the violations
 * header, --errors as a 502 problem, origin-form targets only, keys kept to the upstream, and the
 * `proxy` command's first line, --duration and usage errors.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import type { PassiveRule } from '../../src/oracles/index.js';
import { decodeCopy, startProxy, violationsHeader } from '../../src/passive/proxy.js';

const KEY = 'SECRET-key-1234567';
const currencies = (n: number) => Array.from({ length: n }, (_, i) => ({ chainId: 1, address: `0x${i.toString(16).padStart(40, '0')}`, symbol: `T${i}`, name: `Token ${i}`, decimals: 18, vmType: 'evm', metadata: { verified: true, logoURI: 'https://example.com/t.png', isNative: false } }));
let upstream: Server;
let upstreamUrl: string;
const seenByUpstream: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seenByUpstream.push(req.headers);
    req.resume();
    req.on('end', () => {
      if (req.url === '/currencies/v2') {
        const body = gzipSync(JSON.stringify(currencies(25)));
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': body.length, 'x-upstream': 'yes' });
        res.end(body);
      } else if (req.url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('a');
        setTimeout(() => res.end('b'), 20);
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(`{"message":"no route ${req.headers['x-api-key'] ?? ''}","errorCode":"NOT_FOUND"}`);
      }
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => upstream.close(() => r())));

/** A raw request through node:http (no decompression), so the forwarded bytes can be compared. */
function raw(url: string, path: string, method = 'GET', body?: string): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers: { 'x-api-key': KEY, ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('validating proxy', () => {
  it('passes gzip bytes and headers through unchanged and adds the violations header from a decoded copy', async () => {
    const proxy = await startProxy({ upstream: upstreamUrl });
    try {
      const direct = await raw(upstreamUrl, '/currencies/v2', 'POST', '{}');
      const via = await raw(proxy.url, '/currencies/v2', 'POST', '{}');
      expect(via.status).toBe(200);
      expect(via.bytes.equals(direct.bytes)).toBe(true);
      expect(via.headers['content-encoding']).toBe('gzip');
      expect(via.headers['x-upstream']).toBe('yes');
      const violations = JSON.parse(via.headers['x-conformance-violations'] as string) as Array<{ check: string; message: string }>;
      expect(violations.map((v) => v.check)).toContain('currencies-v2.limit.default');
      expect(violations.find((v) => v.check === 'currencies-v2.limit.default')!.message).toMatch(/25 currencies without limit/);
      // The reproduction goes to the upstream, not through the proxy: no Host of the proxy, the key redacted.
      const result = proxy.auditor.result({ startedAt: new Date(), target: upstreamUrl, config: { command: 'proxy' }, replay: 'x' });
      const curl = result.outcomes.find((o) => o.id === 'currencies-v2.limit.default')!.violation!.curl!;
      expect(curl).toContain(`'${upstreamUrl}/currencies/v2'`);
      expect(curl).not.toContain(new URL(proxy.url).host);
      expect(curl).not.toMatch(/-H 'host:|SECRET-key/i);
      // One exchange seen, judged by several currencies-v2 checks (and the general ones): each family counts it once.
      expect(result.passive).toEqual({ command: 'proxy', exchangesByFamily: { 'currencies-v2': 1, general: 1 } });
      expect(result.outcomes.filter((o) => o.family === 'currencies-v2').reduce((n, o) => n + o.requests, 0)).toBeGreaterThan(1);
    } finally {
      await proxy.close();
    }
  });

  it('--errors answers a violating response with a 502 problem; a response without violation passes', async () => {
    const proxy = await startProxy({ upstream: upstreamUrl, errors: true });
    try {
      const bad = await raw(proxy.url, '/currencies/v2', 'POST', '{}');
      expect(bad.status).toBe(502);
      expect(bad.headers['content-type']).toBe('application/problem+json');
      const body = JSON.parse(bad.bytes.toString()) as { status: number; upstreamStatus: number; violations: Array<{ check: string }> };
      expect(body).toMatchObject({ status: 502, upstreamStatus: 200 });
      expect(body.violations.map((v) => v.check)).toContain('currencies-v2.limit.default');
      const fine = await raw(proxy.url, '/currencies/v2', 'POST', '{"limit": 30}');
      expect(fine.status, fine.bytes.toString()).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  it('streams non-JSON bodies as they come, refuses absolute-form targets and keeps the key out of what it shows', async () => {
    const log: string[] = [];
    const proxy = await startProxy({ upstream: upstreamUrl, log: (l) => log.push(l) });
    try {
      const s = await raw(proxy.url, '/stream');
      expect(s.bytes.toString()).toBe('ab');
      const absolute = await new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: new URL(proxy.url).port, path: 'http://elsewhere.invalid/requests/v3', headers: { 'x-api-key': KEY } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(absolute).toBe(400);
      const head = await raw(proxy.url, '/currencies/v2', 'HEAD');
      expect(head.headers['content-length']).toBe(String((await raw(upstreamUrl, '/currencies/v2', 'HEAD')).headers['content-length']));
      const echo = await raw(proxy.url, '/nope');
      expect(echo.status).toBe(404);
      expect(seenByUpstream.every((h) => h.host === new URL(upstreamUrl).host)).toBe(true);
      const result = proxy.auditor.result({ startedAt: new Date(), target: upstreamUrl, config: {}, replay: '' });
      expect(JSON.stringify(result)).not.toContain(KEY);
      expect(log.join('\n')).not.toContain(KEY);
    } finally {
      await proxy.close();
    }
  });

  it('a catalogued divergence is named in the violations header and the log line; a request with a body still reaches the upstream whole', async () => {
    const lines: string[] = [];
    const rules: PassiveRule[] = [{ id: 'currencies-v2.response.schema', applies: (s) => s.exchange.operation === 'POST /currencies/v2', judge: () => ({ message: 'nullable', expected: 'a string', received: 'null', divergence: 'divergence.nullable-fields' }) }];
    const auditor = new PassiveAuditor({ rules });
    const proxy = await startProxy({ upstream: upstreamUrl, auditor, log: (l) => lines.push(l) });
    try {
      const via = await raw(proxy.url, '/currencies/v2', 'POST', '{"limit":1}');
      expect(JSON.parse(via.headers['x-conformance-violations'] as string)).toEqual([{ check: 'currencies-v2.response.schema', message: 'nullable: expected a string; received null', divergence: 'divergence.nullable-fields' }]);
      expect(lines).toEqual(['violation currencies-v2.response.schema [divergence.nullable-fields]: nullable: expected a string; received null (POST /currencies/v2)']);
      // The document wins: a divergence fails, labelled.
      const result = auditor.result({ startedAt: new Date(), target: upstreamUrl, config: { command: 'proxy' }, replay: 'x' });
      expect(result.outcomes[0]).toMatchObject({ status: 'fail', violation: { divergence: 'divergence.nullable-fields' } });
      expect(result.outcomes[0]!.violation!.request!.body).toBe('{"limit":1}');
      expect(result.exitCode).toBe(1);
    } finally {
      await proxy.close();
    }
    // --errors blocks it; with --accept-divergences it passes through, labelled, and ends known.
    const blocking = await startProxy({ upstream: upstreamUrl, errors: true, auditor: new PassiveAuditor({ rules }) });
    try {
      expect((await raw(blocking.url, '/currencies/v2', 'POST', '{"limit":1}')).status).toBe(502);
    } finally {
      await blocking.close();
    }
    const accepting = new PassiveAuditor({ rules, acceptDivergences: true });
    const strict = await startProxy({ upstream: upstreamUrl, errors: true, auditor: accepting });
    try {
      const via = await raw(strict.url, '/currencies/v2', 'POST', '{"limit":1}');
      expect(via.status).toBe(200);
      expect(via.headers['x-conformance-violations']).toContain('divergence.nullable-fields');
      const result = accepting.result({ startedAt: new Date(), target: upstreamUrl, config: { command: 'proxy' }, replay: 'x' });
      expect(result.outcomes[0]).toMatchObject({ status: 'known', violation: { divergence: 'divergence.nullable-fields' } });
      expect(result.exitCode).toBe(0);
    } finally {
      await strict.close();
    }
  });

  it('keeps the violations header ASCII and bounded; decodes copies within a bound', () => {
    const header = violationsHeader(Array.from({ length: 500 }, (_, i) => ({ check: `c${i}`, message: 'range [−∞, +∞] … é' })));
    expect(header.length).toBeLessThanOrEqual(6 * 1024);
    expect(/^[\x20-\x7e]*$/.test(header)).toBe(true);
    expect((JSON.parse(header) as unknown[]).length).toBeGreaterThan(10);
    expect(decodeCopy(gzipSync('x'.repeat(1000)), 'gzip', 10_000)).toBe('x'.repeat(1000));
    expect(decodeCopy(gzipSync('x'.repeat(1000)), 'gzip', 100)).toBeUndefined();
    expect(decodeCopy(Buffer.from('not gzip'), 'gzip', 100)).toBeUndefined();
  });
});

describe('crosschain-conformance proxy', () => {
  const io = (env: Record<string, string> = {}) => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), env, cwd: process.cwd(), color: false } };
  };

  it('prints `listening on` first, forwards, and reports over everything seen after --duration', async () => {
    const t = io();
    const running = main(['proxy', '--upstream', upstreamUrl, '--port', '0', '--duration', '1.5'], t.io);
    for (let i = 0; i < 50 && t.out.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const first = t.out[0] ?? '';
    expect(first).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\n$/);
    const url = first.trim().slice('listening on '.length);
    await raw(url, '/currencies/v2', 'POST', '{}');
    expect(await running).toBe(1);
    expect(t.err.join('')).toMatch(/^violation currencies-v2\.limit\.default: /m);
    expect(t.out.slice(1).join('')).toContain('currencies-v2.limit.default');
  });

  it('usage errors: one line, exit 2', async () => {
    for (const [argv, pattern] of [
      [[], /--upstream is required/],
      [['--upstream', 'ftp://x'], /must use http or https/],
      [['--upstream', 'nope'], /is not an absolute URL/],
      [['--upstream', upstreamUrl, '--port', 'x'], /--port "x" is not a port/],
      [['--upstream', upstreamUrl, '--duration', '0'], /--duration "0" is not a positive number/],
      [['--upstream', upstreamUrl, '--bogus'], /^error: unknown option '--bogus'\. Run crosschain-conformance proxy --help for the options\./],
    ] as Array<[string[], RegExp]>) {
      const t = io();
      expect(await main(['proxy', ...argv], t.io)).toBe(2);
      expect(t.err.join('')).toMatch(pattern);
      expect(t.err.join('').trim().split('\n')).toHaveLength(1);
    }
  });
});
