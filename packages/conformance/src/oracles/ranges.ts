/**
 * Range oracles of GET /requests/v3 (API document, parameter table: startTimestamp/endTimestamp in
 * Unix seconds, inclusive; amountUsdMin/amountUsdMax; live facts §1.4). Pure predicates shared by the
 * active `requests-v3.filter.ranges` check and the passive proxy and HAR audit.
 */
import { amountUsdCandidates, createdAtMs, get, updatedAtMs, type RecordJson } from '../contract/record.js';

/**
 * The field `startTimestamp`/`endTimestamp` bound for a query's `sortBy`: `updatedAt` with
 * sortBy=updatedAt, else `createdAt` (specs/clauses.yaml requests-v3.filter.ranges; the live
 * service's documented behaviour).
 */
export type TimeField = 'createdAt' | 'updatedAt';
export const timeFieldOf = (sortBy: string | null | undefined): TimeField => (sortBy === 'updatedAt' ? 'updatedAt' : 'createdAt');

/** Whether a record's `field` lies outside the inclusive second window [start, end] (false when it has none). */
export function timeOutside(r: RecordJson, start: number | undefined, end: number | undefined, field: TimeField = 'createdAt'): boolean {
  const ms = field === 'updatedAt' ? updatedAtMs(r) : createdAtMs(r);
  if (ms === undefined) return false;
  return (start !== undefined && ms < start * 1000) || (end !== undefined && ms >= (end + 1) * 1000);
}

/** Whether a record was created outside the inclusive second window [start, end] (false when it has no createdAt). */
export function createdOutside(r: RecordJson, start: number | undefined, end: number | undefined): boolean {
  return timeOutside(r, start, end, 'createdAt');
}

/** Whether no plausible USD input amount of the record lies in [min, max] (false when it has none). */
export function amountOutside(r: RecordJson, min: number | undefined, max: number | undefined): boolean {
  const c = amountUsdCandidates(r);
  return c.length > 0 && !c.some((v) => (min === undefined || v >= min) && (max === undefined || v <= max));
}

/**
 * Counts of a partition of a query (totals at scale): with `equal`, parts that together
 * hold exactly the query's records must add up to its total; with `at-most`, disjoint parts that
 * need not cover it (e.g. the filterable statuses) never add up to more, and none exceeds it.
 * The problem, or undefined.
 */
export function partitionProblem(whole: number, parts: ReadonlyArray<{ label: string; count: number }>, relation: 'equal' | 'at-most'): string | undefined {
  const sum = parts.reduce((s, p) => s + p.count, 0);
  const over = parts.find((p) => p.count > whole);
  if (over) return `${over.label} counts ${over.count}, more than the ${whole} of the whole`;
  if (relation === 'equal' && sum !== whole) return `the parts add up to ${sum}, the whole counts ${whole}`;
  if (relation === 'at-most' && sum > whole) return `the parts add up to ${sum}, more than the ${whole} of the whole`;
  return undefined;
}

/** A narrower query (a conjunction, an inner range) never counts more than any wider one: the problem, or undefined. */
export function subsetCountProblem(narrow: number, wider: ReadonlyArray<{ label: string; count: number }>): string | undefined {
  const w = wider.find((x) => narrow > x.count);
  return w ? `${narrow}, more than the ${w.count} of ${w.label}` : undefined;
}

/** Ids of a narrower result that a wider one lacks (nested ranges select nested sets). */
export function notNested(narrow: ReadonlyArray<string>, wide: ReadonlyArray<string>): string[] {
  const have = new Set(wide);
  return narrow.filter((id) => !have.has(id));
}

/**
 * Whether a record shows that it carries no app fee at all: `data.appFees` with an empty `quoted`
 * and an empty `actual` list (API document, Resources > `data.appFees`). Its app fees then amount
 * to 0 USD however an app-fee range reads them (total, each fee, quoted or actual), so no
 * `appFeesAmountUsdMin` above 0 selects it (GET /requests/v3 Ranges). False when it does not show.
 */
export function withoutAppFees(r: RecordJson): boolean {
  const quoted = get(r, 'data', 'appFees', 'quoted');
  const actual = get(r, 'data', 'appFees', 'actual');
  return Array.isArray(quoted) && Array.isArray(actual) && quoted.length === 0 && actual.length === 0;
}

/** The fields the range relations bound (checks/requests-v3-range-relations.ts). */
export type RangeKind = 'block' | 'fillTime' | 'appFeesUsd' | 'amountUsd';

const finite = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/**
 * Values a record shows for the field a range may bound, to draw bounds from: the blocks of its
 * transactions, the USD amounts of its app fees (their sum too), its USD input amounts. None for
 * the fill time, which a record does not show.
 */
export function rangeSamples(r: RecordJson, kind: RangeKind): number[] {
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  switch (kind) {
    case 'block':
      return [...list(get(r, 'data', 'inTxs')), ...list(get(r, 'data', 'outTxs'))].map((tx) => finite(get(tx, 'block'))).filter((n): n is number => n !== undefined && n > 0);
    case 'appFeesUsd': {
      const fees = list(get(r, 'data', 'appFees', 'actual')).map((f) => finite(get(f, 'amountUsd'))).filter((n): n is number => n !== undefined);
      return fees.length > 0 ? [...fees, fees.reduce((s, v) => s + v, 0)] : [];
    }
    case 'amountUsd':
      return amountUsdCandidates(r);
    case 'fillTime':
      return [];
  }
}

/**
 * The span [lowest, highest] of the transaction blocks of a record that has both origin (`inTxs`)
 * and destination (`outTxs`) transactions, each with an integer `block`; undefined otherwise.
 * Whatever transaction the block range reads (the document does not say: origin, destination, any
 * or all), a range covering this span holds the record (GET /requests/v3 Ranges: startBlock, endBlock).
 */
export function blockSpan(record: unknown): [number, number] | undefined {
  const data = record !== null && typeof record === 'object' ? (record as { data?: unknown }).data : undefined;
  if (data === null || typeof data !== 'object') return undefined;
  const sides = [(data as { inTxs?: unknown }).inTxs, (data as { outTxs?: unknown }).outTxs];
  const blocks: number[] = [];
  for (const side of sides) {
    if (!Array.isArray(side) || side.length === 0) return undefined;
    for (const tx of side) {
      const block = tx !== null && typeof tx === 'object' ? (tx as { block?: unknown }).block : undefined;
      if (typeof block !== 'number' || !Number.isSafeInteger(block) || block < 0) return undefined;
      blocks.push(block);
    }
  }
  return [Math.min(...blocks), Math.max(...blocks)];
}

/**
 * Every block a record shows: the `block` of each origin (`inTxs`) and destination (`outTxs`)
 * transaction entry and its `failedTxBlockNumber` (numbers, or numeric strings), 0 included. The
 * more blocks read, the weaker {@link blockOutside}: whatever entries the block range reads, they
 * are among these.
 */
export function shownBlocks(r: RecordJson): number[] {
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  const blocks = [...list(get(r, 'data', 'inTxs')), ...list(get(r, 'data', 'outTxs'))].map((tx) => finite(get(tx, 'block')));
  blocks.push(finite(get(r, 'data', 'failedTxBlockNumber')));
  return blocks.filter((n): n is number => n !== undefined);
}

/**
 * Whether a record listed under `startBlock=start&endBlock=end` shows that it lies outside the
 * range (GET /requests/v3 Ranges: startBlock, endBlock; live facts §1.4: "chain-entry block,
 * inclusive"): it shows blocks, and none of them is >= start, or none is <= end. Sound whatever
 * entries the range reads (origin only, either side, every one, the span of the request): each of
 * these readings lists a record only with a block >= start and a block <= end among its shown ones.
 * A record's blocks only grow as it settles, so a page's own view of it holds at least the blocks
 * the range was matched on. Not judged (false) without shown blocks, or when start > end (a reversed
 * range the document leaves open).
 */
export function blockOutside(r: RecordJson, start: number | undefined, end: number | undefined): boolean {
  if (start !== undefined && end !== undefined && start > end) return false;
  const blocks = shownBlocks(r);
  if (blocks.length === 0) return false;
  return (start !== undefined && !blocks.some((b) => b >= start)) || (end !== undefined && !blocks.some((b) => b <= end));
}
