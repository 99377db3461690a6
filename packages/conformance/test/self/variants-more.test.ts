/**
 * The variant self-test, second half (see variants.test.ts): the other half of the catalogue, and
 * the combination of every variant that composes.
 */
import { describe, it } from 'vitest';
import { describeVariants, expectOnlyListed, half, map, RUN_TIMEOUT_MS } from '../support/variant-runs.js';

describeVariants(half(1));

describe('the combination of every variant that composes', () => {
  it('no fail, no error, only the listed warnings; exit 0', async () => {
    await expectOnlyListed(map.combination.variants, map.combination.warnings, map.combination.options);
  }, RUN_TIMEOUT_MS);
});
