/**
 * A {@link FetchLike} over `node:http`/`node:https` with keep-alive agents: the kit's default way
 * to a URL target. Node's `fetch` (undici) costs 2 to 5 times more client CPU per request on
 * small responses (bench/README.md, conformance), and the kit validates every response, so the
 * client is the throughput bottleneck.
 *
 * It keeps what the kit sees from `fetch`: redirects followed (at most 20; 303, and 301/302 after
 * a POST, become a GET without body), gzip, deflate (and br) bodies decoded, the default request headers
 * of undici (`accept-encoding`, `accept-language`, `sec-fetch-mode`, `user-agent`) unless the kit
 * sets them, response headers lower-cased, sorted, repeated ones joined with `, ` (`set-cookie`
 * one by one), the body decoded as UTF-8 with a leading BOM dropped, transport failures as
 * `TypeError('fetch failed', { cause })`, and the abort signal honoured while waiting for the
 * headers and while reading the body.
 *
 * Beyond `fetch`: `redirect: 'manual'` hands
 * the 3xx back (the client follows redirects itself, dropping secrets across origins); a body is
 * cut at `maxBodyBytes` counted after decompression, the socket destroyed, with a
 * {@link BodyTooLargeError}.
 *
 * It never sends on a socket the server may be closing. An idle keep-alive socket expires a margin
 * before the server's advertised `Keep-Alive: timeout=N` (undici's way: N s less
 * `keepAliveTimeoutThreshold`, 1 s; 4 s when the server advertises none; at most 10 minutes):
 * node's own agent reads that hint only when the agent has a `timeout` of its own, so a socket
 * would otherwise be reused as the server closes it, and the request lost with ECONNRESET. A read
 * (`init.read`, or an idempotent method when the caller does not say) whose connection is reset
 * (ECONNRESET, `socket hang up`, EPIPE) before any byte of the response is sent once more on a
 * fresh socket of its own; a write is never sent twice.
 */
import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { BodyTooLargeError } from './http.js';
import type { FetchLike } from './http.js';

type FetchInit = Parameters<FetchLike>[1];
type FetchResult = Awaited<ReturnType<FetchLike>>;

/** Redirects followed before failing, as undici's fetch. */
const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Methods safe to send twice (RFC 9110, 9.2.2): resent after a reset when the caller does not say whether the request is a read. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** Errors of a connection reset before the response (`socket hang up` is an ECONNRESET). */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** How long an idle keep-alive socket is kept (undici's options, same names and defaults). */
export interface KeepAliveOptions {
  /** Idle time of a socket whose server advertises no `Keep-Alive: timeout` (ms; undici: 4 s). */
  keepAliveTimeout?: number;
  /** Margin taken off the server's advertised timeout (ms; undici: 1 s). */
  keepAliveTimeoutThreshold?: number;
  /** Longest idle time, whatever the server advertises (ms; undici: 10 minutes). */
  keepAliveMaxTimeout?: number;
}

const KEEP_ALIVE_DEFAULTS: Required<KeepAliveOptions> = { keepAliveTimeout: 4_000, keepAliveTimeoutThreshold: 1_000, keepAliveMaxTimeout: 600_000 };

/** The `timeout=N` of a `Keep-Alive` response header, in ms; undefined when absent or unreadable. */
export function keepAliveHintMs(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  const match = value === undefined ? null : /(?:^|[,;\s])timeout\s*=\s*"?(\d+)"?/i.exec(value);
  return match ? Number(match[1]) * 1000 : undefined;
}

/**
 * The idle time of a socket whose last response advertised `hintMs` (undefined: none): the hint
 * less the threshold, capped; 0 when that leaves nothing (the socket is not kept).
 */
export function idleTimeoutMs(hintMs: number | undefined, options: KeepAliveOptions = {}): number {
  const o = { ...KEEP_ALIVE_DEFAULTS, ...options };
  const idle = hintMs === undefined ? o.keepAliveTimeout : Math.min(hintMs - o.keepAliveTimeoutThreshold, o.keepAliveMaxTimeout);
  return Math.max(0, idle);
}
export const DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  accept: '*/*',
  'accept-encoding': 'gzip, deflate',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'user-agent': 'node',
};

export interface AgentFetch extends FetchLike {
  /** Closes the idle keep-alive connections. */
  close(): void;
}

export function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

export function abortError(): Error {
  return new DOMException('This operation was aborted', 'AbortError');
}

/** Response headers as `fetch`'s `Headers` shows them. */
function headersOf(res: IncomingMessage): FetchResult['headers'] {
  const joined = new Map<string, string>();
  const cookies: string[] = [];
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!.trim();
    if (name === 'set-cookie') cookies.push(value);
    else joined.set(name, joined.has(name) ? `${joined.get(name)}, ${value}` : value);
  }
  const names = [...joined.keys(), ...(cookies.length > 0 ? ['set-cookie'] : [])].sort();
  return {
    forEach(cb: (value: string, key: string) => void): void {
      for (const name of names) {
        if (name === 'set-cookie') for (const cookie of cookies) cb(cookie, name);
        else cb(joined.get(name)!, name);
      }
    },
  };
}

/** The body stream, decoded as `fetch` decodes `content-encoding` (one or more codings). */
export function decodedBody(res: Readable, contentEncoding: string | undefined): Readable {
  const codings = (contentEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse();
  let stream: Readable = res;
  for (const coding of codings) {
    const decoder =
      coding === 'gzip' || coding === 'x-gzip'
        ? zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH })
        : coding === 'deflate'
          ? zlib.createInflate({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH })
          : coding === 'br'
            ? zlib.createBrotliDecompress()
            : undefined;
    if (!decoder) return stream;
    stream = pipeline(stream, decoder, () => undefined);
  }
  return stream;
}

/**
 * Reads the (decoded) body as text, at most `maxBytes` of it: past the cap the response and its
 * socket are destroyed and the read fails with {@link BodyTooLargeError}.
 */
export function readText(res: Readable, body: Readable, signal: AbortSignal, maxBytes = Infinity): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const onAbort = () => {
      body.destroy();
      res.destroy();
      reject(abortError());
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      signal.removeEventListener('abort', onAbort);
      chunks.length = 0;
      body.removeAllListeners('data');
      body.destroy();
      res.destroy();
      reject(new BodyTooLargeError(maxBytes));
    });
    body.once('end', () => {
      signal.removeEventListener('abort', onAbort);
      resolve(new TextDecoder('utf-8').decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    });
    body.once('error', (err) => {
      signal.removeEventListener('abort', onAbort);
      reject(signal.aborted ? abortError() : fetchFailed(err));
    });
  });
}

/** A connection reset before any byte of the response, of a request safe to send again. */
function isResetRead(err: unknown, init: FetchInit): boolean {
  if (!(err instanceof TypeError) || err.message !== 'fetch failed') return false;
  const code = (err.cause as { code?: unknown } | undefined)?.code;
  const read = init.read ?? IDEMPOTENT.has(init.method.toUpperCase());
  return read && typeof code === 'string' && RESET_CODES.has(code);
}

/**
 * A keep-alive agent whose idle sockets expire before the server's advertised timeout: `hints`
 * holds, per socket, the `Keep-Alive` timeout of the last response read on it.
 */
function expiringAgent<A extends typeof http.Agent | typeof https.Agent>(Base: A, hints: WeakMap<object, number | undefined>, options: KeepAliveOptions): InstanceType<A> {
  const Expiring = class extends (Base as typeof http.Agent) {
    override keepSocketAlive(socket: import('node:net').Socket): boolean {
      // Node's own returns whether the socket may be kept (its types say void).
      if ((super.keepSocketAlive(socket) as unknown) === false) return false;
      const idle = idleTimeoutMs(hints.get(socket), options);
      if (idle <= 0) return false;
      // A free socket that times out is destroyed by the agent (and leaves its pool).
      socket.setTimeout(idle);
      return true;
    }
  };
  return new Expiring({ keepAlive: true }) as InstanceType<A>;
}

/** Creates the keep-alive fetch; one per run (its agents hold the connections). */
export function createAgentFetch(keepAlive: KeepAliveOptions = {}): AgentFetch {
  const hints = new WeakMap<object, number | undefined>();
  const agents = {
    'http:': expiringAgent(http.Agent, hints, keepAlive),
    'https:': expiringAgent(https.Agent, hints, keepAlive),
  };

  /** Sends once: on a pooled keep-alive socket, or (`fresh`) on a new connection of its own. */
  const once = (url: URL, init: FetchInit, fresh = false): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const transport = url.protocol === 'https:' ? https : http;
      const headers: Record<string, string> = { ...DEFAULT_HEADERS };
      for (const [k, v] of Object.entries(init.headers)) headers[k.toLowerCase()] = v;
      if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
      let req: http.ClientRequest;
      try {
        req = transport.request(url, { method: init.method, headers, agent: fresh ? false : agents[url.protocol as 'http:' | 'https:'], signal: init.signal });
      } catch (err) {
        // Invalid header names or values: fetch refuses them before sending, with a TypeError.
        reject(new TypeError(err instanceof Error ? err.message : String(err), { cause: err }));
        return;
      }
      req.once('response', (res: IncomingMessage) => {
        hints.set(res.socket, keepAliveHintMs(res.headers['keep-alive']));
        resolve(res);
      });
      req.on('error', (err) => reject(init.signal.aborted ? abortError() : fetchFailed(err)));
      req.end(init.body);
    });

  /** {@link once}, and a read sent again once on a fresh socket when its connection was reset before any answer. */
  const onceFresh = async (url: URL, init: FetchInit): Promise<IncomingMessage> => {
    try {
      return await once(url, init);
    } catch (err) {
      if (!isResetRead(err, init) || init.signal.aborted) throw err;
      return once(url, init, true);
    }
  };

  const agentFetch = async (input: string, init: FetchInit): Promise<FetchResult> => {
    let url: URL;
    try {
      url = new URL(input);
    } catch (err) {
      throw new TypeError(`Failed to parse URL from ${input}`, { cause: err });
    }
    if (url.username || url.password) throw new TypeError(`Request cannot be constructed from a URL that includes credentials: ${input}`);
    if (init.signal.aborted) throw abortError();
    let request = init;
    for (let redirects = 0; ; redirects += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fetchFailed(new Error(`URL scheme "${url.protocol.slice(0, -1)}" is not supported.`));
      const res = await onceFresh(url, request);
      const location = res.headers.location;
      if (!REDIRECTS.has(res.statusCode ?? 0) || location === undefined || init.redirect === 'manual') {
        const bodyless = request.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
        const text = readText(res, bodyless ? res : decodedBody(res, res.headers['content-encoding']), init.signal, init.maxBodyBytes);
        text.catch(() => undefined);
        return { status: res.statusCode ?? 0, headers: headersOf(res), text: () => text };
      }
      res.resume();
      if (redirects >= MAX_REDIRECTS) throw fetchFailed(new Error('redirect count exceeded'));
      url = new URL(location, url);
      const status = res.statusCode ?? 0;
      if (status === 303 ? request.method !== 'HEAD' : (status === 301 || status === 302) && request.method === 'POST') {
        const headers = Object.fromEntries(Object.entries(request.headers).filter(([k]) => !/^content-/i.test(k)));
        request = { ...init, method: 'GET', headers, body: undefined };
      }
    }
  };
  return Object.assign(agentFetch, {
    close(): void {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  });
}
