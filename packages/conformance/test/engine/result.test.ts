import { describe, expect, it } from 'vitest';
import { buildRunResult } from '../../src/engine/result.js';
import type { RunParts } from '../../src/engine/result.js';
import type { CheckOutcome } from '../../src/contract/types.js';
import { PassiveAuditor } from '../../src/oracles/auditor.js';

const outcome = (status: CheckOutcome['status']): CheckOutcome => ({ id: 'a.b.c', family: 'a.b', title: 'A', operation: 'GET /a', clauses: [], level: 'MUST', seed: 1, replay: 'r', status, durationMs: 1, requests: 1 });
const parts = (over: Partial<RunParts> = {}): RunParts => ({
  specHash: 'h',
  startedAt: new Date(0),
  finishedAt: new Date(1_000),
  durationMs: 1_000,
  config: {},
  seed: 1,
  target: { baseUrl: 'http://t', embedded: false },
  outcomes: [outcome('pass'), outcome('fail')],
  requests: 3,
  exitCode: 1,
  clauses: [],
  ...over,
});

describe('buildRunResult', () => {
  it('adds the kit, the spec and the totals; leaves out every optional part not set', () => {
    const r = buildRunResult(parts({ stalled: [], aborted: undefined, abortCause: 'budget' }));
    expect(Object.keys(r)).toEqual(['kit', 'spec', 'startedAt', 'finishedAt', 'durationMs', 'config', 'seed', 'target', 'outcomes', 'totals', 'requests', 'exitCode', 'clauses']);
    expect(r.kit.name).toBe('@crosschain/conformance');
    expect(r.spec).toEqual({ hash: 'h' });
    expect(r.totals).toMatchObject({ pass: 1, fail: 1, warn: 0 });
    expect([r.startedAt, r.finishedAt]).toEqual(['1970-01-01T00:00:00.000Z', '1970-01-01T00:00:01.000Z']);
  });

  it('every optional part in one order; the cause only beside a stop', () => {
    const r = buildRunResult(
      parts({
        passive: { command: 'audit' },
        discovery: { window: { start: 0, end: 1 }, records: 0, complete: true, currencies: 0, targetNow: 'x', problems: [] },
        aborted: 'budget: time bound',
        abortCause: 'budget',
        stalled: [{ operation: 'GET /a', cause: 'c', unanswered: 2 }],
        completeness: { complete: false } as never,
      }),
    );
    expect(Object.keys(r)).toEqual(['kit', 'spec', 'startedAt', 'finishedAt', 'durationMs', 'config', 'seed', 'target', 'passive', 'outcomes', 'totals', 'requests', 'exitCode', 'discovery', 'aborted', 'abortCause', 'stalled', 'completeness', 'clauses']);
  });

  it('the passive side builds its result with it: nothing observed is inconclusive, never green', () => {
    const r = new PassiveAuditor().result({ startedAt: new Date(0), target: 'http://t', config: { command: 'audit' }, replay: 'r' });
    expect(r.passive).toEqual({ command: 'audit', exchangesByFamily: {} });
    expect(r.exitCode).toBe(5);
    expect(r.aborted).toBe('no exchange was observed: nothing to judge');
    expect(Object.keys(r).slice(0, 9)).toEqual(['kit', 'spec', 'startedAt', 'finishedAt', 'durationMs', 'config', 'seed', 'target', 'passive']);
  });
});
