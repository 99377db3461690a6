import { describe, expect, it } from 'vitest';
import type { OutcomeBase } from '../../src/engine/classify.js';
import { INITIAL_LEDGER, RATE_LIMITED_IN_A_ROW, RunLedger, ended, released, stopped, throttled, unreachable } from '../../src/engine/ledger.js';
import type { Ended, LedgerState, ReleaseRules, RunStop } from '../../src/engine/ledger.js';
import type { CheckOutcome } from '../../src/contract/types.js';

const base: OutcomeBase = { id: 'a.b.c', family: 'a.b', title: 'A', operation: 'GET /a', clauses: [], level: 'MUST', seed: 1, replay: 'r --window w' };
const notRunBase: OutcomeBase = { ...base, replay: 'r' };
const outcome = (status: CheckOutcome['status'], extra: Partial<CheckOutcome> = {}): CheckOutcome => ({ ...base, status, durationMs: 7, requests: 2, ...extra });
const ran = (status: CheckOutcome['status'], rateLimited = false): Ended => ({ outcome: outcome(status), base, rateLimited });
const rules = (over: Partial<ReleaseRules> = {}): ReleaseRules => ({ maxFailuresReason: 'max failures reached (--max-failures 1)', notRunBase: () => notRunBase, redact: (t) => t, ...over });
const stop = (cause: RunStop['cause'], index: number, as: RunStop['as'] = 'skip'): RunStop => ({ cause, reason: `${cause}: why`, as, index });
const state = (over: Partial<LedgerState>): LedgerState => ({ ...INITIAL_LEDGER, ...over });

describe('stopped: the stop of the earliest check wins', () => {
  it.each<[string, RunStop | undefined, RunStop, string]>([
    ['first stop', undefined, stop('budget', 4), 'budget'],
    ['an earlier check replaces a later one', stop('budget', 4), stop('inconclusive', 2), 'inconclusive'],
    ['a later check does not replace an earlier one', stop('budget', 2), stop('inconclusive', 4), 'budget'],
    ['the same check replaces', stop('budget', 2), stop('inconclusive', 2), 'inconclusive'],
    ["discovery's stop (-1) yields to a check's", stop('not-json', -1), stop('budget', 3), 'budget'],
    ["a check's stop yields to discovery's", stop('budget', 3), stop('unreachable', -1, 'error'), 'unreachable'],
  ])('%s', (_name, before, next, cause) => {
    const s = stopped(state(before ? { stop: before } : {}), next);
    expect(s.stop?.cause).toBe(cause);
  });

  it('is pure: the state before is unchanged', () => {
    const before = state({});
    stopped(before, stop('budget', 1));
    expect(before).toEqual(INITIAL_LEDGER);
  });
});

describe('ended, throttled, unreachable', () => {
  it.each<[CheckOutcome['status'], number]>([
    ['fail', 1],
    ['warn', 0],
    ['pass', 0],
    ['error', 0],
  ])('ended(%s) counts %i failure', (status, n) => {
    expect(ended(INITIAL_LEDGER, outcome(status)).failuresEnded).toBe(n);
  });
  it('throttled counts one in a row', () => {
    expect(throttled(throttled(INITIAL_LEDGER)).throttledInARow).toBe(2);
  });
  it('unreachable sets the flag either way', () => {
    expect(unreachable(INITIAL_LEDGER, true).unreachable).toBe(true);
    expect(unreachable(state({ unreachable: true }), false).unreachable).toBe(false);
  });
});

describe('released: the in-order rules', () => {
  it('keeps a check that ran before any stop, with its start', () => {
    const end = ran('pass');
    const r = released(INITIAL_LEDGER, 0, end, rules({ startMs: 12.6 }));
    expect(r.kept).toBe(true);
    expect(r.outcome).toEqual({ ...end.outcome, startMs: 13 });
    expect(r.state).toEqual(INITIAL_LEDGER);
  });

  it('past --max-failures a check is skipped (cause max-failures), its duration and requests kept', () => {
    const r = released(state({ failuresReleased: 1 }), 3, ran('fail'), rules({ maxFailures: 1, startMs: 5 }));
    expect(r.kept).toBe(false);
    expect(r.outcome).toEqual({ ...base, status: 'skip', cause: 'max-failures', reason: 'max failures reached (--max-failures 1)', durationMs: 7, requests: 2 });
    expect(r.state.failuresReleased).toBe(1);
  });

  it('a check skipped for --max-failures before it ran keeps its outcome', () => {
    const end: Ended = { outcome: outcome('skip', { cause: 'max-failures', reason: 'max failures reached (--max-failures 1)' }), base };
    expect(released(state({ failuresReleased: 1 }), 3, end, rules({ maxFailures: 1 })).kept).toBe(true);
    // Its cause decides, not its words: other words keep it; the same words without the cause do not.
    const worded: Ended = { outcome: outcome('skip', { cause: 'max-failures', reason: 'other words' }), base };
    expect(released(state({ failuresReleased: 1 }), 3, worded, rules({ maxFailures: 1 })).kept).toBe(true);
    const sameWords: Ended = { outcome: outcome('skip', { reason: 'max failures reached (--max-failures 1)' }), base };
    expect(released(state({ failuresReleased: 1 }), 3, sameWords, rules({ maxFailures: 1 })).outcome.cause).toBe('max-failures');
  });

  it.each<[string, number, Ended, boolean]>([
    ['a later check that ran gets the stop', 5, ran('pass'), false],
    ['a later check not run for the stop gets it', 5, { ...ran('pass'), rateLimited: undefined, afterStop: true }, false],
    ['a later check not run for another reason (disabled) keeps it', 5, { outcome: outcome('disabled'), base }, true],
    ['the check that stopped keeps its own', 4, ran('skip'), true],
    ['an earlier check keeps its own', 2, ran('fail'), true],
  ])('after a stop at check 4: %s', (_name, index, end, kept) => {
    const r = released(state({ stop: stop('budget', 4) }), index, end, rules());
    expect(r.kept).toBe(kept);
    if (!kept) expect(r.outcome).toEqual({ ...notRunBase, status: 'skip', cause: 'budget', reason: 'budget: not run: why', durationMs: 0, requests: 0 });
  });

  it(`${RATE_LIMITED_IN_A_ROW} throttled checks in a row stop the run, inconclusive, at the last of them`, () => {
    let s = INITIAL_LEDGER;
    for (let i = 0; i < RATE_LIMITED_IN_A_ROW; i += 1) {
      expect(s.stop).toBeUndefined();
      s = released(s, i, ran('skip', true), rules()).state;
    }
    expect(s.stop).toMatchObject({ cause: 'inconclusive', as: 'skip', index: RATE_LIMITED_IN_A_ROW - 1 });
    expect(s.stop?.reason).toMatch(/^inconclusive: the target answered 429\/503 through every retry for 3 checks in a row/);
  });

  it('a check that was not throttled resets the run of throttled checks; one not run leaves it', () => {
    let s = released(INITIAL_LEDGER, 0, ran('skip', true), rules()).state;
    expect(s.throttledInARow).toBe(1);
    s = released(s, 1, { outcome: outcome('disabled'), base }, rules()).state;
    expect(s.throttledInARow).toBe(1);
    s = released(s, 2, ran('pass'), rules()).state;
    expect(s.throttledInARow).toBe(0);
  });

  it('counts released failures (warn is not one)', () => {
    let s = released(INITIAL_LEDGER, 0, ran('fail'), rules()).state;
    s = released(s, 1, ran('warn'), rules()).state;
    expect(s.failuresReleased).toBe(1);
  });
});

describe('RunLedger', () => {
  it('redacts a stop reason and records the released outcomes in order', () => {
    const ledger = new RunLedger((t) => t.replace('sk_secret', '<redacted>'));
    ledger.stop('unreachable', 'target unreachable: GET /x?k=sk_secret', 'error', 1);
    expect(ledger.aborted).toBe('target unreachable: GET /x?k=<redacted>');
    ledger.released(0, ran('pass'), { maxFailuresReason: 'm', notRunBase: () => notRunBase });
    ledger.released(2, ran('pass'), { maxFailuresReason: 'm', notRunBase: () => notRunBase });
    expect(ledger.outcomes.map((o) => o.status)).toEqual(['pass', 'error']);
    expect(ledger.outcomes[1]!.reason).toBe('not run: target unreachable: GET /x?k=<redacted>');
  });
});
