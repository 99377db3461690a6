import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schemaAjv } from '../support/ajv.js';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { applyBaseline, baselineOf, baselineSchema, baselineSummary, parseBaseline, renderBaseline } from '../../src/baseline/baseline.js';
import { fingerprintOf, placeOf, schemaMark } from '../../src/contract/fingerprint.js';
import type { CheckOutcome, RunResult } from '../../src/contract/types.js';
import { mergeResults } from '../../src/shard/merge.js';
import { main } from '../../src/cli.js';
import { resultsSchema } from '../../src/reporters/index.js';
import { cliIo } from '../cli-io.js';
import { closedPort } from '../engine/fake-fetch.js';
import { existsSync } from 'node:fs';

const failing = (id: string, status: CheckOutcome['status'] = 'fail'): CheckOutcome => ({
  id,
  family: 'f',
  title: 't',
  operation: 'POST /currencies/v2',
  clauses: [],
  level: 'MUST',
  status,
  durationMs: 1,
  seed: 1,
  replay: '',
  requests: 1,
  ...(status === 'fail' ? { violation: { message: 'm', expected: 'e', received: 'r' } } : {}),
});
const entry = (check: string, expires: string) => ({ check, operation: 'POST /currencies/v2', reason: 'TICKET-7', expires });

describe('baseline', () => {
  it('a failure with an entry that holds is known; an expired one fails; a listed pass is fixed', () => {
    const b = parseBaseline({ version: 1, entries: [entry('a', '2026-12-31'), entry('b', '2026-01-01'), entry('c', '2026-12-31')] }, 'b.yaml');
    expect(applyBaseline(failing('a'), b, '2026-11-22')).toMatchObject({ status: 'known', reason: 'known failure (baseline: TICKET-7; expires 2026-12-31)' });
    expect(applyBaseline(failing('a'), b, '2026-12-31').status).toBe('known');
    expect(applyBaseline(failing('b'), b, '2026-11-22')).toMatchObject({ status: 'fail', reason: expect.stringContaining('expired on 2026-01-01') });
    expect(applyBaseline(failing('c', 'pass'), b, '2026-11-22').reason).toMatch(/^fixed: .*remove it from the baseline$/);
    expect(applyBaseline(failing('z'), b, '2026-11-22').status).toBe('fail');
    expect(applyBaseline({ ...failing('a'), operation: 'GET /requests/v3' }, b, '2026-11-22').status).toBe('fail');
  });

  it('a fingerprint entry accepts its violation only: a new violation of the same check still fails and is the one shown', () => {
    const known = { message: 'known', expected: 'a body valid against Req', received: 'r', where: '/requests/*/fees/gas', rule: 'type' };
    const fresh = { message: 'new', expected: 'a body valid against Req', received: 'r', where: '/requests/*/currency', rule: 'required' };
    const b = parseBaseline({ version: 1, entries: [{ ...entry('s', '2026-12-31'), where: '/requests/*/fees/gas', rule: 'type' }] }, 'b.yaml');
    const one = { ...failing('s'), violation: known };
    expect(applyBaseline(one, b, '2026-11-22').status).toBe('known');
    expect(applyBaseline({ ...failing('s'), violation: fresh }, b, '2026-11-22')).toMatchObject({ status: 'fail', violation: { message: 'new' } });
    // A passive outcome with both: the known one is shown first by chance, the new one takes its place.
    const both = { ...one, violations: [{ ...known, count: 7 }, { ...fresh, count: 1 }] };
    const applied = applyBaseline(both, b, '2026-11-22');
    expect(applied).toMatchObject({ status: 'fail', violation: { message: 'new', where: '/requests/*/currency' }, reason: expect.stringContaining('1 of 2 kinds of violation not listed') });
    expect(baselineSummary('b.yaml', [applied], b, '2026-11-22')).toEqual({ file: 'b.yaml', known: [], fixed: [], expired: [] });
    // The older form (check × operation) accepts every violation of the check.
    const legacy = parseBaseline({ version: 1, entries: [entry('s', '2026-12-31')] }, 'b.yaml');
    expect(applyBaseline(both, legacy, '2026-11-22').status).toBe('known');
    // An entry whose clause differs does not accept.
    const other = parseBaseline({ version: 1, entries: [{ ...entry('s', '2026-12-31'), clause: 'API-X', where: '/requests/*/fees/gas' }] }, 'b.yaml');
    expect(applyBaseline(one, other, '2026-11-22').status).toBe('fail');
  });

  it('a catalogued divergence needs an entry like any violation; --write-baseline writes one entry per violation, by fingerprint, keeping reasons', () => {
    const div = { message: 'd', expected: 'a string', received: 'null', where: '/requests/*/x', rule: 'type', divergence: 'divergence.nullable-fields' };
    const fresh = { message: 'n', expected: 'at most 20 records', received: '21', count: 2 };
    const o = { ...failing('s'), violation: fresh, violations: [{ ...div, count: 3 }, fresh] };
    const empty = parseBaseline({ version: 1, entries: [] }, 'b.yaml');
    const prev = parseBaseline({ version: 1, entries: [{ ...entry('s', '2026-12-31'), rule: 'at most # records' }] }, 'b.yaml');
    expect(applyBaseline(o, prev, '2026-11-22').status).toBe('fail');
    expect(applyBaseline(o, empty, '2026-11-22').status).toBe('fail');
    const written = baselineOf([o], new Date('2026-11-22T00:00:00Z'), prev);
    expect(written.entries).toEqual([
      { check: 's', operation: 'POST /currencies/v2', where: '/requests/*/x', rule: 'type', reason: 'catalogued divergence of the live service: divergence.nullable-fields (specs/clauses.yaml)', expires: '2027-02-20' },
      { check: 's', operation: 'POST /currencies/v2', rule: 'at most # records', reason: 'TICKET-7', expires: '2026-12-31' },
    ]);
    expect(applyBaseline(o, written, '2026-11-22').status).toBe('known');
    expect(schemaAjv().compile(baselineSchema)(parseYaml(renderBaseline(written)))).toBe(true);
  });

  it('the fingerprint: array indices as *, every place and keyword of a schema verdict, numbers out of the default rule', () => {
    expect(placeOf('/requests/12/fees/0/gas')).toBe('/requests/*/fees/*/gas');
    expect(placeOf('')).toBe('/');
    expect(schemaMark([{ instancePath: '/requests/3/a', schemaPath: '#/properties/a/type', message: 'm' }, { instancePath: '/requests/0/a', schemaPath: '#/properties/a/type', message: 'm' }, { instancePath: '', schemaPath: '#/required', message: 'm' }])).toEqual({ where: '/ /requests/*/a', rule: 'required type' });
    const o = { id: 'c', operation: 'GET /x', clauses: ['API-1', 'API-2'] };
    expect(fingerprintOf(o, { expected: 'at most 20 records for limit=20' })).toEqual({ check: 'c', operation: 'GET /x', clause: 'API-1', rule: 'at most # records for limit=#' });
    expect(fingerprintOf(o, { expected: 'x', clause: 'API-2', where: '/a', rule: 'enum' })).toEqual({ check: 'c', operation: 'GET /x', clause: 'API-2', where: '/a', rule: 'enum' });
  });

  it('refuses a malformed file with the entry and the fix', () => {
    expect(() => parseBaseline({ version: 1, entries: [{ ...entry('a', '2026-12-31'), where: '' }] }, 'b.yaml')).toThrow(/entry 1 \(a\) must have where as a non-empty string/);
    expect(() => parseBaseline({ version: 1, entries: [{ ...entry('a', '2026-12-31'), wher: '/x' }] }, 'b.yaml')).toThrow(/entry 1 \(a\) has unknown field wher/);
    expect(() => parseBaseline({ version: 1, entries: [{ check: 'a', operation: 'x', reason: 'r', expires: 'soon' }] }, 'b.yaml')).toThrow(/entry 1 \(a\) must have expires as YYYY-MM-DD, got "soon"/);
    expect(() => parseBaseline({ entries: [] }, 'b.yaml')).toThrow(/must have version: 1/);
    expect(() => parseBaseline({ version: 1, entries: [{ check: 'a' }] }, 'b.yaml')).toThrow(/entry 1 must have a non-empty operation/);
  });

  it('a written baseline validates against the shipped schema and reads back', () => {
    const text = renderBaseline(baselineOf([failing('a'), failing('p', 'pass')], new Date('2026-11-22T00:00:00Z')));
    const doc = parseYaml(text) as unknown;
    const validate = schemaAjv().compile(baselineSchema);
    expect(validate(doc)).toBe(true);
    expect(parseBaseline(doc, 'x').entries).toEqual([{ check: 'a', operation: 'POST /currencies/v2', rule: 'e', reason: 'TODO: why this is accepted (m)', expires: '2027-02-20' }]);
  });

  it('end to end: --write-baseline, then --baseline makes the failure known (exit 0); expired, it fails again (exit 1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-baseline-'));
    const args = ['--only', 'currencies-v2.limit.max', '--mock-records', '300', '--seed', '2', '--mock-fault', 'currencies-limit-uncapped', '--quiet'];
    const first = cliIo({}, dir);
    expect(await main([...args, '--write-baseline', 'baseline.yaml'], first.io)).toBe(1);
    const written = parseYaml(readFileSync(join(dir, 'baseline.yaml'), 'utf8')) as { entries: Array<{ check: string; operation: string }> };
    expect(written.entries).toMatchObject([{ check: 'currencies-v2.limit.max', operation: 'POST /currencies/v2', clause: expect.any(String), rule: expect.any(String) }]);

    const second = cliIo({}, dir);
    expect(await main([...args, '--baseline', 'baseline.yaml', '--report-dir', 'r'], second.io)).toBe(0);
    expect(second.text()).toMatch(/1 known/);
    const results = JSON.parse(readFileSync(join(dir, 'r', 'results.json'), 'utf8')) as Record<string, unknown> & { outcomes: Array<{ status: string }>; totals: Record<string, number> };
    expect(results.outcomes[0]!.status).toBe('known');
    expect(results.totals.known).toBe(1);
    expect(results.baseline).toMatchObject({ known: ['currencies-v2.limit.max'], fixed: [], expired: [] });
    expect(schemaAjv({ allErrors: true }).validate(resultsSchema, results)).toBe(true);
    for (const f of ['junit.xml', 'summary.md', 'report.html']) expect(readFileSync(join(dir, 'r', f), 'utf8')).toMatch(/known/);

    writeFileSync(join(dir, 'expired.yaml'), 'version: 1\nentries:\n  - {check: currencies-v2.limit.max, operation: POST /currencies/v2, reason: TICKET-1, expires: 2020-01-01}\n');
    const third = cliIo({}, dir);
    expect(await main([...args, '--baseline', 'expired.yaml'], third.io)).toBe(1);
    expect(third.text()).toMatch(/Baseline: the entries of currencies-v2.limit.max expired/);

    const fixed = cliIo({}, dir);
    expect(await main(['--only', 'currencies-v2.limit.max', '--mock-records', '300', '--seed', '2', '--quiet', '--baseline', 'baseline.yaml'], fixed.io)).toBe(0);
    expect(fixed.text()).toMatch(/currencies-v2.limit.max now passes: remove it from .*baseline.yaml/);
  });

  it('--write-baseline writes nothing when the run did not complete', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-baseline-'));
    const t = cliIo({}, dir);
    expect(await main(['--base-url', `http://127.0.0.1:${await closedPort()}`, '--quiet', '--write-baseline', 'b.yaml'], t.io)).toBe(4);
    expect(existsSync(join(dir, 'b.yaml'))).toBe(false);
    expect(t.err.join('')).toMatch(/error: --write-baseline ".*b.yaml" not written: the run did not complete \(exit 4\)/);
  });

  it('a missing baseline is a usage error (exit 2) that says how to write one or to drop the flag; another unreadable one says why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-baseline-'));
    const t = cliIo({}, dir);
    expect(await main(['--only', 'currencies-v2.limit.max', '--baseline', 'nope.yaml'], t.io)).toBe(2);
    const err = t.err.join('');
    expect(err).toMatch(/^error: --baseline file ".*nope.yaml" does not exist\. Fix: write it with one run, `crosschain-conformance … --write-baseline .*nope.yaml` .*, or drop --baseline\n$/);
    expect(err).not.toMatch(/ENOENT/);
    const dirAsFile = cliIo({}, dir);
    expect(await main(['--only', 'currencies-v2.limit.max', '--baseline', '.'], dirAsFile.io)).toBe(2);
    expect(dirAsFile.err.join('')).toMatch(/^error: --baseline file ".*" cannot be read \(EISDIR\)/);
  });
});

describe('stale baseline entries', () => {
  const args = ['--only', 'currencies-v2.limit.max', '--mock-records', '300', '--seed', '2', '--quiet', '--report-dir', 'r'];
  const setup = () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-stale-'));
    // The check passes on the reference server without a fault: its entry is stale (fixed).
    writeFileSync(join(dir, 'baseline.yaml'), 'version: 1\nentries:\n  - {check: currencies-v2.limit.max, operation: POST /currencies/v2, reason: TICKET-1, expires: 2099-01-01}\n');
    return dir;
  };

  it('appear in summary.md (the job summary), and do not fail the run without --fail-on-stale-baseline', async () => {
    const dir = setup();
    const t = cliIo({}, dir);
    expect(await main([...args, '--baseline', 'baseline.yaml'], t.io)).toBe(0);
    const summary = readFileSync(join(dir, 'r', 'summary.md'), 'utf8');
    expect(summary).toMatch(/### Stale baseline entries \(1\)\n\nIn `.*baseline\.yaml`\. They do not fail the run; `--fail-on-stale-baseline` makes them fail it\./);
    expect(summary).toContain('| `currencies-v2.limit.max` | now passes: remove its entry |');
    expect(summary).toMatch(/^## ✅ Conformance PASSED/);
  });

  it('--fail-on-stale-baseline fails the run on them (exit 1), the verdict naming each and what to do', async () => {
    const dir = setup();
    const t = cliIo({}, dir);
    expect(await main([...args, '--baseline', 'baseline.yaml', '--fail-on-stale-baseline'], t.io)).toBe(1);
    expect(t.text()).toMatch(/FAILED \(exit 1\): --fail-on-stale-baseline: 1 stale entry in .*baseline\.yaml \(currencies-v2\.limit\.max now passes: remove its entry\)/);
    const results = JSON.parse(readFileSync(join(dir, 'r', 'results.json'), 'utf8')) as { exitCode: number; config: Record<string, unknown> };
    expect(results.exitCode).toBe(1);
    expect(results.config.failOnStaleBaseline).toBe(true);
    expect(schemaAjv({ allErrors: true }).validate(resultsSchema, results)).toBe(true);
    const summary = readFileSync(join(dir, 'r', 'summary.md'), 'utf8');
    expect(summary).toMatch(/^## ❌ Conformance FAILED/);
    expect(summary).toContain('They fail the run (`--fail-on-stale-baseline`).');
    // An entry that still accepts a failure is not stale: the run passes with the flag.
    const live = cliIo({}, dir);
    writeFileSync(join(dir, 'live.yaml'), 'version: 1\nentries:\n  - {check: currencies-v2.limit.max, operation: POST /currencies/v2, reason: TICKET-1, expires: 2099-01-01}\n');
    expect(await main([...args, '--mock-fault', 'currencies-limit-uncapped', '--baseline', 'live.yaml', '--fail-on-stale-baseline'], live.io)).toBe(0);
  });

  it('--fail-on-stale-baseline without --baseline is a usage error naming the fix', async () => {
    const t = cliIo({}, mkdtempSync(join(tmpdir(), 'conformance-stale-')));
    expect(await main(['--only', 'currencies-v2.limit.max', '--fail-on-stale-baseline'], t.io)).toBe(2);
    expect(t.err.join('')).toMatch(/error: --fail-on-stale-baseline needs a --baseline file .*Fix: add --baseline conformance-baseline\.yaml, or drop --fail-on-stale-baseline/);
  });

  it('merge-reports keeps the gate: the merged run fails on a stale entry when its shards ran with the flag', async () => {
    const dir = setup();
    const shards = [1, 2].map((i) => `s${i}`);
    for (const [i, s] of shards.entries()) {
      const t = cliIo({}, dir);
      const code = await main(['--only', 'currencies-v2', '--mock-records', '300', '--seed', '2', '--quiet', '--shard', `${i + 1}/2`, '--report-dir', s, '--baseline', 'baseline.yaml', '--fail-on-stale-baseline'], t.io);
      expect([0, 1]).toContain(code);
    }
    const results = shards.map((s) => JSON.parse(readFileSync(join(dir, s, 'results.json'), 'utf8')) as RunResult);
    const merged = mergeResults(results);
    expect(merged.baseline?.fixed).toEqual(['currencies-v2.limit.max']);
    expect(merged.exitCode).toBe(1);
    const without = mergeResults(results.map((r) => ({ ...r, config: { ...r.config, failOnStaleBaseline: false } })));
    expect(without.exitCode).toBe(0);
  });
});

describe('fingerprints without data (friction 2)', () => {
  it('a baseline written against one data set accepts the same fault on another (v3-page-gap, reference server seeds 1 and 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-baseline-'));
    const args = (seed: string) => ['--only', 'requests-v3.pagination.no-gaps', '--mock-records', '600', '--mock-seed', seed, '--seed', '1', '--mock-now', '2026-06-01T00:00:00Z', '--mock-fault', 'v3-page-gap', '--quiet'];
    const first = cliIo({}, dir);
    expect(await main([...args('1'), '--write-baseline', 'baseline.yaml'], first.io)).toBe(1);
    const text = readFileSync(join(dir, 'baseline.yaml'), 'utf8');
    const written = parseYaml(text) as { entries: Array<{ check: string; rule: string; where?: string }> };
    expect(written.entries.map((e) => e.check)).toEqual(['requests-v3.pagination.no-gaps']);
    // No record id (0x… or its old #x#… spelling) and no count from the data.
    expect(written.entries[0]!.rule).not.toMatch(/0x|#x|\d/);
    const second = cliIo({}, dir);
    expect(await main([...args('2'), '--baseline', 'baseline.yaml'], second.io)).toBe(0);
    expect(second.text()).toMatch(/1 known/);
  });

  it('an older baseline (record ids in its rule) still matches; an entry that no longer matches says which one came nearest and what differed', () => {
    const outcome: CheckOutcome = {
      ...failing('requests-v3.pagination.no-gaps'),
      operation: 'GET /requests/v3',
      clauses: ['requests-v3.pagination.no-gaps'],
      violation: { message: 'skipped', expected: '12 records including 0xab12cd…, 0x77ef01… (2)', received: 'r' },
    };
    const old = { check: 'requests-v3.pagination.no-gaps', operation: 'GET /requests/v3', clause: 'requests-v3.pagination.no-gaps', rule: '# records including #xd#f#f#…, #xc#f#e#…, #x#cea#a… … (#)', reason: 'TICKET-9', expires: '2099-01-01' };
    expect(applyBaseline(outcome, parseBaseline({ version: 1, entries: [old] }, 'b'), '2026-11-26').status).toBe('known');
    const other = { ...old, rule: 'each id once' };
    const judged = applyBaseline(outcome, parseBaseline({ version: 1, entries: [other] }, 'b'), '2026-11-26');
    expect(judged.status).toBe('fail');
    expect(judged.reason).toBe('no baseline entry matches this violation: the nearest baseline entry (TICKET-9) differs in rule: listed "each id once", now "# records including <id>…"');
  });

  it('ids, timestamps, continuations and JSON string values leave the rule; the place loses its hex keys', () => {
    const o = { id: 'c', operation: 'GET /x', clauses: [] };
    const a = fingerprintOf(o, { expected: 'total = 61 at 2026-05-31T23:00:00Z for {"status":"waiting"} after eyJ2IjoxLCJzIjoiY3JlYXRlZEF0Iiw3 of 0xd4795f2f62', where: '/requests/0xabc/amount' });
    const b = fingerprintOf(o, { expected: 'total = 7 at 2026-01-02T03:04:05.123Z for {"status":"failure"} after eyJ2IjoxLCJzIjoiY3JlYXRlZEF0IiwxOTk5 of 0x01', where: '/requests/0xff/amount' });
    expect(a).toEqual(b);
    expect(a.rule).toBe('total = # at <time> for {"status":"…"} after <token> of <id>…');
    expect(a.where).toBe('/requests/*/amount');
    // Different rules stay different.
    expect(fingerprintOf(o, { expected: 'each id once' }).rule).not.toBe(fingerprintOf(o, { expected: 'ids of the window only' }).rule);
  });
});

describe('stableText', () => {
  it('is idempotent', async () => {
    const { stableText } = await import('../../src/contract/fingerprint.js');
    for (const t of ['17 records including 0xd4795f2f62…, 0xc2f2e36828…, 0x18013cea2a… … (5)', '# records including #xd#f#f#…, #xc#f#e#…, #x#cea#a… … (#)', 'id 0xabc at 2026-01-01T00:00:00Z']) {
      expect(stableText(stableText(t))).toBe(stableText(t));
    }
  });
});
