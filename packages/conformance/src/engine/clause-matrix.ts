/**
 * The clause traceability matrix of a run: every clause of the catalogue with the outcomes of the
 * checks that test it (ARCHITECTURE.md, "Outcomes and exit codes").
 */
import { clauseCoverage } from './coverage.js';
import type { CheckCoverage } from './coverage.js';
import type { CheckDefinition, CheckOutcome, Level, RunResult } from '../contract/types.js';

/** A clause of the catalogue, as the engine reads it. */
export interface ClauseEntry {
  id: string;
  kind: string;
  level?: Level;
  checks?: string[];
  untestable?: string;
}

/**
 * One row per clause, in catalogue order. A clause's checks are those the catalogue names plus
 * those that declare the clause; only the checks that ran (have an outcome) are listed. A row with
 * a level (MUST, SHOULD) carries its coverage (coverage.ts): judged or not, and why not. A check of
 * the clause without an outcome was left out by the shard (`inShard` given and without it), else
 * by the selection when `checks` has it, else no check of the run tests it. In a sharded run, a
 * check every shard runs (`everyShard`, the final phase) that judged nothing may judge in another
 * shard: it counts as `other-shard` too.
 */
export function clauseMatrix(
  clauses: readonly ClauseEntry[],
  checks: readonly CheckDefinition[],
  outcomes: readonly CheckOutcome[],
  selection?: { selected: ReadonlySet<string>; inShard?: ReadonlySet<string>; everyShard?: ReadonlySet<string> },
): RunResult['clauses'] {
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  const known = new Set(checks.map((k) => k.id));
  const notRun = (id: string): CheckCoverage => {
    if (!known.has(id)) return { id, notRun: 'not-in-run' };
    if (selection?.inShard && selection.selected.has(id) && !selection.inShard.has(id)) return { id, notRun: 'other-shard' };
    return { id, notRun: 'deselected' };
  };
  return clauses.map((c) => {
    const ids = [...new Set([...(c.checks ?? []), ...checks.filter((k) => k.clauses.includes(c.id)).map((k) => k.id)])];
    const coverage = clauseCoverage(
      c.level,
      c.untestable,
      ids.map((id) => {
        const o = byId.get(id);
        // A check every shard runs (final phase) that judged nothing here may judge in another shard.
        if (o && selection?.everyShard?.has(id) && !['pass', 'fail', 'warn', 'known'].includes(o.status)) return { id, notRun: 'other-shard' as const };
        return o ? { id, status: o.status, ...(o.cause !== undefined ? { cause: o.cause } : {}), ...(o.reason !== undefined ? { reason: o.reason } : {}), ...(o.needs ? { needs: o.needs } : {}) } : notRun(id);
      }),
    );
    return {
      id: c.id,
      ...(c.level ? { level: c.level } : {}),
      kind: c.kind,
      ...(c.untestable ? { untestable: c.untestable } : {}),
      checks: ids.flatMap((id) => {
        const o = byId.get(id);
        return o ? [{ id, status: o.status }] : [];
      }),
      ...(coverage ? { coverage } : {}),
    };
  });
}
