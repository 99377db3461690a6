/**
 * GET /requests/v3: `total` is the exact count and is sent only with includeTotal=true (API
 * document, GET /requests/v3 rules 1-5; live facts §1.3).
 */
import { allInOrder } from '../engine/concurrent.js';
import { withFamilies } from '../contract/family.js';
import { brief, ensure } from '../contract/expect.js';
import type { CheckDefinition, CheckSpec, Exchange } from '../contract/types.js';
import { unaskedTotalProblem, totalOnlyWhenRequested as totalOnlyWhenRequestedOracle, totalExact as totalExactOracle } from '../oracles/requests-v3-total.js';
import { fetchPage, total, walk, windowQuery, type Query } from './support/listing.js';
import { FILTERABLE_STATUSES } from '../contract/record.js';
import { skipNoData, smallWindow } from './support/paging.js';
import { MAX_LIMIT } from '../contract/limits.js';
import { skip } from '../contract/outcome.js';
import { ruleOf } from '../oracles/rules.js';

/**
 * with a pagination fault (`v3-page-gap`) the walk the total is compared with skipped a
 * record, and this check blamed a correct total. The query is walked again at another limit (other
 * page boundaries); when the two walks disagree on the count, the walks are not a measure of the
 * count: the verdict is withheld with the reason, and the pagination checks
 * (requests-v3.pagination.no-gaps) report the fault. Walks that agree leave the total judged.
 * Returns the reason, or undefined when the walks agree (or the second did not end).
 */
async function walkSkips(ctx: Parameters<CheckDefinition['run']>[0], query: Query, count: number, pages: number): Promise<string | undefined> {
  if (count === 0 && pages <= 1) return undefined;
  const limit = count > 40 ? 20 : 7;
  const again = await walk(ctx, { ...query, limit }, { maxPages: Math.min(60, Math.ceil((count + 2) / limit) + 2) });
  if (!again.complete || again.records.length === count) return undefined;
  return `the walks of ${brief(query)} at limit ${MAX_LIMIT} and ${limit} returned ${count} and ${again.records.length} records: pagination skips or repeats records (requests-v3.pagination.no-gaps reports it), so total is not judged against a walk`;
}

const totalExact: CheckSpec = {
  ...ruleOf(totalExactOracle.id),
  requires: ['apiKey'],
  relation: true,
  async run(ctx) {
    const q = smallWindow(ctx);
    if (!q) return skipNoData('records');
    const statuses = [...new Set(ctx.discovery.values.statuses)].filter((s) => FILTERABLE_STATUSES.includes(s));
    const queries: Query[] = [q, ...(statuses.length > 0 ? [{ ...q, status: statuses[0] }] : [])];
    for (const query of queries) {
      const w = await walk(ctx, { ...query, limit: MAX_LIMIT }, { maxPages: 6 });
      if (!w.complete) continue;
      const count = w.records.length;

      // One message for every limit and page (the exchange names them), so a second read compares like with like.
      const check = (t: { total: number; page: { exchange: Exchange } }): void =>
        ensure(
          t.total === count,
          'total must be the exact count of matching requests, independent of limit and continuation',
          `total = ${count} (records walked for ${brief(query)})`,
          `total = ${t.total}`,
          t.page.exchange,
        );
      // Three independent totals at once, judged in a fixed order.
      const [one, max, first] = await allInOrder([1, MAX_LIMIT, 2].map((limit) => () => total(ctx, { ...query, limit })));
      if ([one, max, first].some((t) => t.total !== count)) {
        const unreliable = await walkSkips(ctx, query, count, w.pages.length);
        if (unreliable) return skip(unreliable);
      }
      check(one);
      check(max);
      check(first);
      if (first.page.continuation !== undefined) {
        check(await total(ctx, { ...query, limit: 2, continuation: first.page.continuation }));
      }
    }
    if (ctx.discovery.complete) {
      const all = await total(ctx, windowQuery(ctx));
      if (all.total !== ctx.discovery.records.length) {
        const unreliable = await walkSkips(ctx, windowQuery(ctx), ctx.discovery.records.length, 0);
        if (unreliable) return skip(unreliable);
      }
      ensure(
        all.total === ctx.discovery.records.length,
        'total of the discovery window must equal the number of records walked in it',
        `total = ${ctx.discovery.records.length}`,
        `total = ${all.total}`,
        all.page.exchange,
      );
    }
    return { status: 'pass' };
  },
};

const totalOnlyWhenRequested: CheckSpec = {
  ...ruleOf(totalOnlyWhenRequestedOracle.id),
  requires: ['apiKey'],
  async run(ctx) {
    const w = windowQuery(ctx);
    for (const extra of [{}, { includeTotal: false }] as Query[]) {
      const page = await fetchPage(ctx, { ...w, limit: 5, ...extra });
      const problem = unaskedTotalProblem({ present: page.hasTotal, value: page.total });
      ensure(problem === undefined, `total must be present only when includeTotal=true (${'includeTotal' in extra ? 'includeTotal=false' : 'no includeTotal'})`, 'no `total` field', problem ?? '', page.exchange);
    }
    return { status: 'pass' };
  },
};

/** The total checks, in run order. */
export const checks: CheckDefinition[] = withFamilies([totalExact, totalOnlyWhenRequested]);
