/**
 * requests-v3.filter.other-sorts-listed against the fake GET /requests/v3: a conformant server
 * passes; one whose few-match listings under updatedAt or amountUsd come back empty beside their
 * total, or leave out a matching request on a page that ends the walk, fails; no data skips.
 */
import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-other-sorts.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { checkById } from '../support/check-cases.js';
import { fakeContext, queryOf, route, type FakeHandler, type FakeResponse } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords, type Rec } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';

const records = makeRecords(160);
const check = checkById(checks, 'requests-v3.filter.other-sorts-listed');

/** The fake, with `bend` applied to the 200 pages of a sort other than createdAt. */
function otherSorts(bend: (body: { requests: Rec[]; total?: number; continuation?: string }) => object): FakeHandler {
  const clean = fakeRequestsV3(records);
  return (req: RequestSpec) => {
    const answer = clean(req) as FakeResponse & { body: { requests: Rec[]; total?: number } };
    const sortBy = queryOf(req).sortBy;
    return answer.status === 200 && sortBy !== undefined && sortBy !== 'createdAt' ? { ...answer, body: bend(answer.body) } : answer;
  };
}

const run = (handler: FakeHandler, data: Rec[] = records) => {
  const ctx = fakeContext({ handler: route({ 'GET /requests/v3': handler }), discovery: discoveryOf(data) });
  return settle(check, ctx).then((result) => ({ result, ctx }));
};

describe('requests-v3.filter.other-sorts-listed', () => {
  it('passes a conformant server, asking each other sort in each direction without a window', async () => {
    const { result, ctx } = await run(fakeRequestsV3(records));
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'pass' });
    const asked = ctx.http.requests.map((r) => queryOf(r));
    expect(asked.map((q) => `${q.sortBy}/${q.sortDirection ?? '-'}`).sort()).toEqual(['amountUsd/-', 'amountUsd/desc', 'updatedAt/-', 'updatedAt/asc']);
    expect(asked.every((q) => q.startTimestamp === undefined && q.includeTotal === 'true')).toBe(true);
  });

  it('fails an empty page with no continuation beside a positive total', async () => {
    const { result } = await run(otherSorts((b) => ({ requests: [], total: b.total })));
    expect(result.status).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/an empty page with no continuation, while total = \d+/);
  });

  it('fails a page that ends the walk without the discovered request', async () => {
    const target = records.find((r) => r.id !== undefined)!;
    const { result } = await run(otherSorts((b) => ({ ...b, requests: b.requests.filter((r) => r.id !== target.id) })));
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/must hold every request that matches/);
  });

  it('skips without data', async () => {
    expect((await run(fakeRequestsV3([]), [])).result.status).toBe('skip');
  });
});
