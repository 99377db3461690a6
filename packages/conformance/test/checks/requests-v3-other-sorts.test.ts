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
    const all = ctx.http.requests.map((r) => queryOf(r));
    const asked = all.filter((q) => q.amountUsdMax === undefined && q.limit !== '3');
    expect(asked.map((q) => `${q.sortBy}/${q.sortDirection ?? '-'}`).sort()).toEqual(['amountUsd/-', 'amountUsd/desc', 'updatedAt/-', 'updatedAt/asc']);
    expect(asked.every((q) => q.startTimestamp === undefined && q.includeTotal === 'true')).toBe(true);
    // The reversed amountUsd walk: the three smallest amounts, then a range alone up to the third, descending.
    expect(all.filter((q) => q.limit === '3').map((q) => `${q.sortBy}/${q.sortDirection ?? '-'}`)).toEqual(['amountUsd/-']);
    const reversed = all.filter((q) => q.amountUsdMax !== undefined);
    expect(reversed.map((q) => `${q.sortBy}/${q.sortDirection}/${q.includeTotal}`)).toEqual(['amountUsd/desc/true']);
    expect(JSON.stringify(result)).toMatch(/sortBy=amountUsd&sortDirection=desc&amountUsdMax=[\d.]+: \d+ listed, total \d+/);
  });

  /** The fake, where the descending amountUsd walk with a range alone never lists the smallest amount (`keepTotal`: total still counts it). */
  function reverseLosesSmallest(keepTotal: boolean): FakeHandler {
    const clean = fakeRequestsV3(records);
    return (req: RequestSpec) => {
      const q = queryOf(req);
      const answer = clean(req) as FakeResponse & { body: { requests: Rec[]; total?: number } };
      if (q.amountUsdMax === undefined || q.sortDirection !== 'desc' || answer.status !== 200) return answer;
      const requests = answer.body.requests.slice(0, -1);
      return { ...answer, body: { ...answer.body, requests, total: keepTotal ? answer.body.total : requests.length } };
    };
  }

  it('fails a descending amountUsd walk with a range alone that lists fewer requests than its total (it never reaches the smallest)', async () => {
    const { result } = await run(reverseLosesSmallest(true));
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/must list every request its total counts/);
  });

  it('fails one that leaves the smallest amount out of its listing and its total', async () => {
    const { result } = await run(reverseLosesSmallest(false));
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/whose amount in USD is below amountUsdMax must be listed/);
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
