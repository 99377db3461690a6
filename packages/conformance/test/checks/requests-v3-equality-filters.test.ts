import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-equality-filters.js';
import { fakeContext, route } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords, type Fault } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';
import { checkById, runV3Check } from '../support/v3-checks.js';

const RECORDS = makeRecords(60);

describe('requests-v3 equality filter checks', () => {
  it.each(checks.map((c) => c.id))('%s passes a conformant server', async (id) => {
    const result = await runV3Check(checks, id, RECORDS, undefined, 25);
    expect(result, JSON.stringify(result).slice(0, 2000)).toMatchObject({ status: 'pass' });
  });

  it.each<[string, Fault, RegExp]>([
    ['requests-v3.filter.soundness', 'filter-ignored', /must match it/],
    ['requests-v3.filter.completeness', 'filter-misses-one', /must be returned/],
    ['requests-v3.filter.combined-and', 'filter-ignored', /must match it/],
  ])('%s fails on fault %s', async (id, fault, message) => {
    const result = await runV3Check(checks, id, RECORDS, fault, 25);
    expect(result.status, JSON.stringify(result).slice(0, 2000)).toBe('fail');
    if (result.status !== 'fail') return;
    expect(result.violation.message).toMatch(message);
    expect(result.violation.exchange?.curl).toContain('/requests/v3');
  });

  it.each(checks.map((c) => c.id))('%s skips on an empty window', async (id) => {
    const result = await runV3Check(checks, id, [], undefined, 25);
    expect(result.status).toBe('skip');
  });

  it('completeness does not fail when a live record changed since discovery', async () => {
    const changed = RECORDS.map((r, i) => (i === 0 ? { ...r, status: r.status === 'success' ? 'refund' : 'success' } : r));
    const ctx = fakeContext({
      handler: route({ 'GET /requests/v3': fakeRequestsV3(changed) }),
      discovery: discoveryOf(RECORDS),
      config: { numRuns: 60 },
    });
    const result = await settle(checkById(checks, 'requests-v3.filter.completeness'), ctx);
    expect(result.status, JSON.stringify(result).slice(0, 1000)).toBe('pass');
  });
});
