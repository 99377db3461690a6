/**
 * The kit's only way to the target: an {@link HttpClient} over a `fetch` function that paces
 * requests (--max-rps), bounds them (--timeout-ms, --max-requests, --max-duration-ms), honours
 * `Retry-After` on 429 and 503 and the target's rate-limit headers before a 429 (issue 13), records every exchange with a curl reproduction, and validates
 * every response against the spec (architecture.md, "The kit is polite to production").
 * API keys never leave this module unredacted, and never reach another origin: redirects are
 * followed here, at most {@link MAX_REDIRECTS}, without `x-api-key` or any `-H` header once the
 * origin changes (issue 10, "The key never leaves"). A body is bounded by `maxBodyBytes`.
 */
import { tightestRateLimit } from './rate-limit-headers.js';
import { REDACTED, redactor } from './redact.js';
import { BudgetExceededError, OperationStalledError, TargetUnreachableError } from './types.js';
import type { Exchange, ExchangeResponse, HttpClient, RequestSpec, StalledOperation } from './types.js';
import type { ResponseValidator } from './validator.js';

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
  },
) => Promise<{
  status: number;
  headers: { forEach(cb: (value: string, key: string) => void): void };
  text(): Promise<string>;
}>;

export interface HttpClientOptions {
  baseUrl: string;
  fetch: FetchLike;
  apiKey?: string;
  otherApiKey?: string;
  inactiveApiKey?: string;
  /** Every secret to redact (the keys above, an inactive key, the `-H` values…). */
  secrets?: readonly string[];
  /** Headers of `-H 'name: value'`, sent with every request to the target's origin only. */
  headers?: Readonly<Record<string, string>>;
  /** Cap on the bytes of one response body after decompression (--max-body-bytes). */
  maxBodyBytes?: number;
  timeoutMs: number;
  /** Requests per second; undefined or 0 = unlimited. */
  maxRps?: number;
  maxRequests: number;
  /** Absolute deadline (ms since epoch) of the run. */
  deadline?: number;
  validator?: ResponseValidator;
  /** Retries after a 429/503 (default 3) and the longest single wait (default 30 s). */
  retry?: { maxRetries?: number; maxWaitMs?: number; backoffMs?: number };
  /** Injected for tests. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * The per-operation circuit (issue 20: a target whose `GET /requests/v3` sent headers and then
 * nothing held the run for many minutes, every check waiting out its own timeout). An operation
 * (method and path) opens its circuit when {@link STALL_TIMEOUTS} of its requests in a row got no
 * answer (no body, a drip, a timeout), the first of them sent at least {@link stallSpanMs} before,
 * while the target answered another operation: its requests in flight end at once, later ones are
 * not sent, each with an {@link OperationStalledError}, and the cause is kept once
 * ({@link FetchHttpClient.stalled}). The span keeps the kit's own load (a burst of timeouts beside
 * many workers) from opening it on a server that answers.
 */
export const STALL_TIMEOUTS = 2;
/**
 * The span of a stall: the request timeout, at least 5 s, less 100 ms (a timer may fire a little
 * before the clock shows its delay passed: requests sent together and timed out together span it).
 */
export function stallSpanMs(timeoutMs: number): number {
  return Math.max(timeoutMs, 5_000) - 100;
}

/** Size above which an exchange's body is cut when compacted (the reports show at most 4 KiB). */
const KEEP_BODY_CHARS = 4 * 1024;

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

/**
 * The target kept answering 429/503 through every retry, or asked (Retry-After) to wait longer than
 * the kit waits: the check cannot conclude (outcome `skip`, reason `inconclusive: …`).
 */
export class RateLimitedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RateLimitedError';
  }
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Parses Retry-After (delta-seconds or HTTP-date) into milliseconds from `now`. */
/**
 * The environment variable a printed curl line names for the key of each auth choice (issue 27: a
 * literal `x-api-key: <redacted>` answered 401 when pasted): the variables the kit itself reads, so
 * the line runs as pasted where the kit runs, and the key is never printed.
 */
export const KEY_VARIABLE_OF = { primary: 'CONFORMANCE_API_KEY', other: 'CONFORMANCE_OTHER_API_KEY', inactive: 'CONFORMANCE_INACTIVE_API_KEY' } as const;

/** A header value that is a reference to one of {@link KEY_VARIABLE_OF}'s variables. */
const VARIABLE_VALUE = /^\$CONFORMANCE_[A-Z_]+$/;

/**
 * The request as a curl command; the caller passes headers, body and URL already redacted. A header
 * whose value is `$CONFORMANCE_…` is double-quoted so the shell expands the variable.
 */
export function curlCommand(method: string, headers: Record<string, string>, body: string | undefined, url: string): string {
  return [
    'curl -sS',
    ...(method !== 'GET' ? [`-X ${method}`] : []),
    ...Object.entries(headers)
      .filter(([k]) => k !== 'accept')
      .map(([k, v]) => (VARIABLE_VALUE.test(v) && /^[a-z0-9-]+$/.test(k) ? `-H "${k}: ${v}"` : `-H ${shellQuote(`${k}: ${v}`)}`)),
    ...(body !== undefined ? [`--data ${shellQuote(body)}`] : []),
    shellQuote(url),
  ].join(' ');
}

export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

function describeTransportError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as Error & { cause?: unknown }).cause;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : undefined;
  const causeMsg = cause instanceof Error ? cause.message : undefined;
  return [err.message, code, causeMsg && causeMsg !== err.message ? causeMsg : undefined].filter(Boolean).join(': ');
}

export class FetchHttpClient implements HttpClient {
  readonly exchanges: Exchange[] = [];
  private readonly redact: (text: string) => string;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private nextSlot = 0;
  /** Per rate-limit scope (key and path), the earliest time the target's rate-limit headers allow the next request. */
  private readonly allowedAt = new Map<string, number>();
  private sent = 0;
  /** Requests issued so far (numbers each exchange in call order) and those waiting for their turn. */
  private issued = 0;
  private waiting = 0;
  /** Seqs issued and not yet recorded (waiting for their turn or for an answer). */
  private readonly inFlight = new Set<number>();
  private compactedUpTo = 0;
  private readonly baseUrl: string;
  /** Per operation (`GET /requests/v3`): its unanswered requests in a row, since when, and the last cause. */
  private readonly streaks = new Map<string, { count: number; since: number; cause: string }>();
  /** Operations whose circuit is open, in the order they opened. */
  private readonly openCircuits = new Map<string, StalledOperation>();
  /** Per operation, how to end its requests in flight when its circuit opens. */
  private readonly cutters = new Map<string, Set<(err: OperationStalledError) => void>>();
  /** Operations that have answered (any status) in this run. */
  private readonly answeredOperations = new Set<string>();

  constructor(private readonly options: HttpClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.redact = redactor([...(options.secrets ?? []), options.apiKey ?? '', options.otherApiKey ?? '', options.inactiveApiKey ?? '']);
    this.sleep = options.sleep ?? defaultSleep;
    this.now = options.now ?? Date.now;
  }

  /** Requests sent so far (every attempt counts). */
  get requestCount(): number {
    return this.sent;
  }

  /** The operations the client stopped sending, each with its cause (see {@link STALL_TIMEOUTS}). */
  get stalled(): StalledOperation[] {
    return [...this.openCircuits.values()];
  }

  /** A request's operation for the circuit: its method and path (`GET /requests/v3`). */
  private operationOf(req: Pick<RequestSpec, 'method' | 'path'>): string {
    const path = req.path.split('?')[0] ?? req.path;
    return `${req.method} ${path.startsWith('/') ? path : `/${path}`}`;
  }

  /** An answer of `operation`: its streak of unanswered requests ends. */
  private noteAnswer(operation: string): void {
    this.streaks.delete(operation);
    this.answeredOperations.add(operation);
  }

  /** A request of `operation` sent at `startedAt` got no answer in time: opens its circuit when the stall is long enough and others answer. */
  private noteStall(operation: string, startedAt: number, cause: string): void {
    if (this.openCircuits.has(operation)) return;
    const streak = this.streaks.get(operation) ?? { count: 0, since: startedAt, cause };
    streak.count += 1;
    streak.since = Math.min(streak.since, startedAt);
    streak.cause = cause;
    this.streaks.set(operation, streak);
    const othersAnswer = [...this.answeredOperations].some((o) => o !== operation);
    if (streak.count < STALL_TIMEOUTS || this.now() - streak.since < stallSpanMs(this.options.timeoutMs) || !othersAnswer) return;
    this.openCircuits.set(operation, { operation, cause, unanswered: streak.count });
    const err = new OperationStalledError(operation, cause);
    for (const cut of this.cutters.get(operation) ?? []) cut(err);
    this.cutters.delete(operation);
  }

  /**
   * Sends one request (retrying after 429/503). `owner`, when given, is told of every exchange this
   * call records (each attempt): a check's view counts its own requests with it (check-client.ts).
   */
  async send(req: RequestSpec, owner?: (exchange: Exchange) => void): Promise<Exchange> {
    const maxRetries = this.options.retry?.maxRetries ?? 3;
    const maxWaitMs = this.options.retry?.maxWaitMs ?? 30_000;
    const backoffMs = this.options.retry?.backoffMs ?? 1_000;
    for (let attempt = 0; ; attempt += 1) {
      const exchange = await this.once(req, owner);
      const status = exchange.response?.status;
      const throttled = status === 503 || (status === 429 && !req.acceptRateLimit);
      if (!throttled) return exchange;
      if (attempt >= maxRetries) {
        throw new RateLimitedError(`${req.method} ${req.path} answered ${status} on all ${attempt + 1} attempts (rate limited or unavailable)`);
      }
      const headers = exchange.response?.headers ?? {};
      const exhausted = tightestRateLimit(headers, this.now());
      const hinted = retryAfterMs(headers['retry-after'], this.now()) ?? (exhausted?.remaining === 0 ? exhausted.resetMs : undefined);
      const wait = hinted ?? backoffMs * 2 ** attempt;
      if (wait > maxWaitMs) {
        throw new RateLimitedError(
          `${req.method} ${req.path} answered ${status} with Retry-After ${Math.ceil(wait / 1000)} s, longer than the kit waits (${Math.round(maxWaitMs / 1000)} s)`,
        );
      }
      this.ensureTime(wait);
      await this.sleep(wait);
    }
  }

  private ensureTime(extraMs = 0): void {
    const deadline = this.options.deadline;
    if (deadline !== undefined && this.now() + extraMs >= deadline) {
      throw new BudgetExceededError('time bound of the run reached (--max-duration)');
    }
  }

  private headerValueFor(auth: RequestSpec['auth']): string | undefined {
    if (auth === undefined || auth === 'none') return undefined;
    if (auth === 'primary') {
      if (!this.options.apiKey) throw new Error('a check asked for the primary API key, but none is configured (declare requires: [apiKey])');
      return this.options.apiKey;
    }
    if (auth === 'other') {
      if (!this.options.otherApiKey) throw new Error('a check asked for the other API key, but none is configured (declare requires: [otherApiKey])');
      return this.options.otherApiKey;
    }
    if (auth === 'inactive') {
      if (!this.options.inactiveApiKey) throw new Error('a check asked for the inactive API key, but none is configured (check config.hasInactiveApiKey)');
      return this.options.inactiveApiKey;
    }
    return auth.key;
  }

  /** Other base URLs of the same target (clock-pinned twins of the embedded server) a request may name. */
  private readonly bases = new Set<string>();

  /** Lets requests name `base` ({@link RequestSpec.base}): a server of the target itself, never a third party. */
  allowBase(base: string): void {
    this.bases.add(base.replace(/\/+$/, ''));
  }

  /** The full URL of a request. */
  urlFor(req: Pick<RequestSpec, 'path' | 'query' | 'base'>): string {
    const path = req.path.startsWith('/') ? req.path : `/${req.path}`;
    const base = req.base === undefined ? this.baseUrl : req.base.replace(/\/+$/, '');
    if (base !== this.baseUrl && !this.bases.has(base)) throw new Error(`a check named a base URL that is not the target's own (${this.redact(base)}); only the embedded target's twins are allowed`);
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(req.query ?? {})) {
      if (v === undefined || v === null) continue;
      url.searchParams.append(k, String(v));
    }
    return url.toString();
  }

  private async once(req: RequestSpec, owner: ((exchange: Exchange) => void) | undefined): Promise<Exchange> {
    const open = this.openCircuits.get(this.operationOf(req));
    if (open) throw new OperationStalledError(open.operation, open.cause);
    if (this.sent + this.waiting >= this.options.maxRequests) {
      throw new BudgetExceededError(`request bound of the run reached (--max-requests ${this.options.maxRequests})`);
    }
    this.ensureTime();
    /** `returned`: the seq was handed back for the next request (its turn never came), so it is not this one's to clear. */
    const ticket = { seq: ++this.issued, returned: false };
    this.inFlight.add(ticket.seq);
    try {
      return await this.issue(req, owner, ticket);
    } finally {
      if (!ticket.returned) this.inFlight.delete(ticket.seq);
    }
  }

  /** Sends request number `seq` once its turn comes, and records its exchange. */
  private async issue(req: RequestSpec, owner: ((exchange: Exchange) => void) | undefined, ticket: { seq: number; returned: boolean }): Promise<Exchange> {
    const seq = ticket.seq;
    const auth = req.auth ?? (this.options.apiKey ? 'primary' : 'none');
    const scope = `${typeof auth === 'string' ? auth : 'given'} ${req.path.split('?')[0] ?? req.path}`;
    this.waiting += 1;
    try {
      await this.takeTurn(req, scope);
    } catch (err) {
      this.inFlight.delete(seq);
      if (this.issued === seq) {
        this.issued -= 1;
        ticket.returned = true;
      }
      throw err;
    } finally {
      this.waiting -= 1;
    }

    const key = this.headerValueFor(auth);
    const headers: Record<string, string> = { accept: 'application/json' };
    const body = req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (const [k, v] of Object.entries(this.options.headers ?? {})) headers[k.toLowerCase()] = v;
    for (const [k, v] of Object.entries(req.headers ?? {})) headers[k.toLowerCase()] = v;
    if (key !== undefined) headers['x-api-key'] = key;
    const url = this.urlFor(req);

    const shownHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) shownHeaders[k] = this.isCredential(k) ? REDACTED : this.redact(v);
    const shownUrl = this.redact(url);
    const shownBody = body === undefined ? undefined : this.redact(body);
    const variable = typeof auth === 'string' && auth !== 'none' ? KEY_VARIABLE_OF[auth] : undefined;
    const curl = curlCommand(req.method, variable && key !== undefined ? { ...shownHeaders, 'x-api-key': `$${variable}` } : shownHeaders, shownBody, shownUrl);
    const pathOnly = req.path.split('?')[0] ?? req.path;
    const exchange: Exchange = {
      seq,
      startedAt: new Date().toISOString(),
      operation: this.options.validator?.matchOperation(req.method, pathOnly),
      request: { method: req.method, url: shownUrl, headers: shownHeaders, ...(shownBody !== undefined ? { body: shownBody } : {}) },
      durationMs: 0,
      curl,
    };

    const deadline = this.options.deadline;
    const timeoutMs = Math.max(1, Math.min(this.options.timeoutMs, deadline !== undefined ? deadline - this.now() : Infinity));
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const operation = this.operationOf(req);
    let cut: ((err: OperationStalledError) => void) | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new TimeoutSignal());
      }, timeoutMs);
      cut = (err) => {
        controller.abort();
        reject(err);
      };
    });
    const cutters = this.cutters.get(operation) ?? new Set();
    this.cutters.set(operation, cutters.add(cut!));
    const started = performance.now();
    const startedAtMs = this.now();
    this.sent += 1;
    try {
      const response = await Promise.race([
        (async () => {
          const { res, credentialsDropped } = await this.fetchFollowing(url, { method: req.method, headers, body, signal: controller.signal });
          const text = await res.text();
          const cap = this.options.maxBodyBytes;
          if (cap !== undefined && text.length > cap / 4 && Buffer.byteLength(text, 'utf8') > cap) throw new BodyTooLargeError(cap);
          return { res, text, credentialsDropped };
        })(),
        timedOut,
      ]);
      exchange.durationMs = performance.now() - started;
      if (response.credentialsDropped) exchange.credentialsDropped = true;
      const respHeaders: Record<string, string> = {};
      response.res.headers.forEach((value, name) => {
        respHeaders[this.redact(name.toLowerCase())] = this.redact(value);
      });
      const bodyText = this.redact(response.text);
      let json: unknown;
      let isJson = false;
      if (bodyText.trim() !== '') {
        try {
          json = JSON.parse(bodyText);
          isJson = true;
        } catch {
          json = undefined;
        }
      }
      const resp: ExchangeResponse = { status: response.res.status, headers: respHeaders, bodyText, json, isJson };
      this.noteAllowance(scope, respHeaders);
      this.noteAnswer(operation);
      exchange.response = resp;
      if (exchange.operation && this.options.validator) {
        exchange.schema = this.options.validator.validate(exchange.operation, resp.status, respHeaders['content-type'], bodyText, json, isJson);
      }
      this.record(exchange, owner);
      return exchange;
    } catch (err) {
      exchange.durationMs = performance.now() - started;
      if (err instanceof BodyTooLargeError || err instanceof RedirectError) {
        exchange.transportError = `${req.method} ${shownUrl}: ${this.redact(err.message)}`;
        this.record(exchange, owner);
        if (err instanceof BodyTooLargeError) throw new BodyTooLargeError(err.maxBytes, exchange);
        throw new TargetUnreachableError(exchange.transportError, exchange, 'network');
      }
      if (err instanceof OperationStalledError) {
        exchange.transportError = `${req.method} ${shownUrl}: ${this.redact(err.message)}`;
        this.record(exchange, owner);
        throw err;
      }
      const isTimeout = err instanceof TimeoutSignal;
      if (isTimeout && this.options.deadline !== undefined && this.now() >= this.options.deadline) {
        this.record(exchange, owner);
        throw new BudgetExceededError('time bound of the run reached (--max-duration) while waiting for an answer');
      }
      const where = `${req.method} ${shownUrl}`;
      const message = isTimeout
        ? `${where} did not answer within ${Math.round(timeoutMs)} ms (--timeout-ms)`
        : `${where} failed: ${this.redact(describeTransportError(err))}`;
      exchange.transportError = message;
      if (isTimeout) exchange.timedOut = true;
      this.record(exchange, owner);
      if (isTimeout) this.noteStall(operation, startedAtMs, message);
      const open = this.openCircuits.get(operation);
      if (open) throw new OperationStalledError(open.operation, open.cause);
      throw new TargetUnreachableError(message, exchange, isTimeout ? 'timeout' : 'network');
    } finally {
      if (timer) clearTimeout(timer);
      cutters.delete(cut!);
    }
  }

  /**
   * Waits for this request's turn: the target's rate-limit headers, then the --max-rps slot. A slot
   * is taken without yielding, so requests sent concurrently share one limiter.
   */
  private async takeTurn(req: RequestSpec, scope: string): Promise<void> {
    if (!req.acceptRateLimit) await this.awaitAllowance(req, scope);
    const maxRps = this.options.maxRps;
    if (maxRps && maxRps > 0) {
      const now = this.now();
      const slot = Math.max(now, this.nextSlot);
      this.nextSlot = slot + 1000 / maxRps;
      if (slot > now) {
        this.ensureTime(slot - now);
        await this.sleep(slot - now);
      }
    }
  }

  /** Records an exchange in the order its request was issued (seq), whatever order the answers came in. */
  private record(exchange: Exchange, owner: ((exchange: Exchange) => void) | undefined): void {
    let at = this.exchanges.length;
    while (at > 0 && this.exchanges[at - 1]!.seq > exchange.seq) at -= 1;
    this.exchanges.splice(at, 0, exchange);
    this.inFlight.delete(exchange.seq);
    owner?.(exchange);
  }

  /**
   * The highest seq below which every issued request is recorded (none still in flight): an
   * exchange at or below it is never inserted later, so marks up to it stay valid.
   */
  get settledSeq(): number {
    let lowest = this.issued + 1;
    for (const seq of this.inFlight) if (seq < lowest) lowest = seq;
    return lowest - 1;
  }

  /** Requests issued so far: every later request gets a higher seq. */
  get issuedCount(): number {
    return this.issued;
  }

  /**
   * Waits until the target's rate-limit headers allow a request of this scope; a wait longer than
   * the longest the kit waits (`retry.maxWaitMs`) leaves the check inconclusive, as a long Retry-After does.
   */
  private async awaitAllowance(req: RequestSpec, scope: string): Promise<void> {
    const wait = (this.allowedAt.get(scope) ?? 0) - this.now();
    if (wait <= 0) return;
    const maxWaitMs = this.options.retry?.maxWaitMs ?? 30_000;
    if (wait > maxWaitMs) {
      throw new RateLimitedError(
        `${req.method} ${req.path}: the target's rate-limit headers allow no request for ${Math.ceil(wait / 1000)} s, longer than the kit waits (${Math.round(maxWaitMs / 1000)} s)`,
      );
    }
    this.ensureTime(wait);
    await this.sleep(wait);
  }

  /**
   * Reads what a response's rate-limit headers leave (draft-ietf-httpapi-ratelimit-headers, X-RateLimit-*):
   * none left, the next request waits for the reset; fewer than --max-rps would send before the reset,
   * the rest are spread evenly over the window. --max-rps stays the ceiling.
   */
  private noteAllowance(scope: string, headers: Readonly<Record<string, string>>): void {
    const now = this.now();
    const state = tightestRateLimit(headers, now);
    if (state === undefined) return;
    const maxRps = this.options.maxRps && this.options.maxRps > 0 ? this.options.maxRps : Infinity;
    if (state.remaining === 0) this.allowedAt.set(scope, now + state.resetMs);
    else if (state.remaining < (maxRps * state.resetMs) / 1000) this.allowedAt.set(scope, now + state.resetMs / state.remaining);
    else this.allowedAt.delete(scope);
  }

  /** Whether a request header carries a credential: `x-api-key` or one given with `-H`. */
  private isCredential(name: string): boolean {
    const lower = name.toLowerCase();
    return lower === 'x-api-key' || Object.keys(this.options.headers ?? {}).some((k) => k.toLowerCase() === lower);
  }

  /**
   * Sends through the fetch with `redirect: 'manual'` and follows redirects itself, at most
   * {@link MAX_REDIRECTS}: 303 (and 301/302 after a POST) become a GET without body; once the
   * origin changes, `x-api-key` and every `-H` header are dropped, as browsers drop
   * `Authorization` (Fetch standard, HTTP-redirect fetch, step 13).
   */
  private async fetchFollowing(url: string, init: Parameters<FetchLike>[1]): Promise<{ res: Awaited<ReturnType<FetchLike>>; credentialsDropped: boolean }> {
    const origin = new URL(url).origin;
    let current = url;
    let request = init;
    let credentialsDropped = false;
    for (let redirects = 0; ; redirects += 1) {
      const res = await this.options.fetch(current, { ...request, redirect: 'manual', ...(this.options.maxBodyBytes !== undefined ? { maxBodyBytes: this.options.maxBodyBytes } : {}) });
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
          if (!this.isCredential(name)) continue;
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
   * Bounds memory: cuts the bodies of the exchanges recorded up to seq `throughSeq` (default: all,
   * capped at {@link settledSeq}) to 4 KiB and drops their parsed JSON (status, headers, `isJson`
   * and the schema verdict stay). The runner passes the lowest seq a running check may still read,
   * so a check always sees its own exchanges whole.
   */
  compact(throughSeq = Infinity): void {
    const through = Math.min(throughSeq, this.settledSeq);
    let i = this.compactedUpTo;
    for (; i < this.exchanges.length && this.exchanges[i]!.seq <= through; i += 1) {
      const resp = this.exchanges[i]?.response;
      if (resp && resp.bodyText.length > KEEP_BODY_CHARS) {
        // A copy, not a slice: V8 slices keep the whole parent string alive.
        resp.bodyText = `${Buffer.from(resp.bodyText.slice(0, KEEP_BODY_CHARS), 'utf8').toString('utf8')}…`;
        resp.json = undefined;
        resp.truncated = true;
      }
    }
    this.compactedUpTo = i;
  }
}

/** A redirect the client refuses to follow (too many, unparsable, not http(s)). */
class RedirectError extends Error {}

class TimeoutSignal extends Error {
  constructor() {
    super('timeout');
  }
}
