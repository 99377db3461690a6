import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-limits.js';
import { fakeContext, json, route } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';
import { checkById } from '../support/check-cases.js';
import { v3FamilySuite } from '../support/v3-checks.js';

const RECORDS = makeRecords(90);

describe('requests-v3 limit checks', () => {
  v3FamilySuite(checks, RECORDS, [
    ['requests-v3.limit.max', 'no-limit-cap', /at most min\(limit, 50\)/],
    ['requests-v3.limit.default', 'default-limit-10', /default of 20/],
  ], { boundedWalks: true });

  it('limit.max accepts a 4xx refusal of a limit above 50', async () => {
    const base = fakeRequestsV3(RECORDS);
    const handler = route({
      'GET /requests/v3': (req) => (Number(req.query?.limit) > 50 ? json(400, { message: 'limit must be <= 50' }) : base(req)),
    });
    const result = await settle(checkById(checks, 'requests-v3.limit.max'), fakeContext({ handler, discovery: discoveryOf(RECORDS) }));
    expect(result.status).toBe('pass');
  });

  it('limit.max fails on a 5xx for a limit above 50', async () => {
    const base = fakeRequestsV3(RECORDS);
    const handler = route({
      'GET /requests/v3': (req) => (Number(req.query?.limit) > 50 ? json(500, { message: 'boom' }) : base(req)),
    });
    const result = await settle(checkById(checks, 'requests-v3.limit.max'), fakeContext({ handler, discovery: discoveryOf(RECORDS) }));
    expect(result.status).toBe('fail');
  });

  it('limit.max tries limit 1 before any random value: a server ignoring limit=1 fails, whatever the seed', async () => {
    const base = fakeRequestsV3(RECORDS);
    const handler = route({ 'GET /requests/v3': (req) => base(Number(req.query?.limit) === 1 ? { ...req, query: { ...req.query, limit: undefined } } : req) });
    for (const seed of [1, 2, 3]) {
      const ctx = fakeContext({ handler, discovery: discoveryOf(RECORDS), config: { seed, numRuns: 2 } });
      const result = await settle(checkById(checks, 'requests-v3.limit.max'), ctx);
      expect(result.status).toBe('fail');
      expect(result.status === 'fail' && result.violation.expected).toBe('at most 1 records for limit=1');
    }
  });
});
