import { describe, expect, it } from 'vitest';
import { coverageSummary, summaryLevelLine } from '../../src/engine/coverage-summary.js';
import type { CoverageRow } from '../../src/engine/coverage.js';
import { coverageLine, verdict } from '../../src/reporters/summary.js';
import type { RunResult } from '../../src/contract/types.js';

const row = (id: string, level: 'MUST' | 'SHOULD', coverage: CoverageRow['coverage']): CoverageRow => ({ id, level, ...(coverage ? { coverage } : {}) });
const rows: CoverageRow[] = [
  row('a', 'MUST', { state: 'pass' }),
  row('b', 'MUST', { state: 'fail' }),
  row('c', 'MUST', { state: 'unjudged', reason: 'no-data' }),
  row('d', 'MUST', { state: 'unjudged', reason: 'retired' }),
  row('e', 'MUST', { state: 'unjudged', reason: 'retired' }),
  row('f', 'MUST', { state: 'unjudged', reason: 'other-shard' }),
  row('g', 'MUST', { state: 'unjudged', reason: 'untestable' }),
  row('h', 'SHOULD', { state: 'unjudged', reason: 'deselected' }),
];

describe('coverageSummary', () => {
  it('counts the clauses the gate exempts (another shard, v2 retired) apart from those not judged', () => {
    const s = coverageSummary(rows, 'must')!;
    expect(s.levels.MUST).toEqual({ clauses: 7, pass: 1, fail: 1, unjudged: 1, untestable: 1, otherShard: 1, retired: 2, dateFixed: 0 });
    expect(s.levels.SHOULD).toEqual({ clauses: 1, pass: 0, fail: 0, unjudged: 1, untestable: 0, otherShard: 0, retired: 0, dateFixed: 0 });
    expect(s.requiredUnjudged).toBe(1);
    expect(coverageSummary(rows, 'should')!.requiredUnjudged).toBe(2);
    expect(coverageSummary(rows)!.requiredUnjudged).toBe(0);
    expect(summaryLevelLine('MUST', s.levels.MUST!)).toBe('MUST 2/7 judged (1 pass, 1 fail), 1 not judged, 1 untestable, 1 in another shard, 2 v2 retired');
    expect(summaryLevelLine('SHOULD', s.levels.SHOULD!)).toBe('SHOULD 0/1 judged (0 pass, 0 fail), 1 not judged, 0 untestable');
    expect(coverageSummary([{ id: 'x' }])).toBeUndefined();
  });

  it('a clause that needs a date only the embedded server can be set to is exempt from the gate and counted apart', () => {
    const dated = [...rows, row('i', 'MUST', { state: 'unjudged', reason: 'date-fixed' })];
    const s = coverageSummary(dated, 'must')!;
    expect(s.levels.MUST).toMatchObject({ clauses: 8, unjudged: 1, retired: 2, dateFixed: 1 });
    expect(s.requiredUnjudged).toBe(1);
    expect(summaryLevelLine('MUST', s.levels.MUST!)).toBe('MUST 2/8 judged (1 pass, 1 fail), 1 not judged, 1 untestable, 1 in another shard, 2 v2 retired, 1 at the embedded server only (date)');
  });

  it('the console line and the --require verdict name the same number', () => {
    const result = {
      config: { require: 'must' },
      clauses: rows.map((r) => ({ id: r.id, kind: 'behaviour', level: r.level, checks: [], ...(r.coverage ? { coverage: r.coverage } : {}) })),
      completeness: { unjudged: { require: 'must', clauses: ['c'] } },
      exitCode: 5,
      outcomes: [],
      totals: {},
    } as unknown as RunResult;
    expect(coverageLine(result)).toMatch(/^MUST 2\/7 judged \(1 pass, 1 fail\), 1 not judged, 1 untestable, 1 in another shard, 2 v2 retired; SHOULD .* \(--require must\)$/);
    expect(verdict(result).sentence).toMatch(/--require must: 1 MUST clause not judged: c /);
  });
});
