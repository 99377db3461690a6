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
 */
import { violate } from '../contract/expect.js';
import { allInOrder } from '../engine/concurrent.js';
import { withFamilies } from '../contract/family.js';
import type { CheckDefinition, CheckSpec } from '../contract/types.js';
import { emptyPageBesideTotal } from '../oracles/unwindowed.js';
import { stableEqualityOf } from './requests-v3-unwindowed-totals.js';
import { V3, fetchPage, holds, type Query } from './support/listing.js';
import { idsOf, sample } from '../contract/record.js';
import { pass, skip } from '../contract/outcome.js';
import { amountUsd, recordId } from '../contract/record.js';

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
  title: 'Sorted by updatedAt or amountUsd (each direction), a filter with few matches lists them: never an empty last page beside a positive total, never a whole listing without a request that matches',
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
    return pass(`${picked.label}: ${notes.join(', ')}`);
  },
};

/** The checks of filters under the other sorts, in run order. */
export const checks: CheckDefinition[] = withFamilies([otherSorts]);
