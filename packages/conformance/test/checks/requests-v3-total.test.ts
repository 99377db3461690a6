import { describe } from 'vitest';
import { checks } from '../../src/checks/requests-v3-total.js';
import { makeRecords } from '../support/fake-requests-v3.js';
import { v3FamilySuite } from '../support/v3-checks.js';

describe('requests-v3 total checks', () => {
  // total.only-when-requested needs no data: an empty window still shows whether `total` is sent.
  v3FamilySuite(
    checks,
    makeRecords(90),
    [
      ['requests-v3.total.exact', 'total-off-by-one', /exact count/],
      ['requests-v3.total.only-when-requested', 'total-always', /only when includeTotal=true/],
    ],
    { passOnEmpty: ['requests-v3.total.only-when-requested'], boundedWalks: true },
  );
});
