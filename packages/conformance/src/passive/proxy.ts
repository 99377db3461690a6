/**
 * The validating proxy: forwards every request to the upstream origin and every response back
 * unchanged (status, headers, bytes; keep-alive on both sides; compression passed through), and
 * judges a decoded COPY of each exchange with the passive oracles (auditor.ts). A JSON response up
 * to `maxBodyBytes` is held until judged, so that it can carry the `x-conformance-violations` header
 * (or, with `errors`, be replaced by a 502 problem); any other response streams through as it comes
 * and is judged on its headers only (so are HEAD, 204 and 304 answers, which have no body).
 * Violations never block unless `errors` is set.
 *
 * The API key is forwarded only to the upstream origin: the proxy takes the path and query of each
 * request and never follows an absolute-form URL. It is never kept nor printed (observed.ts).
 */
import { Agent as HttpAgent, createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { PassiveAuditor, type Finding } from './auditor.js';
import type { ObservedExchange } from './observed.js';

export const VIOLATIONS_HEADER = 'x-conformance-violations';
/** Default bound of a response body held for checking (larger ones stream through unjudged). */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Bound of a request body copy kept for checking (POST /currencies/v2 bodies are small). */
const MAX_REQUEST_COPY = 64 * 1024;
/** Bound of the violations header. */
const MAX_HEADER_CHARS = 6 * 1024;
const UPSTREAM_TIMEOUT_MS = 30_000;

/** Request headers that are hop-by-hop (RFC 9110 §7.6.1) and not forwarded. */
const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade', 'transfer-encoding', 'host']);

export interface ProxyOptions {
  /** The upstream base URL (http or https). */
  upstream: string;
  /** Port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  /** Answer a violating response with a 502 problem instead of passing it through. */
  errors?: boolean;
  maxBodyBytes?: number;
  auditor?: PassiveAuditor;
  /** One line per violation (never a key). */
  log?: (line: string) => void;
}

export interface RunningProxy {
  url: string;
  auditor: PassiveAuditor;
  close(): Promise<void>;
}

/** The value of the violations header: JSON, ASCII only, bounded. */
export function violationsHeader(findings: readonly Finding[]): string {
  const list: Finding[] = [];
  let text = '[]';
  for (const f of findings) {
    const next = JSON.stringify([...list, f]).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (next.length > MAX_HEADER_CHARS) break;
    list.push(f);
    text = next;
  }
  return text;
}

/** The decoded copy of a body (gzip, deflate, br); undefined when it cannot be decoded within the bound. */
export function decodeCopy(bytes: Buffer, encoding: string | undefined, max: number): string | undefined {
  const enc = (encoding ?? '').trim().toLowerCase();
  try {
    if (enc === '' || enc === 'identity') return bytes.toString('utf8');
    if (enc === 'gzip' || enc === 'x-gzip') return gunzipSync(bytes, { maxOutputLength: max }).toString('utf8');
    if (enc === 'deflate') return inflateSync(bytes, { maxOutputLength: max }).toString('utf8');
    if (enc === 'br') return brotliDecompressSync(bytes, { maxOutputLength: max }).toString('utf8');
  } catch {
    return undefined;
  }
  return undefined;
}

function flatHeaders(h: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** The headers sent upstream as one string each, without `host` (a reproduction names the upstream URL itself). */
function sentHeaders(h: Record<string, string | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (k !== 'host') out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** Whether a request has a body to forward (RFC 9112 §6.3: a length above 0, or a transfer coding). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Raw response headers without the hop-by-hop ones (and without a length the proxy re-frames). */
function forwardedRaw(raw: readonly string[], drop: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (!drop.has(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!);
  return out;
}

const RESPONSE_DROP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'trailer', 'upgrade']);
const BUFFERED_DROP: ReadonlySet<string> = new Set([...RESPONSE_DROP, 'content-length']);

function problem(res: ServerResponse, status: number, title: string, detail: string, extra: Record<string, unknown> = {}): void {
  const body = JSON.stringify({ type: 'about:blank', title, status, detail, ...extra });
  res.writeHead(status, { 'content-type': 'application/problem+json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Starts the proxy on 127.0.0.1. */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const secure = upstream.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const agent = secure ? new HttpsAgent({ keepAlive: true, maxSockets: 256 }) : new HttpAgent({ keepAlive: true, maxSockets: 256 });
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const upstreamHost = upstream.hostname.replace(/^\[(.*)\]$/, '$1');
  const auditor = options.auditor ?? new PassiveAuditor();
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log ?? (() => undefined);

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const path = req.url ?? '/';
    if (!path.startsWith('/')) {
      problem(res, 400, 'Bad request target', `the proxy forwards only origin-form targets to ${upstream.origin}, got ${JSON.stringify(path.slice(0, 80))}; send the path, e.g. GET /requests/v3`);
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
    headers.host = upstream.host;
    const url = `${upstream.origin}${basePath}${path}`;
    const requestCopy: Buffer[] = [];
    let requestCopySize = 0;
    const observed = (status: number, responseHeaders: Record<string, string>, bodyText: string | undefined): ObservedExchange => ({
      method: req.method ?? 'GET',
      url,
      // What went upstream (the report's request and its curl), not the client's Host of the proxy.
      requestHeaders: sentHeaders(headers),
      ...(requestCopySize > 0 && requestCopySize <= MAX_REQUEST_COPY ? { requestBody: Buffer.concat(requestCopy).toString('utf8') } : {}),
      status,
      responseHeaders,
      ...(bodyText !== undefined ? { bodyText } : {}),
      durationMs: performance.now() - started,
    });
    const judge = (o: ObservedExchange): Finding[] => {
      const findings = auditor.observe(o);
      for (const f of findings) log(`violation ${f.check}${f.divergence ? ` [${f.divergence}]` : ''}: ${f.message} (${o.method} ${path.split('?')[0]})`);
      return findings;
    };

    // Options, not a URL string: no URL parse per request (hot path).
    const up = send({ protocol: upstream.protocol, hostname: upstreamHost, port: upstream.port || undefined, path: basePath + path, method: req.method, headers, agent, timeout: UPSTREAM_TIMEOUT_MS }, (upRes) => {
      const status = upRes.statusCode ?? 502;
      const resHeaders = flatHeaders(upRes.headers);
      const type = resHeaders['content-type'] ?? '';
      const declared = Number(resHeaders['content-length'] ?? NaN);
      const hold = req.method !== 'HEAD' && status !== 204 && status !== 304 && /json/i.test(type) && !(declared > maxBody);
      if (!hold) {
        res.writeHead(status, upRes.statusMessage, forwardedRaw(upRes.rawHeaders, RESPONSE_DROP));
        upRes.pipe(res);
        upRes.on('end', () => judge(observed(status, resHeaders, undefined)));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let streaming = false;
      upRes.on('data', (chunk: Buffer) => {
        if (streaming) return void res.write(chunk);
        chunks.push(chunk);
        size += chunk.length;
        if (size > maxBody) {
          streaming = true;
          res.writeHead(status, upRes.statusMessage, forwardedRaw(upRes.rawHeaders, RESPONSE_DROP));
          for (const c of chunks.splice(0)) res.write(c);
        }
      });
      upRes.on('end', () => {
        if (streaming) {
          res.end();
          judge(observed(status, resHeaders, undefined));
          return;
        }
        const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
        const findings = judge(observed(status, resHeaders, decodeCopy(bytes, resHeaders['content-encoding'], maxBody)));
        // A catalogued divergence of the live service is labelled, never blocked: --errors stops at new violations only.
        if (options.errors && findings.some((f) => f.divergence === undefined)) {
          problem(res, 502, 'The upstream response violates the contract', `${findings.length} violation(s); see violations`, { upstreamStatus: status, violations: findings });
          return;
        }
        const raw = forwardedRaw(upRes.rawHeaders, BUFFERED_DROP);
        raw.push('content-length', String(bytes.length));
        if (findings.length > 0) raw.push(VIOLATIONS_HEADER, violationsHeader(findings));
        res.writeHead(status, upRes.statusMessage, raw);
        res.end(bytes);
      });
      upRes.on('error', () => res.destroy());
    });
    up.on('timeout', () => up.destroy(new Error(`no answer within ${UPSTREAM_TIMEOUT_MS} ms`)));
    up.on('error', (err) => {
      auditor.observe(observed(0, {}, undefined));
      if (res.headersSent) return void res.destroy();
      problem(res, 502, 'Upstream unreachable', `${upstream.origin} did not answer: ${err.message}`);
    });
    res.on('close', () => {
      if (!res.writableFinished) up.destroy();
    });
    if (!hasBody(req)) {
      // No request body (GET, HEAD, most polling): end the upstream request at once, no stream pipe.
      req.resume();
      up.end();
      return;
    }
    req.on('data', (chunk: Buffer) => {
      requestCopySize += chunk.length;
      if (requestCopySize <= MAX_REQUEST_COPY) requestCopy.push(chunk);
    });
    req.pipe(up);
  };

  const server: Server = createServer({ keepAliveTimeout: 5_000 }, handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    auditor,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
