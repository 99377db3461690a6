/**
 * requests-v3.filters.not-reaches-oldest against the fake GET /requests/v3: a conformant server
 * passes (the oldest request is listed by a not: filter it passes); one whose negation drops the
 * oldest request fails; a crowded second that the first page does not settle skips.
 */
import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-not-oldest.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { checkById } from '../support/check-cases.js';
import { fakeContext, json, queryOf, route, type FakeHandler, type FakeResponse } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';

const records = makeRecords(60);
const oldest = records[records.length - 1]!;
const check = checkById(checks, 'requests-v3.filters.not-reaches-oldest');

/** The fake, with the negated listings bent by `bend`. */
function negated(bend: (body: { requests: Array<Record<string, unknown>>; continuation?: string }) => object): FakeHandler {
  const clean = fakeRequestsV3(records);
  return (req: RequestSpec) => {
    const answer = clean(req) as FakeResponse & { body: { requests: Array<Record<string, unknown>> } };
    return answer.status === 200 && (queryOf(req).filters ?? '').includes('not:') ? json(200, bend(answer.body)) : answer;
  };
}

const run = (handler: FakeHandler) => {
  const ctx = fakeContext({ handler: route({ 'GET /requests/v3': handler }), discovery: discoveryOf(records) });
  return settle(check, ctx).then((result) => ({ result, ctx }));
};

describe('requests-v3.filters.not-reaches-oldest', () => {
  it('passes a conformant server, asking a not: filter around the oldest request', async () => {
    const { result, ctx } = await run(fakeRequestsV3(records));
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'pass' });
    const around = ctx.http.requests.map((r) => queryOf(r)).find((q) => q.startTimestamp !== undefined);
    expect(around?.filters).toMatch(/"not:requestType"/);
    expect(JSON.stringify(result)).toContain(String(oldest.id));
    expect(JSON.stringify(result)).toMatch(/add up to the whole/);
  });
  it('fails a server whose negated total without a window counts rows past the last request', async () => {
    const clean = fakeRequestsV3(records);
    const handler: FakeHandler = (req: RequestSpec) => {
      const answer = clean(req) as FakeResponse & { body: { total?: number } };
      const q = queryOf(req);
      const inflated = answer.status === 200 && (q.filters ?? '').includes('not:') && q.startTimestamp === undefined && typeof answer.body.total === 'number';
      return inflated ? json(200, { ...answer.body, total: answer.body.total! + 6 }) : answer;
    };
    const { result } = await run(handler);
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/complement of requestType over the whole data set/);
  });
  it('fails a server whose negation drops the oldest request', async () => {
    const { result } = await run(negated((b) => ({ ...b, requests: b.requests.filter((r) => r.id !== oldest.id) })));
    expect(result.status).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/the oldest included/);
  });
  it('skips when the first page leaves it open (a continuation)', async () => {
    const { result } = await run(negated((b) => ({ ...b, requests: b.requests.filter((r) => r.id !== oldest.id), continuation: 'more' })));
    expect(result.status).toBe('skip');
  });
});
