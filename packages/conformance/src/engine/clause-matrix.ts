/**
 * The clause traceability matrix of a run: every clause of the catalogue with the outcomes of the
 * checks that test it (architecture.md, "Outcomes and exit codes").
 */
import type { CheckDefinition, CheckOutcome, Level, RunResult } from './types.js';

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
 * those that declare the clause; only the checks that ran (have an outcome) are listed.
 */
export function clauseMatrix(clauses: readonly ClauseEntry[], checks: readonly CheckDefinition[], outcomes: readonly CheckOutcome[]): RunResult['clauses'] {
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  return clauses.map((c) => {
    const ids = new Set([...(c.checks ?? []), ...checks.filter((k) => k.clauses.includes(c.id)).map((k) => k.id)]);
    return {
      id: c.id,
      ...(c.level ? { level: c.level } : {}),
      kind: c.kind,
      ...(c.untestable ? { untestable: c.untestable } : {}),
      checks: [...ids].flatMap((id) => {
        const o = byId.get(id);
        return o ? [{ id, status: o.status }] : [];
      }),
    };
  });
}
