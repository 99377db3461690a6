/**
 * The checks of the oldest requests against the fake GET /requests/v3.
 * requests-v3.filters.not-reaches-oldest: a conformant server passes (the oldest request is listed
 * by a not: filter it passes); one whose negation drops the oldest request fails; a crowded second
 * that the first page does not settle skips. requests-v3.filter.oldest-listed: a conformant server
 * passes (the oldest page, filtered by its own catalogue values, comes back whole); one whose
 * filters lose a value's oldest request fails; a request whose status moved meanwhile is not held
 * against the server.
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

describe('requests-v3.filter.oldest-listed', () => {
  const listed = checkById(checks, 'requests-v3.filter.oldest-listed');
  const runListed = (handler: FakeHandler) => {
    const ctx = fakeContext({ handler: route({ 'GET /requests/v3': handler }), discovery: discoveryOf(records) });
    return settle(listed, ctx).then((result) => ({ result, ctx }));
  };
  /** The fake, with the filtered listings of the oldest page bent by `bend`. */
  const filtered = (bend: (body: { requests: Array<Record<string, unknown>> }) => object, also: (req: RequestSpec, answer: FakeResponse) => FakeResponse = (_r, a) => a): FakeHandler => {
    const clean = fakeRequestsV3(records);
    return (req: RequestSpec) => {
      const answer = clean(req) as FakeResponse & { body: { requests: Array<Record<string, unknown>> } };
      if (answer.status === 200 && (queryOf(req).filters ?? '').includes('"status"')) return json(200, bend(answer.body));
      return also(req, answer);
    };
  };
  const oldestOf = (status: unknown) => [...records].reverse().find((r) => r.status === status)!;

  it('passes a conformant server, filtering the oldest page by every catalogue value it holds in one request', async () => {
    const { result, ctx } = await runListed(fakeRequestsV3(records));
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'pass' });
    const asked = ctx.http.requests.map((r) => queryOf(r));
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatchObject({ sortDirection: 'asc', limit: '50' });
    const group = JSON.parse(asked[1]!.filters!)[0];
    expect(Object.keys(group).sort()).toEqual(['currencyInSymbol', 'currencyOutSymbol', 'destinationChainId', 'originChainId', 'requestType', 'status']);
    expect(group.status.length).toBeGreaterThan(1);
    expect(asked[1]).toMatchObject({ sortDirection: 'asc' });
    expect(asked[1]!.startTimestamp).toBeDefined();
  });
  it("fails a server whose filters lose a value's oldest request", async () => {
    const lost = oldestOf('success');
    const { result } = await runListed(filtered((b) => ({ ...b, requests: b.requests.filter((r) => r.id !== lost.id) })));
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toContain(String(lost.id).slice(0, 20));
    expect(JSON.stringify(result)).toMatch(/the oldest included/);
  });
  it('does not hold a missing request against the server when its values moved meanwhile (read again by id)', async () => {
    const lost = oldestOf('success');
    const moved = filtered(
      (b) => ({ ...b, requests: b.requests.filter((r) => r.id !== lost.id) }),
      (req, answer) => {
        const q = queryOf(req);
        if (q.id !== lost.id || answer.status !== 200) return answer;
        const body = (answer as FakeResponse & { body: { requests: Array<Record<string, unknown>> } }).body;
        return json(200, { ...body, requests: body.requests.map((r) => ({ ...r, status: 'delayed' })) });
      },
    );
    const { result, ctx } = await runListed(moved);
    expect(result.status, JSON.stringify(result)).toBe('pass');
    expect(JSON.stringify(result)).toMatch(/changed values meanwhile, not judged/);
    expect(ctx.http.requests.some((r) => queryOf(r).id === lost.id)).toBe(true);
  });
});
