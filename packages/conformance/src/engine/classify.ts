/**
 * The pure classifier of how a check or discovery ended: an error (or a result)
 * and the facts of the run at that moment become an outcome, a typed cause, and whether the run
 * stops. No I/O: when the verdict hangs on whether the target still answers, the classifier asks
 * for the probe (`{ probe: true }`) and is called again with its answer (runner.ts).
 */
import { BodyTooLargeError, RateLimitedError } from './http.js';
import { boundedOutcome, causeText, errorReason, toOutcome } from './outcome.js';
import { BudgetExceededError, OperationStalledError, TargetUnreachableError, isConnectionFailure } from '../contract/types.js';
import type { CheckOutcome, CheckResult, OutcomeCause } from '../contract/types.js';

/** The fields of a check's outcome known before it runs (outcome.ts, `outcomeBase`). */
export type OutcomeBase = Omit<CheckOutcome, 'status' | 'durationMs' | 'requests'>;

/** A stop of the run: its typed cause, the text for people (not yet redacted), how the checks not run end. */
export interface StopRequest {
  cause: OutcomeCause;
  reason: string;
  as: CheckOutcome['status'];
}

/** Whether the target still answers a cheap request (the probe), when the verdict needs it. */
export interface ReachFacts {
  /** Whether the target has answered anything at all (any status) so far. */
  answeredAnything: boolean;
  /** The probe's answer; undefined until it is asked. */
  reachable?: boolean;
}

/** The run when a check ended: whether other checks are still in flight, and whether the target answers. */
export interface CheckFacts extends ReachFacts {
  othersRunning: boolean;
}

/** The verdict needs the reachability probe: call again with {@link ReachFacts.reachable} set. */
export interface ProbeFirst {
  probe: true;
}

/** How a check ended: its outcome, a stop of the run, and what the scheduler and the ledger read. */
export interface CheckEnding {
  outcome: CheckOutcome;
  stop?: StopRequest;
  /** Throttled through every retry (the ledger counts these in a row). */
  rateLimited: boolean;
  /** Failed for want of an answer in time: beside other checks, it runs again alone (scheduler `again`). */
  timedOut?: boolean;
  /** Set when the target stopped answering: whether it never answered anything (exit 4). */
  unreachable?: boolean;
}

/** What a check left: its result or the error it threw, with its duration and requests. */
export interface CheckEnd {
  base: OutcomeBase;
  result?: CheckResult;
  error?: unknown;
  durationMs: number;
  requests: number;
  strict: boolean;
  redact: (text: string) => string;
}

/**
 * A check whose request's connection failed before any answer (reset, refused, `socket hang up`)
 * while the target answers other requests: an `error` with cause `transport` naming it, never a
 * failure (a read was already sent again once on a fresh connection, agent-fetch.ts; what is left
 * says nothing of the contract, and a baseline never lists it).
 */
export function transportOutcome(base: OutcomeBase, error: TargetUnreachableError, durationMs: number, requests: number, redact: (text: string) => string): CheckOutcome {
  return { ...base, status: 'error', cause: 'transport', reason: redact(causeText('transport', `${error.message} (no answer; a read is sent again once on a fresh connection before this)`)), durationMs, requests };
}

/**
 * A check whose request got no answer (in time, or no valid HTTP message, or a `--target` handler
 * that threw) while the target answers other requests: the operation misbehaves, a failure of the
 * check naming the cause ("one operation that does not answer is an outcome of its
 * checks", not exit 4). A connection that failed before any answer is a {@link transportOutcome} instead.
 */
export function unansweredOutcome(base: OutcomeBase, error: TargetUnreachableError, durationMs: number, requests: number, redact: (text: string) => string): CheckOutcome {
  const ex = error.exchange;
  const violation: CheckOutcome['violation'] = {
    message: redact(`the target gave no answer: ${error.message}`),
    expected: 'an HTTP response within --timeout-ms',
    received: error.reason === 'timeout' ? 'no answer in time' : 'a transport failure',
    ...(ex ? { curl: ex.curl, request: ex.request } : {}),
  };
  return { ...base, status: 'fail', violation, durationMs, requests };
}

/**
 * The outcome of a check not run because the run stopped: `error` when nothing answered, else
 * `skip` with the stop's prefix; "not a JSON API" is said in full once (the run's `aborted`), not
 * once per check.
 */
export function notRunOutcome(base: OutcomeBase, aborted: string, as: CheckOutcome['status'], cause: OutcomeCause | undefined): CheckOutcome {
  const typed = cause ? { cause } : {};
  if (as !== 'skip') return { ...base, status: 'error', ...typed, reason: `not run: ${aborted}`, durationMs: 0, requests: 0 };
  if (cause === 'not-json') {
    // Under --target the diagnosis names the handler, not --base-url.
    const where = aborted.includes('--target') ? 'wrong --target handler?' : 'wrong base URL?';
    return { ...base, status: 'skip', ...typed, reason: causeText('not-json', `not run, ${where} (the run's diagnosis names what came back)`), durationMs: 0, requests: 0 };
  }
  const prefix = cause !== undefined ? causeText(cause, '') : '';
  const detail = aborted.startsWith(prefix) ? aborted.slice(prefix.length) : aborted;
  return { ...base, status: 'skip', ...typed, reason: `${prefix}not run: ${detail}`, durationMs: 0, requests: 0 };
}

/**
 * How a check ended, from its result or error: a stalled operation skips it (the run's `stalled`
 * says the cause once); a body too large fails it, throttling throughout leaves it inconclusive, a
 * spent budget skips it and stops the run; no answer in time while others are in flight, or while
 * the target still answers the probe, fails it (and it runs again alone); a connection that failed
 * before any answer while the target answers the probe is an `error` with cause `transport`; no answer from a
 * target that answers nothing any more stops the run (unreachable when it never answered);
 * anything else the check threw is an `error`.
 */
export function classifyCheckEnd(end: CheckEnd, facts: CheckFacts & { reachable: boolean }): CheckEnding;
export function classifyCheckEnd(end: CheckEnd, facts: CheckFacts): CheckEnding | ProbeFirst;
export function classifyCheckEnd(end: CheckEnd, facts: CheckFacts): CheckEnding | ProbeFirst {
  const { base, error, durationMs, requests, redact } = end;
  const rateLimited = error instanceof RateLimitedError;
  if (error === undefined) {
    const result = end.result;
    // A check that reports a timeout as its own finding (e.g. "the server gave no answer" to bad
    // input) runs again alone too when it ran beside others: the kit's load is not the target's.
    const timedOut = result?.status === 'fail' && result.violation.exchange?.timedOut === true;
    return { outcome: toOutcome(base, result, end.strict, durationMs, requests, redact), rateLimited, ...(timedOut ? { timedOut } : {}) };
  }
  if (error instanceof OperationStalledError) {
    const reason = redact(causeText('stalled', `${error.operation} stopped answering; not run (the run's Stalled line names the cause)`));
    return { outcome: { ...base, status: 'skip', cause: 'stalled', reason, durationMs, requests }, rateLimited };
  }
  const bounded = boundedOutcome(base, error, durationMs, requests, redact);
  if (bounded) {
    const stop: StopRequest | undefined = error instanceof BudgetExceededError ? { cause: 'budget', reason: causeText('budget', error.message), as: 'skip' } : undefined;
    return { outcome: bounded, rateLimited, ...(stop ? { stop } : {}) };
  }
  if (error instanceof TargetUnreachableError) {
    // A timeout while other checks are in flight may be the kit's own load: the check runs again
    // alone once they have ended (scheduler `again`), and only a failure then is judged with the
    // probe. Probing now would meet the same load and stop the run for it.
    const besideOthers = error.reason === 'timeout' && facts.othersRunning;
    if (!besideOthers && facts.reachable === undefined) return { probe: true };
    if (besideOthers || facts.reachable === true) {
      if (isConnectionFailure(error)) return { outcome: transportOutcome(base, error, durationMs, requests, redact), rateLimited: false };
      return { outcome: unansweredOutcome(base, error, durationMs, requests, redact), rateLimited: false, timedOut: error.reason === 'timeout' };
    }
    const unreachable = !facts.answeredAnything;
    const cause = unreachable ? 'unreachable' : 'inconclusive';
    const why = unreachable ? `target unreachable: ${error.message}` : causeText('inconclusive', `the target stopped answering: ${error.message}`);
    const status = unreachable ? 'error' : 'skip';
    return { outcome: { ...base, status, cause, reason: redact(why), durationMs, requests }, rateLimited, unreachable, stop: { cause, reason: why, as: status } };
  }
  return { outcome: { ...base, status: 'error', reason: redact(errorReason(error)), durationMs, requests }, rateLimited };
}

/** How discovery's error weighs on the run: a stop, one throttled step, or nothing (the checks judge). */
export interface DiscoveryEnding {
  stop?: StopRequest;
  /** Throttled through every retry: counts as one in a row (ledger). */
  throttled?: boolean;
  /** The target never answered anything and does not answer the probe (exit 4). */
  unreachable?: boolean;
}

/**
 * How discovery's error weighs on the run: a spent budget stops it (skips); throttling counts one
 * in a row; a target that never answered and fails the probe is unreachable; a transport failure
 * or a body too large otherwise leaves the checks to judge; anything else stops the run as
 * `discovery-failed` with `problem` (its text for people).
 */
export function classifyDiscoveryError(error: unknown, problem: string, facts: ReachFacts & { reachable: boolean }): DiscoveryEnding;
export function classifyDiscoveryError(error: unknown, problem: string, facts: ReachFacts): DiscoveryEnding | ProbeFirst;
export function classifyDiscoveryError(error: unknown, problem: string, facts: ReachFacts): DiscoveryEnding | ProbeFirst {
  if (error instanceof BudgetExceededError) return { stop: { cause: 'budget', reason: causeText('budget', error.message), as: 'skip' } };
  if (error instanceof RateLimitedError) return { throttled: true };
  if (error instanceof TargetUnreachableError && !facts.answeredAnything) {
    if (facts.reachable === undefined) return { probe: true };
    if (!facts.reachable) return { unreachable: true, stop: { cause: 'unreachable', reason: `target unreachable during discovery: ${error.message}`, as: 'error' } };
  }
  if (error instanceof TargetUnreachableError || error instanceof BodyTooLargeError) return {};
  return { stop: { cause: 'discovery-failed', reason: problem, as: 'error' } };
}

/** Whether the classifier asks for the reachability probe first. */
export function needsProbe(ending: object): ending is ProbeFirst {
  return 'probe' in ending;
}
