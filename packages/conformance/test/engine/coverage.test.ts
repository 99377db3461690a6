import { describe, expect, it } from 'vitest';
import { COVERAGE_REASONS, REASON_TEXT, clauseCoverage, coverageCounts, levelLine, reasonOfOutcome, unjudgedList, unjudgedRequired } from '../../src/engine/coverage.js';
import type { CoverageRow } from '../../src/engine/coverage.js';
import { causeText } from '../../src/engine/outcome.js';

describe('reasonOfOutcome', () => {
  it('names why an outcome judged nothing, from its status, needs and typed cause (prose decides nothing)', () => {
    expect(reasonOfOutcome({ status: 'disabled', reason: 'disabled by configuration (disable)' })).toBe('disabled');
    expect(reasonOfOutcome({ status: 'error', reason: 'not run: target unreachable' })).toBe('error');
    expect(reasonOfOutcome({ status: 'skip', reason: 'needs --other-api-key', needs: ['--other-api-key'] })).toBe('needs-key');
    expect(reasonOfOutcome({ status: 'skip', cause: 'stalled', reason: causeText('stalled', 'GET /requests/v3 stopped answering') })).toBe('stalled');
    expect(reasonOfOutcome({ status: 'skip', cause: 'budget', reason: causeText('budget', 'not run: --max-duration 1m spent') })).toBe('budget');
    expect(reasonOfOutcome({ status: 'skip', cause: 'inconclusive', reason: causeText('inconclusive', '429 throughout') })).toBe('inconclusive');
    expect(reasonOfOutcome({ status: 'skip', cause: 'not-json', reason: causeText('not-json', 'not run, wrong base URL?') })).toBe('not-json');
    expect(reasonOfOutcome({ status: 'skip', cause: 'refused-key', reason: 'not run: the server refused --api-key (401); pass a key the server accepts' })).toBe('key-refused');
    expect(reasonOfOutcome({ status: 'skip', cause: 'max-failures', reason: 'max failures reached (--max-failures 1)' })).toBe('max-failures');
    // Words that look like a cause, without the typed cause, are only words.
    expect(reasonOfOutcome({ status: 'skip', reason: causeText('budget', 'the check said so') })).toBe('no-data');
    expect(reasonOfOutcome({ status: 'skip', reason: 'v2 retired on 2026-11-24T00:00:00Z (target clock 2026-11-26T00:00:00.000Z)' })).toBe('no-data');
    expect(reasonOfOutcome({ status: 'skip', reason: 'reported only under --strict (servers add fields)' })).toBe('no-data');
    expect(reasonOfOutcome({ status: 'skip', cause: 'v2-retired', reason: 'v2 retired on 2026-11-24T00:00:00Z (target clock 2026-11-26T00:00:00.000Z)' })).toBe('retired');
    expect(reasonOfOutcome({ status: 'skip', cause: 'strict-only', reason: 'reported only under --strict (servers add fields)' })).toBe('needs-strict');
    expect(reasonOfOutcome({ status: 'skip', cause: 'static-data', reason: 'no request changed during the run' })).toBe('static-data');
    // A relation whose reads never agreed says so, never "the target's data did not exercise it" (the gate's red of stop 46).
    expect(reasonOfOutcome({ status: 'skip', cause: 'unstable', reason: 'the relation could not be measured on stable data: …' })).toBe('unstable');
    expect(REASON_TEXT.unstable).toMatch(/changed under the relation's reads/);
    expect(reasonOfOutcome({ status: 'skip', reason: 'the target holds 12 records, fewer than 51: a cap of 50 cannot be observed' })).toBe('no-data');
  });
  it('has words for every reason', () => {
    for (const r of COVERAGE_REASONS) expect(REASON_TEXT[r].length).toBeGreaterThan(5);
  });
});

describe('clauseCoverage', () => {
  it('is judged when any check passed, failed, warned or is a known failure; fail when one did not pass', () => {
    expect(clauseCoverage('MUST', undefined, [{ id: 'a', status: 'pass' }, { id: 'b', status: 'skip', reason: 'no data' }])).toEqual({ state: 'pass' });
    expect(clauseCoverage('MUST', undefined, [{ id: 'a', status: 'pass' }, { id: 'b', status: 'fail' }])).toEqual({ state: 'fail' });
    expect(clauseCoverage('SHOULD', undefined, [{ id: 'a', status: 'warn' }])).toEqual({ state: 'fail' });
    expect(clauseCoverage('MUST', undefined, [{ id: 'a', status: 'known' }])).toEqual({ state: 'fail' });
  });
  it('is unjudged with the most pressing reason of its checks and the check that gives it', () => {
    const c = clauseCoverage('MUST', undefined, [
      { id: 'a', status: 'skip', reason: 'the discovery window holds no refund' },
      { id: 'b', status: 'skip', cause: 'budget', reason: causeText('budget', 'not run: spent') },
      { id: 'c', notRun: 'deselected' },
    ]);
    expect(c).toEqual({ state: 'unjudged', reason: 'budget', detail: `b: ${causeText('budget', 'not run: spent')}` });
    expect(clauseCoverage('MUST', undefined, [{ id: 'c', notRun: 'deselected' }, { id: 'd', notRun: 'deselected' }])).toEqual({ state: 'unjudged', reason: 'deselected', detail: 'c, d' });
    expect(clauseCoverage('MUST', undefined, [{ id: 'c', notRun: 'deselected' }, { id: 'e', notRun: 'other-shard' }])?.reason).toBe('other-shard');
    expect(clauseCoverage('MUST', undefined, [{ id: 'a', status: 'error', reason: 'boom' }])).toEqual({ state: 'unjudged', reason: 'error', detail: 'a: boom' });
  });
  it('is untestable per the catalogue when no check of the kit exists for it, else not in the run', () => {
    expect(clauseCoverage('MUST', 'needs two networks', [])).toEqual({ state: 'unjudged', reason: 'untestable', detail: 'needs two networks' });
    expect(clauseCoverage('MUST', 'needs two networks', [{ id: 'x', notRun: 'not-in-run' }])?.reason).toBe('untestable');
    expect(clauseCoverage('MUST', undefined, [])?.reason).toBe('not-in-run');
  });
  it('gives rows without a level (divergences) no coverage', () => {
    expect(clauseCoverage(undefined, undefined, [{ id: 'a', status: 'pass' }])).toBeUndefined();
  });
});

const rows: CoverageRow[] = [
  { id: 'm.pass', level: 'MUST', coverage: { state: 'pass' } },
  { id: 'm.fail', level: 'MUST', coverage: { state: 'fail' } },
  { id: 'm.data', level: 'MUST', coverage: { state: 'unjudged', reason: 'no-data', detail: 'k: none' } },
  { id: 'm.untestable', level: 'MUST', coverage: { state: 'unjudged', reason: 'untestable' } },
  { id: 'm.retired', level: 'MUST', coverage: { state: 'unjudged', reason: 'retired' } },
  { id: 'm.shard', level: 'MUST', coverage: { state: 'unjudged', reason: 'other-shard' } },
  { id: 's.deselected', level: 'SHOULD', coverage: { state: 'unjudged', reason: 'deselected' } },
  { id: 'divergence.x' },
];

describe('the --require gate', () => {
  it('counts the unjudged clauses of the required levels, but never untestable, retired or other-shard ones', () => {
    expect(unjudgedRequired(rows, undefined)).toEqual([]);
    expect(unjudgedRequired(rows, 'must').map((r) => r.id)).toEqual(['m.data']);
    expect(unjudgedRequired(rows, 'should').map((r) => r.id)).toEqual(['m.data', 's.deselected']);
  });
  it('names at most five clauses with their reason', () => {
    expect(unjudgedList(unjudgedRequired(rows, 'should'))).toBe("m.data (the target's data did not exercise it), s.deselected (deselected by --only/--skip)");
    const many = Array.from({ length: 8 }, (_, i) => ({ id: `c${i}`, level: 'MUST' as const, coverage: { state: 'unjudged' as const, reason: 'budget' as const } }));
    expect(unjudgedList(many)).toBe('c0, c1, c2, c3, c4 (budget spent (--max-duration/--max-requests)), … 3 more');
  });
  it('says what would judge a clause the target\'s unmoving data left unjudged, once for the clauses that share it (a typed cause, never the text)', () => {
    const cov = clauseCoverage('MUST', undefined, [{ id: 'k.changed', status: 'skip', cause: 'static-data', reason: 'no request changed during the run' }]);
    expect(cov).toEqual({ state: 'unjudged', reason: 'static-data', detail: 'k.changed: no request changed during the run' });
    // The same words without the cause are only "no data".
    expect(clauseCoverage('MUST', undefined, [{ id: 'k.changed', status: 'skip', reason: 'no request changed during the run' }])?.reason).toBe('no-data');
    const changed = ['c.sort', 'c.record', 'c.filter'].map((id) => ({ id, level: 'MUST' as const, coverage: cov }));
    const list = unjudgedList(unjudgedRequired([...changed, rows.find((r) => r.id === 'm.data')!], 'must'));
    expect(list).toBe(`c.sort, c.record, c.filter (${REASON_TEXT['static-data']}), m.data (the target's data did not exercise it)`);
    expect(REASON_TEXT['static-data']).toMatch(/did not move during the run.*--advance-every 0/);
  });
});

describe('coverageCounts', () => {
  it('counts per level: judged pass/fail, not judged, untestable apart', () => {
    const counts = coverageCounts(rows);
    expect(counts.MUST).toEqual({ clauses: 6, pass: 1, fail: 1, unjudged: 3, untestable: 1 });
    expect(counts.SHOULD).toEqual({ clauses: 1, pass: 0, fail: 0, unjudged: 1, untestable: 0 });
    expect(levelLine('MUST', counts.MUST)).toBe('MUST 2/6 judged (1 pass, 1 fail), 3 not judged, 1 untestable');
  });
});
