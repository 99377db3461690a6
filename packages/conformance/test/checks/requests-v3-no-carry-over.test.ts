/**
 * requests-v3.filters.no-carry-over against the fake GET /requests/v3: a server whose empty group
 * matches every request passes, and so does one that refuses the empty group with a 400; one whose
 * answer carries the previous query's groups over fails.
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

  it('fails a server whose answer depends on the query asked before', async () => {
    const result = await run(emptyGroup((previous, clean) => {
      const body = (clean as FakeResponse & { body: { total: number } }).body;
      return json(200, { ...body, total: previous?.includes('status') ? body.total : 1 });
    }));
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/must not depend on the query asked before it/);
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
