import { describe, expect, it } from 'vitest';
import { RANGE_PAIRS, boundsOf, checks } from '../../src/checks/requests-v3-range-relations.js';
import { checkById } from '../support/check-cases.js';
import { fakeContext, route } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords } from '../support/fake-requests-v3.js';
import { settle } from '../support/settle.js';
import { v3FamilySuite } from '../support/v3-checks.js';

describe('requests-v3 range relations', () => {
  v3FamilySuite(checks, makeRecords(90), [['requests-v3.filter.range-nested', 'block-bounds-or', /startBlock\/endBlock: a minimum with a maximum selects no more than either alone/]], {
    notOnEmpty: ['requests-v3.filter.range-nested'],
  });

  it('draws nested bounds a <= a2 <= b2 <= b from the values records show, else the fixed steps', () => {
    const ctx = fakeContext({ discovery: discoveryOf(makeRecords(90)) });
    const block = boundsOf(ctx, RANGE_PAIRS.find((p) => p.kind === 'block')!);
    expect(block).toEqual([...block].sort((x, y) => x - y));
    expect(block[0]).toBeGreaterThanOrEqual(1_000);
    expect(block[3]).toBeLessThanOrEqual(1_890);
    const fill = RANGE_PAIRS.find((p) => p.kind === 'fillTime')!;
    expect(boundsOf(ctx, fill)).toEqual(fill.steps);
  });
});

describe('requests-v3.filter.range-nested while a request moves into the ranges', () => {
  /**
   * A request with no block yet (not filled) gets one inside the inner block range right after the
   * k-th request the check sends, as a fill gives a live request its block while the kit reads: for
   * every k the check passes (every narrower count and walk is read before the wider one, so the
   * moved request is never in a narrower answer alone). The first read of the old order (wider
   * first) failed here for the k between the two walks, which left the gate unjudged.
   */
  it.each(Array.from({ length: 9 }, (_, k) => k))('it moves after request %i of the block pair: pass', async (k) => {
    const records = makeRecords(90);
    const discovery = discoveryOf(structuredClone(records));
    const ctx0 = fakeContext({ discovery });
    const [, a2, b2] = boundsOf(ctx0, RANGE_PAIRS.find((p) => p.kind === 'block')!);
    const mover = records[0]! as { data: { inTxs: Array<{ block?: number }> } };
    delete mover.data.inTxs[0]!.block;
    const serve = fakeRequestsV3(records);
    let sent = 0;
    const ctx = fakeContext({
      discovery,
      clock: true,
      handler: route({
        'GET /requests/v3': (req) => {
          const answer = serve(req);
          sent += 1;
          if (sent === k + 1) mover.data.inTxs[0]!.block = Math.floor((a2 + b2) / 2);
          return answer;
        },
      }),
    });
    const result = await settle(checkById(checks, 'requests-v3.filter.range-nested'), ctx);
    expect(result, JSON.stringify(result).slice(0, 1500)).toMatchObject({ status: 'pass' });
    expect(sent).toBeGreaterThan(8);
  });
});
