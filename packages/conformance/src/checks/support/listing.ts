/**
 * Helpers over `GET /requests/v3` pages: read a page, walk the continuation, ask a total, bound a
 * query to the discovery window (API document, GET /requests/v3 rules 3-5; live facts §1.3).
 */
import { totalValueProblem } from '../../oracles/requests-v3-total.js';
import { brief, ensure, violate } from '../../contract/expect.js';
import type { CheckContext, Exchange, QueryValue } from '../../contract/types.js';
import { cursorOfBody, recordsOfBody } from '../../contract/list-wrapper.js';
import { queryKey } from '../../engine/shared-reads.js';
import { bodyShown, isObject } from '../../contract/outcome.js';
import { createdAtMs, recordId, type RecordJson } from '../../contract/record.js';
import { MAX_LIMIT } from '../../contract/limits.js';

export const V3 = 'GET /requests/v3';
export const V3_PATH = '/requests/v3';

export type Query = Record<string, QueryValue>;

/** One parsed 200 page. */
export interface Page {
  exchange: Exchange;
  records: RecordJson[];
  /** The next cursor, when the page hands one back. */
  continuation?: string;
  /** Name of the wrapper field that carried the cursor (`continuation` per live facts §1.3). */
  continuationField?: string;
  /** Whether the body has a `total` key, and its value. */
  hasTotal: boolean;
  total?: unknown;
}

/**
 * Reads a page; a non-200 answer or a body that is not a list of records is a violation. The cursor
 * is read from `cursorField` only (the run's, learnt by discovery): its absence means the last page.
 */
export function parsePage(exchange: Exchange, what = 'the listing', cursorField?: string): Page {
  const status = exchange.response?.status;
  ensure(status === 200, `${what} must be answered with 200`, '200 with a list of requests', `${status ?? 'no response'}: ${brief(exchange.response?.bodyText ?? exchange.transportError)}`, exchange);
  const body = exchange.response!.json;
  const records = recordsOfBody(body);
  if (records === undefined) violate(`${what} must return a list of request records`, '{"requests": [...]} (or a list)', bodyShown(exchange), exchange);
  const cursor = cursorOfBody(body, cursorField);
  const hasTotal = isObject(body) && 'total' in body;
  return {
    exchange,
    records,
    continuation: cursor?.value,
    continuationField: cursor?.field,
    hasTotal,
    total: hasTotal ? (body as Record<string, unknown>).total : undefined,
  };
}

/** `startTimestamp`/`endTimestamp` of the discovery window (Unix seconds, live facts §1.4). */
export function windowQuery(ctx: CheckContext): { startTimestamp: number; endTimestamp: number } {
  return { startTimestamp: ctx.discovery.window.start, endTimestamp: ctx.discovery.window.end };
}

/** Sends one v3 listing request. */
export function sendV3(ctx: CheckContext, query: Query): Promise<Exchange> {
  return ctx.http.send({ method: 'GET', path: V3_PATH, query });
}

/** Sends one v3 listing request and parses the 200 page. */
export async function fetchPage(ctx: CheckContext, query: Query, what?: string): Promise<Page> {
  return parsePage(await sendV3(ctx, query), what, ctx.discovery.cursorField);
}

export interface Walk {
  records: RecordJson[];
  pages: Page[];
  /** True when the last page handed back no cursor; false when the page cap stopped the walk. */
  complete: boolean;
  /** Set when the walk stopped at a cursor handed back twice (the terminates oracle judges that page). */
  repeated?: true;
}

/**
 * Walks the continuation of `query` (rule 4). Stops on a page without a cursor (complete), or at
 * `maxPages` (incomplete), or, with `until`, at the first page that satisfies it (incomplete unless
 * it is the last), or at a cursor handed back twice (incomplete: the terminates oracle judges that page).
 */
export async function walk(ctx: CheckContext, query: Query, options: { maxPages: number; until?: (page: Page) => boolean; what?: string }): Promise<Walk> {
  const pages: Page[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let i = 0; i < options.maxPages; i++) {
    const page = await fetchPage(ctx, cursor === undefined ? query : { ...query, continuation: cursor }, `page ${i + 1} of ${options.what ?? 'the walk'}`);
    pages.push(page);
    if (page.continuation === undefined) return { records: pages.flatMap((p) => p.records), pages, complete: true };
    if (options.until?.(page)) break;
    // A cursor handed back twice: following it would never end. The walk stops there, incomplete;
    // the rule is the terminates oracle's (oracles/requests-v3-paging.ts), which judges this page.
    if (seen.has(page.continuation)) return { records: pages.flatMap((p) => p.records), pages, complete: false, repeated: true };
    seen.add(page.continuation);
    cursor = page.continuation;
  }
  return { records: pages.flatMap((p) => p.records), pages, complete: false };
}

/**
 * {@link walk}, asked once for every check of the run that walks the same query with the same page
 * cap (shared-reads.ts); a plain walk on a fresh re-read. The caller must not change the walk, and
 * must read its pages' records, not their exchanges' bodies (cut to 4 KiB once a check ends).
 */
export function sharedWalk(ctx: CheckContext, query: Query, options: { maxPages: number }): Promise<Walk> {
  if (!ctx.shared) return walk(ctx, query, options);
  return ctx.shared.read(`walk ${options.maxPages} ${queryKey(query)}`, (http) => walk({ ...ctx, http }, query, options));
}

/**
 * The first page of 50 of the discovery window in the default order: the first page of the walk the
 * default-order check takes (a shared read, so the checks that only need that page ask nothing more).
 */
export async function windowFirstPage(ctx: CheckContext): Promise<Page> {
  return (await sharedWalk(ctx, { ...windowQuery(ctx), limit: MAX_LIMIT }, { maxPages: 2 })).pages[0]!;
}

/** {@link total}, asked once for every check of the run (shared-reads.ts); a plain one on a fresh re-read. */
export function sharedTotal(ctx: CheckContext, query: Query): Promise<{ total: number; page: Page }> {
  if (!ctx.shared) return total(ctx, query);
  return ctx.shared.read(`total ${queryKey(query)}`, (http) => total({ ...ctx, http }, query));
}

/** The page of a walk that holds its record at `index`, and how many records come before that page. */
export function pageAt(w: Walk, index: number): { page: Page; offset: number } {
  let offset = 0;
  for (const page of w.pages) {
    if (index < offset + page.records.length) return { page, offset };
    offset += page.records.length;
  }
  const page = w.pages[w.pages.length - 1]!;
  return { page, offset: offset - page.records.length };
}

/** Asks `total` with includeTotal=true (rule 5); a missing or non-integer total is a violation. */
export async function total(ctx: CheckContext, query: Query): Promise<{ total: number; page: Page }> {
  const page = await fetchPage(ctx, { ...query, includeTotal: true }, 'a listing with includeTotal=true');
  const t = page.total;
  const p = totalValueProblem(t !== undefined, t);
  if (p !== undefined || typeof t !== 'number') return violate(p!.message, p!.expected, p!.received, page.exchange);
  return { total: t, page };
}

/** Creation second of a record (timestamps filter on whole seconds). */
export function createdSec(r: RecordJson): number | undefined {
  const ms = createdAtMs(r);
  return ms === undefined ? undefined : Math.floor(ms / 1000);
}

/**
 * A sub-window of the discovery window holding about `size` discovery records, anchored at
 * `index` (records in default order, createdAt desc). Bounds are whole seconds.
 */
export function subWindow(records: readonly RecordJson[], index: number, size: number): { start: number; end: number } | undefined {
  const secs = records.map(createdSec).filter((s): s is number => s !== undefined).sort((a, b) => b - a);
  if (secs.length === 0) return undefined;
  const i = Math.min(Math.max(0, index), secs.length - 1);
  const j = Math.min(secs.length - 1, i + Math.max(1, size));
  return { start: secs[j]!, end: secs[i]! };
}

/**
 * A window of a few seconds around one record's creation (one second either side, so that it holds
 * the record whatever the bound inclusivity): a cheap query whose result must contain the record.
 */
export function around(r: RecordJson): { startTimestamp: number; endTimestamp: number } | undefined {
  const s = createdSec(r);
  return s === undefined ? undefined : { startTimestamp: s - 1, endTimestamp: s + 1 };
}

/** Whether a walk holds the record with this id. */
export function holds(records: readonly RecordJson[], id: string): boolean {
  return records.some((r) => recordId(r) === id);
}
