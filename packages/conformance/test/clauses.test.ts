/**
 * The clause catalogue and the check registry agree both ways (architecture.md, "The clause
 * catalogue"): every clause is tested or says why not, and every check is traced to its clauses.
 */
import { clauses } from '@crosschain/specs';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../src/index.js';

const clauseById = new Map(clauses.map((c) => [c.id, c]));
const checkIds = new Set(allChecks.map((c) => c.id));

describe('clauses <-> checks', () => {
  it('check ids are unique', () => {
    const dupes = allChecks.map((c) => c.id).filter((id, i, all) => all.indexOf(id) !== i);
    expect(dupes).toEqual([]);
  });

  it('every clause of kind clause has checks or an untestable reason', () => {
    const bare = clauses.filter((c) => c.kind === 'clause' && !(c.checks?.length || c.untestable?.trim())).map((c) => c.id);
    expect(bare).toEqual([]);
  });

  it('every check a clause lists exists in the registry', () => {
    const missing = clauses.flatMap((c) => (c.checks ?? []).filter((id) => !checkIds.has(id)).map((id) => `${c.id} -> ${id}`));
    expect(missing).toEqual([]);
  });

  it('every registry check names only existing clauses, and each of them lists it', () => {
    const problems: string[] = [];
    for (const check of allChecks) {
      if (check.clauses.length === 0) problems.push(`${check.id} names no clause`);
      for (const id of check.clauses) {
        const clause = clauseById.get(id);
        if (!clause) problems.push(`${check.id} names unknown clause ${id}`);
        else if (!(clause.checks ?? []).includes(check.id)) problems.push(`${id} does not list ${check.id}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every check has a family, a title and an operation of the document (or * for checks over all of them; WS / and POST webhook for the AsyncAPI channels; the newer status operations from the live OpenAPI)', () => {
    const ops = new Set(['POST /currencies/v2', 'GET /intents/status', 'GET /intents/status/v2', 'GET /intents/status/v3', 'GET /requests/v3', 'GET /requests/v2', '*', 'WS /', 'POST webhook']);
    const bad = allChecks.filter((c) => !c.family || !c.title || !ops.has(c.operation)).map((c) => `${c.id}: ${c.operation}`);
    expect(bad).toEqual([]);
  });
});
