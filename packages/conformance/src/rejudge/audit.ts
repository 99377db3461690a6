/**
 * `audit` with the re-judging of the kit's own recordings: the oracles judge every exchange
 * (recordings/audit.ts), then each recording the kit wrote (`--record`, with its run description)
 * has its run's checks run again against it (rejudge.ts), and their verdicts join the oracles':
 * per check id the gravest of the two (fail, warn, error, known, pass, skip). A recording not made
 * by the kit is audited as before, and the report says its relations were not re-judged.
 */
import { clauses as specClauses } from '@crosschain/specs';
import { allChecks } from '../checks/index.js';
import { clauseMatrix, type ClauseEntry } from '../engine/clause-matrix.js';
import { EXIT, type CheckDefinition, type CheckOutcome, type OutcomeStatus, type RunResult } from '../contract/types.js';
import { EXIT_OF_CAUSE, exitCodeOf, totalsOf } from '../engine/outcome.js';
import { auditRecordings, type RecordingAudit } from '../recordings/audit.js';
import type { Recordings } from '../recordings/index.js';
import { rejudge, type Rejudged } from './rejudge.js';

/** How grave a status is, when the oracles and the re-run both judge a check. */
const GRAVITY: Record<OutcomeStatus, number> = { fail: 6, warn: 5, error: 4, known: 3, pass: 2, skip: 1, disabled: 0 };

/** What the report says of each recording's re-judging. */
export interface RejudgeNote {
  file: string;
  /** Set when the run's checks were run again on it. */
  rejudged?: { checks: number; failed: string[]; notInRecording: string[]; unowned: string[]; answered: number; entries: number; durationMs: number };
  /** Set when they were not: why. */
  notRejudged?: string;
}

/**
 * A re-run's outcome as the audit shows it. A skip keeps its cause: a check the recorded run could
 * not decide (throttled throughout, a budget spent, an operation that stopped answering) leaves the
 * audit undecided too, with the run's exit code (5, or 1 for a stall), never a green audit of a run
 * that was not green. A key the run did not have (`needs`) is the run's set-up, not the target's
 * answer: said, not weighed.
 */
function asAudited(o: CheckOutcome): CheckOutcome {
  if (o.status !== 'skip' && o.status !== 'disabled') return o;
  const { needs: _needs, ...rest } = o;
  return { ...rest, reason: `in the recorded run: ${o.reason ?? 'not run'}` };
}

/**
 * How grave an outcome is: by its status, except that a skip whose cause decides a run's exit code
 * (the check could not be decided) weighs above a pass, as in the run, where an oracle's pass never
 * turns a check the active side could not decide into a pass.
 */
function gravity(o: CheckOutcome): number {
  return o.status === 'skip' && o.cause !== undefined && EXIT_OF_CAUSE[o.cause] !== undefined ? GRAVITY.pass + 0.5 : GRAVITY[o.status];
}

/** The oracles' outcomes with the re-runs' joined: per id, the gravest (the oracles' on a tie). */
export function joinOutcomes(oracles: readonly CheckOutcome[], reruns: ReadonlyArray<readonly CheckOutcome[]>): CheckOutcome[] {
  const byId = new Map<string, CheckOutcome>(oracles.map((o) => [o.id, o]));
  for (const outcomes of reruns) {
    for (const raw of outcomes) {
      const o = asAudited(raw);
      const known = byId.get(o.id);
      if (!known || gravity(o) > gravity(known)) byId.set(o.id, o);
    }
  }
  return [...byId.values()];
}

/** An audit result with the re-runs' outcomes joined: totals, clauses and exit code again over them. */
export function withRejudged(result: RunResult, reruns: ReadonlyArray<readonly CheckOutcome[]>, notes: readonly RejudgeNote[], checks: readonly CheckDefinition[] = allChecks): RunResult {
  const config = { ...result.config, rejudged: notes };
  if (reruns.length === 0) return { ...result, config };
  const outcomes = joinOutcomes(result.outcomes, reruns);
  const ids = new Set(outcomes.map((o) => o.id));
  const used = checks.filter((c) => ids.has(c.id));
  // Nothing observed, or nothing answered: the audit's own verdict stands (the re-runs answered from nothing).
  const nothing = result.exitCode === EXIT.inconclusive || result.exitCode === EXIT.unreachable;
  return {
    ...result,
    config,
    outcomes,
    totals: totalsOf(outcomes),
    exitCode: nothing ? result.exitCode : exitCodeOf(outcomes, false),
    clauses: clauseMatrix(specClauses as readonly ClauseEntry[], used, outcomes),
  };
}

/** The one-line summary of a recording's re-judging, for the console. */
export function rejudgeLine(note: RejudgeNote): string {
  if (note.notRejudged !== undefined) return `${note.file}: relations not re-judged: ${note.notRejudged}`;
  const r = note.rejudged!;
  const failed = r.failed.length > 0 ? `; failing: ${r.failed.join(', ')}` : '';
  const missing = r.notInRecording.length > 0 ? `; not in the recording (error): ${r.notInRecording.join(', ')}` : '';
  return `${note.file}: the run's ${r.checks} checks re-judged from the recording (${r.answered} of ${r.entries} entries answered, ${Math.round(r.durationMs)} ms)${failed}${missing}`;
}

/**
 * Audits `recordings` (recordings/audit.ts) and re-judges those the kit recorded; `meta` as
 * {@link auditRecordings} takes it.
 */
export async function auditAndRejudge(recordings: Recordings, meta: Parameters<typeof auditRecordings>[1]): Promise<RecordingAudit & { notes: RejudgeNote[] }> {
  const audit = auditRecordings(recordings, meta);
  const notes: RejudgeNote[] = [];
  const reruns: CheckOutcome[][] = [];
  for (const file of recordings.files) {
    if (file.format !== 'har' && file.format !== 'polly') continue;
    const kit = file.kit;
    if (!kit || 'why' in kit) {
      notes.push({ file: file.file, notRejudged: kit?.why ?? 'not a recording of the kit' });
      continue;
    }
    let rerun: Rejudged;
    try {
      rerun = await rejudge(kit, { strict: meta.strict });
    } catch (err) {
      notes.push({ file: file.file, notRejudged: `the re-run failed: ${err instanceof Error ? err.message : String(err)}` });
      continue;
    }
    reruns.push(rerun.outcomes);
    const failed = rerun.outcomes.filter((o) => o.status === 'fail' || o.status === 'warn').map((o) => o.id);
    notes.push({
      file: file.file,
      rejudged: { checks: rerun.outcomes.length, failed, notInRecording: rerun.notInRecording, unowned: rerun.unowned, answered: rerun.answered, entries: rerun.entries, durationMs: rerun.durationMs },
    });
  }
  return { ...audit, result: withRejudged(audit.result, reruns, notes), notes };
}
