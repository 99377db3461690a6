import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-special-filters.js';
import { fakeContext, json, route } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords, type Fault } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';
import { checkById, runV3Check } from '../support/v3-checks.js';

const RECORDS = makeRecords(60);
const byId = (id: string) => checkById(checks, id);

describe('requests-v3 special filter checks', () => {
  it.each(checks.map((c) => c.id))('%s passes a conformant server', async (id) => {
    const result = await runV3Check(checks, id, RECORDS, undefined, 25);
    expect(result, JSON.stringify(result).slice(0, 2000)).toMatchObject({ status: 'pass' });
  });

  it.each<[string, Fault, RegExp]>([
    ['requests-v3.filter.chain-id-either', 'chain-id-origin-only', /its destination chain/],
    ['requests-v3.filter.symbol-case-insensitive', 'symbol-case-sensitive', /any case|case-insensitive/],
    ['requests-v3.filter.term', 'term-id-only', /term=/],
    ['requests-v3.filter.status-values', 'status-waiting-accepted', /must not select (waiting|submitted) records/],
    ['requests-v3.filter.ranges', 'range-off', /must be returned|must have its USD/],
    ['requests-v3.filter.features', 'features-all-of', /features=/],
  ])('%s fails on fault %s', async (id, fault, message) => {
    const result = await runV3Check(checks, id, RECORDS, fault, 25);
    expect(result.status, JSON.stringify(result).slice(0, 2000)).toBe('fail');
    if (result.status !== 'fail') return;
    expect(result.violation.message).toMatch(message);
    expect(result.violation.exchange?.curl).toContain('/requests/v3');
  });

  it.each(checks.filter((c) => c.id !== 'requests-v3.filter.status-values').map((c) => c.id))(
    '%s skips on an empty window',
    async (id) => {
      const result = await runV3Check(checks, id, [], undefined, 25);
      expect(result.status).toBe('skip');
    },
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
