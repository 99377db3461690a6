/**
 * Sort keys of v3 records and order comparisons (API document, GET /requests/v3 rules 1-2).
 */
import { amountUsd, createdAtMs, recordId, updatedAtMs, type RecordJson } from './record.js';

export const SORT_BY = ['createdAt', 'updatedAt', 'amountUsd'] as const;
export type SortBy = (typeof SORT_BY)[number];
export type Direction = 'asc' | 'desc';

/** Default direction per rule 2: desc for time fields, asc for amountUsd. */
export function defaultDirection(sortBy: SortBy): Direction {
  return sortBy === 'amountUsd' ? 'asc' : 'desc';
}

/** The sort key of a record (epoch ms for times, USD for amounts); undefined when the record lacks it. */
export function sortKey(r: RecordJson, sortBy: SortBy): number | undefined {
  if (sortBy === 'createdAt') return createdAtMs(r);
  if (sortBy === 'updatedAt') return updatedAtMs(r);
  return amountUsd(r);
}

/** A pair of neighbours out of order, with their positions. */
export interface OrderBreak {
  index: number;
  previous: { id: string; key: number };
  next: { id: string; key: number };
}

/**
 * The first pair of records (among those that carry the key) out of `direction` order; records
 * without the key are left out (where the document does not say where they go).
 */
export function firstOrderBreak(records: readonly RecordJson[], sortBy: SortBy, direction: Direction): OrderBreak | undefined {
  let prev: { id: string; key: number } | undefined;
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    const key = sortKey(r, sortBy);
    if (key === undefined) continue;
    const cur = { id: recordId(r) ?? '?', key };
    if (prev !== undefined && (direction === 'desc' ? cur.key > prev.key : cur.key < prev.key)) {
      return { index: i, previous: prev, next: cur };
    }
    prev = cur;
  }
  return undefined;
}

/** Number of distinct keys among the records (an order is only observable with two or more). */
export function distinctKeys(records: readonly RecordJson[], sortBy: SortBy): number {
  return new Set(records.map((r) => sortKey(r, sortBy)).filter((k) => k !== undefined)).size;
}

/** Renders a key for messages (ISO time or USD). */
export function showKey(key: number, sortBy: SortBy): string {
  return sortBy === 'amountUsd' ? `${key} USD` : new Date(key).toISOString();
}

/**
 * Compares two orderings of the same query. Records with equal keys may come in either order
 * (the document sets no tie-break), so runs of equal keys are compared as sets.
 * Returns undefined when they agree, else a description of the first difference.
 */
export function orderDifference(
  expected: readonly RecordJson[],
  received: readonly RecordJson[],
  sortBy: SortBy,
): { index: number; expected: string; received: string } | undefined {
  const runs = (list: readonly RecordJson[]): Array<{ key: string; ids: string[]; start: number }> => {
    const out: Array<{ key: string; ids: string[]; start: number }> = [];
    list.forEach((r, i) => {
      const key = String(sortKey(r, sortBy) ?? '∅');
      const last = out[out.length - 1];
      if (last && last.key === key) last.ids.push(recordId(r) ?? '?');
      else out.push({ key, ids: [recordId(r) ?? '?'], start: i });
    });
    return out;
  };
  const a = runs(expected);
  const b = runs(received);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (!x || !y) {
      const at = x?.start ?? y?.start ?? 0;
      return { index: at, expected: x ? `id ${x.ids[0]} at position ${at}` : 'no more records', received: y ? `id ${y.ids[0]} at position ${at}` : 'no more records' };
    }
    const xs = [...x.ids].sort();
    const ys = [...y.ids].sort();
    if (x.key !== y.key || xs.join('\n') !== ys.join('\n')) {
      return { index: x.start, expected: `id(s) ${x.ids.join(', ')} at position ${x.start}`, received: `id(s) ${y.ids.join(', ')} at position ${y.start}` };
    }
  }
  return undefined;
}
