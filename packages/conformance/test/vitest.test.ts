import { describe, expect, it } from 'vitest';
import type { CheckOutcome } from '../src/index.js';
import { ConformanceFailure, defineConformanceSuite, settle, settleRun } from '../src/vitest.js';
import type { RunResult } from '../src/index.js';

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
