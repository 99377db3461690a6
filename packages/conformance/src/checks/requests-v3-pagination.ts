/**
 * GET /requests/v3: continuation walks end, name their cursor `continuation`, and neither repeat
 * nor skip records (API document, GET /requests/v3 rules 1-5; live facts §1.3). Every walk is
 * bounded to a part of the discovery window and capped in pages.
 */
import fc from 'fast-check';
import { withFamilies } from '../contract/family.js';
import { enumExamples } from '../engine/boundaries.js';
import { brief, ensure, violate } from '../contract/expect.js';
import type { CheckContext, CheckDefinition, CheckSpec } from '../contract/types.js';
import { V3, fetchPage, pageAt, sharedWalk, walk, type Query, type Walk } from './support/listing.js';
import { idsOf, sample } from '../contract/record.js';
import { SORT_BY, orderDifference, type Direction, type SortBy } from '../contract/order.js';
import { fromProperty, isObject } from '../contract/outcome.js';
import { PAIR_WINDOW_SIZE, countInWindow, describeSort, skipNoData, smallWindow, sortQuery } from './support/paging.js';
import { MAX_LIMIT } from '../contract/limits.js';
import { cursorStable as cursorStableOracle, PAGING_IDS, terminates as terminatesOracle } from '../oracles/requests-v3-paging.js';
import { ruleOf } from '../oracles/rules.js';

/** The walk `terminates` judges: the first walk pair's walk at limit 2, shared with no-gaps and no-duplicates. */
const TERMINATES_LIMIT = 2;
/** Pages of 50 a walk pair's reference walk may take (the sub-window holds about 16 records). */
const LARGE_PAGES = 6;

const paginationTerminates: CheckSpec = {
  ...ruleOf(terminatesOracle.id),
  requires: ['apiKey'],
  async run(ctx) {
    const q = smallWindow(ctx, PAIR_WINDOW_SIZE);
    if (!q) return skipNoData('records');
    const large = await sharedWalk(ctx, { ...q, ...sortQuery('createdAt', undefined), limit: MAX_LIMIT }, { maxPages: LARGE_PAGES });
    const n = countInWindow(ctx, q);
    // A walk stopped at a cursor handed back twice: the terminates oracle fails this check on that page.
    if (large.repeated) return { status: 'pass' };
    ensure(
      large.complete || n > MAX_LIMIT * (LARGE_PAGES - 1),
      `The walk must end: ${n} records at limit=${MAX_LIMIT} need about ${Math.ceil(n / MAX_LIMIT)} pages`,
      `a page without a cursor within ${LARGE_PAGES} pages`,
      `${large.pages.length} pages (${large.records.length} records), the last still hands back a cursor`,
      large.pages[large.pages.length - 1]!.exchange,
    );
    const pair = await walkPair(ctx, q, TERMINATES_LIMIT, 'createdAt', undefined);
    if (!pair) return { status: 'skip', reason: `the window could not be walked within ${LARGE_PAGES} pages of ${MAX_LIMIT}` };
    const w = pair.small;
    if (w.repeated) return { status: 'pass' };
    const last = w.pages[w.pages.length - 1]!;
    ensure(
      w.complete,
      `The walk must end: ${n} records at limit=${pair.limit} need about ${Math.ceil(n / pair.limit)} pages`,
      `a page without a cursor within ${Math.ceil(pair.large.records.length / pair.limit) + 3} pages`,
      `${w.pages.length} pages (${w.records.length} records), the last still hands back a cursor`,
      last.exchange,
    );
    if (n > pair.limit && w.pages.length < 2) {
      return { status: 'skip', reason: `the walk of ${n} records at limit=${pair.limit} took one page: continuation not exercised` };
    }
    return { status: 'pass', note: `${w.pages.length} pages` };
  },
};

/**
 * The same continuation, passed back twice, yields the same next page (rule 4: passing the value
 * back yields *the* next page). Measured on the default order (createdAt desc) of a part of the
 * discovery window, which ends in the past: live status changes move no record there, so the two
 * reads must agree. Not a `relation` read twice by the engine: a cursor that changes meaning on
 * every later read would then look like unstable data.
 */
const cursorStable: CheckSpec = {
  ...ruleOf(cursorStableOracle.id),
  requires: ['apiKey'],
  async run(ctx) {
    const q = cursorWindow(ctx);
    if (!q || countInWindow(ctx, q) < 4) return skipNoData('four records');
    const query = { ...q, limit: 2 };
    const first = await fetchPage(ctx, query, 'the first page');
    if (first.continuation === undefined) return { status: 'skip', reason: 'the first page of 2 records handed back no cursor: continuation not exercised' };
    // The same cursor read twice: whether both reads give one page is the oracle's rule
    // (oracles/requests-v3-paging.ts cursorStable), which judges these two exchanges as it judges
    // every re-read of a cursor in the run, the window here being one that cannot change.
    await fetchPage(ctx, { ...query, continuation: first.continuation }, 'the page after the cursor');
    await fetchPage(ctx, { ...query, continuation: first.continuation }, 'the page after the same cursor, read again');
    return { status: 'pass' };
  },
};

/**
 * The window of cursor-stable: about ten discovery records from the 26th on, so that its cursor is
 * read by no other check first (the walks of the other checks start at the newest record, and a
 * server may answer a cursor's first and later reads differently, which is what the check is
 * about); the newest records when the window holds fewer.
 */
function cursorWindow(ctx: CheckContext): Query | undefined {
  return smallWindow(ctx, 10, ctx.discovery.records.length >= CURSOR_ANCHOR + 10 ? CURSOR_ANCHOR : 0);
}
const CURSOR_ANCHOR = 25;

const continuationField: CheckSpec = {
  id: 'requests-v3.pagination.continuation-field',
  title: 'The next cursor is the top-level string `continuation`, absent or null on the last page',
  clauses: ['requests-v3.pagination.continuation-field'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    if (ctx.discovery.records.length < 2) return skipNoData('two records');
    const q = smallWindow(ctx, 10)!;
    const first = await fetchPage(ctx, { ...q, limit: 1 });
    const body = first.exchange.response!.json;
    ensure(
      isObject(body) && typeof body.continuation === 'string' && body.continuation !== '',
      'A page followed by more records should carry the cursor in the top-level string field `continuation`',
      '"continuation": "<cursor>"',
      `${first.continuationField ? `cursor in \`${first.continuationField}\`` : 'no cursor'}: ${brief(body)}`,
      first.exchange,
    );
    const w = await walk(ctx, { ...q, limit: MAX_LIMIT }, { maxPages: 4 });
    const last = w.pages[w.pages.length - 1]!;
    const lastBody = last.exchange.response!.json;
    const value = isObject(lastBody) ? lastBody.continuation : undefined;
    ensure(
      value === undefined || value === null,
      'The last page should have no `continuation` (absent or null)',
      'no continuation',
      `continuation = ${brief(value)}`,
      last.exchange,
    );
    return { status: 'pass' };
  },
};

interface WalkPair {
  sortBy: SortBy;
  direction: Direction | undefined;
  small: Walk;
  large: Walk;
  limit: number;
}

/**
 * The walk of a window at a small limit beside the walk at limit 50, for the same order. Both are
 * shared reads (shared-reads.ts): no-duplicates, no-gaps and terminates judge the same walks.
 */
async function walkPair(ctx: CheckContext, q: Query, limit: number, sortBy: SortBy, direction: Direction | undefined): Promise<WalkPair | undefined> {
  const sq = { ...q, ...sortQuery(sortBy, direction) };
  const large = await sharedWalk(ctx, { ...sq, limit: MAX_LIMIT }, { maxPages: LARGE_PAGES });
  if (!large.complete) return undefined;
  const effective = Math.max(limit, Math.ceil(large.records.length / 25));
  const small = await sharedWalk(ctx, { ...sq, limit: effective }, { maxPages: Math.ceil(large.records.length / effective) + 3 });
  return { sortBy, direction, small, large, limit: effective };
}

const pairArb = fc.record({
  limit: fc.integer({ min: 2, max: 12 }),
  sortBy: fc.constantFrom(...SORT_BY),
  direction: fc.constantFrom<Direction | undefined>(undefined, 'asc', 'desc'),
});

/** Property over (limit, sortBy, direction) comparing the two walks with `compare`. */
function walkComparison(
  about: { id: string; title: string; clauses: string[]; operation: string },
  compare: (p: WalkPair) => void,
): CheckSpec {
  return {
    ...about,
    requires: ['apiKey'],
    relation: true,
    async run(ctx) {
      const q = smallWindow(ctx, PAIR_WINDOW_SIZE);
      if (!q || countInWindow(ctx, q) < 3) return skipNoData('three records');
      let compared = 0;
      const examples = enumExamples({ limit: 2, sortBy: 'createdAt' as SortBy, direction: undefined as Direction | undefined }, { sortBy: SORT_BY, direction: [undefined, 'asc', 'desc'], limit: [TERMINATES_LIMIT, 4, 3] });
      // The examples' walks are shared reads (one per run): asked all at once up front, so their
      // cursor chains overlap instead of following one another (a cursor walk is a chain
      // of round trips); the property then reads them from the memo, in its own order, with the
      // same answers and the same requests.
      if (ctx.shared) void Promise.allSettled(examples.map((e) => walkPair(ctx, q, e.limit, e.sortBy, e.direction)));
      const outcome = await ctx.property(
        pairArb,
        async ({ limit, sortBy, direction }) => {
          const pair = await walkPair(ctx, q, limit, sortBy, direction);
          if (!pair) return;
          compared++;
          compare(pair);
        },
        // Every sortBy and every direction first (each value once), then random combinations.
        // One seed for both walk comparisons (property.ts seedKey): they judge the same shared walks.
        { seedKey: 'requests-v3.pagination.walk-pairs', numRuns: Math.min(ctx.config.numRuns, 2), examples },
      );
      if (outcome.ok && compared === 0) return { status: 'skip', reason: 'the window could not be walked within 6 pages of 50' };
      return fromProperty(outcome);
    },
  };
}

/**
 * Sends the walk pairs; a record twice on a page or along a walk is the oracle's rule
 * (oracles/requests-v3-paging.ts noDuplicates), which judges every page of these walks where the
 * window could not change.
 */
const noDuplicates = walkComparison(ruleOf(PAGING_IDS.paginationNoDuplicates), () => undefined);

const noGaps = walkComparison(
  { id: 'requests-v3.pagination.no-gaps', title: 'Walking at a small limit returns the same records, in the same order, as walking at limit 50', clauses: ['requests-v3.pagination.no-gaps'], operation: V3 },
  (p) => {
    const smallIds = new Set(idsOf(p.small.records));
    const largeIds = idsOf(p.large.records);
    const missing = largeIds.filter((id) => !smallIds.has(id));
    if (missing.length > 0) {
      violate(
        `Walking at limit=${p.limit} (${describeSort(p.sortBy, p.direction)}) skipped records that limit=${MAX_LIMIT} returns`,
        `${largeIds.length} records including ${sample(missing, 3)}`,
        `${p.small.records.length} records over ${p.small.pages.length} pages, missing ${sample(missing)}`,
        p.small.pages[p.small.pages.length - 1]!.exchange,
      );
    }
    const diff = orderDifference(p.large.records, p.small.records, p.sortBy);
    if (diff) {
      violate(
        `Walking at limit=${p.limit} (${describeSort(p.sortBy, p.direction)}) must give the order of limit=${MAX_LIMIT}`,
        diff.expected,
        diff.received,
        pageAt(p.small, diff.index).page.exchange,
      );
    }
  },
);

/** The pagination checks, in run order. */
export const checks: CheckDefinition[] = withFamilies([paginationTerminates, cursorStable, continuationField, noDuplicates, noGaps]);
