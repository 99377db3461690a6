/** The record predicates of GET /requests/v3 (oracles/requests-v3-records.ts), shared by the active checks and the passive side. */
import { describe, expect, it } from 'vitest';
import { destinationSides, failReasonProblem } from '../../src/oracles/requests-v3-records.js';

describe('record predicates', () => {
  it.each([
    [{ status: 'failure', data: { failReason: 'SLIPPAGE', refundFailReason: null } }, undefined],
    [{ status: 'pending', data: { failReason: null, refundFailReason: null } }, undefined],
    [{ status: 'pending', data: { failReason: 'n/a' } }, 'the v2 placeholder'],
    [{ status: 'refund', data: { refundFailReason: 'N/A' } }, 'the v2 placeholder'],
    [{ status: 'success', data: { failReason: 'UNKNOWN' } }, 'on a successful request'],
  ])('failReasonProblem %j', (r, problem) => {
    const p = failReasonProblem(r);
    if (problem === undefined) expect(p).toBeUndefined();
    else expect(p).toContain(problem);
  });

  it('destinationSides sees quoted and actual, null counts as absent', () => {
    expect(destinationSides({ data: { route: { quoted: { destination: {} }, actual: { destination: null } } } })).toEqual(['data.route.quoted.destination']);
    expect(destinationSides({ data: { route: { quoted: {}, actual: {} } } })).toEqual([]);
  });
});
