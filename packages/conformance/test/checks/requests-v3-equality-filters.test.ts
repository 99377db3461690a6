import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-equality-filters.js';
import { fakeContext, route } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';
import { checkById } from '../support/check-cases.js';
import { v3FamilySuite } from '../support/v3-checks.js';

const RECORDS = makeRecords(60);

describe('requests-v3 equality filter checks', () => {
  v3FamilySuite(
    checks,
    RECORDS,
    [
      ['requests-v3.filter.soundness', 'filter-ignored', /must match it/],
      ['requests-v3.filter.completeness', 'filter-misses-one', /must be returned/],
      ['requests-v3.filter.combined-and', 'filter-ignored', /must match it/],
    ],
    { numRuns: 25 },
  );

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
