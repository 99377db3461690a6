/**
 * No state carried from one request to the next (API document, GET /requests/v3 rule 7: groups are
 * OR-ed, fields inside a group AND-ed; rule 5: `total` is the exact count of the query's matches).
 * A query's answer depends on the query, never on what was asked before it: a server that reuses a
 * working set (a scratch index of the previous query) for a group with no condition answers
 * `filters=[{},{…}]` from the last request's matches. The same query, bounded to the discovery
 * window (past requests, whatever their status, stay in it: an empty group never selects by
 * status), is asked after a broad query with groups and again after a narrow one; both answers
 * count the same. A server that refuses the empty group with a 4xx is not judged (the document
 * shows no empty group). Runs alone, so that no other check's request comes in between: at the end of
 * the run, among the checks that already run one at a time (checks/index.ts, RUN_ORDER).
 */
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckDefinition, CheckSpec } from '../contract/types.js';
import { stableEqualityOf } from './requests-v3-unwindowed-totals.js';
import { V3, fetchPage, parsePage, sendV3, windowQuery } from './support/listing.js';
import { FILTERABLE_STATUSES } from '../contract/record.js';
import { pass, skip, statusLine } from '../contract/outcome.js';
import { judgeEmptyGroupIsAll } from './requests-v3-empty-group.js';

const noCarryOver: CheckSpec = {
  id: 'requests-v3.filters.no-carry-over',
  title: 'The same filters query ([{},{…}], an empty group beside a narrow one) counts the same after a broad query and after a narrow one: no state is carried between requests',
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
    const broad = JSON.stringify([{ status: FILTERABLE_STATUSES }]);
    const asked = JSON.stringify([{}, picked.query]);
    const read = (filters: string, what: string) => fetchPage(ctx, { ...window, filters, limit: 1, includeTotal: true }, what);
    await read(broad, `filters=${broad}`);
    const probe = await sendV3(ctx, { ...window, filters: asked, limit: 1, includeTotal: true });
    const refused = probe.response?.status;
    if (refused !== undefined && refused >= 400 && refused < 500) return skip(`filters with an empty group was refused (${statusLine(probe)}): the document shows no empty group, a refusal is allowed`);
    const first = parsePage(probe, `filters=${asked}, after a broad query`, ctx.discovery.cursorField);
    await read(narrow, `filters=${narrow}`);
    const second = await read(asked, `filters=${asked}, after a narrow query`);
    if (second.total !== first.total) {
      violate(
        `The answer to a query must not depend on the query asked before it: filters=${asked} in the discovery window counted ${String(first.total)} after filters=${broad}, and ${String(second.total)} after filters=${narrow}`,
        `total ${String(first.total)} both times (the window holds past requests; an empty group does not select by status)`,
        `total ${String(second.total)}`,
        second.exchange,
      );
    }
    return pass(`filters=${asked}: total ${String(first.total)} after a broad query and after a narrow one${await judgeEmptyGroupIsAll(ctx, asked, second)}`);
  },
};

/** The checks of state between requests, in run order. */
export const checks: CheckDefinition[] = withFamilies([noCarryOver]);
