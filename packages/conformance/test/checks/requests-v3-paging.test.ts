import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-paging.js';
import type { CheckResult } from '../../src/engine/types.js';
import { settle } from '../support/settle.js';
import { fakeContext, json, route } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords, type Fault, type Rec } from '../support/fake-requests-v3.js';

const byId = (id: string) => {
  const c = checks.find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
};

async function runCheck(id: string, records: Rec[], fault?: Fault): Promise<CheckResult> {
  const ctx = fakeContext({ handler: route({ 'GET /requests/v3': fakeRequestsV3(records, fault) }), discovery: discoveryOf(records) });
  return settle(byId(id), ctx);
}

const RECORDS = makeRecords(90);

describe('requests-v3 paging checks', () => {
  it.each(checks.map((c) => c.id))('%s passes a conformant server', async (id) => {
    const result = await runCheck(id, RECORDS);
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'pass' });
  });

  it.each<[string, Fault, RegExp]>([
    ['requests-v3.limit.max', 'no-limit-cap', /at most min\(limit, 50\)/],
    ['requests-v3.limit.default', 'default-limit-10', /default of 20/],
    ['requests-v3.sort.default', 'default-sort-asc', /createdAt descending/],
    ['requests-v3.sort.updated-at-default-desc', 'updated-at-default-asc', /updatedAt descending/],
    ['requests-v3.sort.amount-usd-default-asc', 'amount-default-desc', /amountUsd ascending/],
    ['requests-v3.sort.explicit-direction', 'ignore-direction', /ascending|descending/],
    ['requests-v3.pagination.terminates', 'repeat-cursor', /cursor already given/],
    ['requests-v3.pagination.terminates', 'endless-cursor', /The walk must end/],
    ['requests-v3.pagination.continuation-field', 'cursor-field-next', /top-level string field `continuation`/],
    ['requests-v3.pagination.no-duplicates', 'duplicate-on-page-2', /returned a record twice/],
    ['requests-v3.pagination.no-gaps', 'skip-on-page-2', /skipped records/],
    ['requests-v3.total.exact', 'total-off-by-one', /exact count/],
    ['requests-v3.total.only-when-requested', 'total-always', /only when includeTotal=true/],
  ])('%s fails on fault %s', async (id, fault, message) => {
    const result = await runCheck(id, RECORDS, fault);
    expect(result.status, JSON.stringify(result)).toBe('fail');
    if (result.status !== 'fail') return;
    expect(result.violation.message).toMatch(message);
    expect(result.violation.exchange?.curl).toContain('/requests/v3');
  });

  it.each(checks.map((c) => c.id))('%s skips (never passes or fails) on an empty window', async (id) => {
    const ctx = fakeContext({ handler: route({ 'GET /requests/v3': fakeRequestsV3([]) }), discovery: discoveryOf([]) });
    const result = await settle(byId(id), ctx);
    // total.only-when-requested needs no data: an empty window still shows whether `total` is sent.
    expect(result.status).toBe(id === 'requests-v3.total.only-when-requested' ? 'pass' : 'skip');
  });

  it('limit.max accepts a 4xx refusal of a limit above 50', async () => {
    const base = fakeRequestsV3(RECORDS);
    const handler = route({
      'GET /requests/v3': (req) => (Number(req.query?.limit) > 50 ? json(400, { message: 'limit must be <= 50' }) : base(req)),
    });
    const result = await settle(byId('requests-v3.limit.max'), fakeContext({ handler, discovery: discoveryOf(RECORDS) }));
    expect(result.status).toBe('pass');
  });

  it('limit.max fails on a 5xx for a limit above 50', async () => {
    const base = fakeRequestsV3(RECORDS);
    const handler = route({
      'GET /requests/v3': (req) => (Number(req.query?.limit) > 50 ? json(500, { message: 'boom' }) : base(req)),
    });
    const result = await settle(byId('requests-v3.limit.max'), fakeContext({ handler, discovery: discoveryOf(RECORDS) }));
    expect(result.status).toBe('fail');
  });

  it('a page walk sends a bounded number of requests', async () => {
    for (const c of checks) {
      const ctx = fakeContext({ handler: route({ 'GET /requests/v3': fakeRequestsV3(RECORDS, 'endless-cursor') }), discovery: discoveryOf(RECORDS) });
      await settle(c, ctx);
      expect(ctx.http.requests.length, c.id).toBeLessThan(400);
    }
  });
});
