/**
 * The checks of the oracles no active check shares an id with: a rule of one exchange needs no
 * definition written by hand. Its id and operation are its oracle's, its clauses are the clause
 * catalogue's entries that list it (specs/clauses.yaml, `checks:`), its title is the first of those
 * clauses' text. It sends nothing: every exchange of the run is judged by its oracle, and its outcome
 * is that verdict (engine/active-oracles.ts folds it in), a skip until then.
 */
import { clauses as catalogue, type Clause } from '@crosschain/specs';
import { withFamily } from '../contract/family.js';
import type { CheckDefinition } from '../contract/types.js';
import { oracleCheckIds, type Oracle } from '../oracles/index.js';
import { skip } from '../contract/outcome.js';

/** What such a check ends with when its oracle judged no exchange of the run (active-oracles.ts keeps it then). */
export const NOTHING_JUDGED = 'no exchange of the run that its oracle applies to';

/**
 * One check per id the oracles report under that `defined` has no check for, in oracle order:
 * clauses and title read from the catalogue by id. An id no clause lists gets no clause (the clause
 * test then fails: every check names its clauses, and each of them lists it).
 */
export function oracleChecks(oracles: readonly Oracle[], defined: readonly CheckDefinition[], clauses: readonly Pick<Clause, 'id' | 'kind' | 'text' | 'checks'>[] = catalogue): CheckDefinition[] {
  const ids = new Set(defined.map((c) => c.id));
  return oracleCheckIds(oracles)
    .filter((id) => !ids.has(id))
    .map((id) => {
      const listing = clauses.filter((c) => c.kind === 'clause' && (c.checks ?? []).includes(id));
      const oracle = oracles.find((o) => (o.ids ?? [o.id]).includes(id));
      return withFamily({
        id,
        title: listing[0]?.text.trim() ?? id,
        clauses: listing.map((c) => c.id),
        operation: oracle?.operation ?? '*',
        phase: 'final',
        oracleOnly: true,
        run: async () => skip(NOTHING_JUDGED),
      });
    });
}
