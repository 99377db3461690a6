/** The parsed form of a list query (v3, and v2 mapped onto it). */
import type { IndexName, Key, SortBy } from '../store/store.js';

/** An equality condition: the union of `indexes` at `keys` (or the empty key for a null check). */
export interface Condition {
  field: string;
  indexes: IndexName[];
  /** Keys OR-ed; `null` means "is empty". */
  keys: (Key | null)[];
  negate: boolean;
  /** Exact-case symbol match (fault v3-symbol-case-sensitive): which side and the raw values. */
  exactSymbol?: { side: 'in' | 'out'; values: string[] };
  /** Also match the children of the matched ids (`includeChildRequests` with `id`). */
  withChildren?: boolean;
}

export type RangeField = 'createdAt' | 'updatedAt' | 'amountUsd' | 'appFeesUsd' | 'fillTimeSec' | 'block';

export interface Range {
  field: RangeField;
  min?: number;
  max?: number;
  /** Blocks: only origin-chain (deposit) entries. */
  originOnly?: boolean;
  /** Fault v3-block-bounds-or: a record matches when one block is above the minimum OR one below the maximum. */
  eitherBound?: boolean;
}

export interface ListQuery {
  top: Condition[];
  /** `filters` groups (OR across, AND inside); null when absent. */
  groups: Condition[][] | null;
  groupsAnded: boolean;
  ranges: Range[];
  /** Any-of feature bitmask; 0 = no feature filter. */
  features: number;
  privateInclude: ReadonlySet<string>;
  sortBy: SortBy;
  direction: 'asc' | 'desc';
  limit: number;
  cursor: Cursor | null;
  includeTotal: boolean;
  fingerprint: string;
}

/** A decoded continuation cursor (see cursor.ts for its encoding). */
export interface Cursor {
  sortBy: SortBy;
  direction: 'asc' | 'desc';
  /** Rank of the last served record in the sort's natural order. */
  rank: number;
  id: string;
  fingerprint: string;
}
