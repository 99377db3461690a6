/**
 * The kit's only way to the target: an {@link HttpClient} over a `fetch` function that paces
 * requests (--max-rps), bounds them (--timeout-ms, --max-requests, --max-duration-ms), honours
 * `Retry-After` on 429 and 503 and the target's rate-limit headers before a 429, records
 * every exchange with a curl reproduction, and validates every response against the spec
 * (ARCHITECTURE.md, "Rules that keep the kit honest": the kit is polite to production). API keys never leave unredacted, and never
 * reach another origin.
 *
 * A composition of its seams, one concern each: the transport (http/transport.ts:
 * fetch, redirects, timeouts, the body bound), the policies (http/policies.ts: budget, pacing, retry,
 * circuit), the exchange log (http/exchange-log.ts: seq order, settled mark, compaction) and the
 * exchange factory (http/exchange-factory.ts: keys, redaction, curl line, parsing, validation).
 */
import { ExchangeFactory } from './http/exchange-factory.js';
import { ExchangeLog } from './http/exchange-log.js';
import type { Ticket } from './http/exchange-log.js';
import { Circuit, Pacer, RequestBudget, RetryPolicy, isRead, operationOf } from './http/policies.js';
import { BodyTooLargeError, RedirectError, TimeoutSignal, deliver, describeTransportError, interruption, transportCode } from './http/transport.js';
import type { FetchLike, TransportOptions } from './http/transport.js';
import { BudgetExceededError, OperationStalledError, TargetUnreachableError } from '../contract/types.js';
import type { Exchange, HttpClient, RequestSpec, StalledOperation } from '../contract/types.js';
import type { ResponseValidator } from '../contract/validator.js';

export { BodyTooLargeError, MAX_REDIRECTS } from './http/transport.js';
export type { FetchLike } from './http/transport.js';
export { RateLimitedError, STALL_TIMEOUTS, retryAfterMs, stallSpanMs } from './http/policies.js';

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

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class FetchHttpClient implements HttpClient {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly log = new ExchangeLog();
  private readonly factory: ExchangeFactory;
  private readonly transport: TransportOptions;
  private readonly budget: RequestBudget;
  private readonly pacer: Pacer;
  private readonly retry: RetryPolicy;
  private readonly circuit: Circuit;
  /** The key each exchange was sent with, by role (the exchange shows it redacted): for the recording. */
  private readonly roles = new WeakMap<Exchange, string>();
  /** The cuts of the requests in flight, for {@link interrupt}. */
  private readonly inFlight = new Set<(err: Error) => void>();

  constructor(private readonly options: HttpClientOptions) {
    this.sleep = options.sleep ?? defaultSleep;
    this.now = options.now ?? Date.now;
    this.factory = new ExchangeFactory(options);
    this.transport = { fetch: options.fetch, ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}), isCredential: (name) => this.factory.isCredential(name) };
    this.budget = new RequestBudget(options.maxRequests, options.deadline, this.now);
    this.retry = new RetryPolicy(options.retry);
    this.pacer = new Pacer({ maxRps: options.maxRps, maxWaitMs: this.retry.maxWaitMs }, this.budget, this.now, this.sleep);
    this.circuit = new Circuit(options.timeoutMs, this.now);
  }

  /** Every exchange of the run, in the order its request was issued (seq). */
  get exchanges(): Exchange[] {
    return this.log.exchanges;
  }

  /** Requests sent so far (every attempt counts). */
  get requestCount(): number {
    return this.budget.sent;
  }

  /** The operations the client stopped sending, each with its cause (see {@link STALL_TIMEOUTS}). */
  get stalled(): StalledOperation[] {
    return this.circuit.stalled;
  }

  /**
   * The highest seq below which every issued request is recorded (none still in flight): an
   * exchange at or below it is never inserted later, so marks up to it stay valid.
   */
  get settledSeq(): number {
    return this.log.settledSeq;
  }

  /** Requests issued so far: every later request gets a higher seq. */
  get issuedCount(): number {
    return this.log.issuedCount;
  }

  /**
   * Ends the run's traffic now (SIGINT/SIGTERM): the requests in flight are cut and no other is
   * sent; each throws a {@link BudgetExceededError} with `reason`, so the checks not finished are
   * skipped as after a spent budget and the run still reports.
   */
  interrupt(reason: string): void {
    this.budget.interrupted ??= reason;
    for (const cut of this.inFlight) cut(new BudgetExceededError(reason));
    this.inFlight.clear();
  }

  /** The key an exchange was sent with, by role: `primary`, `other`, `inactive`, `none`, or `given` (a check's own). */
  authRoleOf(exchange: Exchange): string | undefined {
    return this.roles.get(exchange);
  }

  /** Lets requests name `base` ({@link RequestSpec.base}): a server of the target itself, never a third party. */
  allowBase(base: string): void {
    this.factory.allowBase(base);
  }

  /** The full URL of a request. */
  urlFor(req: Pick<RequestSpec, 'path' | 'query' | 'base'>): string {
    return this.factory.urlFor(req);
  }

  /**
   * Bounds memory: cuts the bodies of the exchanges recorded up to seq `throughSeq` (default: all,
   * capped at {@link settledSeq}) to 4 KiB and drops their parsed JSON. The runner passes the lowest
   * seq a running check may still read, so a check always sees its own exchanges whole.
   */
  compact(throughSeq = Infinity): void {
    this.log.compact(throughSeq);
  }

  /**
   * Sends one request (retrying after 429/503). `owner`, when given, is told of every exchange this
   * call records (each attempt): a check's view counts its own requests with it (check-client.ts).
   */
  async send(req: RequestSpec, owner?: (exchange: Exchange) => void): Promise<Exchange> {
    for (let attempt = 0; ; attempt += 1) {
      const exchange = await this.once(req, owner);
      const status = exchange.response?.status;
      if (!this.retry.throttled(req, status)) return exchange;
      const wait = this.retry.waitAfter(req, status, exchange.response?.headers ?? {}, attempt, this.now());
      this.budget.ensureTime(wait);
      await this.sleep(wait);
    }
  }

  private async once(req: RequestSpec, owner: ((exchange: Exchange) => void) | undefined): Promise<Exchange> {
    const refused = this.circuit.refusal(operationOf(req));
    if (refused) throw refused;
    this.budget.ensureRequest();
    this.budget.ensureTime();
    const ticket = this.log.issue();
    try {
      return await this.issue(req, owner, ticket);
    } finally {
      this.log.done(ticket);
    }
  }

  /** Sends request number `ticket.seq` once its turn comes, and records its exchange. */
  private async issue(req: RequestSpec, owner: ((exchange: Exchange) => void) | undefined, ticket: Ticket): Promise<Exchange> {
    const auth = this.factory.authOf(req);
    const scope = `${typeof auth === 'string' ? auth : 'given'} ${req.path.split('?')[0] ?? req.path}`;
    this.budget.waiting += 1;
    try {
      await this.pacer.takeTurn(req, scope);
    } catch (err) {
      this.log.withdraw(ticket);
      throw err;
    } finally {
      this.budget.waiting -= 1;
    }

    const { url, headers, body, exchange } = this.factory.prepare(req, auth, ticket.seq);
    this.roles.set(exchange, typeof auth === 'string' ? auth : 'given');
    const timeoutMs = this.budget.timeoutFor(this.options.timeoutMs);
    const stop = interruption(timeoutMs);
    const operation = operationOf(req);
    const forget = this.circuit.onOpen(operation, stop.cut);
    this.inFlight.add(stop.cut);
    const started = performance.now();
    const startedAtMs = this.now();
    this.budget.sent += 1;
    try {
      const delivery = await deliver(this.transport, url, { method: req.method, headers, body, signal: stop.signal, read: isRead(req) }, stop.interrupted);
      exchange.durationMs = performance.now() - started;
      if (delivery.credentialsDropped) exchange.credentialsDropped = true;
      const resp = this.factory.read(delivery.res, delivery.text);
      this.pacer.noteAllowance(scope, resp.headers);
      this.circuit.noteAnswer(operation);
      this.factory.attach(exchange, resp);
      this.log.record(exchange, owner);
      return exchange;
    } catch (err) {
      exchange.durationMs = performance.now() - started;
      throw this.failed(exchange, err, { owner, operation, startedAtMs, timeoutMs });
    } finally {
      stop.clear();
      forget();
      this.inFlight.delete(stop.cut);
    }
  }

  /** Records an exchange that got no (whole) answer, and gives the error its request throws. */
  private failed(exchange: Exchange, err: unknown, at: { owner: ((exchange: Exchange) => void) | undefined; operation: string; startedAtMs: number; timeoutMs: number }): Error {
    if (err instanceof BodyTooLargeError || err instanceof RedirectError) {
      const message = this.factory.failure(exchange, err.message);
      this.log.record(exchange, at.owner);
      if (err instanceof BodyTooLargeError) return new BodyTooLargeError(err.maxBytes, exchange);
      return new TargetUnreachableError(message, exchange, 'network');
    }
    if (err instanceof OperationStalledError) {
      this.factory.failure(exchange, err.message);
      this.log.record(exchange, at.owner);
      return err;
    }
    if (err instanceof BudgetExceededError) {
      this.factory.failure(exchange, err.message);
      this.log.record(exchange, at.owner);
      return err;
    }
    const isTimeout = err instanceof TimeoutSignal;
    if (isTimeout && this.budget.expired) {
      this.log.record(exchange, at.owner);
      return new BudgetExceededError('time bound of the run reached (--max-duration) while waiting for an answer');
    }
    const where = `${exchange.request.method} ${exchange.request.url}`;
    const message = isTimeout
      ? `${where} did not answer within ${Math.round(at.timeoutMs)} ms (--timeout-ms)`
      : `${where} failed: ${this.factory.redact(describeTransportError(err))}`;
    exchange.transportError = message;
    if (isTimeout) exchange.timedOut = true;
    this.log.record(exchange, at.owner);
    if (isTimeout) this.circuit.noteStall(at.operation, at.startedAtMs, message);
    return this.circuit.refusal(at.operation) ?? (isTimeout ? new TargetUnreachableError(message, exchange, 'timeout') : new TargetUnreachableError(message, exchange, 'network', transportCode(err)));
  }
}
