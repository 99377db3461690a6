/**
 * The oldest requests, seen by the filters. A `not:` filter reaches the oldest requests (API document, GET /requests/v3 rule 7: "A key
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
import { V3, around, createdSec, fetchPage, holds, sharedWalk, type Page } from './support/listing.js';
import { FILTERABLE_STATUSES, candidates, idsOf, matchesSound, sample, type EqualityParam, type RecordJson } from '../contract/record.js';
import type { CheckContext } from '../contract/types.js';
import { pass, skip } from '../contract/outcome.js';
import { recordId } from '../contract/record.js';
import { judgeNotComplementWithoutWindow } from './requests-v3-not-complement.js';

const PAGE = 50;
/** Missing requests read again by id before a verdict (their values may have moved meanwhile). */
const REREAD = 3;
/**
 * The catalogue fields the oldest page is filtered by: the ones a server typically keeps in
 * low-cardinality indexes (one list of requests per value), where the oldest request of a value is
 * the last entry of its list.
 */
const CATALOGUE: readonly EqualityParam[] = ['status', 'requestType', 'originChainId', 'destinationChainId', 'currencyInSymbol', 'currencyOutSymbol'];

/** The oldest page of the data set (ascending, no window), read once for both checks of this file. */
function oldestPage(ctx: CheckContext): Promise<Page> {
  return sharedWalk(ctx, { sortDirection: 'asc', limit: PAGE }, { maxPages: 1 }).then((w) => w.pages[0]!);
}

const notOldest: CheckSpec = {
  id: 'requests-v3.filters.not-reaches-oldest',
  title: 'A not: filter that the oldest request passes lists it (asked in a window around its creation second)',
  clauses: ['requests-v3.filters.not'],
  operation: V3,
  requires: ['apiKey'],
  relation: true,
  async run(ctx) {
    const first = await oldestPage(ctx);
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

const oldestListed: CheckSpec = {
  id: 'requests-v3.filter.oldest-listed',
  title: 'The oldest requests, filtered by the catalogue values they hold (status, type, chains, symbols), are all listed',
  clauses: ['requests-v3.filter.completeness', 'requests-v3.filters.array-or'],
  operation: V3,
  requires: ['apiKey'],
  relation: true,
  async run(ctx) {
    // The oldest page (ascending, no window), then one filtered read of its time span: the requests
    // created before its last second are the oldest of the whole set, so every one whose values the
    // filter names is among the first matches, ascending. A server that files each value's requests
    // in a list and loses a list's last entry (its oldest request) passes every check that reads
    // recent windows.
    const oldest = await oldestPage(ctx);
    const dated = oldest.records.filter((r) => createdSec(r) !== undefined && recordId(r) !== undefined);
    const last = dated.length > 0 ? createdSec(dated[dated.length - 1]!)! : undefined;
    // A status the filter does not take (waiting, submitted: the document's status values) leaves its request out.
    const filterable = (r: RecordJson): boolean => candidates(r, 'status').every((v) => FILTERABLE_STATUSES.includes(String(v)));
    const expected = last === undefined ? [] : dated.filter((r) => createdSec(r)! < last && filterable(r) && CATALOGUE.every((p) => candidates(r, p).length > 0));
    if (last === undefined || expected.length === 0) return skip('the ascending listing without a window gave no requests created before its last second with a status the filter takes and a value for every catalogue field (requestType, chains, symbols)');
    const group: Record<string, Array<string | number>> = {};
    for (const p of CATALOGUE) group[p] = [...new Set(expected.flatMap((r) => candidates(r, p)))];
    const filters = JSON.stringify([group]);
    const window = { startTimestamp: createdSec(expected[0]!)! - 1, endTimestamp: last };
    const page = await fetchPage(ctx, { ...window, filters, sortDirection: 'asc', limit: PAGE }, `the oldest page's ${expected.length} requests, filtered by the catalogue values they hold`);
    const listed = new Set(idsOf(page.records));
    const missing = expected.filter((r) => !listed.has(recordId(r)!));
    if (missing.length === 0) return pass(`the ${expected.length} oldest requests listed by filters=${filters.length > 160 ? `${filters.slice(0, 160)}…` : filters} (ascending, in [${window.startTimestamp}, ${window.endTimestamp}])`);
    // The data may have moved since the oldest page was read: a missing request counts only if it
    // still holds values the filter names.
    const still: string[] = [];
    let moved = 0;
    for (const r of missing.slice(0, REREAD)) {
      const id = recordId(r)!;
      const again = await fetchPage(ctx, { id, limit: 1 }, `request ${id}, read again`);
      const now = again.records.find((x) => recordId(x) === id);
      if (now && CATALOGUE.every((p) => group[p]!.some((v) => matchesSound(now, p, v)))) still.push(id);
      else moved += 1;
    }
    if (still.length > 0) {
      violate(
        `Every request an equality filter matches is listed, the oldest included (an array is OR within its key): ${still.length} of the ${expected.length} oldest requests still hold values that filters=${filters} names, yet are not listed`,
        `the ${expected.length} requests created before ${last} (s) among the first matches ascending in [${window.startTimestamp}, ${window.endTimestamp}]`,
        `${page.records.length} requests${page.continuation !== undefined ? ' and a continuation' : ''}; missing ${sample(still)}`,
        page.exchange,
      );
    }
    return pass(`${expected.length - missing.length} of the ${expected.length} oldest requests listed by their catalogue values; ${moved} missing one(s) read again changed values meanwhile, not judged${missing.length > REREAD ? ` (${missing.length - REREAD} more not read again)` : ''}`);
  },
};

/** The checks of the oldest requests, in run order. */
export const checks: CheckDefinition[] = withFamilies([notOldest, oldestListed]);
