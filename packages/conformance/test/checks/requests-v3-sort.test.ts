import { describe } from 'vitest';
import { checks } from '../../src/checks/requests-v3-sort.js';
import { makeRecords } from '../support/fake-requests-v3.js';
import { v3FamilySuite } from '../support/v3-checks.js';

describe('requests-v3 sort checks', () => {
  v3FamilySuite(checks, makeRecords(90), [
    ['requests-v3.sort.default', 'default-sort-asc', /createdAt descending/],
    ['requests-v3.sort.updated-at-default-desc', 'updated-at-default-asc', /updatedAt descending/],
    ['requests-v3.sort.amount-usd-default-asc', 'amount-default-desc', /amountUsd ascending/],
    ['requests-v3.sort.explicit-direction', 'ignore-direction', /ascending|descending/],
  ], { boundedWalks: true });
});
