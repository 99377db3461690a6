/**
 * GET /requests/v3: limit, sorting, pagination and `total` (API document, GET /requests/v3 rules
 * 1-5; live facts §1.3). Every walk is bounded to (a part of) the discovery window so that live
 * traffic cannot move records under it, and capped in pages.
 */
import fc from 'fast-check';
import { brief, ensure, violate } from '../engine/expect.js';
import type { CheckContext, CheckDefinition, CheckResult, Exchange } from '../engine/types.js';
import {
  FILTERABLE_STATUSES,
  V3,
  createdSec,
  fetchPage,
  idsOf,
  parsePage,
  sample,
  sendV3,
  subWindow,
  total,
  walk,
  windowQuery,
  type Query,
  type Walk,
} from './support/listing.js';
import {
  SORT_BY,
  defaultDirection,
  distinctKeys,
  firstOrderBreak,
  orderDifference,
  showKey,
  type Direction,
  type SortBy,
} from './support/order.js';
import { fromProperty } from './support/outcome.js';
import type { RecordJson } from './support/record.js';

const FAMILY = 'requests-v3.paging';
const MAX_LIMIT = 50;
const DEFAULT_LIMIT = 20;
/** Discovery records a walked sub-window holds at most (keeps a walk at a small limit to tens of pages). */
const SUB_WINDOW_SIZE = 60;

/** A part of the discovery window with about `size` records (the whole window when it is smaller). */
function smallWindow(ctx: CheckContext, size = SUB_WINDOW_SIZE): Query | undefined {
  const records = ctx.discovery.records;
  if (records.length === 0) return undefined;
  if (records.length <= size && ctx.discovery.complete) return windowQuery(ctx);
  const w = subWindow(records, 0, size);
  return w === undefined ? undefined : { startTimestamp: w.start, endTimestamp: w.end };
}

/** Discovery records whose creation second lies in an inclusive window query. */
function countInWindow(ctx: CheckContext, q: Query): number {
  const start = Number(q.startTimestamp);
  const end = Number(q.endTimestamp);
  return ctx.discovery.records.filter((r) => {
    const s = createdSec(r);
    return s !== undefined && s >= start && s <= end;
  }).length;
}

function sortQuery(sortBy: SortBy | undefined, direction: Direction | undefined): Query {
  return { sortBy, sortDirection: direction };
}

function describeSort(sortBy: SortBy | undefined, direction: Direction | undefined): string {
  return `${sortBy === undefined ? 'no sortBy' : `sortBy=${sortBy}`}, ${direction === undefined ? 'no sortDirection' : `sortDirection=${direction}`}`;
}

/** Throws when the walked records break the order, naming the page that shows it. */
function ensureOrdered(w: Walk, sortBy: SortBy, direction: Direction, what: string): void {
  const broken = firstOrderBreak(w.records, sortBy, direction);
  if (!broken) return;
  let seen = 0;
  let page = w.pages[0]!;
  for (const p of w.pages) {
    if (broken.index < seen + p.records.length) {
      page = p;
      break;
    }
    seen += p.records.length;
  }
  const across = broken.index === seen && seen > 0 ? ' (across a page boundary)' : '';
  violate(
    `${what}: records must come by ${sortBy} ${direction === 'desc' ? 'descending' : 'ascending'}${across}`,
    `${sortBy} ${direction === 'desc' ? '<=' : '>='} ${showKey(broken.previous.key, sortBy)} after id ${broken.previous.id}`,
    `id ${broken.next.id} at position ${broken.index} with ${sortBy} ${showKey(broken.next.key, sortBy)}`,
    page.exchange,
  );
}

const skipNoData = (what: string): CheckResult => ({ status: 'skip', reason: `the discovery window holds no ${what}` });

const limitMax: CheckDefinition = {
  id: 'requests-v3.limit.max',
  family: FAMILY,
  title: 'A page holds at most min(limit, 50) records; a limit above 50 is capped or refused with a 4xx',
  clauses: ['requests-v3.limit.max'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    // Page size does not depend on live traffic, so the probe spans the whole data set.
    const probe = await fetchPage(ctx, { limit: MAX_LIMIT }, 'a listing with limit=50');
    if (probe.records.length < MAX_LIMIT && probe.continuation === undefined) {
      return { status: 'skip', reason: `the target holds ${probe.records.length} records, fewer than 51: a cap of 50 cannot be observed` };
    }
    const limits = fc.oneof(fc.constantFrom(51, 100, 1000), fc.integer({ min: 51, max: 100_000 }), fc.integer({ min: 1, max: MAX_LIMIT }));
    const outcome = await ctx.property(
      limits,
      async (limit) => {
        const ex = await sendV3(ctx, { limit });
        const status = ex.response?.status ?? 0;
        if (limit > MAX_LIMIT && status >= 400 && status < 500) return;
        ensure(
          status === 200,
          `limit=${limit} must be ${limit > MAX_LIMIT ? 'capped (200) or refused with a 4xx' : 'accepted'}`,
          limit > MAX_LIMIT ? '200 with at most 50 records, or a 4xx' : '200',
          `${status}: ${brief(ex.response?.bodyText)}`,
          ex,
        );
        const page = parsePage(ex);
        const bound = Math.min(limit, MAX_LIMIT);
        ensure(
          page.records.length <= bound,
          `A page must hold at most min(limit, 50) records`,
          `at most ${bound} records for limit=${limit}`,
          `${page.records.length} records`,
          ex,
        );
      },
      { numRuns: Math.min(ctx.config.numRuns, 12) },
    );
    return fromProperty(outcome);
  },
};

const limitDefault: CheckDefinition = {
  id: 'requests-v3.limit.default',
  family: FAMILY,
  title: 'Without limit, a page holds min(20, n) records (live default 20)',
  clauses: ['requests-v3.limit.default'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    if (ctx.discovery.records.length === 0) return skipNoData('records');
    const w = windowQuery(ctx);
    const full = await fetchPage(ctx, { ...w, limit: MAX_LIMIT });
    const dflt = await fetchPage(ctx, w, 'a listing without limit');
    const expected = Math.min(DEFAULT_LIMIT, full.records.length);
    ensure(
      dflt.records.length === expected,
      'Without limit a page must hold the default of 20 records (or all, when fewer match)',
      `${expected} records (window holds ${full.records.length}${full.continuation ? '+' : ''})`,
      `${dflt.records.length} records`,
      dflt.exchange,
    );
    return { status: 'pass' };
  },
};

/** Walks a window in one order and checks it is monotone; returns the walk. */
async function walkOrdered(ctx: CheckContext, q: Query, sortBy: SortBy | undefined, direction: Direction | undefined): Promise<Walk> {
  const by = sortBy ?? 'createdAt';
  const dir = direction ?? defaultDirection(by);
  const w = await walk(ctx, { ...q, ...sortQuery(sortBy, direction), limit: 25 }, { maxPages: 4 });
  ensureOrdered(w, by, dir, describeSort(sortBy, direction));
  return w;
}

/** Skip reason when the window cannot show an order for `sortBy`. */
function orderObservable(ctx: CheckContext, sortBy: SortBy): string | undefined {
  if (distinctKeys(ctx.discovery.records, sortBy) < 2) return `the discovery window holds fewer than two distinct ${sortBy} values`;
  return undefined;
}

const sortDefault: CheckDefinition = {
  id: 'requests-v3.sort.default',
  family: FAMILY,
  title: 'Without sortBy/sortDirection, records come by createdAt descending, within and across pages',
  clauses: ['requests-v3.sort.default'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    const why = orderObservable(ctx, 'createdAt');
    if (why) return { status: 'skip', reason: why };
    await walkOrdered(ctx, windowQuery(ctx), undefined, undefined);
    return { status: 'pass' };
  },
};

/** Default direction of a sortBy: monotone, and the same order as the explicit direction. */
function defaultDirectionCheck(id: string, sortBy: SortBy, title: string): CheckDefinition {
  return {
    id,
    family: FAMILY,
    title,
    clauses: [id],
    operation: V3,
    requires: ['apiKey'],
    async run(ctx) {
      const why = orderObservable(ctx, sortBy);
      if (why) return { status: 'skip', reason: why };
      const q = windowQuery(ctx);
      const implicit = await walkOrdered(ctx, q, sortBy, undefined);
      const explicit = await walk(ctx, { ...q, sortBy, sortDirection: defaultDirection(sortBy), limit: 25 }, { maxPages: 4 });
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

const sortExplicit: CheckDefinition = {
  id: 'requests-v3.sort.explicit-direction',
  family: FAMILY,
  title: 'Every sortBy (createdAt, updatedAt, amountUsd) is accepted, and asc/desc are honoured',
  clauses: ['requests-v3.sort.by-values', 'requests-v3.sort.explicit-direction'],
  operation: V3,
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

const paginationTerminates: CheckDefinition = {
  id: 'requests-v3.pagination.terminates',
  family: FAMILY,
  title: 'Following continuation ends within a bound and never hands back a cursor twice',
  clauses: ['requests-v3.pagination.continuation', 'requests-v3.pagination.no-repeated-cursor'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    const q = smallWindow(ctx);
    if (!q) return skipNoData('records');
    const n = countInWindow(ctx, q);
    const limit = Math.max(3, Math.ceil(n / 15));
    const bound = Math.ceil(n / limit) + 3;
    const w = await walk(ctx, { ...q, limit }, { maxPages: bound });
    const last = w.pages[w.pages.length - 1]!;
    ensure(
      w.complete,
      `The walk must end: ${n} records at limit=${limit} need about ${Math.ceil(n / limit)} pages`,
      `a page without a cursor within ${bound} pages`,
      `${w.pages.length} pages (${w.records.length} records), the last still hands back a cursor`,
      last.exchange,
    );
    if (n >= limit && w.pages.length < 2) {
      return { status: 'skip', reason: `the walk of ${n} records at limit=${limit} took one page: continuation not exercised` };
    }
    return { status: 'pass', note: `${w.pages.length} pages` };
  },
};

const continuationField: CheckDefinition = {
  id: 'requests-v3.pagination.continuation-field',
  family: FAMILY,
  title: 'The next cursor is the top-level string `continuation`, absent or null on the last page',
  clauses: ['requests-v3.pagination.continuation-field'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    if (ctx.discovery.records.length < 2) return skipNoData('two records');
    const q = smallWindow(ctx, 10)!;
    const first = await fetchPage(ctx, { ...q, limit: 1 });
    const body = first.exchange.response!.json as Record<string, unknown>;
    ensure(
      typeof body === 'object' && body !== null && typeof body.continuation === 'string' && body.continuation !== '',
      'A page followed by more records should carry the cursor in the top-level string field `continuation`',
      '"continuation": "<cursor>"',
      `${first.continuationField ? `cursor in \`${first.continuationField}\`` : 'no cursor'}: ${brief(body)}`,
      first.exchange,
    );
    const w = await walk(ctx, { ...q, limit: MAX_LIMIT }, { maxPages: 4 });
    const last = w.pages[w.pages.length - 1]!;
    const lastBody = last.exchange.response!.json as Record<string, unknown>;
    const value = typeof lastBody === 'object' && lastBody !== null ? lastBody.continuation : undefined;
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

/** The walk of a window at a small limit beside the walk at limit 50, for the same order. */
async function walkPair(ctx: CheckContext, q: Query, limit: number, sortBy: SortBy, direction: Direction | undefined): Promise<WalkPair | undefined> {
  const sq = { ...q, ...sortQuery(sortBy, direction) };
  const large = await walk(ctx, { ...sq, limit: MAX_LIMIT }, { maxPages: 6 });
  if (!large.complete) return undefined;
  const effective = Math.max(limit, Math.ceil(large.records.length / 25));
  const small = await walk(ctx, { ...sq, limit: effective }, { maxPages: Math.ceil(large.records.length / effective) + 3 });
  return { sortBy, direction, small, large, limit: effective };
}

const pairArb = fc.record({
  limit: fc.integer({ min: 2, max: 12 }),
  sortBy: fc.constantFrom(...SORT_BY),
  direction: fc.constantFrom<Direction | undefined>(undefined, 'asc', 'desc'),
});

/** Property over (limit, sortBy, direction) comparing the two walks with `compare`. */
function walkComparison(
  id: string,
  title: string,
  compare: (p: WalkPair) => void,
): CheckDefinition {
  return {
    id,
    family: FAMILY,
    title,
    clauses: [id],
    operation: V3,
    requires: ['apiKey'],
    async run(ctx) {
      const q = smallWindow(ctx);
      if (!q || countInWindow(ctx, q) < 3) return skipNoData('three records');
      let compared = 0;
      const outcome = await ctx.property(
        pairArb,
        async ({ limit, sortBy, direction }) => {
          const pair = await walkPair(ctx, q, limit, sortBy, direction);
          if (!pair) return;
          compared++;
          compare(pair);
        },
        { numRuns: Math.min(ctx.config.numRuns, 6) },
      );
      if (outcome.ok && compared === 0) return { status: 'skip', reason: 'the window could not be walked within 6 pages of 50' };
      return fromProperty(outcome);
    },
  };
}

function firstDuplicate(records: readonly RecordJson[]): { id: string; at: number } | undefined {
  const seen = new Set<string>();
  const ids = idsOf(records);
  for (let i = 0; i < ids.length; i++) {
    if (seen.has(ids[i]!)) return { id: ids[i]!, at: i };
    seen.add(ids[i]!);
  }
  return undefined;
}

function pageOfIndex(w: Walk, index: number): Walk['pages'][number] {
  let seen = 0;
  for (const p of w.pages) {
    if (index < seen + p.records.length) return p;
    seen += p.records.length;
  }
  return w.pages[w.pages.length - 1]!;
}

const noDuplicates = walkComparison(
  'requests-v3.pagination.no-duplicates',
  'Walking the pages of one query never returns a record twice',
  (p) => {
    for (const w of [p.small, p.large]) {
      const dup = firstDuplicate(w.records);
      if (dup) {
        violate(
          `Walking ${describeSort(p.sortBy, p.direction)} returned a record twice`,
          'each id once',
          `id ${dup.id} again at position ${dup.at} (page limit ${w === p.small ? p.limit : MAX_LIMIT})`,
          pageOfIndex(w, dup.at).exchange,
        );
      }
    }
  },
);

const noGaps = walkComparison(
  'requests-v3.pagination.no-gaps',
  'Walking at a small limit returns the same records, in the same order, as walking at limit 50',
  (p) => {
    const smallIds = new Set(idsOf(p.small.records));
    const largeIds = idsOf(p.large.records);
    const missing = largeIds.filter((id) => !smallIds.has(id));
    if (missing.length > 0) {
      violate(
        `Walking at limit=${p.limit} (${describeSort(p.sortBy, p.direction)}) skipped records that limit=50 returns`,
        `${largeIds.length} records including ${sample(missing, 3)}`,
        `${p.small.records.length} records over ${p.small.pages.length} pages, missing ${sample(missing)}`,
        p.small.pages[p.small.pages.length - 1]!.exchange,
      );
    }
    const diff = orderDifference(p.large.records, p.small.records, p.sortBy);
    if (diff) {
      violate(
        `Walking at limit=${p.limit} (${describeSort(p.sortBy, p.direction)}) must give the order of limit=50`,
        diff.expected,
        diff.received,
        pageOfIndex(p.small, diff.index).exchange,
      );
    }
  },
);

const totalExact: CheckDefinition = {
  id: 'requests-v3.total.exact',
  family: FAMILY,
  title: '`total` equals the walked count, whatever limit and continuation',
  clauses: ['requests-v3.total.exact'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    const q = smallWindow(ctx);
    if (!q) return skipNoData('records');
    const statuses = [...new Set(ctx.discovery.values.statuses)].filter((s) => FILTERABLE_STATUSES.includes(s));
    const queries: Query[] = [q, ...(statuses.length > 0 ? [{ ...q, status: statuses[0] }] : [])];
    for (const query of queries) {
      const w = await walk(ctx, { ...query, limit: MAX_LIMIT }, { maxPages: 6 });
      if (!w.complete) continue;
      const count = w.records.length;
      const check = (t: { total: number; page: { exchange: Exchange } }, how: string): void =>
        ensure(
          t.total === count,
          `total must be the exact count of matching requests, independent of limit and continuation (${how})`,
          `total = ${count} (records walked for ${brief(query)})`,
          `total = ${t.total}`,
          t.page.exchange,
        );
      check(await total(ctx, { ...query, limit: 1 }), 'limit=1');
      check(await total(ctx, { ...query, limit: MAX_LIMIT }), 'limit=50');
      const first = await total(ctx, { ...query, limit: 2 });
      check(first, 'limit=2');
      if (first.page.continuation !== undefined) {
        check(await total(ctx, { ...query, limit: 2, continuation: first.page.continuation }), 'second page, limit=2');
      }
    }
    if (ctx.discovery.complete) {
      const all = await total(ctx, windowQuery(ctx));
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

const totalOnlyWhenRequested: CheckDefinition = {
  id: 'requests-v3.total.only-when-requested',
  family: FAMILY,
  title: '`total` is absent without includeTotal and with includeTotal=false',
  clauses: ['requests-v3.total.only-when-requested'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    const w = windowQuery(ctx);
    for (const extra of [{}, { includeTotal: false }] as Query[]) {
      const page = await fetchPage(ctx, { ...w, limit: 5, ...extra });
      ensure(
        page.total === undefined || page.total === null,
        `total must be present only when includeTotal=true (${'includeTotal' in extra ? 'includeTotal=false' : 'no includeTotal'})`,
        'no `total` field',
        `total = ${brief(page.total)}`,
        page.exchange,
      );
    }
    return { status: 'pass' };
  },
};

export const checks: CheckDefinition[] = [
  limitMax,
  limitDefault,
  sortDefault,
  defaultDirectionCheck('requests-v3.sort.updated-at-default-desc', 'updatedAt', 'sortBy=updatedAt without direction: updatedAt descending'),
  defaultDirectionCheck('requests-v3.sort.amount-usd-default-asc', 'amountUsd', 'sortBy=amountUsd without direction: USD amount ascending'),
  sortExplicit,
  paginationTerminates,
  continuationField,
  noDuplicates,
  noGaps,
  totalExact,
  totalOnlyWhenRequested,
];
