/**
 * The store's index set: which equality indexes exist and how each reads a row (`EXTRACT`), which
 * are hashed, the order the background build warms them in, which a lifecycle step can change, and
 * the posting lists (value -> ascending row positions) they are built from (store.ts is the façade).
 */
import type { Row } from '../data/row.js';
import { HashedIndex, HashedIndexBuilder } from './hashed-index.js';
import { hashKey } from '../hash-key.js';

/** Index key used for "empty" (null check). */
export const NULL_KEY = '\u0000null';
export type Key = string | number;
/** A posting: one row position or an ascending list of them (an Int32Array once the index is built; an array again after a change). */
export type Posting = number | number[] | Int32Array;
/** Ascending row positions (a lookup's answer). */
export type Positions = readonly number[] | Int32Array;

/** Names of the equality indexes. */
export type IndexName =
  | 'id' | 'orderId' | 'depositTxHash' | 'fillTxHash' | 'refundTxHash' | 'failedTxHash'
  | 'originChainId' | 'destinationChainId' | 'user' | 'userV2' | 'sender' | 'depositAddress' | 'recipient'
  | 'status' | 'failReason' | 'refundFailReason' | 'apiKey' | 'referrer' | 'requestType'
  | 'currencyInChainId' | 'currencyOutChainId' | 'currencyInAddress' | 'currencyOutAddress'
  | 'currencyInSymbol' | 'currencyOutSymbol' | 'feature' | 'parentId';

/** Lowercases string keys (addresses, hashes and symbols are compared case-insensitively). */
export function keyOf(v: Key): Key {
  return typeof v === 'string' ? v.toLowerCase() : v;
}

export type Extract = (r: Row) => Key | null | readonly (Key | null)[];

/** How each index reads a row. */
export const EXTRACT: Record<IndexName, Extract> = {
  id: (r) => r.id,
  orderId: (r) => r.orderId,
  depositTxHash: (r) => r.inTxHashes,
  fillTxHash: (r) => r.fillTxHashes,
  refundTxHash: (r) => r.refundTxHashes,
  failedTxHash: (r) => r.failedTxHash,
  originChainId: (r) => r.originChainId,
  destinationChainId: (r) => r.destinationChainId,
  user: (r) => [r.sender, r.depositor, r.user],
  userV2: (r) => [r.sender, r.recipient, r.user],
  sender: (r) => r.sender,
  depositAddress: (r) => r.depositAddress,
  recipient: (r) => r.recipient,
  status: (r) => r.status,
  failReason: (r) => r.failReason,
  refundFailReason: (r) => r.refundFailReason,
  apiKey: (r) => (r.keyIdx >= 0 ? r.keyIdx : null),
  referrer: (r) => r.referrer,
  requestType: (r) => r.requestType,
  currencyInChainId: (r) => r.inChainId,
  currencyOutChainId: (r) => r.outChainId,
  currencyInAddress: (r) => r.inAddress,
  currencyOutAddress: (r) => r.outAddress,
  currencyInSymbol: (r) => r.inSymbol,
  currencyOutSymbol: (r) => r.outSymbol,
  feature: (r) => r.featureList,
  parentId: (r) => r.parentId,
};

/**
 * High-cardinality string indexes (about one value per row): hashed postings in typed arrays
 * (`HashedIndex`) instead of a `Map` of strings, for start-up time and memory at 1,000,000 records.
 */
export const HASHED: ReadonlySet<IndexName> = new Set<IndexName>([
  'id', 'orderId', 'depositTxHash', 'fillTxHash', 'refundTxHash', 'failedTxHash',
  'user', 'userV2', 'sender', 'depositAddress', 'recipient', 'parentId',
]);

export type Index = Map<Key, Posting> | HashedIndex;
export type Building = { map: Map<Key, Posting>; next: number } | { hashed: HashedIndexBuilder; next: number };

/** Rows added to an index per event-loop turn by `warm()`. */
export const WARM_SLICE = 8_192;
/** Indexes the background build does first: the low-cardinality filters (then every other one). */
export const WARM_FIRST: readonly IndexName[] = [
  'status', 'originChainId', 'destinationChainId', 'requestType', 'currencyInSymbol', 'currencyOutSymbol',
  'failReason', 'refundFailReason', 'apiKey', 'referrer', 'currencyInChainId', 'currencyOutChainId', 'feature',
];

/** Index names whose value a lifecycle step can change (`update`). */
export const MUTABLE: readonly IndexName[] = ['status', 'failReason', 'refundFailReason', 'depositTxHash', 'fillTxHash', 'refundTxHash', 'failedTxHash'];

/** Index keys of an extracted value as `frequentBits` and the `Map` indexes spell them. */
export function keysOf(v: Key | null | readonly (Key | null)[]): Key[] {
  const list = Array.isArray(v) ? (v as readonly (Key | null)[]) : [v as Key | null];
  const out: Key[] = [];
  for (const k of list) if (k !== null && k !== '') out.push(keyOf(k));
  if (out.length === 0) out.push(NULL_KEY);
  return out;
}

/** Ascending union of two position lists (the first ascending). */
export function mergeAscending(a: Positions, b: readonly number[]): Positions {
  if (b.length === 0) return a;
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

export function sameKeys(a: readonly Key[], b: readonly Key[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

export function removePosting(map: Map<Key, Posting>, k: Key, p: number): void {
  const cur = map.get(k);
  if (cur === undefined) return;
  if (typeof cur === 'number') {
    if (cur === p) map.delete(k);
    return;
  }
  const list = Array.isArray(cur) ? cur : Array.from(cur);
  const i = list.indexOf(p);
  if (i >= 0) list.splice(i, 1);
  if (list.length === 0) map.delete(k);
  else if (list !== cur) map.set(k, list);
}

export function addPosting(map: Map<Key, Posting>, k: Key, p: number): void {
  const cur = map.get(k);
  if (cur === undefined) return void map.set(k, p);
  const list = typeof cur === 'number' ? [cur] : Array.isArray(cur) ? cur : Array.from(cur);
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < p) lo = mid + 1;
    else hi = mid;
  }
  if (list[lo] !== p) list.splice(lo, 0, p);
  if (list !== cur) map.set(k, list);
}

/**
 * A `Map` index of a code column (codes by generation index, `order` = generation index of each
 * position): positions counted per key, then written in ascending position order.
 */
export function countedIndex(codes: { column: ArrayLike<number>; value: (code: number) => Key | null }, order: Int32Array): Map<Key, Posting> {
  const { column, value } = codes;
  // Codes to key numbers (codes of equal keys, e.g. one symbol on two chains, share one).
  const keyNo: number[] = [];
  const keys: Key[] = [];
  const byKey = new Map<Key, number>();
  const numberOf = (code: number): number => {
    let k = keyNo[code + 1];
    if (k !== undefined) return k;
    const v = value(code);
    const key = v === null || v === '' ? NULL_KEY : keyOf(v);
    const seen = byKey.get(key);
    if (seen !== undefined) k = seen;
    else {
      k = keys.length;
      keys.push(key);
      byKey.set(key, k);
    }
    keyNo[code + 1] = k;
    return k;
  };
  const of = new Int32Array(order.length);
  for (let p = 0; p < order.length; p++) of[p] = numberOf(column[order[p]]);
  const counts = new Int32Array(keys.length);
  for (let p = 0; p < of.length; p++) counts[of[p]]++;
  const lists = keys.map((_, k) => new Int32Array(counts[k]));
  counts.fill(0);
  for (let p = 0; p < of.length; p++) lists[of[p]][counts[of[p]]++] = p;
  return new Map(keys.map((key, k) => [key, lists[k]]));
}

/** Adds rows `from`..`end` to a `Map` index (value -> ascending positions; empty values under NULL_KEY). */
export function addMapped(map: Map<Key, Posting>, read: (p: number) => ReturnType<Extract>, from: number, end: number): void {
  const add = (key: Key | null, pos: number): void => {
    const k = key === null || key === '' ? NULL_KEY : keyOf(key);
    const cur = map.get(k);
    if (cur === undefined) map.set(k, pos);
    else if (typeof cur === 'number') {
      if (cur !== pos) map.set(k, [cur, pos]);
    } else if (cur[cur.length - 1] !== pos) (cur as number[]).push(pos);
  };
  for (let p = from; p < end; p++) {
    const v = read(p);
    if (Array.isArray(v)) {
      let any = false;
      for (const k of v as readonly (Key | null)[]) {
        if (k === null || k === '') continue;
        any = true;
        add(k, p);
      }
      if (!any) add(null, p);
    } else add(v as Key | null, p);
  }
}

/**
 * Adds rows `from`..`end` to a hashed index: one entry per distinct hash of a row's non-empty
 * values (a lookup re-checks every value of a candidate row), rows without one as nulls.
 */
export function addHashed(builder: HashedIndexBuilder, read: (p: number) => ReturnType<Extract>, from: number, end: number): void {
  for (let p = from; p < end; p++) {
    const v = read(p);
    if (!Array.isArray(v)) {
      if (v === null || v === '') builder.addNull(p);
      else builder.add(hashKey(String(v)), p);
      continue;
    }
    let h0 = -1;
    let h1 = -1;
    let any = false;
    for (const k of v as readonly (Key | null)[]) {
      if (k === null || k === '') continue;
      const h = hashKey(String(k));
      if (h === h0 || h === h1) continue;
      if (!any) h0 = h;
      else if (h1 === -1) h1 = h;
      any = true;
      builder.add(h, p);
    }
    if (!any) builder.addNull(p);
  }
}

/** Whether an extracted row value (or one of its values) equals the lowercased string `k`. */
export function hasValue(v: Key | null | readonly (Key | null)[], k: string): boolean {
  if (!Array.isArray(v)) return typeof v === 'string' && v.toLowerCase() === k;
  for (const x of v as readonly (Key | null)[]) if (typeof x === 'string' && x.toLowerCase() === k) return true;
  return false;
}
