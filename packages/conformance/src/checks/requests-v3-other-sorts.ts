/**
 * Filters under the other sorts (API document, GET /requests/v3: `sortBy` `createdAt`, `updatedAt`
 * or `amountUsd`, each filter applying whatever the sort; rules 4 and 5). A server may answer a
 * filter with few matches from another path than its createdAt walk (sorting the matches' ranks
 * rather than walking the order), which the kit's filter checks, asked on the default sort, never
 * reach. Here the stable equality filters of a discovered request (request type, chains, input
 * symbol: a set of few requests), without a time window so that no sort's window can leave the
 * request out, are asked under sortBy=updatedAt and amountUsd, each direction: a first page that
 * lists nothing and ends the walk beside a positive total fails (the predicate of
 * oracles/unwindowed.ts, which also judges such pages in passive traffic), and so does one that
 * holds every match its total counts on one page yet leaves out the discovered request (requests
 * are never removed and these fields never change).
 *
 * A range alone takes another path: the walk of the whole order, which amountUsd descending walks
 * against its direction, ending on the order's first request (the smallest amount). The three
 * smallest amounts are read (sortBy=amountUsd, ascending by default: rule 1), then
 * sortBy=amountUsd&sortDirection=desc&amountUsdMax=<the third> with includeTotal: a listing that
 * ends on its first page lists as many requests as its total counts (rule 5: the exact count,
 * independent of limit), the smaller two among them (two requests; amounts never change).
 */
import { violate } from '../contract/expect.js';
import { allInOrder } from '../engine/concurrent.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, CheckSpec } from '../contract/types.js';
import { emptyPageBesideTotal } from '../oracles/unwindowed.js';
import { stableEqualityOf } from './requests-v3-unwindowed-totals.js';
import { V3, fetchPage, holds, type Query } from './support/listing.js';
import { idsOf, sample } from '../contract/record.js';
import { pass, skip } from '../contract/outcome.js';
import { amountUsd, amountUsdCandidates, recordId } from '../contract/record.js';

const PAGE = 50;
/** The sorts other than createdAt, each direction (amountUsd's default first, ascending). */
const SORTS: ReadonlyArray<{ label: string; query: Query }> = [
  { label: 'sortBy=updatedAt', query: { sortBy: 'updatedAt' } },
  { label: 'sortBy=updatedAt&sortDirection=asc', query: { sortBy: 'updatedAt', sortDirection: 'asc' } },
  { label: 'sortBy=amountUsd', query: { sortBy: 'amountUsd' } },
  { label: 'sortBy=amountUsd&sortDirection=desc', query: { sortBy: 'amountUsd', sortDirection: 'desc' } },
];

const otherSorts: CheckSpec = {
  id: 'requests-v3.filter.other-sorts-listed',
  title: 'Sorted by updatedAt or amountUsd (each direction), a filter with few matches lists them, and amountUsd descending with a range of the smallest amounts reaches them: never an empty last page beside a positive total, never a whole listing without a request that matches',
  clauses: ['requests-v3.filter.completeness', 'requests-v3.total.exact'],
  operation: V3,
  requires: ['apiKey'],
  relation: true,
  async run(ctx) {
    const record = ctx.discovery.records.find((r) => stableEqualityOf(r) !== undefined && recordId(r) !== undefined);
    if (!record) return skip('no discovered request carries two of requestType, originChainId, destinationChainId, currencyInSymbol to filter by');
    const picked = stableEqualityOf(record)!;
    const id = recordId(record)!;
    const pages = await allInOrder(SORTS.map((s) => () => fetchPage(ctx, { ...picked.query, ...s.query, limit: PAGE, includeTotal: true }, `${picked.label}&${s.label} without a time window`)));
    const notes: string[] = [];
    for (const [i, page] of pages.entries()) {
      const sort = SORTS[i]!.label;
      const what = `${picked.label}, ${sort}, without a time window`;
      const empty = emptyPageBesideTotal(page!.records.length, page!.continuation !== undefined, page!.total);
      if (empty !== undefined) {
        violate(`${what}: a first page that lists nothing and ends the walk must not report a positive total (the filter applies under every sort; total is the exact count)`, 'the matching requests listed when total > 0', empty, page!.exchange);
      }
      // Sorted by amountUsd, a request without an amount in USD may sort nowhere: only one with an amount is owed.
      const owed = SORTS[i]!.query.sortBy !== 'amountUsd' || amountUsd(record) !== undefined;
      if (owed && page!.continuation === undefined && !holds(page!.records, id)) {
        violate(
          `${what}: a listing that ends on its first page must hold every request that matches, the discovered request ${id} among them (it matches these filters, whose values never change, and requests are never removed)`,
          `request ${id} among the ${page!.records.length} listed`,
          `${page!.records.length} requests (${sample(idsOf(page!.records))}), total ${String(page!.total)}, no continuation`,
          page!.exchange,
        );
      }
      notes.push(`${sort} ${page!.records.length}${page!.continuation === undefined ? '' : '+'}`);
    }
    return pass(`${picked.label}: ${notes.join(', ')}; ${await reverseWalkReachesSmallest(ctx)}`);
  },
};

/** The smallest amounts under sortBy=amountUsd&sortDirection=desc with a range alone (see the header); what it saw, for the pass message. */
async function reverseWalkReachesSmallest(ctx: CheckContext): Promise<string> {
  const smallest = await fetchPage(ctx, { sortBy: 'amountUsd', limit: SMALLEST }, `the ${SMALLEST} smallest amounts (sortBy=amountUsd, ascending by default)`);
  const amounts = smallest.records.map(amountUsd);
  const max = amounts[SMALLEST - 1];
  if (max === undefined || amounts.some((a) => a === undefined)) return `the reversed amountUsd walk not judged: the first page of sortBy=amountUsd did not give ${SMALLEST} amounts in USD`;
  const label = `sortBy=amountUsd&sortDirection=desc&amountUsdMax=${max}`;
  const page = await fetchPage(ctx, { sortBy: 'amountUsd', sortDirection: 'desc', amountUsdMax: max, limit: PAGE, includeTotal: true }, label);
  if (page.continuation !== undefined) return `${label}: more than one page (not judged)`;
  if (typeof page.total === 'number' && page.records.length !== page.total) {
    violate(
      `${label}: a listing that ends on its first page must list every request its total counts (total is the exact count of matching requests, independent of limit)`,
      `${String(page.total)} requests listed`,
      `${page.records.length} requests (${sample(idsOf(page.records))}), total ${String(page.total)}, no continuation`,
      page.exchange,
    );
  }
  // Owed whatever amount a server ranges (the actual or the quoted one): every amount the record reads is below the bound.
  const smaller = smallest.records.filter((r) => amountUsdCandidates(r).every((a) => a < max));
  const missing = smaller.find((r) => !holds(page.records, recordId(r) ?? ''));
  if (missing) {
    violate(
      `${label}: the requests whose amount in USD is below amountUsdMax must be listed (the range applies under every sort and direction); ${recordId(missing)} (amountUsd ${String(amountUsd(missing))}) is missing from a listing that ends on its first page`,
      `request ${String(recordId(missing))} among the ${page.records.length} listed`,
      `${page.records.length} requests (${sample(idsOf(page.records))}), total ${String(page.total)}, no continuation`,
      page.exchange,
    );
  }
  return `${label}: ${page.records.length} listed, total ${String(page.total)}`;
}

/** The smallest amounts the reversed amountUsd walk is judged on. */
const SMALLEST = 3;

/** The checks of filters under the other sorts, in run order. */
export const checks: CheckDefinition[] = withFamilies([otherSorts]);
