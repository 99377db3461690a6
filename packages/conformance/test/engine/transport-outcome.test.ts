import { describe, expect, it } from 'vitest';
import { baselineOf } from '../../src/baseline/baseline.js';
import { sendAnswered } from '../../src/checks/support/answered.js';
import { runConformance } from '../../src/run/runner.js';
import type { CheckDefinition } from '../../src/contract/types.js';
import { verdict } from '../../src/reporters/summary.js';
import { DATE, fakeFetch, records, v3Listing } from './fake-fetch.js';

const spec = { hash: 'h', openapi: { openapi: '3.1.0', paths: {} }, clauses: [] };

/** What `fetch` throws when the server resets the connection before any answer. */
const reset = () => new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });

const check = (id: string, run: CheckDefinition['run']): CheckDefinition => ({ id, family: id.split('.')[0]!, title: id, clauses: [], operation: 'POST /currencies/v2', run });

describe('a connection reset that outlives the resend', () => {
  const listing = v3Listing(records(20, Date.parse(DATE) / 1000 - 7200));
  // The target answers everything but the requests marked `lost`, whose connection it resets.
  const fetch = fakeFetch((req) => {
    if (req.body?.includes('"lost"')) throw reset();
    return listing(req);
  });
  const checks = [
    check('a.plain', async (ctx) => {
      await ctx.http.send({ method: 'POST', path: '/currencies/v2', body: { term: 'lost' } });
      return { status: 'pass' };
    }),
    // A check where "the server answers" is the clause: a reset is still no verdict.
    check('a.answered', async (ctx) => {
      await sendAnswered(ctx, { method: 'POST', path: '/currencies/v2', body: { term: 'lost', limit: -1 } }, 'a bad input');
      return { status: 'pass' };
    }),
    check('a.real-failure', async () => ({ status: 'fail', violation: { message: 'a real violation', expected: 'x', received: 'y' } })),
    check('a.passes', async (ctx) => {
      await ctx.http.send({ method: 'POST', path: '/currencies/v2', body: {} });
      return { status: 'pass' };
    }),
  ];

  it('is an error with cause transport naming it, not a failure; the verdict says so; a baseline never lists it', async () => {
    const result = await runConformance({ fetch, baseUrl: 'http://t.invalid', checks, spec, seed: 3, workers: 1, timeoutMs: 1000 });
    const byId = Object.fromEntries(result.outcomes.map((o) => [o.id, o]));
    for (const id of ['a.plain', 'a.answered']) {
      expect(byId[id]).toMatchObject({ status: 'error', cause: 'transport' });
      expect(byId[id]!.reason).toMatch(/^transport failure: POST http:\/\/t\.invalid\/currencies\/v2 failed: fetch failed: ECONNRESET: socket hang up/);
      expect(byId[id]!.violation).toBeUndefined();
    }
    expect(byId['a.real-failure']!.status).toBe('fail');
    expect(result.exitCode).toBe(1);
    const baseline = baselineOf(result.outcomes, new Date('2026-10-15T00:00:00Z'));
    expect(baseline.entries.map((e) => e.check)).toEqual(['a.real-failure']);
  });

  it('alone, it leaves the run inconclusive (exit 5), not an internal error of the kit', async () => {
    const result = await runConformance({ fetch, baseUrl: 'http://t.invalid', checks: [checks[0]!, checks[3]!], spec, seed: 3, workers: 1, timeoutMs: 1000 });
    expect(result.outcomes.map((o) => `${o.id} ${o.status}`)).toEqual(['a.plain error', 'a.passes pass']);
    expect(result.exitCode).toBe(5);
    expect(verdict(result).sentence).toMatch(/^INCONCLUSIVE \(exit 5\): .*1 check lost its connection before any answer \(a\.plain\): a transport failure, not a verdict/);
    expect(baselineOf(result.outcomes, new Date('2026-10-15T00:00:00Z')).entries).toEqual([]);
  });
});
