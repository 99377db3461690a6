/**
 * The run ledger: the state of a run as one value with named, pure transitions
 * — a check `ended`, a check `released` in run order, the run `stopped` with a typed cause,
 * discovery `throttled`, the target found `unreachable` — in place of the runner's mutable locals.
 * {@link RunLedger} holds the current state and the released outcomes.
 */
import { notRunOutcome } from './classify.js';
import type { OutcomeBase } from './classify.js';
import { causeText } from './outcome.js';
import type { CheckOutcome, OutcomeCause } from '../contract/types.js';

/**
 * Checks in a row throttled through every retry before the run stops asking: a target that answers
 * 429 forever ends the run in seconds, inconclusive (exit 5), not after an hour of retries.
 */
export const RATE_LIMITED_IN_A_ROW = 3;

/** Why the run stopped: the typed cause, the text for people (redacted), how the checks not run end, and the run-order index of the check whose stop it is (-1: discovery). */
export interface RunStop {
  readonly cause: OutcomeCause;
  readonly reason: string;
  readonly as: CheckOutcome['status'];
  readonly index: number;
}

export interface LedgerState {
  /** The stop that counts, if the run stopped. */
  readonly stop?: RunStop;
  /** The target answered nothing at all (exit 4). */
  readonly unreachable: boolean;
  /** Checks in a row (in release order) that the target's throttling left inconclusive. */
  readonly throttledInARow: number;
  /** Failures among the checks that ended (any order; all before the next to start). */
  readonly failuresEnded: number;
  /** Failures among the checks released in run order. */
  readonly failuresReleased: number;
}

export const INITIAL_LEDGER: LedgerState = { unreachable: false, throttledInARow: 0, failuresEnded: 0, failuresReleased: 0 };

/**
 * A check's outcome before the in-order rules of release, and its base; `rateLimited` (set when it
 * ran): whether it was throttled through every retry; `afterStop`: not run because the run had stopped.
 */
export interface Ended {
  outcome: CheckOutcome;
  base: OutcomeBase;
  rateLimited?: boolean;
  afterStop?: boolean;
  /** Failed for want of an answer in time: beside other checks, it runs again alone (scheduler `again`). */
  timedOut?: boolean;
}

/**
 * The run stopped. Checks overlap, so the stop of the earliest check wins: a later check's stop is
 * ignored once a check's stop is kept (discovery's stop, index -1, yields to none before it).
 */
export function stopped(state: LedgerState, stop: RunStop): LedgerState {
  if (state.stop !== undefined && state.stop.index >= 0 && stop.index > state.stop.index) return state;
  return { ...state, stop };
}

/** Discovery was throttled through every retry: one more in a row. */
export function throttled(state: LedgerState): LedgerState {
  return { ...state, throttledInARow: state.throttledInARow + 1 };
}

/** The target stopped answering: `never` when it never answered anything (exit 4). */
export function unreachable(state: LedgerState, never: boolean): LedgerState {
  return state.unreachable === never ? state : { ...state, unreachable: never };
}

/** A check ended (any order): its failure counts toward --max-failures before the next starts. */
export function ended(state: LedgerState, outcome: CheckOutcome): LedgerState {
  return outcome.status === 'fail' ? { ...state, failuresEnded: state.failuresEnded + 1 } : state;
}

/** What release needs beyond the state. */
export interface ReleaseRules {
  maxFailures?: number | undefined;
  /** The reason of a check skipped by --max-failures. */
  maxFailuresReason: string;
  /** The base of a check not run after the stop (its replay drops the window once the run stopped). */
  notRunBase: () => OutcomeBase;
  /** When the check started (its last run), in ms from the run's start: set on an outcome it keeps. */
  startMs?: number | undefined;
  redact: (text: string) => string;
}

/**
 * Check `index` is released in run order: past --max-failures it is skipped; after the stop that
 * counts, a check that ran (or was not run for it) gets the stop's not-run outcome, as a
 * one-at-a-time run gives; a check it keeps counts toward the throttled checks in a row, whose
 * {@link RATE_LIMITED_IN_A_ROW}th stops the run, inconclusive. `kept`: the outcome is the check's own.
 */
export function released(state: LedgerState, index: number, end: Ended, rules: ReleaseRules): { state: LedgerState; outcome: CheckOutcome; kept: boolean } {
  let outcome = end.outcome;
  const ran = end.rateLimited !== undefined;
  const stop = state.stop;
  if (rules.maxFailures !== undefined && state.failuresReleased >= rules.maxFailures && outcome.cause !== 'max-failures') {
    outcome = { ...end.base, status: 'skip', cause: 'max-failures', reason: rules.maxFailuresReason, durationMs: outcome.durationMs, requests: outcome.requests };
  } else if (stop !== undefined && index > stop.index && (ran || end.afterStop)) {
    outcome = notRunOutcome(rules.notRunBase(), stop.reason, stop.as, stop.cause);
  }
  const kept = outcome === end.outcome;
  let next = state;
  if (ran && kept) {
    const inARow = end.rateLimited ? state.throttledInARow + 1 : 0;
    next = { ...next, throttledInARow: inARow };
    if (inARow >= RATE_LIMITED_IN_A_ROW && next.stop === undefined) {
      const reason = causeText('inconclusive', `the target answered 429/503 through every retry for ${inARow} checks in a row; the kit stopped asking`);
      next = stopped(next, { cause: 'inconclusive', reason: rules.redact(reason), as: 'skip', index });
    }
  }
  if (kept && rules.startMs !== undefined) outcome = { ...outcome, startMs: Math.round(rules.startMs) };
  if (outcome.status === 'fail') next = { ...next, failuresReleased: next.failuresReleased + 1 };
  return { state: next, outcome, kept };
}

/** The ledger of one run: its state through the transitions above, and the outcomes released in run order. */
export class RunLedger {
  private current: LedgerState = INITIAL_LEDGER;
  readonly outcomes: CheckOutcome[] = [];

  constructor(private readonly redact: (text: string) => string) {}

  get state(): LedgerState {
    return this.current;
  }

  /** The stop's reason, when the run stopped. */
  get aborted(): string | undefined {
    return this.current.stop?.reason;
  }

  stop(cause: OutcomeCause, reason: string, as: CheckOutcome['status'], index = -1): void {
    this.current = stopped(this.current, { cause, reason: this.redact(reason), as, index });
  }

  throttled(): void {
    this.current = throttled(this.current);
  }

  unreachable(never: boolean): void {
    this.current = unreachable(this.current, never);
  }

  ended(outcome: CheckOutcome): void {
    this.current = ended(this.current, outcome);
  }

  /** Releases check `index` (run order), records its outcome and returns it with whether it is the check's own. */
  released(index: number, end: Ended, rules: Omit<ReleaseRules, 'redact'>): { outcome: CheckOutcome; kept: boolean } {
    const next = released(this.current, index, end, { ...rules, redact: this.redact });
    this.current = next.state;
    this.outcomes.push(next.outcome);
    return { outcome: next.outcome, kept: next.kept };
  }
}
