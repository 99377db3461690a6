/**
 * GET /requests/v3 (document, Endpoints > GET /requests/v3): the keyed listing, its 43 parameters
 * parsed (query/v3-query.ts) and run on the store's indexes (query/engine.ts); records serialized
 * once and cached as UTF-8 (invalidated on store changes, off under the faults that change how
 * records are presented); the scale and repeat faults of `total` and continuations.
 */
import { requireKey } from '../auth.js';
import { scaleTotal, type FaultName } from '../faults.js';
import { runQuery } from '../query/engine.js';
import { toParams } from '../query/params.js';
import type { ListQuery } from '../query/query.js';
import { parseV3Query, V3_MAX_LIMIT } from '../query/v3-query.js';
import { wrapperExtrasJson } from '../variants/extra-fields.js';
import { ownedBy, presentV3 } from '../views/v3.js';
import type { Route, RouteContext } from './context.js';

/** Faults that change how records are presented: the serialized-record cache is off with them. */
const RECORD_FAULTS: readonly FaultName[] = ['v3-failreason-na', 'v3-missing-requesttype', 'v3-same-chain-destination', 'v3-amount-number', 'v3-authenticated-leak', 'v3-authenticated-withheld', 'v3-authenticated-withheld-first-key'];
/** Bytes of serialized records kept (about 12,000 records): the same at 3,000 or 10,000,000 records. */
const CACHE_MAX_BYTES = 32 * 1024 * 1024;
const OPEN_REQUESTS = Buffer.from('{"requests":[');
const COMMA = Buffer.from(',');

export function requestsV3Route(ctx: RouteContext): Route {
  const { store, faults, variants } = ctx;
  /** The scale faults of `total` (faults.ts), hooked into the query engine's count. */
  const totalFaults = scaleTotal(faults);
  /** Serialized v3 records as UTF-8 (invalidated on store changes): key = position * 2 + (authenticated ? 1 : 0). FIFO-evicted past CACHE_MAX_BYTES. */
  const jsonCache = RECORD_FAULTS.some((f) => faults.has(f)) ? null : new Map<number, Buffer>();
  let cachedBytes = 0;
  /** Fault v3-owner-read-stale-after-change: a change drops the plain view of a record, not its owner's authenticated one. */
  const keepOwnerViews = faults.has('v3-owner-read-stale-after-change');
  const uncache = (key: number): void => {
    const json = jsonCache!.get(key);
    if (json === undefined) return;
    cachedBytes -= json.length;
    jsonCache!.delete(key);
  };
  // Status changes and arrivals invalidate the serialized records they touch.
  store.onChange((change) => {
    if (!jsonCache) return;
    if (change.kind === 'all') {
      // Fault v3-arrivals-stale-cache: arrivals (every position moves) leave the serialized records in place.
      if (faults.has('v3-arrivals-stale-cache')) return;
      cachedBytes = 0;
      return jsonCache.clear();
    }
    for (const p of change.positions) {
      uncache(p * 2);
      if (!keepOwnerViews) uncache(p * 2 + 1);
    }
  });

  /** Fault v3-cursor-changes-meaning: true when this continuation was read before (the page then skips a record). */
  const cursorsRead = new Set<string>();
  function rereadCursor(cursor: string | null): boolean {
    if (!cursor) return false;
    if (cursorsRead.has(cursor)) return true;
    if (cursorsRead.size < 100_000) cursorsRead.add(cursor);
    return false;
  }

  /** Fault v3-total-stale-after-first-read: 0 on the first includeTotal answer of a query, 1 on its repeats. */
  const totalsAnswered = new Set<string>();
  function staleTotalOffset(params: URLSearchParams, integrator: string | null): number {
    if (!faults.has('v3-total-stale-after-first-read')) return 0;
    const key = JSON.stringify([integrator, [...params].filter(([k]) => k !== 'limit' && k !== 'continuation').sort()]);
    if (totalsAnswered.has(key)) return 1;
    if (totalsAnswered.size < 100_000) totalsAnswered.add(key);
    return 0;
  }

  /**
   * The faults of the listing without a time window (a client's first calls; the reference
   * server answers them from other indexes than its windowed queries).
   */
  function unwindowedFaults(page: { rows: unknown[]; continuation?: string; total?: number }, params: URLSearchParams, query: ListQuery): void {
    const limit = query.limit;
    if (params.has('startTimestamp') || params.has('endTimestamp')) return;
    if (page.total !== undefined && query.ranges.length === 0 && query.groups === null) {
      // Fault v3-unwindowed-equality-total-off: with only equality filters (no range, no features),
      // the total comes from a count that is 5% off (as another index's count would be).
      if (faults.has('v3-unwindowed-equality-total-off') && query.features === 0 && query.top.length > 0) page.total += Math.max(1, Math.round(page.total * 0.05));
      // Fault v3-unwindowed-features-total-ignored: with features and no range, the total is counted without features.
      if (faults.has('v3-unwindowed-features-total-ignored') && query.features !== 0) {
        page.total = runQuery(store, { ...query, features: 0, limit: 0, cursor: null, includeTotal: true }, { overlap: false, gap: false }).total ?? page.total;
      }
      // Fault v3-unwindowed-total-inflated: the plain listing (no filter at all) counts 7 requests more than it has.
      if (faults.has('v3-unwindowed-total-inflated') && query.features === 0 && query.top.length === 0) page.total += 7;
    }
    const first = !params.has('continuation');
    const sortBy = params.get('sortBy') ?? 'createdAt';
    if (faults.has('v3-unwindowed-empty-page') && first) {
      page.rows = [];
      delete page.continuation;
    }
    if (faults.has('v3-unwindowed-short-pages') && sortBy === 'createdAt' && !params.has('sortDirection') && page.continuation && page.rows.length === limit && limit > 1) page.rows = page.rows.slice(0, -1);
    if (faults.has('v3-unwindowed-asc-skips-earliest') && first && sortBy === 'createdAt' && params.get('sortDirection') === 'asc') page.rows = page.rows.slice(2);
    if (faults.has('v3-unwindowed-total-miscount') && page.total !== undefined && page.total > 0) page.total -= 1;
  }

  return (req, url) => {
    const key = requireKey(req.headers['x-api-key'], faults.has('v3-no-auth'));
    const integrator = key?.integrator ?? null;
    const { query, flags } = parseV3Query(toParams(ctx.listQuery(url, V3_MAX_LIMIT)), { integrator, faults });
    const reread = faults.has('v3-cursor-changes-meaning') && rereadCursor(url.searchParams.get('continuation'));
    const page = runQuery(store, query, { overlap: faults.has('v3-page-overlap'), gap: faults.has('v3-page-gap') || reread, repeatCursor: faults.has('v3-repeated-cursor'), otherSortsOr: faults.has('v3-filter-ignored-on-other-sorts'), fewMatchesBackwards: faults.has('v3-few-matches-empty-on-other-sorts'), ascStopsBeforeNewest: faults.has('v3-asc-filtered-misses-newest'), ascBlockEdge: faults.has('v3-asc-filtered-block-edge'), ascIgnoresFilters: faults.has('v3-asc-filter-ignored'), manyMatchesEmpty: faults.has('v3-many-matches-empty-on-other-sorts'), manyMatchesNeighbour: faults.has('v3-many-matches-neighbour-on-other-sorts'), countHigh: faults.has('v3-equality-total-high'), ascReadsPastNewest: faults.has('v3-asc-unwindowed-end-500'), firstCursorRefused: faults.has('v3-first-cursor-refused'), reverseLosesFirst: faults.has('v3-reverse-walk-loses-first'), total: totalFaults });
    unwindowedFaults(page, url.searchParams, query);
    // Fault v3-pages-empty: the page lists nothing, its continuation and total stay.
    if (faults.has('v3-pages-empty')) page.rows = [];
    const present = { includeAuthenticatedData: flags.includeAuthenticatedData, integrator, faults, variants };
    const parts: Buffer[] = [OPEN_REQUESTS];
    page.rows.forEach((r, i) => {
      if (i > 0) parts.push(COMMA);
      if (!jsonCache) {
        parts.push(Buffer.from(JSON.stringify(presentV3(store, r, present))));
        return;
      }
      const key = r.idx * 2 + (present.includeAuthenticatedData && ownedBy(r, integrator) ? 1 : 0);
      let json = jsonCache.get(key);
      if (json === undefined) {
        json = Buffer.from(JSON.stringify(presentV3(store, r, present)));
        while (cachedBytes + json.length > CACHE_MAX_BYTES && jsonCache.size > 0) uncache(jsonCache.keys().next().value!);
        jsonCache.set(key, json);
        cachedBytes += json.length;
      }
      parts.push(json);
    });
    let tail = ']';
    if (page.continuation) tail += `,"continuation":${JSON.stringify(ctx.outCursor(page.continuation))}`;
    else if (variants.has('continuation-null')) tail += ',"continuation":null';
    if (page.total !== undefined) tail += `,"total":${faults.has('v3-total-page-count') ? page.rows.length : page.total + staleTotalOffset(url.searchParams, integrator)}`;
    tail += wrapperExtrasJson(variants);
    parts.push(Buffer.from(`${tail}}`));
    return { status: 200, raw: Buffer.concat(parts) };
  };
}
