/**
 * The store's sorted orders: one per `sortBy` (order[rank] = position, rank[position] = rank), and
 * the tie-breaks of equal sort keys (store.ts is the façade).
 */
import type { Row } from '../data/row.js';

export type SortBy = 'createdAt' | 'updatedAt' | 'amountUsd';

/** A sort order: order[rank] = position, rank[position] = rank. */
export interface Sorted {
  order: Int32Array;
  rank: Int32Array;
}

/** The default tie-break of equal sort keys: ascending id. */
export const idOrder = (a: Row, b: Row): number => cmpId(a.id, b.id);

/** The first 8 hex digits after `0x` as a number (generated ids), else 0 (ties then go to the rows). */
export function idPrefixKey(id: string): number {
  return /^0x[0-9a-f]{8}/.test(id) ? parseInt(id.slice(2, 10), 16) : 0;
}

export function cmpId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function invert(order: Int32Array): Int32Array {
  const out = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) out[order[i]] = i;
  return out;
}
