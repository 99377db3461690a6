import { describe, expect, it } from 'vitest';
import { clauseMatrix } from '../../src/engine/clause-matrix.js';
import type { ClauseEntry } from '../../src/engine/clause-matrix.js';
import type { CheckDefinition, CheckOutcome } from '../../src/engine/types.js';

const clauses: ClauseEntry[] = [
  { id: 'c.named', kind: 'clause', level: 'MUST', checks: ['k.one'] },
  { id: 'c.declared', kind: 'rule' },
  { id: 'c.untestable', kind: 'clause', level: 'SHOULD', untestable: 'needs a clock' },
];
const check = (id: string, clauseIds: string[]) => ({ id, clauses: clauseIds }) as unknown as CheckDefinition;
const outcome = (id: string, status: CheckOutcome['status']) => ({ id, status }) as CheckOutcome;

describe('clauseMatrix', () => {
  it('lists each clause with the outcomes of the checks the catalogue names or that declare it', () => {
    const checks = [check('k.one', ['c.named']), check('k.two', ['c.named', 'c.declared'])];
    expect(clauseMatrix(clauses, checks, [outcome('k.two', 'warn'), outcome('k.one', 'pass')])).toEqual([
      { id: 'c.named', level: 'MUST', kind: 'clause', checks: [{ id: 'k.one', status: 'pass' }, { id: 'k.two', status: 'warn' }] },
      { id: 'c.declared', kind: 'rule', checks: [{ id: 'k.two', status: 'warn' }] },
      { id: 'c.untestable', level: 'SHOULD', kind: 'clause', untestable: 'needs a clock', checks: [] },
    ]);
  });
  it('leaves out the checks that did not run', () => {
    const rows = clauseMatrix(clauses, [check('k.one', ['c.named'])], []);
    expect(rows.map((r) => r.checks)).toEqual([[], [], []]);
  });
});
