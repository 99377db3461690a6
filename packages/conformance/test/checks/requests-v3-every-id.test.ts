/**
 * requests-v3.filter.every-id against the fake GET /requests/v3: the whole data set walked, then
 * asked by its ids, 50 to a request. A conformant server passes; one whose id filter loses a request
 * fails naming it; a target other than the embedded server (a URL, a handler) is skipped, never passed.
 */
import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-every-id.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { checkById } from '../support/check-cases.js';
import { fakeContext, json, queryOf, route, type FakeHandler, type FakeResponse } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';

const records = makeRecords(120);
const check = checkById(checks, 'requests-v3.filter.every-id');

const run = (handler: FakeHandler, embedded = true) => {
  const ctx = fakeContext({ handler: route({ 'GET /requests/v3': handler }), discovery: discoveryOf(records), config: { embedded } });
  return settle(check, ctx).then((result) => ({ result, ctx }));
};

describe('requests-v3.filter.every-id', () => {
  it('passes a conformant server: every request of the walk found by its id, 50 ids to a request', async () => {
    const { result, ctx } = await run(fakeRequestsV3(records));
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'pass' });
    expect(JSON.stringify(result)).toContain('the 120 requests of the data set each found by their ids, 3 requests of 50');
    const byIds = ctx.http.requests.map((r) => queryOf(r).filters).filter((f): f is string => f !== undefined);
    expect(byIds.map((f) => JSON.parse(f)[0].id.length)).toEqual([50, 50, 20]);
  });

  it('fails a server whose id filter loses one request, naming it', async () => {
    const lost = records[77]!.id as string;
    const clean = fakeRequestsV3(records);
    const handler: FakeHandler = (req: RequestSpec) => {
      const answer = clean(req) as FakeResponse & { body: { requests: Array<Record<string, unknown>> } };
      if (answer.status !== 200 || queryOf(req).filters === undefined) return answer;
      return json(200, { ...answer.body, requests: answer.body.requests.filter((r) => r.id !== lost) });
    };
    const { result } = await run(handler);
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/Every request is found by its own id/);
    expect(JSON.stringify(result)).toContain(lost.slice(0, 20));
  });

  it('is skipped at a target other than the embedded server (a URL, a handler): the sweep would cost a request per 50', async () => {
    const { result, ctx } = await run(fakeRequestsV3(records), false);
    expect(result.status).toBe('skip');
    expect(ctx.http.requests).toHaveLength(0);
  });
});
