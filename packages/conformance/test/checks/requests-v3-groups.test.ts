import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-groups.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { checkById } from '../support/check-cases.js';
import { fakeContext, json, queryOf, route, type FakeHandler, type FakeResponse } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';
import { v3FamilySuite } from '../support/v3-checks.js';

const RECORDS = makeRecords(60);

/**
 * The fake, where the total of a single-value group matching `groups` (its `filters` text) counts
 * one more on the reads `high` picks (`n`: the how-manieth read of that query): a request that moved
 * between a relation's reads, or a server whose totals are off.
 */
function totalsHigh(groups: RegExp, high: (n: number) => boolean): FakeHandler {
  const clean = fakeRequestsV3(RECORDS);
  const asked = new Map<string, number>();
  return (req: RequestSpec) => {
    const res = clean(req) as FakeResponse & { body: { total?: number } };
    const filters = queryOf(req).filters;
    if (filters === undefined || !groups.test(filters) || typeof res.body?.total !== 'number') return res;
    const n = (asked.get(filters) ?? 0) + 1;
    asked.set(filters, n);
    return high(n) ? json(200, { ...res.body, total: res.body.total + 1 }) : res;
  };
}
const runOn = (check: ReturnType<typeof checkById>, handler: FakeHandler) => settle(check, fakeContext({ handler: route({ 'GET /requests/v3': handler }), discovery: discoveryOf(RECORDS), config: { numRuns: 5 } }));

describe('requests-v3 filters-group logic checks', () => {
  v3FamilySuite(
    checks,
    RECORDS,
    [
      ['requests-v3.filters.and-within-group', 'group-or-within', /AND|must match both/],
      ['requests-v3.filters.and-within-group', 'later-group-last-field', /AND wherever it stands/],
      ['requests-v3.filters.or-across-groups', 'groups-and', /OR-ed|must be returned/],
      ['requests-v3.filters.not', 'not-ignored', /complement|must not/],
      ['requests-v3.filters.array-or', 'array-first-only', /OR within the field|must be returned/],
    ],
    { numRuns: 20, curlContains: 'filters=' },
  );
});

describe('requests-v3.filters.not on moving data', () => {
  const check = checkById(checks, 'requests-v3.filters.not');
  /** `status=<s>` alone counts one more the first time each is asked (a request that moved out of it after that read), or every time. */
  const movedOnce = (consistent: boolean) => totalsHigh(/^\[\{"status":"[a-z]+"\}\]$/, (n) => n === 1 || consistent);
  const run = (handler: FakeHandler) => runOn(check, handler);

  it('does not judge a sum when the positive total moved between its reads (a request changed status)', async () => {
    const result = await run(movedOnce(false));
    expect(result.status, JSON.stringify(result)).toBe('pass');
  });

  it('fails a positive total that is off every time it is read', async () => {
    const result = await run(movedOnce(true));
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/must be the complement of status/);
  });
});

describe('requests-v3.filters.array-or on moving data', () => {
  const check = checkById(checks, 'requests-v3.filters.array-or');
  /**
   * A single value's total (`filters=[{"status":"<s>"}]`, `[{"requestType":"<t>"}]`) one high on
   * every other read of it (`always`: on every read): a target whose requests move between the
   * relation's reads, or (always) one whose single-value totals are off.
   */
  const jitter = (always: boolean) => totalsHigh(/^\[\{"(status|requestType)":"[^"]+"\}\]$/, (n) => always || n % 2 === 1);
  const run = (handler: FakeHandler) => runOn(check, handler);

  it('judges the three totals read afresh when the first three disagree: a read disturbed by a move is not a failure', async () => {
    const result = await run(jitter(false));
    expect(result.status, JSON.stringify(result)).toBe('pass');
  });

  it('fails single-value totals that are off on every read', async () => {
    const result = await run(jitter(true));
    expect(result.status, JSON.stringify(result)).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/OR within the field/);
  });
});
