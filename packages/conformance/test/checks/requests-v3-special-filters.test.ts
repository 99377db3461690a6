import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-special-filters.js';
import { fakeContext, json, route } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';
import { checkById } from '../support/check-cases.js';
import { v3FamilySuite } from '../support/v3-checks.js';

const RECORDS = makeRecords(60);
const byId = (id: string) => checkById(checks, id);

describe('requests-v3 special filter checks', () => {
  v3FamilySuite(
    checks,
    RECORDS,
    [
      ['requests-v3.filter.chain-id-either', 'chain-id-origin-only', /its destination chain/],
      ['requests-v3.filter.symbol-case-insensitive', 'symbol-case-sensitive', /any case|case-insensitive/],
      ['requests-v3.filter.term', 'term-id-only', /term=/],
      ['requests-v3.filter.status-values', 'status-waiting-accepted', /must not select (waiting|submitted) records/],
      ['requests-v3.filter.ranges', 'range-off', /must be returned|must have its USD/],
      ['requests-v3.filter.features', 'features-all-of', /features=/],
    ],
    { numRuns: 25, notOnEmpty: ['requests-v3.filter.status-values'] },
  );

  it('status-values accepts a 4xx for waiting and submitted and fails on a 5xx', async () => {
    const base = fakeRequestsV3(RECORDS);
    const answer = (code: number) =>
      route({ 'GET /requests/v3': (req) => (['waiting', 'submitted'].includes(String(req.query?.status)) ? json(code, { message: 'no' }) : base(req)) });
    const ok = await settle(byId('requests-v3.filter.status-values'), fakeContext({ handler: answer(422), discovery: discoveryOf(RECORDS) }));
    expect(ok.status).toBe('pass');
    const bad = await settle(byId('requests-v3.filter.status-values'), fakeContext({ handler: answer(503), discovery: discoveryOf(RECORDS) }));
    expect(bad.status).toBe('fail');
  });

  it('status-values passes a server that ignores a refused status value', async () => {
    const base = fakeRequestsV3(RECORDS);
    const handler = route({
      'GET /requests/v3': (req) => {
        const { status, ...rest } = req.query ?? {};
        return base(['waiting', 'submitted'].includes(String(status)) ? { ...req, query: rest } : req);
      },
    });
    const result = await settle(byId('requests-v3.filter.status-values'), fakeContext({ handler, discovery: discoveryOf(RECORDS) }));
    expect(result.status).toBe('pass');
  });
});
