/**
 * Shared by the GET /requests/v3 paging families (limits, sort, pagination, total; API document,
 * GET /requests/v3 rules 1-5; live facts §1.3): the limits and bounded windows.
 */
import { createdOutside } from '../../oracles/ranges.js';
import type { CheckContext, CheckResult } from '../../contract/types.js';
import { createdSec, subWindow, windowQuery, type Query } from './listing.js';
import type { Direction, SortBy } from '../../contract/order.js';

/** Discovery records a walked sub-window holds at most (keeps a walk at a small limit to tens of pages). */
export const SUB_WINDOW_SIZE = 60;
/**
 * Discovery records of the sub-window the pagination walks compare (pages sized to what
 * the check needs): at limit 2 that is eight pages, enough page boundaries for a gap or a repeat to
 * show, at about a quarter of the requests of a 60-record window.
 */
export const PAIR_WINDOW_SIZE = 16;

/**
 * A part of the discovery window with about `size` records from the `anchor`-th on (the whole
 * window when it is smaller).
 */
export function smallWindow(ctx: CheckContext, size = SUB_WINDOW_SIZE, anchor = 0): Query | undefined {
  const records = ctx.discovery.records;
  if (records.length === 0) return undefined;
  if (anchor === 0 && records.length <= size && ctx.discovery.complete) return windowQuery(ctx);
  const w = subWindow(records, anchor, size);
  return w === undefined ? undefined : { startTimestamp: w.start, endTimestamp: w.end };
}

/** Discovery records whose creation second lies in an inclusive window query. */
export function countInWindow(ctx: CheckContext, q: Query): number {
  const start = Number(q.startTimestamp);
  const end = Number(q.endTimestamp);
  // Window membership is the range oracle's predicate (oracles/ranges.ts).
  return ctx.discovery.records.filter((r) => createdSec(r) !== undefined && !createdOutside(r, start, end)).length;
}

export function sortQuery(sortBy: SortBy | undefined, direction: Direction | undefined): Query {
  return { sortBy, sortDirection: direction };
}

export function describeSort(sortBy: SortBy | undefined, direction: Direction | undefined): string {
  return `${sortBy === undefined ? 'no sortBy' : `sortBy=${sortBy}`}, ${direction === undefined ? 'no sortDirection' : `sortDirection=${direction}`}`;
}


/** Skip outcome when the discovery window holds none of `what`. */
export const skipNoData = (what: string): CheckResult => ({ status: 'skip', reason: `the discovery window holds no ${what}` });
