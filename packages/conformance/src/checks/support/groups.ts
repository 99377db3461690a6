/**
 * Shared by the GET /requests/v3 `filters` group families (API document, GET /requests/v3 rule 7):
 * group values drawn from discovery, group totals within the discovery window, and the relations
 * and soundness/completeness probes every group check uses.
 */
import { brief, ensure, violate } from '../../contract/expect.js';
import type { CheckContext, Exchange } from '../../contract/types.js';
import { around, createdSec, fetchPage, holds, sharedTotal, windowQuery, type Query } from './listing.js';
import { FILTERABLE_STATUSES, idsOf, sample } from '../../contract/record.js';
import { candidates, matchesComplete, recordId, type EqualityParam, type RecordJson } from '../../contract/record.js';
import { filtersMismatch, groupMismatch } from '../../oracles/groups.js';

export const LIMIT = 50;

export type Value = string | number;
export type Group = Record<string, Value | Array<Value | null> | null>;

/** Keys whose value every record has exactly one of (so `not:` is a complement). */
export const SINGLE_VALUED: EqualityParam[] = ['status', 'requestType'];
/** Keys used to build groups: identity, address, chain, currency and status-style fields (rule 7). */
export const GROUP_KEYS: EqualityParam[] = ['status', 'requestType', 'originChainId', 'destinationChainId', 'currencyInSymbol', 'user', 'recipient'];

/** The discovery window with top-level `extra` and the `filters` groups (rule 7). */
export function filtersQuery(ctx: CheckContext, groups: Group[], extra: Query = {}): Query {
  return { ...windowQuery(ctx), ...extra, filters: JSON.stringify(groups) };
}

/**
 * `total` (includeTotal=true) and first page of the window filtered by `groups` and top-level
 * `extra`: a shared read (shared-reads.ts), since the group checks ask the same single groups.
 */
export function groupsTotal(ctx: CheckContext, groups: Group[], extra: Query = {}): ReturnType<typeof sharedTotal> {
  return sharedTotal(ctx, filtersQuery(ctx, groups, extra));
}

/** Discovered values of a key that some record matches completely (status limited to the five). */
export function valuesOf(records: readonly RecordJson[], key: EqualityParam): Value[] {
  const out = new Map<string, Value>();
  for (const r of records) {
    for (const v of candidates(r, key)) {
      if (key === 'status' && !FILTERABLE_STATUSES.includes(String(v))) continue;
      if (matchesComplete(r, key, v)) out.set(String(v), v);
    }
  }
  return [...out.values()];
}

/** A (key, value) condition with the records of the window that completely match it. */
export interface Cond {
  key: EqualityParam;
  value: Value;
}

/** Every complete (key, value) condition the records offer over `keys`. */
export function condsOf(records: readonly RecordJson[], keys: readonly EqualityParam[]): Cond[] {
  return keys.flatMap((key) => valuesOf(records, key).map((value) => ({ key, value })));
}

/** A group or list of groups as sent in `filters`. */
export const show = (g: Group[] | Group): string => JSON.stringify(g);

/** Describes a record by its plausible values of `keys` (for a violation's Received line). */
export const describeKeys =
  (...keys: EqualityParam[]) =>
  (r: RecordJson): string =>
    keys.map((k) => `${k} ${brief(candidates(r, k))}`).join(', ');

/** A relation between totals that must hold exactly. */
export function ensureTotals(ok: boolean, message: string, expected: string, received: string, exchange: Exchange): void {
  ensure(ok, message, expected, received, exchange);
}

/** Every record of the page must satisfy `pred`; else a violation naming the first that does not. */
export function ensureEvery(records: readonly RecordJson[], pred: (r: RecordJson) => boolean, message: string, expected: string, exchange: Exchange, describe: (r: RecordJson) => string): void {
  const bad = records.find((r) => !pred(r));
  if (bad) violate(message, expected, `id ${recordId(bad) ?? '?'}: ${describe(bad)}`, exchange);
}

/**
 * Whether a conformant server may return the record as it is NOW for `groups` with top-level `top`
 * (the shared soundness oracle, src/oracles/groups.ts). Discovery's copy of a live record can be
 * stale: its status may have moved since (live data never makes a failure).
 */
function mayHold(current: RecordJson, groups: Group[], top: Query): boolean {
  return groupMismatch(current, top) === undefined && filtersMismatch(current, groups) === undefined;
}

/**
 * Requires the record in the result of `groups` (with top-level `top`) narrowed around its creation.
 * `seen`: records the check already has for the same `groups` and `top` over the whole window (a
 * total's first page); when they hold the record it was returned, and nothing more is asked.
 */
export async function ensureHas(ctx: CheckContext, r: RecordJson, groups: Group[], why: string, top: Query = {}, seen?: readonly RecordJson[]): Promise<void> {
  const id = recordId(r)!;
  if (seen && holds(seen, id)) return;
  const page = await fetchPage(ctx, { ...top, filters: JSON.stringify(groups), ...around(r), limit: LIMIT });
  if (holds(page.records, id)) return;
  // Missing: read the record again; if it no longer matches (it changed since discovery), no violation.
  const again = await fetchPage(ctx, { id, ...around(r) }, `the record ${id} by id`);
  const current = again.records.find((x) => recordId(x) === id);
  if (current && !mayHold(current, groups, top)) return;
  violate(`A record that matches ${why} must be returned`, `id ${id} in the result`, `${page.records.length} records: ${sample(idsOf(page.records)) || 'none'}`, page.exchange);
}

/** Requires the record NOT in the result of `groups` (with top-level `top`) narrowed around its creation. */
export async function ensureHasNot(ctx: CheckContext, r: RecordJson, groups: Group[], why: string, top: Query = {}): Promise<void> {
  const id = recordId(r)!;
  const page = await fetchPage(ctx, { ...top, filters: JSON.stringify(groups), ...around(r), limit: LIMIT });
  const returned = page.records.find((x) => recordId(x) === id);
  // Returned as it is now, and matching now (it changed since discovery): no violation.
  if (!returned || mayHold(returned, groups, top)) return;
  violate(`A record that does not match ${why} must not be returned`, `no id ${id}`, `id ${id} returned`, page.exchange);
}

/** A record that can be narrowed around (creation second and id known). */
export const usable = (r: RecordJson): boolean => createdSec(r) !== undefined && recordId(r) !== undefined;
