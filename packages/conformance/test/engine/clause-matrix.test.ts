import { describe, expect, it } from 'vitest';
import { clauseMatrix } from '../../src/engine/clause-matrix.js';
import type { ClauseEntry } from '../../src/engine/clause-matrix.js';
import type { CheckDefinition, CheckOutcome } from '../../src/contract/types.js';

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
      { id: 'c.named', level: 'MUST', kind: 'clause', checks: [{ id: 'k.one', status: 'pass' }, { id: 'k.two', status: 'warn' }], coverage: { state: 'fail' } },
      { id: 'c.declared', kind: 'rule', checks: [{ id: 'k.two', status: 'warn' }] },
      { id: 'c.untestable', level: 'SHOULD', kind: 'clause', untestable: 'needs a clock', checks: [], coverage: { state: 'unjudged', reason: 'untestable', detail: 'needs a clock' } },
    ]);
  });
  it('leaves out the checks that did not run', () => {
    const rows = clauseMatrix(clauses, [check('k.one', ['c.named'])], []);
    expect(rows.map((r) => r.checks)).toEqual([[], [], []]);
  });
  it('says why a clause went unjudged: its checks deselected, in another shard, not in the run, or their outcomes', () => {
    const more: ClauseEntry[] = [
      { id: 'c.a', kind: 'clause', level: 'MUST', checks: ['k.a'] },
      { id: 'c.b', kind: 'clause', level: 'MUST', checks: ['k.b'] },
      { id: 'c.c', kind: 'clause', level: 'MUST', checks: ['k.gone'] },
      { id: 'c.d', kind: 'clause', level: 'MUST', checks: ['k.d'] },
      { id: 'c.final', kind: 'clause', level: 'MUST', checks: ['k.final'] },
    ];
    const registry = [check('k.a', ['c.a']), check('k.b', ['c.b']), check('k.d', ['c.d']), check('k.final', ['c.final'])];
    const outcomes = [{ id: 'k.d', status: 'skip', reason: 'the discovery window holds no refund' } as CheckOutcome, outcome('k.final', 'skip')];
    const selection = { selected: new Set(['k.b', 'k.d', 'k.final']), inShard: new Set(['k.d', 'k.final']) };
    const rows = clauseMatrix(more, registry, outcomes, selection);
    expect(rows.map((r) => [r.id, r.coverage?.reason])).toEqual([
      ['c.a', 'deselected'],
      ['c.b', 'other-shard'],
      ['c.c', 'not-in-run'],
      ['c.d', 'no-data'],
      ['c.final', 'no-data'],
    ]);
    // In a sharded run a final-phase check that judged nothing may judge in another shard.
    const sharded = clauseMatrix(more, registry, outcomes, { ...selection, everyShard: new Set(['k.final']) });
    expect(sharded.find((r) => r.id === 'c.final')?.coverage?.reason).toBe('other-shard');
  });
});
