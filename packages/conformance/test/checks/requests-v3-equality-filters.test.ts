import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-equality-filters.js';
import { fakeContext, queryOf, route } from '../support/fake-context.js';
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
      ['requests-v3.filter.soundness', 'asc-unwindowed-end-500', /sortDirection=asc without a window|200/],
      ['requests-v3.filter.completeness', 'filter-misses-one', /must be returned/],
      ['requests-v3.filter.combined-and', 'filter-ignored', /must match it/],
    ],
    { numRuns: 25 },
  );

  describe('fail-reason filters (mutation bench: fields.ts:82, a refundFailReason value read as the null-check)', () => {
    // Two records show a refund fail reason, one a fail reason; the rest none.
    const withReasons = RECORDS.map((r, i) => {
      const data = r.data as Record<string, unknown>;
      if (i === 1 || i === 7) return { ...r, data: { ...data, failReason: 'SLIPPAGE', refundFailReason: 'MANUAL_REFUND_REQUIRED' } };
      if (i === 3) return { ...r, data: { ...data, failReason: 'UNKNOWN' } };
      return r;
    });
    /** A v3 listing that applies the fail-reason filters (`asNull`: a refundFailReason value answered as the null-check). */
    const server = (asNull: boolean) => {
      const list = fakeRequestsV3(withReasons);
      return (req: Parameters<typeof list>[0]) => {
        const q = queryOf(req);
        const shows = (r: (typeof withReasons)[number], f: string) => (r.data as Record<string, unknown>)[f];
        let rows = withReasons;
        if (q.failReason !== undefined) rows = rows.filter((r) => shows(r, 'failReason') === q.failReason);
        if (q.refundFailReason !== undefined) rows = rows.filter((r) => (asNull ? shows(r, 'refundFailReason') === null : shows(r, 'refundFailReason') === q.refundFailReason));
        return fakeRequestsV3(rows)(req);
      };
    };
    const run = (asNull: boolean) =>
      settle(checkById(checks, 'requests-v3.filter.soundness'), fakeContext({ handler: route({ 'GET /requests/v3': server(asNull) }), discovery: discoveryOf(withReasons), config: { numRuns: 5 } }));

    it('soundness asks each fail-reason filter once, from a discovered record that shows one, and passes when the listing shows it', async () => {
      const result = await run(false);
      expect(result.status, JSON.stringify(result).slice(0, 1000)).toBe('pass');
      expect(result.status === 'pass' ? result.note : undefined).toContain('failReason=SLIPPAGE (2) and refundFailReason=MANUAL_REFUND_REQUIRED (2)');
    });

    it('soundness fails when refundFailReason=<a reason> lists records without it', async () => {
      const result = await run(true);
      expect(result.status).toBe('fail');
      expect(result.violation?.message).toMatch(/Every record returned for refundFailReason=MANUAL_REFUND_REQUIRED must show that refundFailReason/);
      expect(result.violation?.received).toMatch(/with data\.refundFailReason null, asked MANUAL_REFUND_REQUIRED/);
    });
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
