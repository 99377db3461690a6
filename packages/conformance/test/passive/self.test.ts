/**
 * Self-test of the passive mode: the proxy in front of the reference server, driven by
 * the typed client through a scripted tour, and the HAR audit over the recorded tour. A clean
 * server shows no violation; every fault of the catalogue is either flagged by its mapped check ids
 * (test/fixtures/passive-fault-map.json) in both modes, or listed as unseen with the reason.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faultCatalogue, startMockServer } from '@crosschain/mock-server';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/reporters/index.js';
import { main } from '../../src/cli.js';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import { readHar } from '../../src/passive/har.js';
import { startProxy } from '../../src/passive/proxy.js';
import type { RunResult } from '../../src/contract/types.js';
import faultMap from '../fixtures/passive-fault-map.json' with { type: 'json' };
import { harRecorder } from './har-recorder.js';
import { TOUR_KEY, tour } from './tour.js';

const MAPPED = faultMap.faults as Record<string, { checks: string[] }>;
const UNSEEN = faultMap.unseen as Record<string, string>;

/** Runs the tour through the proxy in front of a reference server with `faults`; returns both verdicts. */
async function observe(faults: string[]): Promise<{ proxy: RunResult; audit: RunResult; headers: number; log: string[] }> {
  const mock = await startMockServer({ records: 400, seed: 7, now: '2026-10-01T00:00:00Z', v2RateLimit: 4, faults });
  const log: string[] = [];
  const proxy = await startProxy({ upstream: mock.url, log: (l) => log.push(l) });
  const recorder = harRecorder();
  try {
    await tour(proxy.url, recorder.fetch);
  } finally {
    await proxy.close();
    await mock.close();
  }
  const har = recorder.har();
  const headers = har.log.entries.filter((e) => e.response.headers.some((h) => h.name === 'x-conformance-violations')).length;
  const meta = { startedAt: new Date(), target: mock.url, config: {}, replay: 'test' };
  const auditor = new PassiveAuditor();
  for (const e of readHar(JSON.stringify(har), 'tour.har')) auditor.observe(e);
  return { proxy: proxy.auditor.result(meta), audit: auditor.result(meta), headers, log };
}

const failed = (r: RunResult): string[] => r.outcomes.filter((o) => o.status === 'fail' || o.status === 'warn').map((o) => o.id);

describe('passive self-test against the reference server', () => {
  it('a clean server: no violation through the proxy nor in the audit, and most oracles applied', async () => {
    const { proxy, audit, headers, log } = await observe([]);
    expect(failed(proxy)).toEqual([]);
    expect(failed(audit)).toEqual([]);
    expect(headers).toBe(0);
    expect(log).toEqual([]);
    expect(proxy.exitCode).toBe(0);
    expect(audit.exitCode).toBe(0);
    const applied = proxy.outcomes.filter((o) => o.status === 'pass');
    expect(applied.length).toBeGreaterThanOrEqual(30);
    expect(applied.every((o) => o.requests > 0 && /exchanges? checked/.test(o.reason ?? ''))).toBe(true);
  }, 60_000);

  it('every fault of the catalogue is mapped or listed as unseen with a reason, never both', () => {
    for (const f of faultCatalogue) {
      const inMap = f.name in MAPPED;
      const unseen = f.name in UNSEEN;
      expect(inMap || unseen, `fault ${f.name} is in neither list of passive-fault-map.json`).toBe(true);
      expect(inMap && unseen, `fault ${f.name} is in both lists`).toBe(false);
      if (unseen) expect(UNSEEN[f.name]!.length).toBeGreaterThan(40);
    }
    const names = new Set(faultCatalogue.map((f) => f.name));
    for (const name of [...Object.keys(MAPPED), ...Object.keys(UNSEEN)]) expect(names.has(name), `${name} is not in the catalogue`).toBe(true);
  });

  it.each(Object.entries(MAPPED))('fault %s is flagged by its check ids, through the proxy and in the audit', async (fault, { checks }) => {
    const { proxy, audit, headers, log } = await observe([fault]);
    for (const id of checks) {
      expect(failed(proxy), `proxy: ${id} under ${fault}`).toContain(id);
      expect(failed(audit), `audit: ${id} under ${fault}`).toContain(id);
    }
    expect(headers).toBeGreaterThan(0);
    expect(log.some((l) => checks.some((id) => l.startsWith(`violation ${id}: `) || l.startsWith(`violation ${id} [divergence.`)))).toBe(true);
    expect(proxy.exitCode).toBe(1);
    expect(JSON.stringify(proxy)).not.toContain(TOUR_KEY);
    expect(JSON.stringify(audit)).not.toContain(TOUR_KEY);
    expect(log.join('\n')).not.toContain(TOUR_KEY);
  }, 60_000);

  it("audit of the kit's own --record HAR of a clean run: nothing flagged (the run re-reads cursors and pages, as clients do)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'passive-record-'));
    const out: string[] = [];
    const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void out.push(t), env: {}, cwd: dir, color: false };
    expect(await main(['--mock-records', '400', '--mock-now', '2026-10-15T12:00:00Z', '--seed', '5', '--quiet', '--record', 'run.har'], io)).toBe(0);
    out.length = 0;
    const code = await main(['audit', 'run.har', '--report-dir', 'audit'], io);
    const results = JSON.parse(readFileSync(join(dir, 'audit', 'results.json'), 'utf8')) as RunResult;
    expect(failed(results), out.join('')).toEqual([]);
    expect(code).toBe(0);
    // The cross-page relations were judged, not skipped.
    for (const id of ['requests-v3.pagination.no-duplicates', 'requests-v3.pagination.terminates', 'requests-v3.sort.default']) expect(results.outcomes.find((o) => o.id === id)?.status, id).toBe('pass');
  }, 120_000);

  it('audit CLI: a HAR of the tour gives the reports and exit 1 under a fault; bad HAR input exits 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'passive-audit-'));
    const mock = await startMockServer({ records: 200, seed: 3, now: '2026-10-01T00:00:00Z', faults: ['v3-limit-uncapped'] });
    const recorder = harRecorder();
    try {
      await tour(mock.url, recorder.fetch);
    } finally {
      await mock.close();
    }
    writeFileSync(join(dir, 'tour.har'), JSON.stringify(recorder.har()));
    writeFileSync(join(dir, 'bad.har'), '{"log": {}}');
    writeFileSync(join(dir, 'not-json.har'), 'HTTP/1.1 200 OK');
    const out: string[] = [];
    const err: string[] = [];
    const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), env: {}, cwd: dir, color: false };
    expect(await main(['audit', 'tour.har', '--report-dir', 'reports'], io)).toBe(1);
    expect(out.join('')).toContain('requests-v3.limit.max');
    const text = ['results.json', 'junit.xml', 'summary.md', 'report.html'].map((f) => readFileSync(join(dir, 'reports', f), 'utf8')).join('\n');
    const results = JSON.parse(readFileSync(join(dir, 'reports', 'results.json'), 'utf8')) as { exitCode: number };
    expect(results.exitCode).toBe(1);
    const addFormats = addFormatsImport as unknown as (typeof addFormatsImport)['default'];
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    const validate = ajv.compile(resultsSchema);
    expect(validate(results), JSON.stringify(validate.errors)).toBe(true);
    expect(text).not.toContain(TOUR_KEY);
    expect(text).toContain('<redacted>');
    err.length = 0;
    expect(await main(['audit', 'bad.har'], io)).toBe(2);
    expect(err.join('')).toMatch(/^error: bad\.har has no log\.entries array; expected a HAR 1\.2 file/);
    err.length = 0;
    expect(await main(['audit', 'not-json.har'], io)).toBe(2);
    expect(err.join('')).toMatch(/^error: not-json\.har is not JSON/);
    err.length = 0;
    expect(await main(['audit', 'missing.har'], io)).toBe(2);
    expect(err.join('')).toMatch(/^error: cannot read missing\.har: ENOENT/);
    expect(await main(['audit'], io)).toBe(2);
  }, 60_000);
});
