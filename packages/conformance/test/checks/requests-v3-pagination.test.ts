import { describe } from 'vitest';
import { checks } from '../../src/checks/requests-v3-pagination.js';
import { makeRecords } from '../support/fake-requests-v3.js';
import { v3FamilySuite } from '../support/v3-checks.js';

describe('requests-v3 pagination checks', () => {
  v3FamilySuite(checks, makeRecords(90), [
    ['requests-v3.pagination.terminates', 'repeat-cursor', /A continuation walk must progress/],
    ['requests-v3.pagination.terminates', 'endless-cursor', /The walk must end/],
    ['requests-v3.pagination.continuation-field', 'cursor-field-next', /top-level string field `continuation`/],
    ['requests-v3.pagination.no-duplicates', 'duplicate-on-page-2', /No record may appear twice in one continuation walk/],
    ['requests-v3.pagination.no-gaps', 'skip-on-page-2', /skipped records/],
  ], { boundedWalks: true });
});
