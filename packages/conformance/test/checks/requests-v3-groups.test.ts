import { describe } from 'vitest';
import { checks } from '../../src/checks/requests-v3-groups.js';
import { makeRecords } from '../support/fake-requests-v3.js';
import { v3FamilySuite } from '../support/v3-checks.js';

const RECORDS = makeRecords(60);

describe('requests-v3 filters-group logic checks', () => {
  v3FamilySuite(
    checks,
    RECORDS,
    [
      ['requests-v3.filters.and-within-group', 'group-or-within', /AND|must match both/],
      ['requests-v3.filters.and-within-group', 'later-group-last-field', /AND wherever it stands/],
      ['requests-v3.filters.or-across-groups', 'groups-and', /OR-ed|must be returned/],
      ['requests-v3.filters.not', 'not-ignored', /complement|must not/],
      ['requests-v3.filters.array-or', 'array-first-only', /OR within the field|must be returned/],
    ],
    { numRuns: 20, curlContains: 'filters=' },
  );
});
