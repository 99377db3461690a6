/**
 * The transport of the kit's HTTP client (http.ts): one request through the injected `fetch`,
 * redirects followed here (at most {@link MAX_REDIRECTS}, credentials dropped once the origin
 * changes: the key never leaves its origin), a timeout that aborts it, and a body bounded by
 * `maxBodyBytes`. Knows nothing of budgets, retries, the circuit or the log.
 */
import type { Exchange } from '../../contract/types.js';

export type FetchLike = (
  input: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    signal: AbortSignal;
    /** `manual`: hand a 3xx back instead of following it (the client follows redirects itself). */
    redirect?: 'manual';
    /** Cap on the body's bytes after decompression, enforced while streaming where the fetch can. */
    maxBodyBytes?: number;
    /**
     * The document defines the request as a read (every GET, and POST /currencies/v2): safe to send
     * again on a fresh connection when its connection is reset before any answer. Unset: the fetch
     * decides by the method.
     */
    read?: boolean;
  },
) => Promise<{
  status: number;
  headers: { forEach(cb: (value: string, key: string) => void): void };
  text(): Promise<string>;
}>;

/** A response of a {@link FetchLike}. */
export type FetchResponse = Awaited<ReturnType<FetchLike>>;

/** Redirects the client follows for one request before it reports the chain as a failure. */
export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A response body grew past --max-body-bytes (counted after decompression); the read was cut. */
export class BodyTooLargeError extends Error {
  constructor(
    readonly maxBytes: number,
    readonly exchange?: Exchange,
  ) {
    super(`response body over --max-body-bytes (${maxBytes} bytes after decompression); the kit stopped reading it`);
    this.name = 'BodyTooLargeError';
  }
}

/** A redirect the client refuses to follow (too many, unparsable, not http(s)). */
export class RedirectError extends Error {}

/** The request's timeout fired (the transport aborted it). */
export class TimeoutSignal extends Error {
  constructor() {
    super('timeout');
  }
}

/** A transport failure as one line: the error, its code and its cause's message. */
export function describeTransportError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as Error & { cause?: unknown }).cause;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : undefined;
  const causeMsg = cause instanceof Error ? cause.message : undefined;
  return [err.message, code, causeMsg && causeMsg !== err.message ? causeMsg : undefined].filter(Boolean).join(': ');
}

/** The system error code of a transport failure (its cause's, else its own), if any. */
export function transportCode(err: unknown): string | undefined {
  for (const e of [(err as { cause?: unknown } | undefined)?.cause, err]) {
    const code = e && typeof e === 'object' && 'code' in e ? (e as { code: unknown }).code : undefined;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** What the transport needs of its client: the fetch, the body cap, and which headers are credentials. */
export interface TransportOptions {
  fetch: FetchLike;
  maxBodyBytes?: number;
  isCredential(name: string): boolean;
}

/** One request's answer: the response, its body text, and whether a redirect dropped its credentials. */
export interface Delivery {
  res: FetchResponse;
  text: string;
  credentialsDropped: boolean;
}

/**
 * Sends through the fetch with `redirect: 'manual'` and follows redirects itself, at most
 * {@link MAX_REDIRECTS}: 303 (and 301/302 after a POST) become a GET without body; once the
 * origin changes, `x-api-key` and every `-H` header are dropped, as browsers drop
 * `Authorization` (Fetch standard, HTTP-redirect fetch, step 13).
 */
export async function fetchFollowing(
  options: TransportOptions,
  url: string,
  init: Parameters<FetchLike>[1],
): Promise<{ res: FetchResponse; credentialsDropped: boolean }> {
  const origin = new URL(url).origin;
  let current = url;
  let request = init;
  let credentialsDropped = false;
  for (let redirects = 0; ; redirects += 1) {
    const res = await options.fetch(current, { ...request, redirect: 'manual', ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}) });
    let location: string | undefined;
    res.headers.forEach((value, name) => {
      if (name.toLowerCase() === 'location') location = value;
    });
    if (!REDIRECT_STATUSES.has(res.status) || location === undefined) return { res, credentialsDropped };
    if (redirects >= MAX_REDIRECTS) throw new RedirectError(`more than ${MAX_REDIRECTS} redirects (last to ${location}); the kit stops following`);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new RedirectError(`a redirect to an invalid Location ${JSON.stringify(location)}`);
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new RedirectError(`a redirect to a ${next.protocol} URL, which the kit does not follow`);
    const headers = { ...request.headers };
    if (next.origin !== origin) {
      for (const name of Object.keys(headers)) {
        if (!options.isCredential(name)) continue;
        delete headers[name];
        credentialsDropped = true;
      }
    }
    const toGet = res.status === 303 ? request.method !== 'HEAD' : (res.status === 301 || res.status === 302) && request.method === 'POST';
    if (toGet) for (const name of Object.keys(headers)) if (name.startsWith('content-')) delete headers[name];
    request = toGet ? { method: 'GET', headers, signal: request.signal } : { ...request, headers };
    current = next.toString();
  }
}

/**
 * Sends one request and reads its body, racing `interrupt` (the timeout or the circuit's cut): a
 * body over `maxBodyBytes` throws {@link BodyTooLargeError}.
 */
export async function deliver(
  options: TransportOptions,
  url: string,
  init: Parameters<FetchLike>[1],
  interrupt: Promise<never>,
): Promise<Delivery> {
  return Promise.race([
    (async () => {
      const { res, credentialsDropped } = await fetchFollowing(options, url, init);
      const text = await res.text();
      const cap = options.maxBodyBytes;
      if (cap !== undefined && text.length > cap / 4 && Buffer.byteLength(text, 'utf8') > cap) throw new BodyTooLargeError(cap);
      return { res, text, credentialsDropped };
    })(),
    interrupt,
  ]);
}

/**
 * An interruptible deadline for one request: `interrupted` rejects with a {@link TimeoutSignal}
 * after `timeoutMs`, or with the error given to `cut`; either aborts `signal`. `clear` stops the timer.
 */
export function interruption(timeoutMs: number): { signal: AbortSignal; interrupted: Promise<never>; cut: (err: Error) => void; clear: () => void } {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cut: (err: Error) => void = () => undefined;
  const interrupted = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimeoutSignal());
    }, timeoutMs);
    cut = (err) => {
      controller.abort();
      reject(err);
    };
  });
  return { signal: controller.signal, interrupted, cut, clear: () => timer && clearTimeout(timer) };
}
