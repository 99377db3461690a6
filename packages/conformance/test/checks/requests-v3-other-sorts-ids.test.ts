/**
 * requests-v3.filter.other-sorts-adjacent against the fake GET /requests/v3: a conformant server
 * lists both of two requests created one after the other when asked by id under sortBy=updatedAt;
 * one that passes over the second fails; a refusal of `id` inside filters skips; no data skips.
 */
import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-other-sorts-ids.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { checkById } from '../support/check-cases.js';
import { fakeContext, queryOf, route, type FakeHandler, type FakeResponse } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords, type Rec } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';

const records = makeRecords(60);
const check = checkById(checks, 'requests-v3.filter.other-sorts-adjacent');

const run = (handler: FakeHandler, data: Rec[] = records) => {
  const ctx = fakeContext({ handler: route({ 'GET /requests/v3': handler }), discovery: discoveryOf(data) });
  return settle(check, ctx).then((result) => ({ result, ctx }));
};

/** The fake, its updatedAt listings with their second record dropped (total kept). */
function skipsNext(): FakeHandler {
  const clean = fakeRequestsV3(records);
  return (req: RequestSpec) => {
    const answer = clean(req) as FakeResponse & { body: { requests: Rec[] } };
    return answer.status === 200 && queryOf(req).sortBy === 'updatedAt' ? { ...answer, body: { ...answer.body, requests: answer.body.requests.slice(0, 1) } } : answer;
  };
}

describe('requests-v3.filter.other-sorts-adjacent', () => {
  it('passes a conformant server, asking the first two discovered ids under sortBy=updatedAt (one request)', async () => {
    const { result, ctx } = await run(fakeRequestsV3(records));
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'pass' });
    expect(ctx.http.requests).toHaveLength(1);
    const q = queryOf(ctx.http.requests[0]!);
    expect(q.sortBy).toBe('updatedAt');
    expect(JSON.parse(q.filters!)).toEqual([{ id: [records[0]!.id, records[1]!.id] }]);
  });

  it('fails a listing that ends on its first page without one of them', async () => {
    const { result } = await run(skipsNext());
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/missing/);
  });

  it('skips when the target refuses id inside filters, or without two discovered requests', async () => {
    expect((await run(() => ({ status: 400, body: { message: 'unknown filters key id' } }))).result.status).toBe('skip');
    expect((await run(fakeRequestsV3([]), [])).result.status).toBe('skip');
  });
});
