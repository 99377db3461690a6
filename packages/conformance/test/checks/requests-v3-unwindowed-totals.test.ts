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

  describe('every other feature, counted at the embedded target', () => {
    const embedded = (handler: FakeHandler) => {
      const ctx = fakeContext({ handler: route({ 'GET /requests/v3': handler }), discovery: discoveryOf(records), config: { embedded: true } });
      return { ctx, result: settle(check, ctx) };
    };
    /** The total of a query of exactly one feature `which` ignores the feature (seed 220's engine.ts:218, `features !== 1`). */
    const ignoring = (which: string) => {
      const plain = fakeRequestsV3(records);
      return unwindowedTotal((q, b) => {
        if (q.features !== which) return b.total;
        const { features: _f, ...rest } = q;
        return ((plain({ method: 'GET', path: '/requests/v3', query: { ...rest, limit: 1, includeTotal: true } }) as FakeResponse & { body: { total: number } }).body).total;
      });
    };

    it('passes a conformant server, asking each feature of the data and of the document once, and the filters once more', async () => {
      const { ctx, result } = embedded(fakeRequestsV3(records));
      expect(await result, JSON.stringify(await result)).toMatchObject({ status: 'pass', note: expect.stringMatching(/each of \d+ other features counted like the walk/) });
      const asked = ctx.http.requests.map((r) => queryOf(r).features).filter((f) => f !== undefined);
      for (const f of ['gasless_execution', 'fast_fill', 'gas_top_up', 'app_fees', 'deposit_address']) expect(asked, f).toContain(f);
    });

    it.each(['gasless_execution', 'deposit_address', 'gas_top_up'])('fails a total of features=%s that ignores the feature (a feature some of the filters’ requests lack), whichever feature the walk judged', async (feature) => {
      const { ctx, result } = embedded(ignoring(feature));
      const r = await result;
      expect(r.status, JSON.stringify(r)).toBe('fail');
      // The walked feature fails the walk's relation; any other, its own total.
      const walked = ctx.http.requests.map((q) => queryOf(q)).find((q) => q.features !== undefined && q.limit === '50')?.features;
      expect(r.status === 'fail' && r.violation.message).toMatch(walked === feature ? new RegExp(`features=${feature} must list every request its total counts`) : new RegExp(`&features=${feature} must count the requests of .* that carry ${feature}`));
    });

    it('at a URL asks no other feature (the remote budget) and says so', async () => {
      const ctx = fakeContext({ handler: route({ 'GET /requests/v3': ignoring('gasless_execution') }), discovery: discoveryOf(records), config: { embedded: false } });
      const r = await settle(check, ctx);
      expect(r, JSON.stringify(r).slice(0, 800)).toMatchObject({ status: 'pass', note: expect.stringMatching(/at the embedded reference server only/) });
      const asked = ctx.http.requests.map((q) => queryOf(q).features).filter((f) => f !== undefined);
      expect(asked.length).toBeGreaterThan(0);
      expect(asked).not.toContain('gasless_execution');
      expect(new Set(asked).size, 'one feature, walked').toBe(1);
    });
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
