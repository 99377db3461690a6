/**
 * In-memory store: equality indexes (value -> ascending row positions) for every equality filter
 * of GET /requests/v3, and pre-sorted orders for each `sortBy`. Filters never scan field values.
 */
import type { Row } from '../data/row.js';
import type { Dataset } from './dataset.js';

/** Index key used for "empty" (null check). */
export const NULL_KEY = '\u0000null';
export type Key = string | number;
/** A posting: one row position or an ascending list of them. */
type Posting = number | number[];

/** Names of the equality indexes. */
export type IndexName =
  | 'id' | 'orderId' | 'depositTxHash' | 'fillTxHash' | 'refundTxHash' | 'failedTxHash'
  | 'originChainId' | 'destinationChainId' | 'user' | 'userV2' | 'sender' | 'depositAddress' | 'recipient'
  | 'status' | 'failReason' | 'refundFailReason' | 'apiKey' | 'referrer' | 'requestType'
  | 'currencyInChainId' | 'currencyOutChainId' | 'currencyInAddress' | 'currencyOutAddress'
  | 'currencyInSymbol' | 'currencyOutSymbol' | 'feature' | 'parentId';

export type SortBy = 'createdAt' | 'updatedAt' | 'amountUsd';

/** Lowercases string keys (addresses, hashes and symbols are compared case-insensitively). */
export function keyOf(v: Key): Key {
  return typeof v === 'string' ? v.toLowerCase() : v;
}

export class Store {
  readonly rows: Row[];
  readonly size: number;
  private readonly indexes = new Map<IndexName, Map<Key, Posting>>();
  /** order[sortBy][rank] = row position; rank[sortBy][position] = rank. Natural directions: createdAt/updatedAt desc, amountUsd asc. */
  readonly order: Record<SortBy, Int32Array>;
  readonly rank: Record<SortBy, Int32Array>;
  readonly privateRows: number[];

  constructor(readonly dataset: Dataset) {
    this.rows = dataset.rows;
    this.size = this.rows.length;
    const names: IndexName[] = [
      'id', 'orderId', 'depositTxHash', 'fillTxHash', 'refundTxHash', 'failedTxHash', 'originChainId', 'destinationChainId',
      'user', 'userV2', 'sender', 'depositAddress', 'recipient', 'status', 'failReason', 'refundFailReason', 'apiKey', 'referrer',
      'requestType', 'currencyInChainId', 'currencyOutChainId', 'currencyInAddress', 'currencyOutAddress', 'currencyInSymbol',
      'currencyOutSymbol', 'feature', 'parentId',
    ];
    for (const n of names) this.indexes.set(n, new Map());
    this.privateRows = [];
    for (const row of this.rows) this.indexRow(row);
    const created = new Int32Array(this.size);
    for (let i = 0; i < this.size; i++) created[i] = i;
    const updated = Int32Array.from(created).sort((a, b) => this.rows[b].updatedAt - this.rows[a].updatedAt || cmpId(this.rows[b].id, this.rows[a].id));
    const amount = Int32Array.from(created).sort((a, b) => amountKey(this.rows[a]) - amountKey(this.rows[b]) || cmpId(this.rows[a].id, this.rows[b].id));
    this.order = { createdAt: created, updatedAt: updated, amountUsd: amount };
    this.rank = { createdAt: created, updatedAt: invert(updated), amountUsd: invert(amount) };
  }

  private add(name: IndexName, key: Key | null | undefined, pos: number): void {
    const map = this.indexes.get(name)!;
    const k = key === null || key === undefined || key === '' ? NULL_KEY : keyOf(key);
    const cur = map.get(k);
    if (cur === undefined) map.set(k, pos);
    else if (typeof cur === 'number') {
      if (cur !== pos) map.set(k, [cur, pos]);
    } else if (cur[cur.length - 1] !== pos) cur.push(pos);
  }

  private addAll(name: IndexName, keys: readonly (Key | null)[], pos: number): void {
    const present = keys.filter((k) => k !== null && k !== '');
    if (present.length === 0) this.add(name, null, pos);
    else for (const k of present) this.add(name, k, pos);
  }

  private indexRow(r: Row): void {
    const p = r.idx;
    this.add('id', r.id, p);
    this.add('orderId', r.orderId, p);
    this.addAll('depositTxHash', r.inTxHashes, p);
    this.addAll('fillTxHash', r.fillTxHashes, p);
    this.addAll('refundTxHash', r.refundTxHashes, p);
    this.add('failedTxHash', r.failedTxHash, p);
    this.add('originChainId', r.originChainId, p);
    this.add('destinationChainId', r.destinationChainId, p);
    this.addAll('user', [r.sender, r.depositor, r.user], p);
    this.addAll('userV2', [r.sender, r.recipient, r.user], p);
    this.add('sender', r.sender, p);
    this.add('depositAddress', r.depositAddress, p);
    this.add('recipient', r.recipient, p);
    this.add('status', r.status, p);
    this.add('failReason', r.failReason, p);
    this.add('refundFailReason', r.refundFailReason, p);
    this.add('apiKey', r.keyIdx >= 0 ? r.keyIdx : null, p);
    this.add('requestType', r.requestType, p);
    this.add('currencyInChainId', r.inChainId, p);
    this.add('currencyOutChainId', r.outChainId, p);
    this.add('currencyInAddress', r.inAddress, p);
    this.add('currencyOutAddress', r.outAddress, p);
    this.add('currencyInSymbol', r.inSymbol, p);
    this.add('currencyOutSymbol', r.outSymbol, p);
    this.addAll('feature', r.featureList, p);
    this.add('parentId', r.parentId, p);
    this.add('referrer', r.referrer, p);
    if (r.privateChain) this.privateRows.push(p);
  }

  /** Ascending row positions whose `name` field equals `key` (case-insensitive for strings). */
  lookup(name: IndexName, key: Key | null): readonly number[] {
    const k = key === null ? NULL_KEY : keyOf(key);
    const cur = this.indexes.get(name)!.get(k);
    if (cur === undefined) return [];
    return typeof cur === 'number' ? [cur] : cur;
  }

  /** Row of a request id, or undefined. */
  byId(id: string): Row | undefined {
    const hits = this.lookup('id', id);
    return hits.length ? this.rows[hits[0]] : undefined;
  }
}

function amountKey(r: Row): number {
  return Number.isNaN(r.amountUsd) ? -Infinity : r.amountUsd;
}

export function cmpId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function invert(order: Int32Array): Int32Array {
  const out = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) out[order[i]] = i;
  return out;
}
