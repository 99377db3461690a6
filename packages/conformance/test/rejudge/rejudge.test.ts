/**
 * `audit` of the kit's own recording re-judges the run's checks from it (rejudge/): a clean run's
 * recording audits clean; a run against faulty reference servers whose failures are relations
 * between exchanges (a walk with a gap, OR groups ANDed, `term` blind to transaction hashes) fails in audit with the check ids the run failed, which the oracles alone miss; a request
 * the recording does not hold ends that check `error`, never pass or fail; a recording without the
 * run's description is audited by the oracles alone, and says so.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { API_KEYS } from '@crosschain/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allChecks, runConformance } from '../../src/index.js';
import type { RunOptions, RunResult } from '../../src/contract/types.js';
import { RECORDED_RUN_FIELD } from '../../src/har/har.js';
import { kitRecordingOf, type RecordedEntry } from '../../src/har/recorded-run.js';
import { apiOperations, apiValidator, auditRecordings } from '../../src/recordings/audit.js';
import { readRecordings } from '../../src/recordings/index.js';
import { auditAndRejudge, withRejudged } from '../../src/rejudge/audit.js';
import { NotInRecording, RecordingIndex, checkScope, replayFetch } from '../../src/rejudge/replay-fetch.js';
import { OperationStalledError } from '../../src/contract/types.js';

const dir = mkdtempSync(join(tmpdir(), 'rejudge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASE: Partial<RunOptions> = { mockNow: '2026-10-15T12:00:00Z', mockRecords: 300, seed: 11, numRuns: 3, skip: ['events'] };
const failing = (status: string): boolean => status === 'fail' || status === 'warn';
const failedIds = (r: RunResult): string[] => r.outcomes.filter((o) => failing(o.status)).map((o) => o.id).sort();

async function audit(file: string) {
  const validator = apiValidator();
  const recordings = await readRecordings([file], dir, apiOperations(validator));
  const meta = { startedAt: new Date(), files: [file], strict: false, validator };
  return { both: await auditAndRejudge(recordings, meta), oracles: auditRecordings(recordings, meta).result };
}

const readDoc = (file: string): { log: Record<string, unknown> & { entries: Array<Record<string, unknown>> } } => {
  const bytes = readFileSync(file);
  return JSON.parse((file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')) as never;
};

describe('re-judging the kit’s own recording', () => {
  let clean: { run: RunResult; file: string };
  beforeAll(async () => {
    const file = join(dir, 'clean.har.gz');
    clean = { run: await runConformance({ ...BASE, record: file }), file };
  }, 300_000);

  it('writes the run’s description and each entry’s check and key role, never a key', () => {
    const doc = readDoc(clean.file);
    const text = JSON.stringify(doc);
    for (const k of API_KEYS) expect(text).not.toContain(k.key);
    const kit = kitRecordingOf(doc);
    if ('why' in kit) throw new Error(kit.why);
    expect(kit.run.seed).toBe(11);
    expect(kit.run.options).toMatchObject({ numRuns: 3, skip: ['events'], mockNow: BASE.mockNow });
    expect(kit.run.target).toMatchObject({ mode: 'embedded', keys: ['primary', 'other', 'inactive'] });
    expect(new Set(kit.entries.map((e) => e.auth))).toEqual(new Set(['primary', 'other', 'inactive', 'none', 'given']));
    expect(kit.entries.some((e) => e.check === 'requests-v3.total.partition')).toBe(true);
  });

  it('audits a clean run’s recording clean, its relation checks judged as the run judged them', async () => {
    expect(clean.run.exitCode).toBe(0);
    const { both, oracles } = await audit(clean.file);
    expect(both.result.outcomes.filter((o) => failing(o.status) || o.status === 'error').map((o) => `${o.id}: ${o.reason}`)).toEqual([]);
    expect(both.result.exitCode).toBe(0);
    expect(both.notes).toHaveLength(1);
    expect(both.notes[0]!.rejudged?.notInRecording).toEqual([]);
    // Relations no oracle judges are now judged, as the run judged them.
    const oracleIds = new Set(oracles.outcomes.map((o) => o.id));
    const byId = new Map(both.result.outcomes.map((o) => [o.id, o.status]));
    const relations = allChecks.filter((c) => c.relation === true && !oracleIds.has(c.id)).map((c) => c.id);
    expect(relations.length).toBeGreaterThan(10);
    for (const id of relations) expect(`${id}: ${byId.get(id)}`).toBe(`${id}: ${clean.run.outcomes.find((o) => o.id === id)?.status}`);
    expect(byId.get('requests-v3.pagination.no-gaps')).toBe('pass');
  }, 300_000);

  it('leaves the audit undecided (exit 5) where the recorded run could not decide a check, never green', async () => {
    // A mutant of the reference server whose v2 throttle was never reached in the run's 90 probes:
    // the run ended 5 with requests-v2.rate-limit.per-key inconclusive, and its audit said 0.
    const { both } = await audit(clean.file);
    const inconclusive = { ...both.result.outcomes.find((o) => o.id === 'requests-v2.rate-limit.per-key')!, status: 'skip' as const, cause: 'inconclusive' as const, reason: 'inconclusive: the v2 throttle was not reached in 90 requests' };
    const joined = withRejudged(both.result, [[inconclusive]], both.notes);
    expect(joined.outcomes.find((o) => o.id === inconclusive.id)).toMatchObject({ status: 'skip', cause: 'inconclusive', reason: `in the recorded run: ${inconclusive.reason}` });
    expect(joined.exitCode).toBe(5);
    // A skip for a key the run was not given decides nothing.
    const { cause: _cause, ...rest } = inconclusive;
    const keyless = { ...rest, needs: ['otherApiKey'], reason: 'needs --other-api-key' };
    expect(withRejudged(both.result, [[keyless]], both.notes).exitCode).toBe(0);
  }, 300_000);

  it('ends a check `error` (not in the recording) when its requests are missing from it, never pass or fail', async () => {
    const doc = readDoc(clean.file);
    const victim = 'requests-v3.total.partition';
    doc.log.entries = doc.log.entries.filter((e) => e._check !== victim);
    const file = join(dir, 'cut.har');
    writeFileSync(file, JSON.stringify(doc));
    const { both } = await audit(file);
    const o = both.result.outcomes.find((x) => x.id === victim)!;
    expect(o.status).toBe('error');
    expect(o.reason).toContain('is not in the recording');
    expect(both.notes[0]!.rejudged?.notInRecording).toContain(victim);
    expect(both.result.exitCode).toBe(3);
  }, 300_000);

  it('audits a recording without the run’s description by the oracles alone, and says so', async () => {
    const doc = readDoc(clean.file);
    delete doc.log[RECORDED_RUN_FIELD];
    const file = join(dir, 'foreign.har');
    writeFileSync(file, JSON.stringify(doc));
    const { both, oracles } = await audit(file);
    expect(both.notes[0]!.notRejudged).toMatch(/not a recording of the kit/);
    expect(both.result.outcomes.map((o) => `${o.id}:${o.status}`)).toEqual(oracles.outcomes.map((o) => `${o.id}:${o.status}`));
    expect(both.result.config.rejudged).toEqual(both.notes);
  }, 300_000);
});

describe('a faulty reference server whose failures are relations', () => {
  // The run fails these relations; the oracles, judging one exchange at a time, do not.
  for (const fault of ['v3-page-gap', 'v3-groups-anded', 'v3-term-ignores-hashes']) {
    it(`fails in audit with the run's check ids: ${fault}`, async () => {
      const file = join(dir, `${fault}.har.gz`);
      const run = await runConformance({ ...BASE, only: ['requests-v3'], mockFaults: [fault], record: file });
      const ran = failedIds(run);
      expect(ran.length).toBeGreaterThan(0);
      const { both, oracles } = await audit(file);
      const audited = failedIds(both.result);
      expect(ran.filter((id) => !audited.includes(id))).toEqual([]);
      expect(ran.filter((id) => !failedIds(oracles).includes(id)).length).toBeGreaterThan(0);
      expect(both.result.exitCode).toBe(1);
      expect(both.result.outcomes.filter((o) => o.status === 'error').map((o) => o.id)).toEqual([]);
    }, 300_000);
  }
});

describe('RecordingIndex', () => {
  const entry = (seq: number, check: string | undefined, text: string): RecordedEntry => ({ seq, ...(check ? { check } : {}), auth: 'primary', method: 'GET', url: 'http://t/requests/v3?limit=1', status: 200, headers: {}, text });

  it('answers identical requests in the recorded order, a check’s own and unowned entries first', () => {
    const index = new RecordingIndex([entry(1, undefined, 'shared'), entry(2, 'b', 'b1'), entry(3, 'a', 'a1'), entry(4, 'a', 'a2')]);
    const take = (check: string) => index.take('GET', 'http://t/requests/v3?limit=1', 'primary', undefined, check)?.text;
    expect(take('a')).toBe('shared');
    expect(take('a')).toBe('a1');
    expect(take('a')).toBe('a2');
    // Nothing of its own or unowned left: another check's answer rather than none.
    expect(take('a')).toBe('b1');
    expect(take('a')).toBeUndefined();
  });

  it('tells requests apart by key role and body', () => {
    const index = new RecordingIndex([entry(1, 'a', 'primary')]);
    expect(index.take('GET', 'http://t/requests/v3?limit=1', 'other', undefined, 'a')).toBeUndefined();
    expect(index.take('GET', 'http://t/requests/v3?limit=1', 'primary', '{}', 'a')).toBeUndefined();
    expect(index.take('GET', 'http://t/requests/v3?limit=1', 'primary', undefined, 'a')?.text).toBe('primary');
  });
});

describe('replayFetch', () => {
  const entries: RecordedEntry[] = [
    { seq: 1, check: 'c', auth: 'primary', method: 'GET', url: 'http://t/requests/v3?limit=1&apiKey=<redacted>', status: 200, headers: { 'content-type': 'application/json' }, text: '{"data":[]}' },
    { seq: 2, check: 'c', auth: 'none', method: 'GET', url: 'http://t/requests/v2', status: 0, headers: {}, text: '', error: 'GET http://t/requests/v2: GET /requests/v2 stopped answering (a timeout); the kit stopped sending it' },
  ];
  const init = (key?: string) => ({ method: 'GET', headers: key ? { 'x-api-key': key } : {}, signal: new AbortController().signal });
  const make = (stalled?: Map<string, string>) =>
    replayFetch({ index: new RecordingIndex(entries), keys: new Map([['placeholder-key', 'primary']]), redact: (t) => t.replaceAll('placeholder-key', '<redacted>'), unowned: [], ...(stalled ? { stalled } : {}) });

  it('answers a request by its key role with the key redacted as recorded, and the recorded answer', async () => {
    const res = await checkScope.run({ check: 'c', misses: [] }, () => make()('http://t/requests/v3?limit=1&apiKey=placeholder-key', init('placeholder-key')));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"data":[]}');
  });

  it('throws NotInRecording for a request it does not hold, and counts it against the sending check', async () => {
    const scope = { check: 'c', misses: [] as string[] };
    await expect(checkScope.run(scope, () => make()('http://t/requests/v3?limit=2', init('placeholder-key')))).rejects.toBeInstanceOf(NotInRecording);
    expect(scope.misses).toEqual(['GET /requests/v3?limit=2']);
  });

  it('refuses as the run did: an operation the run stopped sending, and a request its circuit cut', async () => {
    const fetch = make(new Map([['GET /requests/v3', 'timeouts']]));
    const scope = { check: 'c', misses: [] as string[] };
    await expect(checkScope.run(scope, () => fetch('http://t/requests/v3?limit=9', init('placeholder-key')))).rejects.toBeInstanceOf(OperationStalledError);
    await expect(checkScope.run(scope, () => fetch('http://t/requests/v2', init()))).rejects.toBeInstanceOf(OperationStalledError);
    expect(scope.misses).toEqual([]);
  });
});
