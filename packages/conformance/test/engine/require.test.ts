/**
 * `--require must|should`: a run that left a required clause unjudged (no data
 * on the target, a selection, a budget) is inconclusive (exit 5) with a Result line naming the
 * clauses; sharded, a shard alone never fails for a clause another shard covers, merge-reports
 * gates the merged coverage.
 */
import { schemaAjv } from '../support/ajv.js';
import { describe, expect, it } from 'vitest';
import { completenessOf, exitWithCompleteness, withRequired } from '../../src/engine/completeness.js';
import { runConformance } from '../../src/run/runner.js';
import type { ClauseEntry } from '../../src/engine/clause-matrix.js';
import type { CheckDefinition } from '../../src/contract/types.js';
import { renderConsole, renderHtml, renderJson, renderJunit, renderMarkdown, resultsSchema } from '../../src/reporters/index.js';
import { verdict } from '../../src/reporters/summary.js';
import { mergeResults, runResultOf } from '../../src/shard/merge.js';
import type { ResultsDocument } from '../../src/shard/merge.js';
import { DATE, fakeFetch, records, v3Listing } from './fake-fetch.js';

const KEY = 'SECRET-primary-key';
const NOW = Date.parse(DATE) / 1000;
const spec = {
  hash: 'h',
  openapi: { openapi: '3.1.0', paths: {} },
  clauses: [
    { id: 'c.a', kind: 'clause', level: 'MUST', checks: ['k.a'] },
    { id: 'c.b', kind: 'clause', level: 'MUST', checks: ['k.b'] },
    { id: 'c.untestable', kind: 'clause', level: 'MUST', untestable: 'no oracle' },
    { id: 'c.should', kind: 'clause', level: 'SHOULD', checks: ['k.should'] },
  ] satisfies ClauseEntry[],
};

const check = (id: string, clause: string, run: CheckDefinition['run'] = async () => ({ status: 'pass' })): CheckDefinition => ({
  id,
  family: id.split('.')[0]!,
  title: id,
  clauses: [clause],
  operation: 'GET /requests/v3',
  run,
});
const noData: CheckDefinition['run'] = async () => ({ status: 'skip', reason: 'the discovery window holds no refunds' });
const listing = v3Listing(records(50, NOW, 300), [KEY]);
const run = (checks: CheckDefinition[], options: Parameters<typeof runConformance>[0] = {}) =>
  runConformance({ fetch: fakeFetch(listing), baseUrl: 'http://in-process.test', apiKey: KEY, seed: 1, numRuns: 3, checks, spec, ...options });

const all = [check('k.a', 'c.a'), check('k.b', 'c.b'), check('k.should', 'c.should')];

describe('--require must|should', () => {
  it('every MUST clause judged: exit 0; the untestable clause never counts', async () => {
    const result = await run(all, { require: 'must' });
    expect(result.exitCode).toBe(0);
    expect(result.completeness?.unjudged).toBeUndefined();
    expect(result.clauses.map((c) => [c.id, c.coverage?.state, c.coverage?.reason])).toEqual([
      ['c.a', 'pass', undefined],
      ['c.b', 'pass', undefined],
      ['c.untestable', 'unjudged', 'untestable'],
      ['c.should', 'pass', undefined],
    ]);
  });

  it('a MUST clause without data on the target: exit 5, INCONCLUSIVE naming it and why; without --require the run passes', async () => {
    const checks = [check('k.a', 'c.a'), check('k.b', 'c.b', noData), check('k.should', 'c.should')];
    expect((await run(checks)).exitCode).toBe(0);
    const result = await run(checks, { require: 'must' });
    expect(result.exitCode).toBe(5);
    expect(result.completeness?.unjudged).toEqual({ require: 'must', clauses: ['c.b'] });
    const v = verdict(result);
    expect(v).toMatchObject({ word: 'INCONCLUSIVE', ok: false });
    expect(v.sentence).toBe("INCONCLUSIVE (exit 5): --require must: 1 MUST clause not judged: c.b (the target's data did not exercise it)");
    const text = renderConsole(result);
    expect(text).toContain('Coverage:  MUST 1/3 judged (1 pass, 0 fail), 1 not judged, 1 untestable; SHOULD 1/1 judged (1 pass, 0 fail), 0 not judged, 0 untestable (--require must)');
    expect(text).toMatch(/Result: +INCONCLUSIVE \(exit 5\): --require must: 1 MUST clause not judged: c\.b/);
    expect(renderJunit(result)).toMatch(/<testcase classname="run" name="run.complete"[^>]*>\s*<failure message="INCONCLUSIVE \(exit 5\): --require must/);
    expect(renderJunit(result)).toContain('<property name="coverage.unjudged" value="c.b (the target&apos;s data did not exercise it)"/>');
    const md = renderMarkdown(result);
    expect(md).toContain('| MUST | 3 | 1 | 0 | 1 | 1 |');
    expect(md).toMatch(/\| `c\.b` \*\*\(required\)\*\* \| MUST \| the target's data did not exercise it \| k\.b: the discovery window holds no refunds \|/);
    const html = renderHtml(result);
    expect(html).toContain('<h2>Coverage of the contract (--require must)</h2>');
    expect(html).toMatch(/<code>c\.b<\/code> <strong>\(required\)<\/strong>/);
    const doc = JSON.parse(renderJson(result)) as ResultsDocument & { clauses: Array<{ id: string; coverage?: unknown }> };
    expect(doc.clauses.find((c) => c.id === 'c.b')?.coverage).toEqual({ state: 'unjudged', reason: 'no-data', detail: 'k.b: the discovery window holds no refunds' });
    const ajv = schemaAjv();
    expect([ajv.validate(resultsSchema, doc), ajv.errors]).toEqual([true, null]);
  });

  it('a selection (--only) leaves MUST clauses unjudged: exit 5 under --require must', async () => {
    const result = await run(all, { require: 'must', only: ['k.a', 'k.should'] });
    expect(result.exitCode).toBe(5);
    expect(result.clauses.find((c) => c.id === 'c.b')?.coverage).toEqual({ state: 'unjudged', reason: 'deselected', detail: 'k.b' });
    expect(verdict(result).sentence).toContain('c.b (deselected by --only/--skip)');
  });

  it('--require should also counts SHOULD clauses; must does not', async () => {
    const checks = [check('k.a', 'c.a'), check('k.b', 'c.b'), check('k.should', 'c.should', noData)];
    expect((await run(checks, { require: 'must' })).exitCode).toBe(0);
    const should = await run(checks, { require: 'should' });
    expect(should.exitCode).toBe(5);
    expect(verdict(should).sentence).toBe("INCONCLUSIVE (exit 5): --require should: 1 MUST/SHOULD clause not judged: c.should (the target's data did not exercise it)");
  });

  it('a failure stays exit 1, an incomplete run stays 2: the gate only turns a pass into 5', () => {
    const rows = [{ id: 'c.b', level: 'MUST' as const, coverage: { state: 'unjudged' as const, reason: 'budget' as const } }];
    const gated = withRequired(undefined, rows, 'must');
    expect(gated).toEqual({ unjudged: { require: 'must', clauses: ['c.b'] } });
    expect(exitWithCompleteness(0, gated)).toBe(5);
    expect(exitWithCompleteness(1, gated)).toBe(1);
    expect(exitWithCompleteness(0, { incomplete: { flags: ['--api-key'], checks: ['x'] }, ...gated })).toBe(2);
    expect(withRequired(completenessOf([], [], { allowIncomplete: false, certify: false }), rows, undefined)).toBeUndefined();
  });
});

describe('--require with --shard and merge-reports', () => {
  /** The results of every shard of a run, read back as merge-reports reads them (through results.json). */
  const shards = async (checks: CheckDefinition[], require: 'must' | 'should') => {
    const out = [];
    for (const i of [1, 2]) out.push(runResultOf(JSON.parse(renderJson(await run(checks, { require, shard: `${i}/2` }))) as ResultsDocument));
    return out;
  };

  it('a shard alone does not fail for a clause the other shard covers; the merge judges it', async () => {
    const [one, two] = await shards(all, 'must');
    expect([one!.exitCode, two!.exitCode]).toEqual([0, 0]);
    const elsewhere = [...one!.clauses, ...two!.clauses].filter((c) => c.coverage?.reason === 'other-shard').map((c) => c.id);
    expect(elsewhere.length).toBeGreaterThan(0);
    const merged = mergeResults([one!, two!]);
    expect(merged.exitCode).toBe(0);
    expect(merged.clauses.filter((c) => c.coverage?.state === 'unjudged').map((c) => c.coverage?.reason)).toEqual(['untestable']);
    expect(merged.config.require).toBe('must');
  });

  it('a clause no shard judged fails the merged run (exit 5); merge-reports --require applies a gate the shards did not have', async () => {
    const checks = [check('k.a', 'c.a'), check('k.b', 'c.b', noData), check('k.should', 'c.should', noData)];
    const parts = await shards(checks, 'must');
    const merged = mergeResults(parts);
    expect(merged.exitCode).toBe(5);
    expect(merged.completeness?.unjudged).toEqual({ require: 'must', clauses: ['c.b'] });
    expect(verdict(merged).sentence).toContain("c.b (the target's data did not exercise it)");
    const should = mergeResults(parts, undefined, { require: 'should' });
    expect(should.completeness?.unjudged?.clauses).toEqual(['c.b', 'c.should']);
    const ungated = (await shards(checks, 'must')).map((s) => ({ ...s, exitCode: s.exitCode === 5 ? (0 as const) : s.exitCode, config: { ...s.config, require: undefined }, completeness: undefined }));
    expect(mergeResults(ungated).exitCode).toBe(0);
    expect(mergeResults(ungated, undefined, { require: 'must' }).exitCode).toBe(5);
  });
});
