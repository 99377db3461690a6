/**
 * requests-v2.rate-limit.stepped-down against the embedded reference server: twins with clocks held
 * in September, October and November 2026 and the server's own dated limit (600, 300, 150 a minute)
 * are burst by one key. The clean server passes with those exact counts, whatever the run's fixed
 * v2 limit; a limit that rises from September to October (fault v2-throttle-rises-in-october) or
 * is not reduced in November (v2-throttle-not-reduced-in-november) fails; a target at a URL is
 * skipped without a request; a server that never throttles leaves it inconclusive; and `audit` of
 * the run's recording re-judges the same verdict from the recorded exchanges alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockServer } from '@crosschain/mock-server';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { OCTOBER_CAP, STEPPED_DOWN_ID, checks } from '../../src/checks/requests-v2-stepped-down.js';
import type { CheckContext, RunOptions, RunResult, TargetDate } from '../../src/contract/types.js';
import { apiOperations, apiValidator } from '../../src/recordings/audit.js';
import { readRecordings } from '../../src/recordings/index.js';
import { auditAndRejudge } from '../../src/rejudge/audit.js';
import { fakeContext, json } from '../support/fake-context.js';

const ID = STEPPED_DOWN_ID;
const BASE: Partial<RunOptions> = { mockNow: '2026-10-15T12:00:00Z', mockRecords: 300, seed: 5, only: [ID] };
const outcome = (r: RunResult) => r.outcomes.find((o) => o.id === ID)!;
const check = checks.find((c) => c.id === ID)!;
const dir = mkdtempSync(join(tmpdir(), 'stepped-down-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('requests-v2.rate-limit.stepped-down', () => {
  it('passes the clean embedded server: September serves more than 300, October 300, November 150 (the run\'s fixed limit does not reach the twins)', async () => {
    const r = await runConformance({ ...BASE, mockV2RateLimit: 7 });
    expect(outcome(r)).toMatchObject({ status: 'pass' });
    expect(outcome(r).reason).toBe("one key's burst: September 2026 served 325 requests (more than October) without being refused, October 300 and November 150 before the throttle refused a whole batch with 429");
    // Batches of 25: October and November each up to a batch refused whole, September until more than October's 300 are served.
    expect(outcome(r).requests).toBe(325 + 175 + 325);
    expect(r.exitCode).toBe(0);
  }, 60_000);

  it('fails a limit that rises from September to October, with the months and their counts', async () => {
    const r = await runConformance({ ...BASE, mockFaults: ['v2-throttle-rises-in-october'] });
    expect(outcome(r).status).toBe('fail');
    expect(outcome(r).violation?.message).toMatch(/October's limit is not below September's/);
    expect(outcome(r).violation?.received).toBe('September 2026: 150 served of 175, then refused with 429; October 2026: 600 served, then refused with 429');
    expect(outcome(r).violation?.response?.status).toBe(429);
    expect(r.exitCode).toBe(1);
  }, 60_000);

  it('fails a limit not reduced in November, with the months and their counts', async () => {
    const r = await runConformance({ ...BASE, mockFaults: ['v2-throttle-not-reduced-in-november'] });
    expect(outcome(r).status).toBe('fail');
    expect(outcome(r).violation?.message).toMatch(/November's limit is not below October's/);
    expect(outcome(r).violation?.received).toBe('November 2026: 300 served of 300, not refused; October 2026: 300 served, then refused with 429');
    expect(outcome(r).violation?.response?.status).toBe(200);
    expect(r.exitCode).toBe(1);
  }, 60_000);

  it('is skipped against a target at a URL without a request: the kit cannot set its date', async () => {
    const server = await startMockServer({ records: 100, seed: 5, now: '2026-10-15T12:00:00Z', quiet: true });
    try {
      const r = await runConformance({ baseUrl: server.url, apiKey: server.apiKeys.demo, seed: 5, only: [ID] });
      expect(outcome(r).status).toBe('skip');
      expect(outcome(r).reason).toMatch(/only at the embedded reference server, whose clock the kit sets .*a target at a URL runs on its own date, which the kit cannot set/);
      expect(outcome(r).requests).toBe(0);
      // Exempt from --require: the clause needs a date the kit sets only at its embedded server.
      expect(outcome(r).cause).toBe('date-fixed');
      const gated = await runConformance({ baseUrl: server.url, apiKey: server.apiKeys.demo, seed: 5, only: [ID], require: 'must' });
      // (The other MUST clauses, deselected by --only, keep the gate red here; this one is not among them.)
      expect(gated.completeness?.unjudged?.clauses ?? []).not.toContain('requests-v2.rate-limit.stepped-down');
      expect(gated.completeness?.unjudged?.clauses?.length ?? 0).toBeGreaterThan(0);
      expect(gated.clauses.find((c) => c.id === 'requests-v2.rate-limit.stepped-down')?.coverage).toMatchObject({ state: 'unjudged', reason: 'date-fixed' });
    } finally {
      await server.close();
    }
  }, 60_000);

  it('is skipped without a request when a date gives no twin (a recording of a run at a URL)', async () => {
    const ctx = fakeContext({ handler: () => json(200, { requests: [] }) });
    const result = await check.run({ ...ctx, at: async () => ({ now: new Date('2026-10-15T12:00:00Z'), what: 'the target at a date the run never asked for' }) });
    expect(result.status).toBe('skip');
    expect(result.reason).toMatch(/a target at a URL runs on its own date/);
    expect((ctx.http as unknown as { requests: unknown[] }).requests).toHaveLength(0);
  });

  it('is inconclusive, never passed, when October never answers 429 within its cap', async () => {
    const ctx = fakeContext({ handler: () => json(200, { requests: [] }) });
    const twins: Record<string, string> = { 'v2-throttle-month-1': 'http://sep.test', 'v2-throttle-month-2': 'http://oct.test', 'v2-throttle-month-3': 'http://nov.test' };
    const at = async (date: TargetDate) => ({ base: twins[date]!, now: new Date('2026-10-15T12:00:00Z'), what: `a twin at ${date}` });
    const ctxAt: CheckContext = { ...ctx, at };
    const result = await check.run(ctxAt);
    expect(result).toMatchObject({ status: 'skip', cause: 'inconclusive' });
    expect(result.reason).toMatch(new RegExp(`October 2026's twin served all ${OCTOBER_CAP} requests of the burst without a 429`));
    expect((ctx.http as unknown as { requests: unknown[] }).requests).toHaveLength(OCTOBER_CAP);
  });

  it('takes an occasional 429 of a busy service (variant rate-limit-429: one request in 150) for no limit: the clean server still passes with the same counts', async () => {
    const r = await runConformance({ ...BASE, mockVariants: ['rate-limit-429'] });
    expect(outcome(r)).toMatchObject({ status: 'pass' });
    expect(outcome(r).reason).toMatch(/October 300 and November 150 before the throttle refused a whole batch with 429/);
  }, 60_000);

  it('is inconclusive, never passed, when 429s come now and then but never refuse a whole batch', async () => {
    let n = 0;
    const ctx = fakeContext({ handler: () => (++n % 3 === 0 ? json(429, { message: 'busy' }) : json(200, { requests: [] })) });
    const at = async (date: TargetDate) => ({ base: `http://${date}.test`, now: new Date('2026-10-15T12:00:00Z'), what: `a twin at ${date}` });
    const result = await check.run({ ...ctx, at });
    expect(result).toMatchObject({ status: 'skip', cause: 'inconclusive' });
    expect(result.reason).toMatch(/October 2026's twin answered 429 now and then but never refused a whole batch of 25 within 2000 requests/);
  });

  it('audit of the recording re-judges it from the recorded exchanges: the same verdict, clean and faulty', async () => {
    for (const [name, faults, status] of [['clean', [], 'pass'], ['rises', ['v2-throttle-rises-in-october'], 'fail'], ['november', ['v2-throttle-not-reduced-in-november'], 'fail']] as const) {
      const file = join(dir, `${name}.har.gz`);
      const run = await runConformance({ ...BASE, mockFaults: [...faults], record: file });
      expect(outcome(run).status, name).toBe(status);
      const validator = apiValidator();
      const recordings = await readRecordings([file], dir, apiOperations(validator));
      const audited = await auditAndRejudge(recordings, { startedAt: new Date(), files: [file], strict: false, validator });
      const rejudged = audited.result.outcomes.find((o) => o.id === ID);
      expect(rejudged?.status, name).toBe(status);
      expect(rejudged?.reason ?? rejudged?.violation?.received, name).toBe(outcome(run).reason ?? outcome(run).violation?.received);
      expect(audited.notes[0]!.rejudged?.notInRecording, name).toEqual([]);
    }
  }, 240_000);
});
