/**
 * GET /requests/v3: sortBy/sortDirection, their defaults and the order within and across pages
 * (API document, GET /requests/v3 rules 1-5; live facts §1.3). Walks stay in the discovery window.
 */
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, CheckSpec } from '../contract/types.js';
import { pageAt, sharedWalk, windowQuery, type Query, type Walk } from './support/listing.js';
import { createdAtMs, recordStatus, updatedAtMs } from '../contract/record.js';
import {
  SORT_BY,
  defaultDirection,
  distinctKeys,
  firstOrderBreak,
  orderDifference,
  showKey,
  type Direction,
  type SortBy,
} from '../contract/order.js';
import { describeSort, skipNoData, sortQuery } from './support/paging.js';
import { MAX_LIMIT } from '../contract/limits.js';
import { PAGING_IDS } from '../oracles/requests-v3-paging.js';
import { ruleOf } from '../oracles/rules.js';

/** Throws when the walked records break the order, naming the page that shows it. */
function ensureOrdered(w: Walk, sortBy: SortBy, direction: Direction, what: string): void {
  const broken = firstOrderBreak(w.records, sortBy, direction);
  if (!broken) return;
  const { page, offset } = pageAt(w, broken.index);
  const across = broken.index === offset && offset > 0 ? ' (across a page boundary)' : '';
  violate(
    `${what}: records must come by ${sortBy} ${direction === 'desc' ? 'descending' : 'ascending'}${across}`,
    `${sortBy} ${direction === 'desc' ? '<=' : '>='} ${showKey(broken.previous.key, sortBy)} after id ${broken.previous.id}`,
    `id ${broken.next.id} at position ${broken.index} with ${sortBy} ${showKey(broken.next.key, sortBy)}`,
    page.exchange,
  );
}

/**
 * The first 100 records of a window in one order: two pages of 50 (one page boundary to cross), a
 * shared read (shared-reads.ts), since the default-direction checks and explicit-direction walk the
 * same orders.
 */
function walkSorted(ctx: CheckContext, q: Query, sortBy: SortBy | undefined, direction: Direction | undefined): Promise<Walk> {
  return sharedWalk(ctx, { ...q, ...sortQuery(sortBy, direction), limit: MAX_LIMIT }, { maxPages: 2 });
}

/** Statuses a request never leaves: a request in one of them keeps its updatedAt. */
const SETTLED: ReadonlySet<string> = new Set(['success', 'failure', 'refund']);

/**
 * Discovered requests created and last updated inside the window `q`, settled: whether the window
 * is read against createdAt or, under `sortBy=updatedAt`, against updatedAt (the live service's
 * reading; the document does not say), the listing holds them, now and later.
 */
function settledInside(ctx: CheckContext, q: Query): number {
  const inside = (ms: number | undefined): boolean => ms !== undefined && Math.floor(ms / 1000) >= Number(q.startTimestamp) && Math.floor(ms / 1000) <= Number(q.endTimestamp);
  return ctx.discovery.records.filter((r) => SETTLED.has(recordStatus(r) ?? '') && inside(createdAtMs(r)) && inside(updatedAtMs(r))).length;
}

/** Walks a window in one order and checks it is monotone, and not empty where the window must list requests; returns the walk. */
async function walkOrdered(ctx: CheckContext, q: Query, sortBy: SortBy | undefined, direction: Direction | undefined): Promise<Walk> {
  const by = sortBy ?? 'createdAt';
  const dir = direction ?? defaultDirection(by);
  const w = await walkSorted(ctx, q, sortBy, direction);
  const held = w.records.length === 0 ? settledInside(ctx, q) : 0;
  if (held > 0) {
    violate(
      `${describeSort(sortBy, direction)} in the discovery window must list its requests: ${held} discovered requests were created and last updated inside the window and are settled (success, failure, refund), so they match it whichever timestamp the window is read against`,
      `a page holding requests (at least ${held})`,
      'no records',
      w.pages[0]!.exchange,
    );
  }
  ensureOrdered(w, by, dir, describeSort(sortBy, direction));
  return w;
}

/** Skip reason when the window cannot show an order for `sortBy`. */
function orderObservable(ctx: CheckContext, sortBy: SortBy): string | undefined {
  if (distinctKeys(ctx.discovery.records, sortBy) < 2) return `the discovery window holds fewer than two distinct ${sortBy} values`;
  return undefined;
}

const sortDefault: CheckSpec = {
  ...ruleOf(PAGING_IDS.sortDefault),
  relation: true,
  requires: ['apiKey'],
  async run(ctx) {
    const why = orderObservable(ctx, 'createdAt');
    if (why) return { status: 'skip', reason: why };
    await walkOrdered(ctx, windowQuery(ctx), undefined, undefined);
    return { status: 'pass' };
  },
};

/** Default direction of a sortBy: monotone, and the same order as the explicit direction. */
function defaultDirectionCheck(id: string, sortBy: SortBy): CheckSpec {
  return {
    ...ruleOf(id),
    relation: true,
    requires: ['apiKey'],
    async run(ctx) {
      const why = orderObservable(ctx, sortBy);
      if (why) return { status: 'skip', reason: why };
      const q = windowQuery(ctx);
      const implicit = await walkOrdered(ctx, q, sortBy, undefined);
      const explicit = await walkSorted(ctx, q, sortBy, defaultDirection(sortBy));
      const n = Math.min(implicit.records.length, explicit.records.length);
      const diff = orderDifference(explicit.records.slice(0, n), implicit.records.slice(0, n), sortBy);
      if (diff) {
        violate(
          `sortBy=${sortBy} without sortDirection must give the same order as sortDirection=${defaultDirection(sortBy)}`,
          diff.expected,
          diff.received,
          implicit.pages[0]!.exchange,
        );
      }
      return { status: 'pass' };
    },
  };
}

const sortExplicit: CheckSpec = {
  ...ruleOf(PAGING_IDS.sortExplicitDirection),
  relation: true,
  requires: ['apiKey'],
  async run(ctx) {
    if (ctx.discovery.records.length < 2) return skipNoData('two records');
    const q = windowQuery(ctx);
    const observed: string[] = [];
    for (const sortBy of SORT_BY) {
      for (const direction of ['asc', 'desc'] as const) {
        const w = await walkOrdered(ctx, q, sortBy, direction);
        if (distinctKeys(w.records, sortBy) >= 2) observed.push(`${sortBy} ${direction}`);
      }
    }
    if (observed.length === 0) return { status: 'skip', reason: 'no walked page held two distinct sort keys' };
    return { status: 'pass', note: `order observed for ${observed.join(', ')}` };
  },
};

/** The sort checks, in run order. */
export const checks: CheckDefinition[] = withFamilies([
  sortDefault,
  defaultDirectionCheck(PAGING_IDS.sortUpdatedAtDefaultDesc, 'updatedAt'),
  defaultDirectionCheck(PAGING_IDS.sortAmountUsdDefaultAsc, 'amountUsd'),
  sortExplicit,
]);
