/**
 * The policies of the kit's HTTP client (http.ts), each a small object over its own state: the
 * {@link RequestBudget} (--max-requests, --max-duration), the {@link Pacer} (--max-rps and the
 * target's rate-limit headers), the {@link RetryPolicy} (`Retry-After` on 429 and 503) and
 * the per-operation {@link Circuit}. None of them sends anything.
 */
import { tightestRateLimit } from '../rate-limit-headers.js';
import { BudgetExceededError, OperationStalledError } from '../../contract/types.js';
import type { RequestSpec, StalledOperation } from '../../contract/types.js';

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

/** Parses Retry-After (delta-seconds or HTTP-date) into milliseconds from `now`. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** The run's bounds: requests sent or waiting against --max-requests, and the --max-duration deadline. */
export class RequestBudget {
  /** Requests sent so far (every attempt counts) and those waiting for their turn. */
  sent = 0;
  waiting = 0;

  constructor(
    private readonly maxRequests: number,
    readonly deadline: number | undefined,
    private readonly now: () => number,
  ) {}

  /** Why the run was interrupted (a signal), if it was: no request is sent after it. */
  interrupted: string | undefined;

  /** Throws when one more request would pass --max-requests, or the run was interrupted. */
  ensureRequest(): void {
    if (this.interrupted !== undefined) throw new BudgetExceededError(this.interrupted);
    if (this.sent + this.waiting >= this.maxRequests) {
      throw new BudgetExceededError(`request bound of the run reached (--max-requests ${this.maxRequests})`);
    }
  }

  /** Throws when the deadline comes within `extraMs`. */
  ensureTime(extraMs = 0): void {
    if (this.interrupted !== undefined) throw new BudgetExceededError(this.interrupted);
    if (this.deadline !== undefined && this.now() + extraMs >= this.deadline) {
      throw new BudgetExceededError('time bound of the run reached (--max-duration)');
    }
  }

  /** Whether the deadline has passed. */
  get expired(): boolean {
    return this.deadline !== undefined && this.now() >= this.deadline;
  }

  /** The timeout of a request sent now: --timeout-ms, cut to what is left of the run, at least 1 ms. */
  timeoutFor(timeoutMs: number): number {
    return Math.max(1, Math.min(timeoutMs, this.deadline !== undefined ? this.deadline - this.now() : Infinity));
  }
}

/**
 * Whose turn it is: the target's rate-limit headers (draft-ietf-httpapi-ratelimit-headers,
 * X-RateLimit-*), per scope (key and path), then the --max-rps slot. A slot is taken without
 * yielding, so requests sent concurrently share one limiter.
 *
 * --max-rps N holds in every one-second window: no N+1 slots within 1000 ms, and two slots at
 * least 1/(2N) s apart (at most twice the rate for an instant). A slot left unused while nothing
 * was asked (a run waiting on answers: discovery's round trips, a check's set-up) can be taken
 * later in the same second; with one slot every 1/N s exactly, each was lost for good (100 ms
 * away, about half a second of a run paced at the rate).
 */
export class Pacer {
  /** The last N slots taken (N = --max-rps), oldest first: the next one is at least a second after the first. */
  private readonly slots: number[] = [];
  /** Per rate-limit scope, the earliest time the target's rate-limit headers allow the next request. */
  private readonly allowedAt = new Map<string, number>();

  constructor(
    private readonly options: { maxRps?: number | undefined; maxWaitMs: number },
    private readonly budget: RequestBudget,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  /** Waits for this request's turn: the target's rate-limit headers, then the --max-rps slot. */
  async takeTurn(req: RequestSpec, scope: string): Promise<void> {
    if (!req.acceptRateLimit) await this.awaitAllowance(req, scope);
    const maxRps = this.options.maxRps;
    if (maxRps && maxRps > 0) {
      const now = this.now();
      const window = Math.max(1, Math.floor(maxRps));
      const last = this.slots.at(-1);
      const oldest = this.slots.length >= window ? this.slots[this.slots.length - window] : undefined;
      const slot = Math.max(now, last === undefined ? now : last + 500 / maxRps, oldest === undefined ? now : oldest + 1000);
      this.slots.push(slot);
      if (this.slots.length > window) this.slots.splice(0, this.slots.length - window);
      if (slot > now) {
        this.budget.ensureTime(slot - now);
        await this.sleep(slot - now);
      }
    }
  }

  /**
   * Waits until the target's rate-limit headers allow a request of this scope; a wait longer than
   * the longest the kit waits (`retry.maxWaitMs`) leaves the check inconclusive, as a long Retry-After does.
   */
  private async awaitAllowance(req: RequestSpec, scope: string): Promise<void> {
    const wait = (this.allowedAt.get(scope) ?? 0) - this.now();
    if (wait <= 0) return;
    const maxWaitMs = this.options.maxWaitMs;
    if (wait > maxWaitMs) {
      throw new RateLimitedError(
        `${req.method} ${req.path}: the target's rate-limit headers allow no request for ${Math.ceil(wait / 1000)} s, longer than the kit waits (${Math.round(maxWaitMs / 1000)} s)`,
      );
    }
    this.budget.ensureTime(wait);
    await this.sleep(wait);
  }

  /**
   * Reads what a response's rate-limit headers leave: none left, the next request waits for the
   * reset; fewer than --max-rps would send before the reset, the rest are spread evenly over the
   * window. --max-rps stays the ceiling.
   */
  noteAllowance(scope: string, headers: Readonly<Record<string, string>>): void {
    const now = this.now();
    const state = tightestRateLimit(headers, now);
    if (state === undefined) return;
    const maxRps = this.options.maxRps && this.options.maxRps > 0 ? this.options.maxRps : Infinity;
    if (state.remaining === 0) this.allowedAt.set(scope, now + state.resetMs);
    else if (state.remaining < (maxRps * state.resetMs) / 1000) this.allowedAt.set(scope, now + state.resetMs / state.remaining);
    else this.allowedAt.delete(scope);
  }
}

/** Retries after a 429/503: how many, the longest single wait, and the backoff without a hint. */
export class RetryPolicy {
  readonly maxRetries: number;
  readonly maxWaitMs: number;
  private readonly backoffMs: number;

  constructor(retry: { maxRetries?: number; maxWaitMs?: number; backoffMs?: number } | undefined) {
    this.maxRetries = retry?.maxRetries ?? 3;
    this.maxWaitMs = retry?.maxWaitMs ?? 30_000;
    this.backoffMs = retry?.backoffMs ?? 1_000;
  }

  /** Whether an answer is throttling to retry: a 503, or a 429 the request did not ask for. */
  throttled(req: RequestSpec, status: number | undefined): boolean {
    return status === 503 || (status === 429 && !req.acceptRateLimit);
  }

  /**
   * The wait before attempt `attempt + 1` after a throttled answer (Retry-After, else the spent
   * rate-limit header's reset, else exponential backoff); throws {@link RateLimitedError} when no
   * attempt is left or the target asks for a longer wait than the kit waits.
   */
  waitAfter(req: RequestSpec, status: number | undefined, headers: Readonly<Record<string, string>>, attempt: number, now: number): number {
    if (attempt >= this.maxRetries) {
      throw new RateLimitedError(`${req.method} ${req.path} answered ${status} on all ${attempt + 1} attempts (rate limited or unavailable)`);
    }
    const exhausted = tightestRateLimit(headers, now);
    const hinted = retryAfterMs(headers['retry-after'], now) ?? (exhausted?.remaining === 0 ? exhausted.resetMs : undefined);
    const wait = hinted ?? this.backoffMs * 2 ** attempt;
    if (wait > this.maxWaitMs) {
      throw new RateLimitedError(
        `${req.method} ${req.path} answered ${status} with Retry-After ${Math.ceil(wait / 1000)} s, longer than the kit waits (${Math.round(this.maxWaitMs / 1000)} s)`,
      );
    }
    return wait;
  }
}

/**
 * The per-operation circuit (a target whose `GET /requests/v3` sent headers and then
 * nothing held the run for many minutes, every check waiting out its own timeout). An operation
 * (method and path) opens its circuit when {@link STALL_TIMEOUTS} of its requests in a row got no
 * answer (no body, a drip, a timeout), the first of them sent at least {@link stallSpanMs} before,
 * while the target answered another operation: its requests in flight end at once, later ones are
 * not sent, each with an {@link OperationStalledError}, and the cause is kept once
 * ({@link Circuit.stalled}). The span keeps the kit's own load (a burst of timeouts beside
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

/** A request's operation for the circuit: its method and path (`GET /requests/v3`). */
export function operationOf(req: Pick<RequestSpec, 'method' | 'path'>): string {
  const path = req.path.split('?')[0] ?? req.path;
  return `${req.method} ${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The operations the document defines as reads besides every GET: `POST /currencies/v2` "returns
 * currency metadata from a curated list" and changes nothing, so it is as safe to send twice.
 */
const READ_POSTS: ReadonlySet<string> = new Set(['POST /currencies/v2']);

/** Whether the document defines a request as a read: the transport may send it again after a connection reset. */
export function isRead(req: Pick<RequestSpec, 'method' | 'path'>): boolean {
  return req.method === 'GET' || READ_POSTS.has(operationOf(req));
}

export class Circuit {
  /** Per operation: its unanswered requests in a row, since when, and the last cause. */
  private readonly streaks = new Map<string, { count: number; since: number; cause: string }>();
  /** Operations whose circuit is open, in the order they opened. */
  private readonly open = new Map<string, StalledOperation>();
  /** Per operation, how to end its requests in flight when its circuit opens. */
  private readonly cutters = new Map<string, Set<(err: OperationStalledError) => void>>();
  /** Operations that have answered (any status) in this run. */
  private readonly answered = new Set<string>();

  constructor(
    private readonly timeoutMs: number,
    private readonly now: () => number,
  ) {}

  /** The operations the client stopped sending, each with its cause. */
  get stalled(): StalledOperation[] {
    return [...this.open.values()];
  }

  /** The error of a request of `operation` when its circuit is open, else undefined. */
  refusal(operation: string): OperationStalledError | undefined {
    const open = this.open.get(operation);
    return open ? new OperationStalledError(open.operation, open.cause) : undefined;
  }

  /** Registers how to end a request of `operation` in flight; returns its removal. */
  onOpen(operation: string, cut: (err: OperationStalledError) => void): () => void {
    const cutters = this.cutters.get(operation) ?? new Set();
    this.cutters.set(operation, cutters.add(cut));
    return () => cutters.delete(cut);
  }

  /** An answer of `operation`: its streak of unanswered requests ends. */
  noteAnswer(operation: string): void {
    this.streaks.delete(operation);
    this.answered.add(operation);
  }

  /** A request of `operation` sent at `startedAt` got no answer in time: opens its circuit when the stall is long enough and others answer. */
  noteStall(operation: string, startedAt: number, cause: string): void {
    if (this.open.has(operation)) return;
    const streak = this.streaks.get(operation) ?? { count: 0, since: startedAt, cause };
    streak.count += 1;
    streak.since = Math.min(streak.since, startedAt);
    streak.cause = cause;
    this.streaks.set(operation, streak);
    const othersAnswer = [...this.answered].some((o) => o !== operation);
    if (streak.count < STALL_TIMEOUTS || this.now() - streak.since < stallSpanMs(this.timeoutMs) || !othersAnswer) return;
    this.open.set(operation, { operation, cause, unanswered: streak.count });
    const err = new OperationStalledError(operation, cause);
    for (const cut of this.cutters.get(operation) ?? []) cut(err);
    this.cutters.delete(operation);
  }
}
