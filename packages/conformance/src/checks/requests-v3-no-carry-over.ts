/**
 * No state carried from one request to the next (API document, GET /requests/v3 rule 7: groups are
 * OR-ed, fields inside a group AND-ed; rule 5: `total` is the exact count of the query's matches).
 * A query's answer depends on the query, never on what was asked before it: a server that reuses a
 * working set (a scratch index of the previous query) answers a query that leaves it unfilled with
 * the previous query's matches. A narrow query (few matches) comes first; right after it, two
 * queries that fill no working set of their own, both bounded to the discovery window (past
 * requests, whatever their status: neither selects by status):
 * - `filters=[]`, an array with no group: it selects nothing, or leaves the window unfiltered,
 *   whichever a server reads; never the narrow query's matches. A 4xx is allowed (the document
 *   shows no empty array).
 * - `filters=[{},{…}]`, an empty group beside the narrow one: an AND of no fields matches every
 *   request, so it counts the whole window (requests-v3-empty-group.ts); a server whose empty group
 *   keeps the working set counts the narrow query's matches. A 4xx is allowed (the document shows
 *   no empty group): the check then skips.
 * Runs alone, so that no other check's request comes in between: at the end of the run, among the
 * checks that already run one at a time (checks/index.ts, RUN_ORDER). Three requests, one after
 * the other: the window's total is a read most checks share.
 */
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, CheckSpec } from '../contract/types.js';
import { stableEqualityOf } from './requests-v3-unwindowed-totals.js';
import { V3, fetchPage, parsePage, sendV3, sharedTotal, windowQuery, type Page } from './support/listing.js';
import { pass, skip, statusLine } from '../contract/outcome.js';
import { judgeEmptyGroupIsAll } from './requests-v3-empty-group.js';

const noCarryOver: CheckSpec = {
  id: 'requests-v3.filters.no-carry-over',
  title: 'Right after a narrow query, filters=[] counts the whole window or nothing and [{},{…}] (an empty group beside the narrow one) the whole window: no state is carried between requests',
  clauses: ['requests-v3.filters.groups-or', 'requests-v3.total.exact'],
  operation: V3,
  requires: ['apiKey'],
  relation: true,
  // Alone: the request just before each read of the query is the one the check sent.
  exclusive: true,
  async run(ctx) {
    const picked = ctx.discovery.records.map(stableEqualityOf).find((e) => e !== undefined);
    if (!picked) return skip('no discovered request carries two of requestType, originChainId, destinationChainId, currencyInSymbol to filter by');
    const window = windowQuery(ctx);
    const narrow = JSON.stringify([picked.query]);
    const asked = JSON.stringify([{}, picked.query]);
    const narrowPage = await fetchPage(ctx, { ...window, filters: narrow, limit: 1, includeTotal: true }, `filters=${narrow}`);
    const judgeNoGroups = await askNoGroups(ctx, window, { filters: narrow, page: narrowPage });
    const probe = await sendV3(ctx, { ...window, filters: asked, limit: 1, includeTotal: true });
    const noGroups = await judgeNoGroups();
    const refused = probe.response?.status;
    if (refused !== undefined && refused >= 400 && refused < 500) return skip(`filters with an empty group was refused (${statusLine(probe)}): the document shows no empty group, a refusal is allowed (${noGroups})`);
    const second = parsePage(probe, `filters=${asked}, after filters=${narrow} and filters=${NO_GROUPS}`, ctx.discovery.cursorField);
    const all = await sharedTotal(ctx, window);
    if (second.total !== all.total && second.total === narrowPage.total) {
      violate(
        `The answer to a query must not depend on the query asked before it: filters=${asked} in the discovery window counted what filters=${narrow}, asked just before it, counts (an empty group that keeps the previous query's working set, or matches nothing), not the whole window`,
        `total ${String(all.total)} (the window without filters: an empty group matches every request)`,
        `total ${String(second.total)} (the count of filters=${narrow})`,
        second.exchange,
      );
    }
    const isAll = await judgeEmptyGroupIsAll(ctx, asked, second);
    return pass(`filters=${asked} right after filters=${narrow} (total ${String(narrowPage.total)})${isAll}; ${noGroups}`);
  },
};

/**
 * `filters=[]` asked right after the narrow query (rule 7: groups are OR-ed; rule 5: `total` is the
 * exact count of the query's matches): with no group it selects nothing, or leaves the window
 * unfiltered, whichever a server reads; never the narrow query's matches. A 4xx is allowed (the
 * document shows no empty array). Judged once the check's other reads are over (the window's total
 * may cost a request, which must not come between the narrow query and the one after it); what it
 * answered, for the pass message.
 */
async function askNoGroups(ctx: CheckContext, window: ReturnType<typeof windowQuery>, narrow: { filters: string; page: Page }): Promise<() => Promise<string>> {
  const probe = await sendV3(ctx, { ...window, filters: NO_GROUPS, limit: 1, includeTotal: true });
  const status = probe.response?.status;
  if (status !== undefined && status >= 400 && status < 500) return () => Promise.resolve(`filters=${NO_GROUPS} refused (${statusLine(probe)})`);
  const page = parsePage(probe, `filters=${NO_GROUPS}, after filters=${narrow.filters}`, ctx.discovery.cursorField);
  return async () => {
    const all = await sharedTotal(ctx, window);
    if (page.total !== 0 && page.total !== all.total) {
      violate(
        `filters=${NO_GROUPS} has no group: it must count the whole window (nothing filtered) or nothing (an OR of no groups), never what the query before it matched; asked right after filters=${narrow.filters} (total ${String(narrow.page.total)})`,
        `total ${String(all.total)} (the window without filters) or 0`,
        `total ${String(page.total)}${page.total === narrow.page.total ? ' (the count of the query before it)' : ''}`,
        page.exchange,
      );
    }
    return `filters=${NO_GROUPS} counts ${String(page.total)} after a narrow query`;
  };
}

/** The `filters` value with no group. */
const NO_GROUPS = '[]';

/** The checks of state between requests, in run order. */
export const checks: CheckDefinition[] = withFamilies([noCarryOver]);
