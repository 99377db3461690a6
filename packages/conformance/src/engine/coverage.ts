/**
 * Coverage of the contract: per MUST and SHOULD clause of the catalogue, whether
 * the run judged it (pass, fail) or not, and why not. Built on the clause matrix (clause-matrix.ts):
 * each row with a level carries its {@link ClauseCoverage}; `--require must|should` (the gate)
 * makes a run in which a required clause went unjudged inconclusive (exit 5, completeness.ts).
 */
import type { ClauseCoverage, CoverageReason, Level, OutcomeCause, OutcomeStatus } from '../contract/types.js';

export type { ClauseCoverage, CoverageReason };

/** Reasons in the order one is chosen for a clause whose checks went unjudged for several. */
export const COVERAGE_REASONS: readonly CoverageReason[] = [
  'other-shard',
  'stalled',
  'error',
  'not-json',
  'key-refused',
  'needs-key',
  'budget',
  'inconclusive',
  'max-failures',
  'disabled',
  'needs-strict',
  'deselected',
  'static-data',
  'unstable',
  'no-data',
  'not-in-run',
  'retired',
  'date-fixed',
  'untestable',
];

/** Each reason in words, for the reports. */
export const REASON_TEXT: Readonly<Record<CoverageReason, string>> = {
  untestable: 'untestable per the catalogue',
  retired: 'v2 retired by the target clock',
  'date-fixed': "needs another date of the v2 timeline, which the kit sets only at its embedded server (a target at a URL keeps its own date)",
  'other-shard': 'in another shard (merge-reports judges it)',
  stalled: 'its operation stopped answering',
  error: 'the check errored',
  'not-json': 'the target is not a JSON API',
  'key-refused': 'the server refused a key',
  'needs-key': 'needs --api-key/--other-api-key',
  budget: 'budget spent (--max-duration/--max-requests)',
  inconclusive: 'throttled throughout (429/503)',
  'max-failures': 'not run after --max-failures',
  disabled: 'disabled by configuration (--disable)',
  'needs-strict': 'judged only under --strict',
  deselected: 'deselected by --only/--skip',
  'static-data': "the target's data did not move during the run (no request changed while the kit watched): judge it against a target whose requests move, as the live service's do (crosschain-mock moves them unless started with --advance-every 0)",
  unstable: "the target's data changed under the relation's reads: read three times, no two reads agreed (run it again; a relation that holds on two reads in a row is judged)",
  'no-data': "the target's data did not exercise it",
  'not-in-run': 'no check of this run tests it',
};

/**
 * Reasons that never fail `--require`: the catalogue says no black-box check can judge the clause;
 * v2 is retired by the target's clock; another shard of the run runs its checks (merge-reports
 * applies the gate to the merged run).
 */
export const EXEMPT_REASONS: ReadonlySet<CoverageReason> = new Set(['untestable', 'retired', 'date-fixed', 'other-shard']);

/** What one check of a clause did for it: its outcome's status, or why it has none. */
export type CheckCoverage = { id: string; status: OutcomeStatus; cause?: OutcomeCause; reason?: string; needs?: readonly string[] } | { id: string; notRun: 'deselected' | 'other-shard' | 'not-in-run' };

const JUDGED: ReadonlySet<OutcomeStatus> = new Set(['pass', 'fail', 'warn', 'known']);

/** The coverage reason of each typed cause of a skipped outcome (causes, never prose). */
const REASON_OF_CAUSE: Readonly<Record<OutcomeCause, CoverageReason>> = {
  stalled: 'stalled',
  budget: 'budget',
  inconclusive: 'inconclusive',
  'not-json': 'not-json',
  unreachable: 'error',
  'refused-key': 'key-refused',
  'missing-key': 'needs-key',
  'max-failures': 'max-failures',
  'discovery-failed': 'error',
  'static-data': 'static-data',
  unstable: 'unstable',
  'v2-retired': 'retired',
  'date-fixed': 'date-fixed',
  'strict-only': 'needs-strict',
  transport: 'error',
};

/**
 * Why an outcome that judged nothing (skip, disabled, error) did not: from its typed cause, never
 * from its words (a skip without a cause had nothing to judge in the target's data).
 */
export function reasonOfOutcome(o: { status: OutcomeStatus; cause?: OutcomeCause; reason?: string; needs?: readonly string[] }): CoverageReason {
  if (o.status === 'disabled') return 'disabled';
  if (o.status === 'error') return 'error';
  if ((o.needs?.length ?? 0) > 0) return 'needs-key';
  if (o.cause !== undefined) return REASON_OF_CAUSE[o.cause];
  return 'no-data';
}

/** The coverage of a clause from what each of its checks did; undefined for a row without a level. */
export function clauseCoverage(level: Level | undefined, untestable: string | undefined, checks: readonly CheckCoverage[]): ClauseCoverage | undefined {
  if (level === undefined) return undefined;
  const ran = checks.filter((c): c is Extract<CheckCoverage, { status: OutcomeStatus }> => 'status' in c);
  const judged = ran.filter((c) => JUDGED.has(c.status));
  if (judged.length > 0) return { state: judged.some((c) => c.status !== 'pass') ? 'fail' : 'pass' };
  if (checks.every((c) => 'notRun' in c && c.notRun === 'not-in-run')) {
    return untestable !== undefined ? { state: 'unjudged', reason: 'untestable', detail: untestable } : { state: 'unjudged', reason: 'not-in-run', detail: 'no check of the kit tests this clause' };
  }
  const why = checks.map((c) => ('status' in c ? { id: c.id, reason: reasonOfOutcome(c), text: c.reason ?? c.status } : { id: c.id, reason: c.notRun }));
  why.sort((a, b) => COVERAGE_REASONS.indexOf(a.reason) - COVERAGE_REASONS.indexOf(b.reason));
  const first = why[0]!;
  // An outcome's own reason says why; a check that did not run is named with the others of its reason.
  const detail = 'text' in first ? `${first.id}: ${first.text}` : why.filter((w) => w.reason === first.reason).map((w) => w.id).join(', ');
  return { state: 'unjudged', reason: first.reason, detail };
}

/** The levels `--require` names: `must` = MUST clauses, `should` = MUST and SHOULD clauses. */
export function requiredLevels(require: 'must' | 'should' | undefined): readonly Level[] {
  return require === 'must' ? ['MUST'] : require === 'should' ? ['MUST', 'SHOULD'] : [];
}

/** A clause row as far as coverage reads it. */
export interface CoverageRow {
  id: string;
  level?: Level;
  coverage?: ClauseCoverage;
}

/** The clauses that fail `--require`: of a required level, unjudged, for a reason that is not exempt. */
export function unjudgedRequired(rows: readonly CoverageRow[], require: 'must' | 'should' | undefined): CoverageRow[] {
  const levels = requiredLevels(require);
  return rows.filter((r) => r.level !== undefined && levels.includes(r.level) && r.coverage?.state === 'unjudged' && !EXEMPT_REASONS.has(r.coverage.reason ?? 'not-in-run'));
}

/** Counts of one level's clauses. */
export interface LevelCoverage {
  clauses: number;
  pass: number;
  fail: number;
  /** Unjudged, every reason but `untestable`. */
  unjudged: number;
  untestable: number;
}

/** Coverage counts per level (rows without a coverage are left out). */
export function coverageCounts(rows: readonly CoverageRow[]): Record<Level, LevelCoverage> {
  const empty = (): LevelCoverage => ({ clauses: 0, pass: 0, fail: 0, unjudged: 0, untestable: 0 });
  const out: Record<Level, LevelCoverage> = { MUST: empty(), SHOULD: empty() };
  for (const r of rows) {
    if (r.level === undefined || r.coverage === undefined) continue;
    const c = out[r.level];
    c.clauses += 1;
    if (r.coverage.state === 'pass') c.pass += 1;
    else if (r.coverage.state === 'fail') c.fail += 1;
    else if (r.coverage.reason === 'untestable') c.untestable += 1;
    else c.unjudged += 1;
  }
  return out;
}

/** `MUST 40/52 judged (38 pass, 2 fail), 8 not judged, 4 untestable`. */
export function levelLine(level: Level, c: LevelCoverage): string {
  return `${level} ${c.pass + c.fail}/${c.clauses} judged (${c.pass} pass, ${c.fail} fail), ${c.unjudged} not judged, ${c.untestable} untestable`;
}

/**
 * `a (deselected by --only/--skip), b, c (the target's data did not move …), … 3 more`: at most
 * `max` clauses named, those sharing a reason named together before it, so a reason that says what
 * would judge them is written once.
 */
export function unjudgedList(rows: readonly CoverageRow[], max = 5): string {
  const groups = new Map<CoverageReason, string[]>();
  for (const r of rows.slice(0, max)) {
    const reason = r.coverage?.reason ?? 'not-in-run';
    groups.set(reason, [...(groups.get(reason) ?? []), r.id]);
  }
  const shown = [...groups].map(([reason, ids]) => `${ids.join(', ')} (${REASON_TEXT[reason]})`);
  return `${shown.join(', ')}${rows.length > max ? `, … ${rows.length - max} more` : ''}`;
}
