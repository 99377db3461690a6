import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-groups.js';
import type { CheckResult } from '../../src/engine/types.js';
import { fakeContext, route } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords, type Fault, type Rec } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';

const byId = (id: string) => {
  const c = checks.find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
};

async function runCheck(id: string, records: Rec[], fault?: Fault): Promise<CheckResult> {
  const ctx = fakeContext({
    handler: route({ 'GET /requests/v3': fakeRequestsV3(records, fault) }),
    discovery: discoveryOf(records),
    config: { numRuns: 20 },
  });
  return settle(byId(id), ctx);
}

const RECORDS = makeRecords(60);

describe('requests-v3 filters-group checks', () => {
  it.each(checks.map((c) => c.id))('%s passes a conformant server', async (id) => {
    const result = await runCheck(id, RECORDS);
    expect(result, JSON.stringify(result).slice(0, 2000)).toMatchObject({ status: 'pass' });
  });

  it.each<[string, Fault, RegExp]>([
    ['requests-v3.filters.and-within-group', 'group-or-within', /AND|must match both/],
    ['requests-v3.filters.or-across-groups', 'groups-and', /OR-ed|must be returned/],
    ['requests-v3.filters.not', 'not-ignored', /complement|must not/],
    ['requests-v3.filters.array-or', 'array-first-only', /OR within the field|must be returned/],
    ['requests-v3.filters.null-check', 'null-ignored', /partition|must have no/],
    ['requests-v3.filters.null-mix-400', 'null-mix-200', /requires 400/],
    ['requests-v3.filters.top-level-and', 'groups-override-top-level', /still apply|must match both|must not be returned/],
  ])('%s fails on fault %s', async (id, fault, message) => {
    const result = await runCheck(id, RECORDS, fault);
    expect(result.status, JSON.stringify(result).slice(0, 2000)).toBe('fail');
    if (result.status !== 'fail') return;
    expect(result.violation.message).toMatch(message);
    expect(result.violation.exchange?.curl).toContain('filters=');
  });

  it.each(checks.filter((c) => c.id !== 'requests-v3.filters.null-mix-400').map((c) => c.id))('%s skips on an empty window', async (id) => {
    const result = await runCheck(id, []);
    expect(result.status).toBe('skip');
  });

  it('null-mix-400 needs no data: it still asks for the 400 on an empty window', async () => {
    expect((await runCheck('requests-v3.filters.null-mix-400', [])).status).toBe('pass');
    expect((await runCheck('requests-v3.filters.null-mix-400', [], 'null-mix-200')).status).toBe('fail');
  });

  it('null-check skips when the field is never empty', async () => {
    const all = RECORDS.map((r, i) => ({ ...r, depositAddress: { address: `0xd${i}`, type: 'open', depositor: null, depositTxHash: null, recoveryAddress: null } }));
    expect((await runCheck('requests-v3.filters.null-check', all)).status).toBe('skip');
  });
});
