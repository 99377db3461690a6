/**
 * Shared reads inside a run (shared-reads.ts, runner.ts): an answer asked by several checks is sent
 * once; a failure that rests on a shared answer is read again afresh before it counts.
 */
import { describe, expect, it } from 'vitest';
import { violate } from '../../src/contract/expect.js';
import { runConformance } from '../../src/run/runner.js';
import type { CheckContext, CheckDefinition, HttpClient } from '../../src/contract/types.js';
import { DATE, fakeFetch, jsonResponse, records, v3Listing } from './fake-fetch.js';

const KEY = 'SECRET-primary-key';
const NOW = Date.parse(DATE) / 1000;
const spec = { hash: 'h', openapi: { openapi: '3.1.0', paths: {} }, clauses: [{ id: 'c.must', kind: 'clause' as const, level: 'MUST' as const, checks: ['t.a', 't.b'] }] };

/** A counter the target moves once: the first read answers 1, every later one 2 (data that changed). */
function changingTarget() {
  let reads = 0;
  const listing = v3Listing(records(50, NOW, 300), [KEY]);
  const fetch = fakeFetch((req) => (req.url.pathname === '/counter' ? jsonResponse(200, { n: ++reads === 1 ? 1 : 2 }) : listing(req)));
  return { fetch, reads: () => reads };
}

const readCounter = async (http: HttpClient): Promise<number> => ((await http.send({ method: 'GET', path: '/counter' })).response!.json as { n: number }).n;
const shared = (ctx: CheckContext) => (ctx.shared ? ctx.shared.read('counter', readCounter) : readCounter(ctx.http));

function check(id: string, run: CheckDefinition['run'], relation: boolean): CheckDefinition {
  return { id, family: 't', title: id, clauses: ['c.must'], operation: 'GET /counter', relation, run };
}

/** Compares the shared counter with a fresh read of its own: equal on stable data. */
const compare = (relation: boolean) =>
  check(
    't.b',
    async (ctx) => {
      const a = await shared(ctx);
      const b = await readCounter(ctx.http);
      if (a !== b) violate('the counter must agree with itself', String(a), String(b));
      return { status: 'pass' };
    },
    relation,
  );
const first = check('t.a', async (ctx) => ((await shared(ctx)) > 0 ? { status: 'pass' } : { status: 'skip', reason: 'none' }), false);

describe('shared reads in a run', () => {
  it.each([true, false])('a failure on a stale shared answer is read afresh, and the fresh reading holds (relation: %s)', async (relation) => {
    const target = changingTarget();
    const result = await runConformance({ fetch: target.fetch, baseUrl: 'http://in-process.test', apiKey: KEY, seed: 1, checks: [first, compare(relation)], spec });
    expect(result.outcomes.map((o) => [o.id, o.status])).toEqual([
      ['t.a', 'pass'],
      ['t.b', 'pass'],
    ]);
    // t.a's shared read, t.b's own read (1 + 1), then t.b afresh: two reads of its own.
    expect(target.reads()).toBe(4);
  });

  it('a failure that a fresh reading confirms still fails', async () => {
    const listing = v3Listing(records(50, NOW, 300), [KEY]);
    let reads = 0;
    const fetch = fakeFetch((req) => (req.url.pathname === '/counter' ? jsonResponse(200, { n: ++reads }) : listing(req)));
    const result = await runConformance({ fetch, baseUrl: 'http://in-process.test', apiKey: KEY, seed: 1, checks: [first, compare(false)], spec });
    expect(result.outcomes.find((o) => o.id === 't.b')?.status).toBe('fail');
  });

  it('checks asking the same shared read send it once', async () => {
    const target = changingTarget();
    const reader = (id: string) => check(id, async (ctx) => ((await shared(ctx)) === 1 ? { status: 'pass' } : { status: 'skip', reason: 'changed' }), false);
    const result = await runConformance({ fetch: target.fetch, baseUrl: 'http://in-process.test', apiKey: KEY, seed: 1, checks: [reader('t.a'), reader('t.b')], spec });
    expect(result.outcomes.map((o) => o.status)).toEqual(['pass', 'pass']);
    expect(target.reads()).toBe(1);
  });
});
