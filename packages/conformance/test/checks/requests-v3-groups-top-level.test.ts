import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v3-groups-top-level.js';
import { featureList, lacksFeatures } from '../../src/oracles/requests-v3-filters.js';
import { makeRecords } from '../support/fake-requests-v3.js';
import { v3FamilySuite } from '../support/v3-checks.js';

const RECORDS = makeRecords(60);

describe('requests-v3 filters-group top-level checks', () => {
  v3FamilySuite(
    checks,
    RECORDS,
    [
      ['requests-v3.filters.top-level-and', 'groups-override-top-level', /still apply|must match both|must not be returned/],
      ['requests-v3.filters.top-level-and', 'features-ignored-with-filters', /features=\w+ with filters .* must match both|must not be returned/],
    ],
    { numRuns: 20, curlContains: 'filters=' },
  );
});

describe('the top-level features helpers of the filters oracle', () => {
  it('reads the listed features; a record without a features array shows none, so it lacks them (one predicate with the active features check)', () => {
    expect(featureList(' fast_fill, app_fees ,')).toEqual(['fast_fill', 'app_fees']);
    expect(featureList('')).toBeUndefined();
    expect(lacksFeatures({ features: ['gas_top_up'] }, ['fast_fill'])).toBe(true);
    expect(lacksFeatures({ features: ['fast_fill'] }, ['app_fees', 'fast_fill'])).toBe(false);
    // No features array: no feature shown (the schema oracle reports the missing array).
    expect(lacksFeatures({}, ['fast_fill'])).toBe(true);
  });
});
