import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-groups-null.js';
import { makeRecords } from '../support/fake-requests-v3.js';
import { runV3Check, v3FamilySuite } from '../support/v3-checks.js';

const RECORDS = makeRecords(60);

describe('requests-v3 filters-group null checks', () => {
  v3FamilySuite(
    checks,
    RECORDS,
    [
      ['requests-v3.filters.null-check', 'null-ignored', /partition|must have no/],
      ['requests-v3.filters.null-mix-400', 'null-mix-200', /requires 400/],
    ],
    { numRuns: 20, curlContains: 'filters=', notOnEmpty: ['requests-v3.filters.null-mix-400'] },
  );

  it('null-mix-400 needs no data: it still asks for the 400 on an empty window', async () => {
    expect((await runV3Check(checks, 'requests-v3.filters.null-mix-400', [], undefined, 20)).status).toBe('pass');
    expect((await runV3Check(checks, 'requests-v3.filters.null-mix-400', [], 'null-mix-200', 20)).status).toBe('fail');
  });

  it('null-check skips when the field is never empty', async () => {
    const all = RECORDS.map((r, i) => ({ ...r, depositAddress: { address: `0xd${i}`, type: 'open', depositor: null, depositTxHash: null, recoveryAddress: null } }));
    expect((await runV3Check(checks, 'requests-v3.filters.null-check', all, undefined, 20)).status).toBe('skip');
  });
});
