/**
 * A rule of one exchange is three files (ARCHITECTURE.md, "How to add a rule"): its oracle, its
 * clause, its test. What else must know of it derives it: the registry registers every oracle the
 * modules of src/oracles/ export (a new module through the generated list of modules), and the check
 * registry derives a check for each oracle id no written check has, its clauses and title read from
 * the clause catalogue by id.
 */
import { execFileSync } from 'node:child_process';
import { clauses } from '@crosschain/specs';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { NOTHING_JUDGED, oracleChecks } from '../../src/checks/oracle-checks.js';
import type { CheckDefinition } from '../../src/contract/types.js';
import { ORACLES, isOracle, oracleCheckIds, oraclesOf, type Oracle } from '../../src/oracles/index.js';

const oracle = (id: string, extra: Partial<Oracle> = {}): Oracle => ({ id, applies: () => true, judge: () => undefined, ...extra });
const written = (id: string): CheckDefinition => ({ id, family: 'x', title: 'written', clauses: [], operation: '*', run: async () => ({ status: 'pass' }) });

describe('the oracle registry is what the modules of src/oracles/ export', () => {
  it('an oracle exported alone, in an array or as a value of an object is registered once; nothing else is', () => {
    const a = oracle('a.x.y');
    const b = oracle('b.x.y');
    const c = oracle('c.x.y');
    const found = oraclesOf([{ a, LIST: [a, b], BY_OP: { one: c, two: b }, IDS: ['a.x.y'], LIMIT: 50, helper: () => 1, nothing: null }, { again: a }]);
    expect(found).toEqual([a, b, c]);
    expect(isOracle({ id: 'x', applies: () => true })).toBe(false);
  });

  it('every module of src/oracles/ is in the generated list (pnpm generate; a new module is registered by it)', () => {
    const script = new URL('../../scripts/oracle-modules.mjs', import.meta.url).pathname;
    expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('the registry holds every oracle of the kit, each id reported once per oracle', () => {
    expect(ORACLES.length).toBeGreaterThan(40);
    expect(new Set(ORACLES).size).toBe(ORACLES.length);
    expect(new Set(ORACLES.map((o) => o.id)).size).toBe(ORACLES.length);
  });
});

describe('the check of an oracle no written check shares an id with', () => {
  const catalogue = [
    { id: 'n.clause', kind: 'clause' as const, text: ' The first sentence. ', checks: ['n.x.rule'] },
    { id: 'n.other', kind: 'clause' as const, text: 'A second sentence.', checks: ['n.x.rule', 'n.x.else'] },
    { id: 'divergence.n', kind: 'divergence' as const, text: 'not a clause', checks: ['n.x.rule'] },
  ];

  it('takes its id and operation from the oracle, its clauses and title from the catalogue by id', async () => {
    const [check, ...rest] = oracleChecks([oracle('n.x.rule', { operation: 'GET /requests/v3' })], [], catalogue);
    expect(rest).toEqual([]);
    expect(check).toMatchObject({ id: 'n.x.rule', family: 'n', title: 'The first sentence.', clauses: ['n.clause', 'n.other'], operation: 'GET /requests/v3', phase: 'final', oracleOnly: true });
    // It sends nothing: until its oracle's verdict is folded in (engine/active-oracles.ts), it is a skip, never a pass.
    expect(await check!.run({} as never)).toEqual({ status: 'skip', reason: NOTHING_JUDGED });
  });

  it('none where a written check has the id; one per id of an oracle that reports under several; operation * by default', () => {
    expect(oracleChecks([oracle('n.x.rule')], [written('n.x.rule')], catalogue)).toEqual([]);
    const several = oracleChecks([oracle('n.x.rule', { ids: ['n.x.rule', 'n.x.else'] })], [written('n.x.rule')], catalogue);
    expect(several.map((c) => [c.id, c.clauses, c.operation])).toEqual([['n.x.else', ['n.other'], '*']]);
  });

  it('an id no clause lists gets no clause, which the clause test rejects (every check names its clauses)', () => {
    expect(oracleChecks([oracle('n.x.orphan')], [], catalogue)[0]).toMatchObject({ clauses: [], title: 'n.x.orphan' });
  });

  it('in the registry: every oracle id is a check, and each derived one is traced to the clauses that list it', () => {
    const ids = new Set(allChecks.map((c) => c.id));
    expect(oracleCheckIds().filter((id) => !ids.has(id))).toEqual([]);
    for (const check of allChecks.filter((c) => c.oracleOnly === true)) {
      expect(check.clauses.length, check.id).toBeGreaterThan(0);
      expect(check.clauses.every((id) => clauses.find((c) => c.id === id)?.checks?.includes(check.id)), check.id).toBe(true);
    }
  });
});
