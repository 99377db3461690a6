import { describe, expect, it } from 'vitest';
import { RANGE_PAIRS, boundsOf, checks } from '../../src/checks/requests-v3-range-relations.js';
import { fakeContext } from '../support/fake-context.js';
import { discoveryOf, makeRecords } from '../support/fake-requests-v3.js';
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
