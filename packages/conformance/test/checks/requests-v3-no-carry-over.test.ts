/**
 * requests-v3.filters.no-carry-over against the fake GET /requests/v3: a server whose empty group
 * matches every request passes, and one that refuses the empty group with a 400 is skipped; one whose
 * empty group keeps the previous query's working set fails; filters=[] (no group) may count nothing, the
 * whole window or be refused, but never what the query before it matched.
 */
import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-no-carry-over.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { checkById } from '../support/check-cases.js';
import { fakeContext, json, queryOf, route, type FakeHandler, type FakeResponse } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';

const records = makeRecords(120);
const check = checkById(checks, 'requests-v3.filters.no-carry-over');
const EMPTY_GROUP = /^\[\{\},/;

/** The fake, with the empty group answered by `answer(previous filters)`. */
function emptyGroup(answer: (previous: string | undefined, clean: FakeResponse) => FakeResponse): FakeHandler {
  const clean = fakeRequestsV3(records);
  let previous: string | undefined;
  return (req: RequestSpec) => {
    const filters = queryOf(req).filters;
    if (filters !== undefined && EMPTY_GROUP.test(filters)) {
      const { filters: _f, ...rest } = req.query ?? {};
      // Conformant: an empty group matches every request, so the query counts the whole window.
      return answer(previous, clean({ ...req, query: rest }));
    }
    previous = filters;
    return clean(req);
  };
}

const run = (handler: FakeHandler) => settle(check, fakeContext({ handler: route({ 'GET /requests/v3': handler }), discovery: discoveryOf(records) }));

describe('requests-v3.filters.no-carry-over', () => {
  it('passes a server whose empty group matches every request', async () => {
    expect(await run(emptyGroup((_p, clean) => clean))).toMatchObject({ status: 'pass' });
  });

  it('skips a server that refuses the empty group', async () => {
    expect(await run(emptyGroup(() => json(400, { message: 'empty group' })))).toMatchObject({ status: 'skip' });
  });

  it("fails a server whose empty group keeps the previous query's working set, naming that query", async () => {
    // The working set: what the last query with filters groups matched ([] fills none).
    const clean = fakeRequestsV3(records);
    let working = 0;
    const result = await run((req: RequestSpec) => {
      const filters = queryOf(req).filters;
      const res = clean(req) as FakeResponse & { body: { total?: number } };
      if (filters !== undefined && EMPTY_GROUP.test(filters)) return json(200, { ...res.body, total: working });
      if (filters !== undefined && filters !== '[]' && typeof res.body?.total === 'number') working = res.body.total;
      return res;
    });
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/must not depend on the query asked before it/);
    expect(JSON.stringify(result)).toMatch(/the count of filters=/);
  });

  /** The fake with filters=[] answered by `answer(the previous filters' total, the window's total)`. */
  function noGroups(answer: (previousTotal: number, windowTotal: number) => FakeResponse): FakeHandler {
    const clean = fakeRequestsV3(records);
    let previousTotal = 0;
    return (req: RequestSpec) => {
      const { filters, ...rest } = req.query ?? {};
      if (filters === '[]') {
        const whole = clean({ ...req, query: rest }) as FakeResponse & { body: { total: number } };
        return answer(previousTotal, whole.body.total);
      }
      const res = clean(req) as FakeResponse & { body: { total?: number } };
      if (filters !== undefined && typeof res.body?.total === 'number') previousTotal = res.body.total;
      return res;
    };
  }
  const page = (total: number) => json(200, { requests: [], total });

  it('passes a server whose filters=[] counts nothing, the whole window, or is refused', async () => {
    for (const answer of [(_p: number) => page(0), (_p: number, w: number) => page(w), () => json(400, { message: 'filters needs a group' })]) {
      const result = await run(noGroups(answer));
      expect(result.status, JSON.stringify(result)).toBe('pass');
    }
    const passed = await run(noGroups((_p, w) => page(w)));
    expect(JSON.stringify(passed)).toMatch(/filters=\[\] counts \d+ after a narrow query/);
  });

  it('fails a server whose filters=[] answers what the query before it matched (a working set left over)', async () => {
    const result = await run(noGroups((previous) => page(previous)));
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/never what the query before it matched/);
    expect(JSON.stringify(result)).toMatch(/the count of the query before it/);
  });

  it('fails a server whose empty group matches nothing (the same answer every time: only the other group counts)', async () => {
    const result = await run(
      emptyGroup((_p, clean) => {
        const body = (clean as FakeResponse & { body: { total: number } }).body;
        return json(200, { ...body, total: 3 });
      }),
    );
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/AND of no fields and matches every request/);
  });
});
