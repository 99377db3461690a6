/**
 * Live data never causes a failure, nor a verdict left open for one read it disturbed: a relation
 * measured over several queries is measured again before its violation is reported. The check runs
 * a second time with the same seed (the same queries, in the same order); the failure counts only
 * when the second read gives the same violation, and its message then says `reproduced 2/2`. When
 * the two reads disagree (the second holds, or fails differently) the target's data changed under
 * one of them, and a third read decides: the same violation as an earlier read fails the check
 * (`reproduced 2/3`), a hold after the second's hold passes it (two reads in a row on which the
 * relation held, the disturbed first named in its note), anything else leaves it `skip` with cause
 * `unstable` (no two reads agreed). When the first read used answers shared with other checks
 * (shared-reads.ts), the second reads everything afresh, and a second read that holds is the
 * check's result.
 */
import type { CheckResult, Violation } from '../contract/types.js';

/** Appended to the message of a violation that a second read reproduced. */
export const REPRODUCED = 'reproduced 2/2';
/** Appended to the message of a violation that the third read gave again after a second read that disagreed. */
export const REPRODUCED_THIRD = 'reproduced 2/3';

/** The parts of a violation that must match on another read (the exchange differs by nature). */
function sameViolation(a: Violation, b: Violation): boolean {
  return a.message === b.message && a.expected === b.expected && a.received === b.received;
}

/** What a later read did, in words, beside a first read that failed. */
function readText(r: CheckResult): string {
  return r.status === 'fail' ? `failed differently (received ${r.violation.received})` : r.status === 'pass' ? 'held' : `ended ${r.status}${r.status === 'skip' ? ` (${r.reason})` : ''}`;
}

/** A fail whose message ends with how it was reproduced. */
function reproduced(r: Extract<CheckResult, { status: 'fail' }>, how: string): CheckResult {
  return { ...r, violation: { ...r.violation, message: `${r.violation.message} (${how})` } };
}

/**
 * The result of a relation check once its failure has been read again. `first` is the first
 * result; `again` runs the check another time (a throw there propagates: the check errors).
 */
export async function reproduce(first: CheckResult, again: () => Promise<CheckResult>, options: { firstShared?: boolean } = {}): Promise<CheckResult> {
  if (first.status !== 'fail') return first;
  const second = await again();
  // The first read rested on answers shared with other checks (shared-reads.ts), seconds old: the
  // second, all fresh, is the measurement.
  if (options.firstShared && second.status !== 'fail') return second;
  if (second.status === 'fail' && sameViolation(first.violation, second.violation)) return reproduced(second, REPRODUCED);
  // The reads disagree: the data changed under one of them. A third decides.
  const third = await again();
  if (third.status === 'fail' && (sameViolation(first.violation, third.violation) || (second.status === 'fail' && sameViolation(second.violation, third.violation)))) {
    return reproduced(third, REPRODUCED_THIRD);
  }
  const disturbed = `the first read found "${first.violation.message}" (received ${first.violation.received})`;
  if (second.status === 'pass' && third.status === 'pass') {
    const note = `held on a second and a third read; ${disturbed}, which neither gave again: the target's data changed under it`;
    return { ...third, note: third.note ? `${third.note}; ${note}` : note };
  }
  return {
    status: 'skip',
    cause: 'unstable',
    reason: `the relation could not be measured on stable data: ${disturbed}, a second read ${readText(second)}, a third ${readText(third)}; no two reads agreed, the target's data changed between them`,
  };
}
