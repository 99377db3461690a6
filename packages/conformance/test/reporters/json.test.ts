import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { clauseStatus } from '../../src/reporters/summary.js';
import { RESULTS_FORMAT, renderJson } from '../../src/reporters/json.js';
import { FAKE_KEY, clean, failing, hostile, mixed, outcome, runResult, strict } from './fixtures.js';

const addFormats = addFormatsImport as unknown as (typeof addFormatsImport)['default'];
const schema = JSON.parse(readFileSync(new URL('../../src/reporters/results.schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validate = ajv.compile(schema);

describe('renderJson', () => {
  it.each([
    ['mixed', mixed],
    ['clean', clean],
    ['strict', strict],
    ['hostile', hostile],
    ['empty', runResult([], { exitCode: 4 })],
  ])('%s: output validates against results.schema.json', (_name, result) => {
    const doc = JSON.parse(renderJson(result));
    const ok = validate(doc);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('the schema can fail: it rejects a raw key, a fail without violation, an unknown status', () => {
    const doc = JSON.parse(renderJson(mixed));
    const cases: Array<[string, (d: any) => void]> = [
      ['raw api key in config', (d) => (d.config.apiKey = FAKE_KEY)],
      ['raw key header', (d) => (d.outcomes[1].violation.request.headers['x-api-key'] = FAKE_KEY)],
      ['fail without violation', (d) => delete d.outcomes[1].violation],
      ['skip without reason', (d) => delete d.outcomes[3].reason],
      ['unknown status', (d) => (d.outcomes[0].status = 'flaky')],
      ['extra top-level key', (d) => (d.extra = 1)],
      ['negative count', (d) => (d.totals.pass = -1)],
    ];
    for (const [name, mutate] of cases) {
      const copy = structuredClone(doc);
      mutate(copy);
      expect(validate(copy), name).toBe(false);
    }
  });

  it('is stable: same input, same bytes; fixed key order; 2-space indent; trailing newline', () => {
    const a = renderJson(mixed);
    expect(renderJson(structuredClone(mixed))).toBe(a);
    expect(a.endsWith('}\n')).toBe(true);
    expect(a.split('\n')[1]).toBe(`  "format": "${RESULTS_FORMAT}",`);
    const doc = JSON.parse(a);
    expect(Object.keys(doc)).toEqual([
      'format', 'kit', 'spec', 'seed', 'target', 'startedAt', 'finishedAt', 'durationMs', 'exitCode', 'verdict',
      'config', 'totals', 'requests', 'discovery', 'families', 'outcomes', 'clauses',
    ]);
    expect(Object.keys(doc.config)).toEqual([...Object.keys(doc.config)].sort());
    // Key order of an outcome does not depend on the order the engine built it in.
    const shuffled = { ...mixed, outcomes: mixed.outcomes.map((o) => Object.fromEntries(Object.entries(o).reverse()) as typeof o) };
    expect(renderJson(shuffled)).toBe(a);
  });

  it('keeps every outcome with its clause ids, status, seed and replay', () => {
    const doc = JSON.parse(renderJson(mixed));
    expect(doc.outcomes.map((o: { id: string }) => o.id)).toEqual(mixed.outcomes.map((o) => o.id));
    const fail = doc.outcomes.find((o: { id: string }) => o.id === failing.id);
    expect(fail).toMatchObject({
      status: 'fail',
      level: 'MUST',
      clauses: failing.clauses,
      seed: 1234,
      replay: failing.replay,
      path: '0:1:2',
      counterexample: failing.counterexample,
      violation: { message: failing.violation!.message, curl: failing.violation!.curl },
    });
    expect(doc.totals).toEqual({ checks: 7, pass: 2, fail: 1, warn: 1, known: 0, skip: 1, disabled: 1, error: 1 });
    expect(doc.verdict).toBe('FAILED');
    expect(doc.seed).toBe(1234);
    expect(doc.spec.hash).toBe('sha256:0123456789abcdef');
    expect(doc.kit.version).toBe('0.1.0');
  });

  it('writes the traceability matrix with a status per clause', () => {
    const doc = JSON.parse(renderJson(mixed));
    const byId = Object.fromEntries(doc.clauses.map((c: { id: string; status: string }) => [c.id, c.status]));
    expect(byId['requests-v3.filters.groups-or']).toBe('fail');
    expect(byId['requests-v3.auth.clause']).toBe('skip');
    expect(byId['currencies.filters.clause']).toBe('error');
  });

  it.each([
    [[], undefined, 'uncovered'],
    [[], 'needs a clock', 'untestable'],
    [[{ id: 'a', status: 'pass' }, { id: 'b', status: 'fail' }], undefined, 'fail'],
    [[{ id: 'a', status: 'pass' }, { id: 'b', status: 'error' }], undefined, 'error'],
    [[{ id: 'a', status: 'pass' }, { id: 'b', status: 'warn' }], undefined, 'warn'],
    [[{ id: 'a', status: 'skip' }, { id: 'b', status: 'pass' }], undefined, 'pass'],
    [[{ id: 'a', status: 'skip' }, { id: 'b', status: 'disabled' }], undefined, 'skip'],
    [[{ id: 'a', status: 'disabled' }], undefined, 'disabled'],
  ] as const)('clause status of %j (untestable %s) is %s', (checks, untestable, status) => {
    expect(clauseStatus({ id: 'c', kind: 'behaviour', untestable, checks: [...checks] })).toBe(status);
  });

  it('never shows a secret, even one an engine bug left in the result', () => {
    const text = renderJson(hostile);
    expect(text).not.toContain(FAKE_KEY);
    const doc = JSON.parse(text);
    expect(doc.config).toEqual({
      apiKey: '<redacted>',
      baseUrl: 'http://127.0.0.1:4010',
      hasApiKey: true,
      nested: { token: '<redacted>' },
      otherApiKey: '<redacted>',
    });
  });

  it('counts requests per family, and the run total beside them', () => {
    const r = runResult([outcome({ id: 'fam-a.one', family: 'fam-a', status: 'pass', requests: 4 }), outcome({ id: 'fam-a.two', family: 'fam-a', status: 'pass', requests: 6 }), outcome({ id: 'fam-b.one', family: 'fam-b', status: 'pass', requests: 7 })], { requests: 30 });
    const doc = JSON.parse(renderJson(r));
    expect(doc.families.map((f: { family: string; requests: number }) => [f.family, f.requests])).toEqual([['fam-a', 10], ['fam-b', 7]]);
    expect(doc.requests).toBe(30);
    validate(doc);
    expect(validate.errors ?? []).toEqual([]);
  });

  it('rounds durations to the microsecond and clamps bad ones to 0', () => {
    const r = runResult([outcome({ id: 'a.b', status: 'pass', durationMs: 1.23456789 }), outcome({ id: 'a.c', status: 'pass', durationMs: NaN })], { durationMs: 10.0000004 });
    const doc = JSON.parse(renderJson(r));
    expect(doc.outcomes.map((o: { durationMs: number }) => o.durationMs)).toEqual([1.235, 0]);
    expect(doc.durationMs).toBe(10);
    expect(doc.families[0].durationMs).toBe(1.235);
  });

  it('survives values JSON cannot hold and truncates long bodies', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.me = cyclic;
    const r = runResult([outcome({ id: 'a.b', status: 'fail', violation: { message: 'm', expected: 'e', received: 'r' }, counterexample: cyclic })]);
    expect(JSON.parse(renderJson(r)).outcomes[0].counterexample).toEqual({ me: '[Circular]' });
    const h = JSON.parse(renderJson(hostile));
    expect(h.outcomes[0].counterexample.big).toBe('10n');
    expect(h.outcomes[0].violation.response.body.length).toBeLessThan(70_000);
    expect(h.outcomes[0].violation.response.body).toMatch(/… \[\d+ more characters\]$/);
  });
});
