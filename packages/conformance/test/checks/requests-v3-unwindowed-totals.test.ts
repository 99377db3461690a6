/**
 * requests-v3.unwindowed.filtered-totals against the fake GET /requests/v3: a conformant server
 * passes; a total off by one, a total that ignores features, or one below what the walk listed
 * (read after it), each without a time window, fails; an empty data set skips.
 */
import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-unwindowed-totals.js';
import { checks as unwindowed } from '../../src/checks/requests-v3-unwindowed.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { checkById } from '../support/check-cases.js';
import { fakeContext, queryOf, route, type FakeHandler, type FakeResponse } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords, type Rec } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';

const records = makeRecords(160);
const check = checkById(checks, 'requests-v3.unwindowed.filtered-totals');

/** A handler whose unwindowed answers with includeTotal get `total` from `totalOf(query, answer)`. */
function unwindowedTotal(totalOf: (q: Record<string, string>, body: { total: number }) => number, data: Rec[] = records): FakeHandler {
  const clean = fakeRequestsV3(data);
  return (req: RequestSpec) => {
    const answer = clean(req) as FakeResponse & { body: { total?: number } };
    const q = queryOf(req);
    if (answer.status === 200 && typeof answer.body.total === 'number' && q.startTimestamp === undefined && q.endTimestamp === undefined) {
      return { ...answer, body: { ...answer.body, total: totalOf(q, answer.body as { total: number }) } };
    }
    return answer;
  };
}

const run = (handler: FakeHandler, data: Rec[] = records) => settle(check, fakeContext({ handler: route({ 'GET /requests/v3': handler }), discovery: discoveryOf(data) }));

describe('requests-v3.unwindowed.filtered-totals', () => {
  it('passes a conformant server, walking an equality query and the same with a feature', async () => {
    const ctx = fakeContext({ handler: route({ 'GET /requests/v3': fakeRequestsV3(records) }), discovery: discoveryOf(records) });
    const result = await settle(check, ctx);
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'pass' });
    const asked = ctx.http.requests.map((r) => queryOf(r));
    expect(asked.every((q) => q.startTimestamp === undefined && q.endTimestamp === undefined)).toBe(true);
    expect(asked.some((q) => q.features !== undefined && q.requestType !== undefined)).toBe(true);
    expect(asked.some((q) => q.features === undefined && q.requestType !== undefined)).toBe(true);
  });

  it('fails a total one above what the walk lists', async () => {
    const result = await run(unwindowedTotal((_q, b) => b.total + 1));
    expect(result.status).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/must list every request its total counts/);
  });

  it('fails a total that ignores features', async () => {
    const plain = fakeRequestsV3(records);
    const result = await run(
      unwindowedTotal((q, b) => {
        if (q.features === undefined) return b.total;
        const { features: _f, ...rest } = q;
        const req: RequestSpec = { method: 'GET', path: '/requests/v3', query: { ...rest, limit: 1, includeTotal: true } };
        return ((plain(req) as FakeResponse & { body: { total: number } }).body).total;
      }),
    );
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/features=/);
  });

  it('fails a total read after the walk below what the walk listed', async () => {
    const result = await run(unwindowedTotal((q, b) => (q.limit === '1' ? Math.max(0, b.total - 1) : b.total)));
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/must count every request it lists/);
  });

  it('skips on an empty data set', async () => {
    expect((await run(fakeRequestsV3([]), [])).status).toBe('skip');
  });
});

describe('requests-v3.unwindowed.totals, judged both ways', () => {
  const totals = checkById(unwindowed, 'requests-v3.unwindowed.totals');
  const plainListing = (q: Record<string, string>) => Object.keys(q).every((k) => k === 'limit' || k === 'includeTotal');
  const judge = (handler: FakeHandler) => settle(totals, fakeContext({ handler: route({ 'GET /requests/v3': handler }), discovery: discoveryOf(records) }));

  it('passes a conformant server', async () => {
    expect(await judge(fakeRequestsV3(records))).toMatchObject({ status: 'pass' });
  });

  it('fails a whole counted above a window holding every request (read after it)', async () => {
    const result = await judge(unwindowedTotal((q, b) => (plainListing(q) ? b.total + 7 : b.total)));
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/never counts more requests than a window holding every request read after it/);
  });

  it('fails a whole counted below a window holding every request (read before it)', async () => {
    const result = await judge(unwindowedTotal((q, b) => (plainListing(q) ? b.total - 1 : b.total)));
    expect(result.status, JSON.stringify(result)).toBe('fail');
  });
});
