import { describe, expect, it } from 'vitest';
import type { CheckOutcome, RunResult } from '../src/index.js';
import { ConformanceFailure, DEFAULT_RUN_TIMEOUT_MS, defineConformanceSuite, selectionOf, settle, settleRun, splitSuiteOptions } from '../src/vitest.js';
import { createMockHandler } from '@crosschain/mock-server';
import { selectChecks } from '../src/engine/selection.js';
import { allChecks } from '../src/checks/index.js';

const outcome = (status: CheckOutcome['status'], extra: Partial<CheckOutcome> = {}): CheckOutcome => ({
  id: 'x.y',
  family: 'x',
  title: 'title',
  operation: 'GET /requests/v3',
  clauses: ['x.y'],
  level: 'MUST',
  status,
  durationMs: 1,
  seed: 1,
  replay: 'crosschain-conformance --seed 1 --only x.y',
  requests: 1,
  ...extra,
});

describe('settle', () => {
  it('passes a pass, skips skip/disabled with the reason, logs a warn', () => {
    expect(settle(outcome('pass'), 'x.y')).toEqual({});
    expect(settle(outcome('skip', { reason: 'no data' }), 'x.y')).toEqual({ skip: 'skip: no data' });
    expect(settle(outcome('disabled', { reason: 'off' }), 'x.y')).toEqual({ skip: 'disabled: off' });
    const warned: string[] = [];
    expect(settle(outcome('warn', { level: 'SHOULD', violation: { message: 'meh', expected: 'a', received: 'b' } }), 'x.y', (t) => warned.push(t))).toEqual({});
    expect(warned[0]).toContain('meh');
  });

  it('throws the house-style block for fail and error', () => {
    const fail = outcome('fail', { violation: { message: 'broken', expected: 'a', received: 'b', curl: "curl -H 'x-api-key: <redacted>' 'http://x'" } });
    expect(() => settle(fail, 'x.y')).toThrow(ConformanceFailure);
    expect(() => settle(fail, 'x.y')).toThrow(/broken[\s\S]*Expected: a[\s\S]*Received: b[\s\S]*Replay:/);
    expect(() => settle(outcome('error', { reason: 'boom' }), 'x.y')).toThrow(/boom/);
    expect(() => settle(undefined, 'x.y')).toThrow(/no outcome for x.y/);
  });
});

describe('suite options', () => {
  it('runTimeoutMs bounds the whole run; timeoutMs is the per-request timeout and reaches the run', () => {
    const split = splitSuiteOptions({ name: 'n', runTimeoutMs: 300_000, timeoutMs: 2_500, seed: 4 });
    expect(split).toMatchObject({ name: 'n', runTimeoutMs: 300_000, runOptions: { timeoutMs: 2_500, seed: 4 } });
    expect(split.runOptions).not.toHaveProperty('runTimeoutMs');
    expect(splitSuiteOptions({}).runTimeoutMs).toBe(DEFAULT_RUN_TIMEOUT_MS);
  });

  it('a known (baselined) failure passes and is logged', () => {
    const logged: string[] = [];
    expect(settle(outcome('known', { reason: 'known failure (baseline: T-1; expires 2026-12-31)', violation: { message: 'still broken', expected: 'a', received: 'b' } }), 'x.y', (t) => logged.push(t))).toEqual({});
    expect(logged[0]).toContain('still broken');
  });

  it('a selection that matches nothing gives the CLI message; --skip and --shard select as the CLI does', () => {
    const none = selectionOf({ only: ['requests-v3.filt'] });
    expect('error' in none && none.error.message).toBe((() => {
      try {
        selectChecks(allChecks, ['requests-v3.filt']);
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })());
    expect('error' in none && none.error.message).toMatch(/^--only must name check ids, families, dot-bounded id prefixes or globs, got "requests-v3.filt"/);
    const everything = selectionOf({ skip: ['*'] });
    expect('error' in everything && everything.error.message).toMatch(/^the selection leaves no check/);
    const some = selectionOf({ only: ['currencies-v2'], skip: ['currencies-v2.limit'] });
    expect('checks' in some && some.checks.some((c) => c.id.startsWith('currencies-v2.limit.'))).toBe(false);
  });
});

describe('settleRun (the suite\'s run.complete test)', () => {
  const run = (extra: Partial<RunResult>): RunResult =>
    ({ exitCode: 0, totals: { pass: 1, fail: 0, warn: 0, skip: 0, disabled: 0, error: 0 }, config: {}, target: { baseUrl: 'http://x', embedded: false }, outcomes: [], ...extra }) as unknown as RunResult;
  it('passes a complete run', () => {
    expect(() => settleRun(run({}))).not.toThrow();
  });
  it('throws the verdict of an incomplete run or a refused key', () => {
    expect(() => settleRun(run({ exitCode: 2, completeness: { incomplete: { flags: ['--api-key'], checks: ['a.b'] } } }))).toThrow(/^INCOMPLETE \(exit 2\): 1 MUST check could not run; add --api-key/);
    expect(() => settleRun(run({ exitCode: 2, completeness: { keyRefused: [{ flag: '--api-key', status: 403 }] } }))).toThrow(/the server refused --api-key \(403\)/);
  });
});

// The adapter itself, against the embedded reference server: these registered tests must pass.
defineConformanceSuite({
  name: 'adapter against the embedded reference server',
  only: ['currencies-v2', 'requests-v3.auth'],
  mockNow: '2026-10-15T12:00:00Z',
  mockRecords: 300,
  seed: 3,
  numRuns: 3,
});

// The adapter against an in-process fetch handler: the reference server with no port.
defineConformanceSuite({
  name: 'adapter against the reference server as a fetch handler',
  handler: createMockHandler({ records: 300, now: '2026-10-15T12:00:00Z', quiet: true }),
  apiKey: 'demo-key',
  otherApiKey: 'other-key',
  only: ['currencies-v2', 'requests-v3.auth', 'requests-v3.pagination'],
  seed: 3,
  numRuns: 3,
});
