/**
 * The validating proxy: forwards every request to the upstream origin and every response back
 * unchanged (status, headers, bytes; keep-alive on both sides; compression passed through), and
 * judges a decoded COPY of each exchange with the passive oracles (auditor.ts). A JSON response up
 * to `maxBodyBytes` is held until judged, so that it can carry the `x-conformance-violations` header
 * (or, with `errors`, be replaced by a 502 problem); any other response streams through as it comes
 * and is judged on its headers only (so are HEAD, 204 and 304 answers, which have no body).
 * Violations never block unless `errors` is set.
 *
 * It works at the connection level (Speed): each client connection is paired with an
 * upstream connection (idle ones are kept for the next client), and both byte streams are framed
 * by an HTTP/1.1 parser (http-parser-js) instead of node:http's server, client and agent, whose
 * per-exchange machinery cost more than the judging (measured on the 2-core bench machine: about
 * 125 µs of CPU an exchange for a bare node:http forwarder, 36 µs for a socket pipe). Answers go
 * back in request order (pipelining keeps working); a request's head is rebuilt with the
 * upstream's Host and base path and without hop-by-hop headers; bodies pass as they come
 * (re-chunked where the framing changes).
 *
 * The API key is forwarded only to the upstream origin: the proxy takes the path and query of each
 * request and never follows an absolute-form URL. It is never kept nor printed (observed.ts).
 */
import { STATUS_CODES } from 'node:http';
import { createServer, connect as netConnect, isIP, type AddressInfo, type Server, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { HTTPParser } from 'http-parser-js';
import { PassiveAuditor, type Finding } from '../oracles/auditor.js';
import type { ObservedExchange } from '../oracles/observed.js';

export const VIOLATIONS_HEADER = 'x-conformance-violations';
/** Default bound of a response body held for checking (larger ones stream through unjudged). */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Bound of a request body copy kept for checking (POST /currencies/v2 bodies are small). */
const MAX_REQUEST_COPY = 64 * 1024;
/** Bound of the violations header. */
const MAX_HEADER_CHARS = 6 * 1024;
const UPSTREAM_TIMEOUT_MS = 30_000;

/** A client connection with no request in flight is closed after this long (as node:http's keepAliveTimeout). */
const CLIENT_IDLE_MS = 5_000;
/** Requests a client may pipeline ahead of their answers before the proxy stops reading it. */
const MAX_PIPELINED = 64;
/** Idle upstream connections kept for the next client connection. */
const MAX_IDLE_UPSTREAM = 64;
/**
 * Methods whose request is sent again, once, when a connection that had been idle closes before
 * any byte of its answer (RFC 9110 §9.2.2; what node:http's agent and undici do): the server
 * closed it as the request went out, so the request never reached it.
 */
const IDEMPOTENT: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);

/**
 * Request headers that are hop-by-hop (RFC 9110 §7.6.1) and not forwarded; `expect` is answered by
 * the proxy itself (a 100 Continue when nothing is in flight) and framing is re-done.
 */
const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade', 'transfer-encoding', 'host', 'expect']);
/** Response headers not forwarded (hop-by-hop; framing is re-done by the proxy). */
const RESPONSE_DROP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'trailer', 'upgrade']);
const BUFFERED_DROP: ReadonlySet<string> = new Set([...RESPONSE_DROP, 'content-length']);

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

// Header values as bytes (node:http reads them as latin1 too); the library's default, ascii, would clear the high bit.
HTTPParser.encoding = 'latin1';

/** What the parser reports of a head, in either of the library's two calling conventions. */
interface Head {
  headers: string[];
  method: number;
  url: string;
  statusCode: number;
  statusMessage: string;
  versionMajor: number;
  versionMinor: number;
  shouldKeepAlive: boolean;
}
function headOf(args: unknown[]): Head {
  if (typeof args[0] === 'object' && args[0] !== null) return args[0] as Head;
  const [versionMajor, versionMinor, headers, method, url, statusCode, statusMessage, , shouldKeepAlive] = args as [number, number, string[], number, string, number, string, boolean, boolean];
  return { versionMajor, versionMinor, headers, method, url, statusCode, statusMessage, shouldKeepAlive };
}

/** A request of one client connection, from its head to its answer. */
interface Pending {
  method: string;
  /** Path and query as the client sent them. */
  path: string;
  /** The headers sent upstream, lower-cased, without `host` (a reproduction names the upstream URL itself). */
  headers: Record<string, string>;
  copy: Buffer[];
  copySize: number;
  started: number;
  /** Whether the client connection ends after this answer (Connection: close, HTTP/1.0, a refused request). */
  close: boolean;
  /** An answer the proxy gives itself (the request is not forwarded); written when its turn comes. */
  local?: Buffer;
}

/** The upstream's answer being relayed. */
interface Relay {
  status: number;
  reason: string;
  raw: string[];
  headers: Record<string, string>;
  interim: boolean;
  /** Headers already written to the client (streaming). */
  streaming: boolean;
  /** The client gets the body chunked (the proxy re-frames it). */
  chunkedOut: boolean;
  chunks: Buffer[];
  size: number;
}

function problemBytes(status: number, title: string, detail: string, close: boolean, extra: Record<string, unknown> = {}): Buffer {
  const body = JSON.stringify({ type: 'about:blank', title, status, detail, ...extra });
  return Buffer.from(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${close ? 'connection: close\r\n' : ''}\r\n${body}`, 'utf8');
}

/** A response head from the upstream's raw header list, without the dropped names, plus `extra` lines. */
function responseHead(status: number, reason: string, raw: readonly string[], drop: ReadonlySet<string>, extra: string): Buffer {
  return Buffer.from(responseHeadText(status, reason, raw, drop, extra), 'latin1');
}
/** {@link responseHead} as text (latin1: one character a byte, as the parser read it). */
function responseHeadText(status: number, reason: string, raw: readonly string[], drop: ReadonlySet<string>, extra: string): string {
  let head = `HTTP/1.1 ${status} ${reason}\r\n`;
  for (let i = 0; i + 1 < raw.length; i += 2) if (!drop.has(raw[i]!.toLowerCase())) head += `${raw[i]}: ${raw[i + 1]}\r\n`;
  return `${head}${extra}\r\n`;
}

function lowerFlat(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const k = raw[i]!.toLowerCase();
    out[k] = out[k] === undefined ? raw[i + 1]! : `${out[k]}, ${raw[i + 1]}`;
  }
  return out;
}

/** Feeds a parser the whole chunk (it stops after a head it treats as an upgrade); the error, if any. */
function feed(parser: InstanceType<typeof HTTPParser>, chunk: Buffer): Error | undefined {
  let offset = 0;
  while (offset < chunk.length) {
    const n = parser.execute(chunk, offset, chunk.length - offset);
    if (n instanceof Error) return n;
    if (n <= 0) break;
    offset += n;
  }
  return undefined;
}

/** Starts the proxy on 127.0.0.1. */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const secure = upstream.protocol === 'https:';
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const upstreamHost = upstream.hostname.replace(/^\[(.*)\]$/, '$1');
  const upstreamPort = Number(upstream.port || (secure ? 443 : 80));
  const auditor = options.auditor ?? new PassiveAuditor();
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log ?? (() => undefined);
  const clients = new Set<Socket>();
  const idle: Socket[] = [];

  const dial = (): Socket => {
    const socket = secure
      ? tlsConnect({ host: upstreamHost, port: upstreamPort, ...(isIP(upstreamHost) === 0 ? { servername: upstreamHost } : {}), ALPNProtocols: ['http/1.1'] })
      : netConnect({ host: upstreamHost, port: upstreamPort });
    socket.setNoDelay(true);
    return socket;
  };
  /** An upstream connection for a client connection: an idle one if any (`reused`), else a new one. */
  const acquire = (fresh: boolean): { socket: Socket; reused: boolean } => {
    while (!fresh && idle.length > 0) {
      const socket = idle.pop()!;
      socket.removeAllListeners();
      socket.setTimeout(0);
      if (!socket.destroyed && socket.readable && socket.writable) return { socket, reused: true };
      socket.destroy();
    }
    return { socket: dial(), reused: false };
  };
  /** Keeps a clean upstream connection (no request in flight, nothing half-read) for the next client. */
  const release = (socket: Socket): void => {
    socket.removeAllListeners();
    if (idle.length >= MAX_IDLE_UPSTREAM || socket.destroyed || !socket.readable || !socket.writable) return void socket.destroy();
    const drop = (): void => {
      const i = idle.indexOf(socket);
      if (i >= 0) idle.splice(i, 1);
      socket.destroy();
    };
    socket.on('error', drop).on('close', drop).on('end', drop).on('data', drop).on('timeout', drop);
    socket.setTimeout(CLIENT_IDLE_MS - 1_000);
    idle.push(socket);
  };

  const onConnection = (client: Socket): void => {
    client.setNoDelay(true);
    clients.add(client);
    const queue: Pending[] = [];
    let up: Socket | undefined;
    let relay: Relay | undefined;
    let current: Pending | undefined;
    let chunkedIn = false;
    let clientEnded = false;
    let done = false;
    /**
     * What was written upstream since the connection was last idle, kept until the first byte of an
     * answer comes back: if the idle connection turns out closed by the server (its keep-alive
     * timeout racing the request), the requests are sent again on a new one. Undefined when there
     * is nothing to send again (a new connection, an answer begun, too many bytes).
     */
    let replay: Array<Buffer | string> | undefined;
    let replayBytes = 0;
    const requests = new HTTPParser(HTTPParser.REQUEST);
    let responses = new HTTPParser(HTTPParser.RESPONSE);

    const observed = (p: Pending, status: number, responseHeaders: Record<string, string>, bodyText: string | undefined): ObservedExchange => ({
      method: p.method,
      url: `${upstream.origin}${basePath}${p.path}`,
      requestHeaders: p.headers,
      ...(p.copySize > 0 && p.copySize <= MAX_REQUEST_COPY ? { requestBody: Buffer.concat(p.copy).toString('utf8') } : {}),
      status,
      responseHeaders,
      ...(bodyText !== undefined ? { bodyText } : {}),
      durationMs: performance.now() - p.started,
    });
    const judge = (p: Pending, o: ObservedExchange): Finding[] => {
      const findings = auditor.observe(o);
      for (const f of findings) log(`violation ${f.check}${f.divergence ? ` [${f.divergence}]` : ''}: ${f.message} (${o.method} ${p.path.split('?')[0]})`);
      return findings;
    };

    const finish = (): void => {
      if (done) return;
      done = true;
      clients.delete(client);
      if (up) {
        // A clean upstream connection goes back to the pool; one with a request in flight is dropped with its client.
        if (queue.length === 0 && relay === undefined && current === undefined) release(up);
        else up.destroy();
        up = undefined;
      }
    };
    /** Writes the proxy's own answers that have come to the head of the queue; ends the connection after a closing one. */
    const settle = (): void => {
      while (queue[0]?.local && queue[0] !== current) {
        const p = queue.shift()!;
        client.write(p.local!);
        if (p.close) return endClient();
      }
      if (queue.length < MAX_PIPELINED && client.isPaused() && !clientEnded) client.resume();
      if (queue.length === 0 && clientEnded) endClient();
    };
    const endClient = (): void => {
      finish();
      client.end();
    };
    /** The upstream failed: the request at the head gets a 502 problem if nothing of its answer was sent; the connection ends. */
    const fail = (message: string): void => {
      const head = queue.find((p) => !p.local);
      for (const p of queue) if (!p.local) auditor.observe(observed(p, 0, {}, undefined));
      up?.destroy();
      up = undefined;
      if (relay?.streaming || (head && head !== queue[0])) {
        finish();
        client.destroy();
        return;
      }
      queue.length = 0;
      relay = undefined;
      if (head) client.write(problemBytes(502, 'Upstream unreachable', `${upstream.origin} did not answer: ${message}`, true));
      endClient();
    };

    /**
     * An idle connection closed under requests that got no byte of an answer: they go again, once,
     * on a new connection, when every one of them is idempotent. False when they cannot.
     */
    const sendAgain = (socket: Socket): boolean => {
      const bytes = replay;
      const inFlight = queue.filter((p) => !p.local);
      if (!bytes || inFlight.length === 0 || inFlight.some((p) => !IDEMPOTENT.has(p.method))) return false;
      replay = undefined;
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      up = connectUpstream(true);
      for (const b of bytes) {
        if (typeof b === 'string') up.write(b, 'latin1');
        else up.write(b);
      }
      return true;
    };
    const connectUpstream = (fresh = false): Socket => {
      const { socket, reused } = acquire(fresh);
      replay = reused ? [] : undefined;
      replayBytes = 0;
      responses = new HTTPParser(HTTPParser.RESPONSE);
      bindResponses();
      socket.setTimeout(UPSTREAM_TIMEOUT_MS);
      socket.on('data', (chunk: Buffer) => {
        replay = undefined;
        const err = feed(responses, chunk);
        if (err) fail(`an unreadable answer (${err.message})`);
      });
      socket.on('end', () => {
        if (up === socket && sendAgain(socket)) return;
        // A body delimited by the close ends here.
        if (relay && !relay.interim) responses.finish();
        if (up === socket) up = undefined;
        if (queue.some((p) => !p.local)) fail('the connection closed before the answer ended');
      });
      socket.on('timeout', () => {
        if (queue.some((p) => !p.local)) fail(`no answer within ${UPSTREAM_TIMEOUT_MS} ms`);
        else {
          socket.destroy();
          if (up === socket) up = undefined;
        }
      });
      socket.on('error', (err) => {
        if (up !== socket || sendAgain(socket)) return;
        up = undefined;
        if (queue.some((p) => !p.local)) fail(err.message);
      });
      socket.on('close', () => {
        if (up === socket) up = undefined;
      });
      socket.on('drain', () => client.resume());
      return socket;
    };
    const send = (bytes: Buffer | string): void => {
      up ??= connectUpstream();
      if (replay) {
        replayBytes += bytes.length;
        if (replayBytes > MAX_REQUEST_COPY) replay = undefined;
        else replay.push(typeof bytes === 'string' ? bytes : Buffer.from(bytes));
      }
      // A head goes as latin1 text (one character a byte), written without a buffer made for it.
      if (!(typeof bytes === 'string' ? up.write(bytes, 'latin1') : up.write(bytes))) client.pause();
    };

    // ------------------------------------------------------------------ requests (client → upstream)
    requests[HTTPParser.kOnHeadersComplete] = (...args: unknown[]) => {
      const info = headOf(args);
      const method = HTTPParser.methods[info.method] ?? 'GET';
      const http10 = info.versionMajor === 1 && info.versionMinor === 0;
      const p: Pending = { method, path: info.url, headers: {}, copy: [], copySize: 0, started: performance.now(), close: !info.shouldKeepAlive || http10 };
      if (!info.url.startsWith('/')) {
        p.local = problemBytes(400, 'Bad request target', `the proxy forwards only origin-form targets to ${upstream.origin}, got ${JSON.stringify(info.url.slice(0, 80))}; send the path, e.g. GET /requests/v3`, true);
        p.close = true;
      } else {
        const raw = info.headers;
        const lower = lowerFlat(raw);
        const named = new Set((lower.connection ?? '').split(',').map((t) => t.trim().toLowerCase()).filter(Boolean));
        chunkedIn = /(?:^|,)\s*chunked\s*$/i.test(lower['transfer-encoding'] ?? '');
        let head = `${method} ${basePath}${info.url} HTTP/1.1\r\n`;
        for (let i = 0; i + 1 < raw.length; i += 2) {
          const k = raw[i]!.toLowerCase();
          if (HOP_BY_HOP.has(k) || named.has(k) || (chunkedIn && k === 'content-length')) continue;
          head += `${raw[i]}: ${raw[i + 1]}\r\n`;
          p.headers[k] = p.headers[k] === undefined ? raw[i + 1]! : `${p.headers[k]}, ${raw[i + 1]}`;
        }
        head += `Host: ${upstream.host}\r\n${chunkedIn ? 'Transfer-Encoding: chunked\r\n' : ''}\r\n`;
        if (/^100-continue$/i.test(lower.expect ?? '') && queue.length === 0) client.write('HTTP/1.1 100 Continue\r\n\r\n');
        if (up && !queue.some((q) => !q.local) && relay === undefined) {
          // This client's own connection upstream was idle since its last answer: the same race.
          replay = [];
          replayBytes = 0;
        }
        send(head);
      }
      queue.push(p);
      current = p;
      if (queue.length >= MAX_PIPELINED) client.pause();
      return 0;
    };
    requests[HTTPParser.kOnBody] = (chunk: Buffer, offset: number, length: number) => {
      const p = current;
      if (!p || p.local || length === 0) return;
      const piece = chunk.subarray(offset, offset + length);
      p.copySize += length;
      if (p.copySize <= MAX_REQUEST_COPY) p.copy.push(Buffer.from(piece));
      send(chunkedIn ? Buffer.concat([Buffer.from(`${length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece);
    };
    requests[HTTPParser.kOnMessageComplete] = () => {
      if (current && !current.local && chunkedIn) send(Buffer.from('0\r\n\r\n'));
      current = undefined;
      chunkedIn = false;
      settle();
    };

    // ----------------------------------------------------------------- responses (upstream → client)
    const startStreaming = (r: Relay, p: Pending, noBody: boolean): void => {
      r.streaming = true;
      const sized = r.headers['content-length'] !== undefined && r.headers['transfer-encoding'] === undefined;
      r.chunkedOut = !noBody && !sized && !p.close;
      const drop = r.chunkedOut || !sized ? BUFFERED_DROP : RESPONSE_DROP;
      const extra = `${noBody && r.headers['content-length'] !== undefined ? `content-length: ${r.headers['content-length']}\r\n` : ''}${r.chunkedOut ? 'transfer-encoding: chunked\r\n' : ''}${p.close ? 'connection: close\r\n' : ''}`;
      client.write(responseHead(r.status, r.reason, r.raw, noBody ? BUFFERED_DROP : drop, extra));
    };
    const writeBody = (r: Relay, piece: Buffer): void => {
      const ok = r.chunkedOut ? (client.cork(), client.write(`${piece.length.toString(16)}\r\n`), client.write(piece), client.write('\r\n'), client.uncork(), client.writableNeedDrain === false) : client.write(piece);
      if (!ok && up) {
        const socket = up;
        socket.pause();
        client.once('drain', () => socket.resume());
      }
    };
    const bindResponses = (): void => {
      responses[HTTPParser.kOnHeadersComplete] = (...args: unknown[]) => {
        const info = headOf(args);
        const p = queue[0];
        if (!p || p.local) {
          fail('an answer to no request');
          return 1;
        }
        const status = info.statusCode;
        const headers = lowerFlat(info.headers);
        if (status >= 100 && status < 200) {
          // Interim answers (100 Continue, 103 Early Hints) pass through; the final one follows.
          relay = { status, reason: info.statusMessage, raw: info.headers, headers, interim: true, streaming: true, chunkedOut: false, chunks: [], size: 0 };
          client.write(responseHead(status, info.statusMessage, info.headers, RESPONSE_DROP, ''));
          return 1;
        }
        const noBody = p.method === 'HEAD' || status === 204 || status === 304;
        const declared = Number(headers['content-length'] ?? NaN);
        const hold = !noBody && /json/i.test(headers['content-type'] ?? '') && !(declared > maxBody);
        relay = { status, reason: info.statusMessage, raw: info.headers, headers, interim: false, streaming: false, chunkedOut: false, chunks: [], size: 0 };
        if (!hold) startStreaming(relay, p, noBody);
        return noBody ? 1 : 0;
      };
      responses[HTTPParser.kOnBody] = (chunk: Buffer, offset: number, length: number) => {
        const r = relay;
        if (!r || length === 0) return;
        const piece = chunk.subarray(offset, offset + length);
        if (r.streaming) return writeBody(r, piece);
        r.chunks.push(piece);
        r.size += length;
        if (r.size > maxBody) {
          // Too large to hold: it streams through from here, judged on its headers only.
          startStreaming(r, queue[0]!, false);
          for (const c of r.chunks.splice(0)) writeBody(r, c);
        }
      };
      responses[HTTPParser.kOnMessageComplete] = () => {
        const r = relay;
        relay = undefined;
        if (!r || r.interim) return;
        const p = queue.shift()!;
        if (r.streaming) {
          if (r.chunkedOut) client.write('0\r\n\r\n');
          judge(p, observed(p, r.status, r.headers, undefined));
        } else {
          const bytes = r.chunks.length === 1 ? r.chunks[0]! : Buffer.concat(r.chunks, r.size);
          const findings = judge(p, observed(p, r.status, r.headers, decodeCopy(bytes, r.headers['content-encoding'], maxBody)));
          // --errors blocks every violation; accepted divergences of the live service (--accept-divergences) pass, labelled.
          if (options.errors && findings.some((f) => f.divergence === undefined || !auditor.acceptDivergences)) {
            client.write(problemBytes(502, 'The upstream response violates the contract', `${findings.length} violation(s); see violations`, p.close, { upstreamStatus: r.status, violations: findings }));
          } else {
            const extra = `content-length: ${bytes.length}\r\n${findings.length > 0 ? `${VIOLATIONS_HEADER}: ${violationsHeader(findings)}\r\n` : ''}${p.close ? 'connection: close\r\n' : ''}`;
            // Head and body in one buffer, one write (no writev vector to build).
            const head = responseHeadText(r.status, r.reason, r.raw, BUFFERED_DROP, extra);
            const out = Buffer.allocUnsafe(head.length + bytes.length);
            out.write(head, 0, 'latin1');
            bytes.copy(out, head.length);
            client.write(out);
          }
        }
        if (p.close) return endClient();
        settle();
      };
    };

    client.setTimeout(CLIENT_IDLE_MS);
    client.on('timeout', () => {
      if (queue.length === 0) {
        finish();
        client.destroy();
      }
    });
    client.on('data', (chunk: Buffer) => {
      const err = feed(requests, chunk);
      if (err) {
        // Unreadable request bytes: a 400 after the answers already owed, then the connection ends.
        queue.push({ method: 'GET', path: '/', headers: {}, copy: [], copySize: 0, started: performance.now(), close: true, local: problemBytes(400, 'Bad request', `the request could not be read as HTTP/1.1: ${err.message}`, true) });
        current = undefined;
        client.pause();
        settle();
      }
    });
    client.on('end', () => {
      clientEnded = true;
      if (queue.length === 0) endClient();
    });
    client.on('error', () => {
      finish();
      client.destroy();
    });
    client.on('close', finish);
  };

  const server: Server = createServer({ allowHalfOpen: true }, onConnection);
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
        for (const c of clients) c.destroy();
        for (const s of idle.splice(0)) s.destroy();
      }),
  };
}
