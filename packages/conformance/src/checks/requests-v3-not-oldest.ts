/**
 * A `not:` filter reaches the oldest requests (API document, GET /requests/v3 rule 7: "A key
 * prefixed `not:` is negated"). The kit's `not:` checks read the discovery window, whose walks start
 * from the newest requests; a server whose negation loses the oldest rows of its data set passes
 * them. Here the oldest request (the first of the ascending listing without a window) is asked for
 * in a window around its creation second with a negated key it passes (`not:requestType` of another
 * type: a field that never changes on a request).
 */
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckDefinition, CheckSpec } from '../contract/types.js';
import { SCHEMA_ENUMS } from '@crosschain/specs';
import { V3, around, fetchPage, holds } from './support/listing.js';
import { idsOf, sample } from '../contract/record.js';
import { pass, skip } from '../contract/outcome.js';
import { recordId } from '../contract/record.js';
import { judgeNotComplementWithoutWindow } from './requests-v3-not-complement.js';

const PAGE = 50;

const notOldest: CheckSpec = {
  id: 'requests-v3.filters.not-reaches-oldest',
  title: 'A not: filter that the oldest request passes lists it (asked in a window around its creation second)',
  clauses: ['requests-v3.filters.not'],
  operation: V3,
  requires: ['apiKey'],
  relation: true,
  async run(ctx) {
    const first = await fetchPage(ctx, { sortDirection: 'asc', limit: 1 }, 'the oldest request (sortDirection=asc without a window)');
    const oldest = first.records[0];
    const id = oldest ? recordId(oldest) : undefined;
    const window = oldest ? around(oldest) : undefined;
    const type = oldest?.requestType;
    if (!oldest || id === undefined || window === undefined || typeof type !== 'string') return skip('the ascending listing gave no request with an id, a createdAt and a requestType');
    const other = SCHEMA_ENUMS.RequestTypeV3.find((t) => t.toLowerCase() !== type.toLowerCase())!;
    const filters = JSON.stringify([{ 'not:requestType': other }]);
    const page = await fetchPage(ctx, { ...window, filters, limit: PAGE }, `filters=${filters} around the oldest request`);
    if (!holds(page.records, id)) {
      if (page.continuation !== undefined) return skip(`more than ${PAGE} requests around the oldest one's creation second match filters=${filters}: the first page does not settle it`);
      violate(
        `A not: filter must negate its key for every request, the oldest included: the oldest request ${id} (requestType ${type}) passes filters=${filters}`,
        `request ${id} among the requests created in [${window.startTimestamp}, ${window.endTimestamp}] that are not ${other}`,
        `${page.records.length} requests (${sample(idsOf(page.records))}) and no continuation`,
        page.exchange,
      );
    }
    return pass(`the oldest request ${id} listed by filters=${filters}${await judgeNotComplementWithoutWindow(ctx, other)}`);
  },
};

/** The checks of negation at the oldest requests, in run order. */
export const checks: CheckDefinition[] = withFamilies([notOldest]);
