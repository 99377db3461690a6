import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-filters.js';
import type { CheckResult } from '../../src/engine/types.js';
import { fakeContext, json, route } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords, type Fault, type Rec } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';

const byId = (id: string) => {
  const c = checks.find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
};

async function runCheck(id: string, records: Rec[], fault?: Fault, numRuns = 25): Promise<CheckResult> {
  const ctx = fakeContext({
    handler: route({ 'GET /requests/v3': fakeRequestsV3(records, fault) }),
    discovery: discoveryOf(records),
    config: { numRuns },
  });
  return settle(byId(id), ctx);
}

const RECORDS = makeRecords(60);

describe('requests-v3 filter checks', () => {
  it.each(checks.map((c) => c.id))('%s passes a conformant server', async (id) => {
    const result = await runCheck(id, RECORDS);
    expect(result, JSON.stringify(result).slice(0, 2000)).toMatchObject({ status: 'pass' });
  });

  it.each<[string, Fault, RegExp]>([
    ['requests-v3.filter.soundness', 'filter-ignored', /must match it/],
    ['requests-v3.filter.completeness', 'filter-misses-one', /must be returned/],
    ['requests-v3.filter.combined-and', 'filter-ignored', /must match it/],
    ['requests-v3.filter.chain-id-either', 'chain-id-origin-only', /its destination chain/],
    ['requests-v3.filter.symbol-case-insensitive', 'symbol-case-sensitive', /any case|case-insensitive/],
    ['requests-v3.filter.term', 'term-id-only', /term=/],
    ['requests-v3.filter.status-values', 'status-waiting-accepted', /must not select (waiting|submitted) records/],
    ['requests-v3.filter.ranges', 'range-off', /must be returned|must have its USD/],
    ['requests-v3.filter.features', 'features-all-of', /features=/],
  ])('%s fails on fault %s', async (id, fault, message) => {
    const result = await runCheck(id, RECORDS, fault);
    expect(result.status, JSON.stringify(result).slice(0, 2000)).toBe('fail');
    if (result.status !== 'fail') return;
    expect(result.violation.message).toMatch(message);
    expect(result.violation.exchange?.curl).toContain('/requests/v3');
  });

  it.each(checks.filter((c) => c.id !== 'requests-v3.filter.status-values').map((c) => c.id))(
    '%s skips on an empty window',
    async (id) => {
      const result = await runCheck(id, []);
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

  it('completeness does not fail when a live record changed since discovery', async () => {
    const changed = RECORDS.map((r, i) => (i === 0 ? { ...r, status: r.status === 'success' ? 'refund' : 'success' } : r));
    const ctx = fakeContext({
      handler: route({ 'GET /requests/v3': fakeRequestsV3(changed) }),
      discovery: discoveryOf(RECORDS),
      config: { numRuns: 60 },
    });
    const result = await settle(byId('requests-v3.filter.completeness'), ctx);
    expect(result.status, JSON.stringify(result).slice(0, 1000)).toBe('pass');
  });
});
