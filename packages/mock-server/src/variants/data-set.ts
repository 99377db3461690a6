/**
 * Data-set variants: the size of the data set (records-0, records-1, records-50, records-51) and
 * the tie-breaker of equal sort keys (sort-tiebreak-hash). The document fixes neither.
 */
import type { Row } from '../data/row.js';
import { fnv1a } from '../prng.js';
import type { Dataset } from '../data/dataset.js';
import type { Variants } from './catalogue.js';

const SIZES: ReadonlyArray<[variant: string, records: number]> = [['records-0', 0], ['records-1', 1], ['records-50', 50], ['records-51', 51]];

/** The number of records a data-set variant asks for, or undefined. */
export function variantRecords(variants: Variants): number | undefined {
  return SIZES.find(([name]) => variants.has(name))?.[1];
}

/**
 * The data set cut to its first `records` rows that every caller sees (rows on a private chain are
 * listed only on request, so they are left out), `idx` renumbered.
 */
export function withSize(dataset: Dataset, records: number | undefined): Dataset {
  if (records === undefined) return dataset;
  const rows = dataset.rows.filter((r) => r.privateChain === null && r.parentId === null).slice(0, records);
  rows.forEach((r, i) => {
    r.idx = i;
  });
  return { ...dataset, rows, table: undefined };
}

/** Ties of a sort key broken by a hash of the id instead of by the id (sort-tiebreak-hash). */
export function hashTiebreak(a: Row, b: Row): number {
  return fnv1a(a.id) - fnv1a(b.id) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The rows in createdAt desc order, ties by {@link hashTiebreak} descending, `idx` renumbered. */
export function withHashTiebreak(dataset: Dataset): Dataset {
  const rows = [...dataset.rows].sort((a, b) => b.createdAt - a.createdAt || hashTiebreak(b, a));
  rows.forEach((r, i) => {
    r.idx = i;
  });
  return { ...dataset, rows, table: undefined };
}
