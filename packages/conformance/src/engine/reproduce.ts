/**
 * Live data never causes a failure: a relation measured over several queries is
 * measured again before its violation is reported. The check runs a second time with the same seed
 * (the same queries, in the same order); the failure counts only when the second read gives the
 * same violation, and its message then says `reproduced 2/2`. When the reads disagree (the second
 * passes, or fails differently) the relation could not be measured on stable data: `skip`. When the
 * first read used answers shared with other checks (shared-reads.ts), the second reads everything
 * afresh, and a second read that holds is the check's result.
 */
import type { CheckResult, Violation } from '../contract/types.js';

/** Appended to the message of a violation that a second read reproduced. */
export const REPRODUCED = 'reproduced 2/2';

/** The parts of a violation that must match on the second read (the exchange differs by nature). */
function sameViolation(a: Violation, b: Violation): boolean {
  return a.message === b.message && a.expected === b.expected && a.received === b.received;
}

/**
 * The result of a relation check once its failure has been read again. `first` is the first
 * result; `again` runs the check a second time (a throw there propagates: the check errors).
 */
export async function reproduce(first: CheckResult, again: () => Promise<CheckResult>, options: { firstShared?: boolean } = {}): Promise<CheckResult> {
  if (first.status !== 'fail') return first;
  const second = await again();
  // The first read rested on answers shared with other checks (shared-reads.ts), seconds old: the
  // second, all fresh, is the measurement.
  if (options.firstShared && second.status !== 'fail') return second;
  if (second.status === 'fail' && sameViolation(first.violation, second.violation)) {
    return { ...second, violation: { ...second.violation, message: `${second.violation.message} (${REPRODUCED})` } };
  }
  const then = second.status === 'fail' ? `failed differently (received ${second.violation.received})` : second.status === 'pass' ? 'held' : `ended ${second.status}`;
  return {
    status: 'skip',
    reason: `the relation could not be measured on stable data: the first read found "${first.violation.message}" (received ${first.violation.received}), a second read ${then}; the target's data changed between reads (reproduced 1/2)`,
  };
}
