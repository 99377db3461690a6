/**
 * Every request of the data set is found by its own id (API document, GET /requests/v3 parameter
 * table, Search: `id`; rule 7: an array value is OR within the field). The filter checks ask the
 * few requests discovery saw by their values; a server whose id index lost one entry (one request
 * pointing nowhere) passes them unless that request is among the few. Against the embedded reference
 * server the whole data set is walked (no window, newest first) and asked again by its ids, 50 to a
 * request: every one must be listed. An id never changes and no request is removed, so requests
 * moving or arriving meanwhile change nothing. At a URL it would cost a request per 50 requests of the
 * data set (the live service holds millions), so it runs against the embedded target only.
 */
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckDefinition, CheckSpec } from '../contract/types.js';
import { idsOf, sample } from '../contract/record.js';
import { MAX_LIMIT } from '../contract/limits.js';
import { pass, skip } from '../contract/outcome.js';
import { V3, fetchPage, walk } from './support/listing.js';

/** Pages of the whole data set walked at most (the embedded default is 3,000 requests: 60 pages). */
const MAX_PAGES = 200;

const everyId: CheckSpec = {
  id: 'requests-v3.filter.every-id',
  title: 'Every request of the data set is found by its own id (embedded target: the whole set walked, then asked by its ids, 50 to a request)',
  clauses: ['requests-v3.filter.completeness', 'requests-v3.filters.array-or'],
  operation: V3,
  requires: ['apiKey'],
  relation: true,
  async run(ctx) {
    if (!ctx.config.embedded) return skip('the whole data set is asked by its ids only at the embedded reference server: at a URL it would cost a request per 50 requests of the data set');
    const all = await walk(ctx, { limit: MAX_LIMIT }, { maxPages: MAX_PAGES, what: 'the whole data set, newest first' });
    const ids = [...new Set(idsOf(all.records).filter((id) => id !== '?'))];
    if (ids.length === 0) return skip('the listing without a window gave no request with an id');
    for (let i = 0; i < ids.length; i += MAX_LIMIT) {
      const chunk = ids.slice(i, i + MAX_LIMIT);
      const filters = JSON.stringify([{ id: chunk }]);
      const page = await fetchPage(ctx, { filters, limit: MAX_LIMIT }, `requests ${i + 1} to ${i + chunk.length} of the data set by their ids`);
      const listed = new Set(idsOf(page.records));
      const missing = chunk.filter((id) => !listed.has(id));
      if (missing.length > 0) {
        violate(
          'Every request is found by its own id: the listing of the whole data set showed these requests, and filters=[{"id":[…]}] (an array is OR within its key) must list each of them',
          `the ${chunk.length} requests of filters=[{"id":[${sample(chunk, 2)}…]}]`,
          `${page.records.length} listed; missing ${sample(missing)}`,
          page.exchange,
        );
      }
    }
    return pass(`the ${ids.length} requests of the data set${all.complete ? '' : ` (the first ${MAX_PAGES} pages of it)`} each found by their ids, ${Math.ceil(ids.length / MAX_LIMIT)} requests of 50`);
  },
};

/** The check of every request's id, in run order. */
export const checks: CheckDefinition[] = withFamilies([everyId]);
