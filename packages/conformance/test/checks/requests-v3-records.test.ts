import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-records.js';
import { fakeContext, route } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords, type Rec } from '../support/fake-requests-v3.js';
import { checkById, passesThenFailsOn } from '../support/check-cases.js';
import { settle } from '../support/settle.js';

type Fault = 'na' | 'na-refund-only' | 'success-with-reason' | 'same-chain-destination' | 'superseded-dangling' | 'v2-metadata';

const data = (r: Rec): Rec => r.data as Rec;

/** Records of the listing fake, with reasons on failed/refunded ones, one superseded pair, and one fault. */
function records(fault?: Fault): Rec[] {
  const rs = makeRecords(40).map((r) => structuredClone(r));
  for (const r of rs) {
    if (r.status === 'failure' || r.status === 'refund') data(r).failReason = 'SLIPPAGE';
    if (fault === 'na' && r.status !== 'failure' && r.status !== 'refund') data(r).failReason = 'N/A';
    if (fault === 'na-refund-only' && r.status === 'refund') data(r).refundFailReason = 'N/A';
    if (fault === 'success-with-reason' && r.status === 'success') data(r).refundFailReason = 'UNKNOWN';
    if (fault === 'same-chain-destination' && r.requestType === 'Same-chain Swap') {
      const route = data(r).route as { quoted: Rec; actual: Rec };
      route.actual = { ...route.actual, destination: route.actual.origin };
    }
  }
  if (fault === 'v2-metadata') data(rs[5]!).metadata = { sender: rs[5]!.user, recipient: rs[5]!.recipient };
  rs[3]!.supersededByRequestId = fault === 'superseded-dangling' ? '0xnot-a-request' : rs[0]!.id;
  return rs;
}

/**
 * The discovery sample shows the faulty records except for `na-refund-only`, whose victims
 * discovery missed: the check must look at failed and refunded requests itself.
 */
function ctxFor(fault?: Fault, sample?: Rec[]) {
  const rs = records(fault);
  const seen = sample ?? (fault === 'na-refund-only' ? records() : rs);
  return fakeContext({ handler: route({ 'GET /requests/v3': fakeRequestsV3(rs) }), discovery: discoveryOf(seen) });
}

const byId = (id: string) => checkById(checks, id);

describe('requests-v3 record checks', () => {
  passesThenFailsOn(
    checks,
    [
      ['requests-v3.record.fail-reason-null', 'na', 'null when there is none'],
      ['requests-v3.record.fail-reason-null', 'na-refund-only', 'null when there is none'],
      ['requests-v3.record.fail-reason-null', 'success-with-reason', 'null when there is none'],
      ['requests-v3.record.same-chain-no-destination', 'same-chain-destination', 'no destination side'],
      ['requests-v3.record.superseded-resolves', 'superseded-dangling', 'supersededByRequestId'],
      ['requests-v3.record.no-removed-fields', 'v2-metadata', 'removed in v3'],
    ],
    ctxFor,
    { in: 'url', text: '/requests/v3' },
  );

  it.each([
    ['requests-v3.record.fail-reason-null', [] as Rec[]],
    ['requests-v3.record.same-chain-no-destination', records().filter((r) => r.requestType !== 'Same-chain Swap')],
    ['requests-v3.record.superseded-resolves', records().map((r) => ({ ...r, supersededByRequestId: null }))],
  ])('%s skips without records of its kind', async (id, sample) => {
    expect(await settle(byId(id), ctxFor(undefined, sample))).toMatchObject({ status: 'skip' });
  });

  it('a record that changed since discovery is judged on its fresh view', async () => {
    const ctx = ctxFor(undefined, records('same-chain-destination'));
    expect(await settle(byId('requests-v3.record.same-chain-no-destination'), ctx)).toMatchObject({ status: 'pass' });
  });
});
