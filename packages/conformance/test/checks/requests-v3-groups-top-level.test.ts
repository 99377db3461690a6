import { describe } from 'vitest';
import { checks } from '../../src/checks/requests-v3-groups-top-level.js';
import { makeRecords } from '../support/fake-requests-v3.js';
import { v3FamilySuite } from '../support/v3-checks.js';

const RECORDS = makeRecords(60);

describe('requests-v3 filters-group top-level checks', () => {
  v3FamilySuite(
    checks,
    RECORDS,
    [
      ['requests-v3.filters.top-level-and', 'groups-override-top-level', /still apply|must match both|must not be returned/],
    ],
    { numRuns: 20, curlContains: 'filters=' },
  );
});
