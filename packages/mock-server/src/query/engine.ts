/**
 * Executes a list query on the store: index bitsets for equality conditions (AND, OR, complement),
 * per-row checks only for ranges, features and private chains, the pre-sorted order of `sortBy`
 * walked from the cursor, rank-based continuation (no duplicate, no gap), popcount totals.
 */
import type { Row } from '../data/row.js';
import { HttpError } from '../http/errors.js';
import { andBits, clearBit, copyBits, emptyBits, fillBits, hasBit, nextSetBit, orBits, popcount, prevSetBit, setPositions, type Bitset } from '../store/bitset.js';
import type { Positions, Store } from '../store/store.js';
import { extraCounted, isFirstRank, lastPosition, neighbourPosition } from '../faults.js';
import { encodeCursor } from './cursor.js';
import type { Condition, ListQuery, Range } from './query.js';

export interface PageFaults {
  overlap: boolean;
  gap: boolean;
  /** Fault v3-repeated-cursor: a page reached by a cursor hands back that same cursor. */
  repeatCursor?: boolean;
  /** Fault v3-filter-ignored-on-other-sorts: the few-matches path of updatedAt/amountUsd takes a row on the cursor's side OR passing the row checks. */
  otherSortsOr?: boolean;
  /** Fault v3-few-matches-empty-on-other-sorts: the few-matches path of updatedAt/amountUsd compares each rank with the cursor the wrong way round (nothing is ahead of it). */
  fewMatchesBackwards?: boolean;
  /** Fault v3-many-matches-empty-on-other-sorts: the walk of the updatedAt/amountUsd order with a filter of many matches takes no row. */
  manyMatchesEmpty?: boolean;
  /** Fault v3-many-matches-neighbour-on-other-sorts: that walk reads the membership of each row's neighbour position. */
  manyMatchesNeighbour?: boolean;
  /** Fault v3-equality-total-high: a total counted from the bitset counts one more per word whose second bit is set. */
  countHigh?: boolean;
  /** Fault v3-asc-filtered-misses-newest: the ascending walk of a filtered createdAt listing stops before position 0 (the newest request). */
  ascStopsBeforeNewest?: boolean;
  /** Fault v3-asc-filtered-block-edge: the ascending createdAt walk takes the last position of the word before a word without a match, set or not. */
  ascBlockEdge?: boolean;
  /** Fault v3-asc-filter-ignored: the ascending walk of a filtered createdAt listing ignores the equality filters. */
  ascIgnoresFilters?: boolean;
  /** Fault v3-asc-unwindowed-end-500: the ascending filtered walk, past its newest match, reads the position before the newest request when no row check stops it. */
  ascReadsPastNewest?: boolean;
  /** Fault v3-reverse-walk-loses-first: the walk of the updatedAt/amountUsd order against its direction (amountUsd descending, updatedAt ascending) never takes the order's first rank. */
  reverseLosesFirst?: boolean;
  /** Fault v3-first-cursor-refused: a cursor at the first position of the order (after a page of one at the top) is refused as invalid. */
  firstCursorRefused?: boolean;
  /**
   * The scale faults of `total` (faults.ts `scaleTotal`): the reported total from the exact count;
   * `recountWithout(field)` counts the query without that top-level filter.
   */
  total?: (exact: number, q: ListQuery, recountWithout: (field: string) => number) => number;
}

export interface Page {
  rows: Row[];
  continuation?: string;
  total?: number;
}

/** Ascending union of the postings of a condition (before negation). */
function postings(store: Store, c: Condition): readonly number[] {
  const lists: Positions[] = [];
  for (const index of c.indexes) for (const k of c.keys) lists.push(store.lookup(index, k));
  let out: readonly number[];
  if (lists.length === 1) out = Array.from(lists[0]);
  else {
    const set = new Set<number>();
    for (const l of lists) for (const p of l) set.add(p);
    out = [...set].sort((a, b) => a - b);
  }
  if (c.exactSymbol) {
    const { side, values } = c.exactSymbol;
    out = out.filter((p) => values.includes(store.keyAt(side === 'in' ? 'currencyInSymbol' : 'currencyOutSymbol', p) as string));
  }
  if (c.withChildren) {
    const set = new Set(out);
    for (const p of out) for (const child of store.lookup('parentId', store.idAt(p))) set.add(child);
    out = [...set].sort((a, b) => a - b);
  }
  return out;
}

/** Scratch slots of `Store.scratch` used by one query. */
const COND = 0;
const GROUP = 1;
const GROUPS = 2;
const TOP = 3;

/**
 * Bitset of the rows matching a condition before negation: a cached read-only bitset of the store
 * when the condition is one frequent key, otherwise written into `tmp`.
 */
function conditionBits(store: Store, c: Condition, tmp: Bitset): Bitset {
  if (c.exactSymbol || c.withChildren) {
    tmp.fill(0);
    setPositions(tmp, postings(store, c));
    return tmp;
  }
  if (c.indexes.length === 1 && c.keys.length === 1) {
    const cached = store.frequentBits(c.indexes[0], c.keys[0]);
    if (cached) return cached;
  }
  tmp.fill(0);
  for (const index of c.indexes) {
    for (const k of c.keys) {
      const cached = store.frequentBits(index, k);
      if (cached) orBits(tmp, cached, false, store.size);
      else setPositions(tmp, store.lookup(index, k));
    }
  }
  return tmp;
}

/** `target` = AND of the conditions (every row when there is none). */
function andAll(store: Store, conditions: readonly Condition[], target: Bitset): void {
  const tmp = store.scratch(COND);
  // Fault v3-empty-group-stale: an empty group leaves its scratch bitset as the previous query left it.
  if (conditions.length === 0 && !store.faults?.has('v3-empty-group-stale')) {
    // Fault v3-empty-group-matches-nothing: an empty group selects no row.
    if (store.faults?.has('v3-empty-group-matches-nothing')) target.fill(0);
    else fillBits(target, store.size);
  }
  // Fault v3-empty-group-matches-none: an empty group is read as matching nothing.
  if (conditions.length === 0 && store.faults?.has('v3-empty-group-matches-none')) target.fill(0);
  conditions.forEach((c, i) => {
    const b = conditionBits(store, c, tmp);
    if (i === 0) copyBits(target, b, c.negate, store.size);
    else andBits(target, b, c.negate);
  });
  // Fault v3-not-tail-word-shifted: a negated set's tail mask lands on the word before the last: the
  // positions past the last request count as matches, the word before loses its top bits (older requests).
  if (store.faults?.has('v3-not-tail-word-shifted') && conditions.some((c) => c.negate) && target.length > 1 && store.size % 32 !== 0) {
    const last = target.length - 1;
    const tail = 0xffffffff >>> (32 - (store.size % 32));
    target[last] |= ~tail;
    target[last - 1] &= tail;
  }
  // Fault v3-not-drops-oldest: a negated condition never matches the 24 oldest requests (the last positions).
  if (store.faults?.has('v3-not-drops-oldest') && conditions.some((c) => c.negate)) {
    for (let p = Math.max(0, store.size - 24); p < store.size; p++) clearBit(target, p);
  }
}

/**
 * Rows satisfying every top-level equality condition and the `filters` groups (document rule 7:
 * AND inside a group, OR across groups, top-level parameters AND-ed), or null for every row.
 */
function membership(store: Store, q: ListQuery): Bitset | null {
  const n = store.size;
  if (q.top.length === 1 && !q.top[0].negate && (!q.groups || q.groups.length === 0)) {
    // One positive condition: its cached bitset as is (no copy).
    return conditionBits(store, q.top[0], store.scratch(TOP));
  }
  let member: Bitset | null = null;
  if (q.top.length > 0) {
    member = store.scratch(TOP);
    andAll(store, q.top, member);
  }
  // Fault v3-no-groups-stale: filters=[] (no group) reads the groups' working set as the last query left it.
  if (q.groups && (q.groups.length > 0 || store.faults?.has('v3-no-groups-stale'))) {
    const all = store.scratch(GROUPS);
    q.groups.forEach((group, gi) => {
      if (gi === 0) return andAll(store, group, all);
      // Fault v3-later-group-last-field: a later group is built in the scratch its fields are read into.
      const one = store.scratch(store.faults?.has('v3-later-group-last-field') ? COND : GROUP);
      andAll(store, group, one);
      if (q.groupsAnded) andBits(all, one, false);
      else orBits(all, one, false, n);
    });
    if (member) andBits(member, all, false);
    else member = all;
  }
  return member;
}

/**
 * Fault v3-new-tx-hash-not-in-term: `term` does not find a request by a fill or refund hash it gained
 * while the server ran (the requests a lifecycle step changed, `store.changedIds`). A copy of the
 * members without them; the members as they are when the fault is off or no term is asked.
 */
function withoutGainedHashMatches(store: Store, q: ListQuery, member: Bitset | null): Bitset | null {
  if (!member || !store.changedIds || !store.faults?.has('v3-new-tx-hash-not-in-term')) return member;
  const terms = q.top.filter((c) => c.field === 'term' && !c.negate).flatMap((c) => c.keys.map((k) => String(k).toLowerCase()));
  if (terms.length === 0) return member;
  const copy = emptyBits(store.size);
  copyBits(copy, member, false, store.size);
  for (const id of store.changedIds) {
    const row = store.byId(id);
    if (row && [...row.fillTxHashes, ...row.refundTxHashes].some((h) => terms.includes(h.toLowerCase()))) clearBit(copy, row.idx);
  }
  return copy;
}

function rangeOk(store: Store, p: number, ranges: readonly Range[]): boolean {
  for (const g of ranges) {
    // Fault v3-changed-rows-pass-ranges: a request changed during the run passes every fill-time and app-fee range.
    if ((g.field === 'fillTimeSec' || g.field === 'appFeesUsd') && store.changedIds?.has(store.idAt(p)) && store.faults?.has('v3-changed-rows-pass-ranges')) continue;
    if (g.field === 'block') {
      const r = store.row(p);
      const blocks = g.originOnly ? r.inBlocks : r.inBlocks.concat(r.outBlocks);
      if (g.eitherBound && g.min !== undefined && g.max !== undefined) {
        if (!blocks.some((b) => b >= g.min!) && !blocks.some((b) => b <= g.max!)) return false;
        continue;
      }
      if (!blocks.some((b) => (g.min === undefined || b >= g.min) && (g.max === undefined || b <= g.max))) return false;
      continue;
    }
    let v: number;
    if (g.field === 'createdAt' || g.field === 'updatedAt') v = Math.floor(store[g.field][p] / 1000);
    else if (g.field === 'amountUsd') v = store.amountUsd[p];
    else v = store.numberAt(g.field, p);
    if (Number.isNaN(v)) return false;
    if (g.min !== undefined && v < g.min) return false;
    if (g.max !== undefined && v > g.max) return false;
  }
  return true;
}

/** Runs `q`; returns the page rows, the next cursor and (when asked) the exact total. */
export function runQuery(store: Store, q: ListQuery, faults: PageFaults): Page {
  const n = store.size;
  const member = withoutGainedHashMatches(store, q, membership(store, q));
  const hidePrivate = store.privateRows.length > 0;
  const perRow = q.features !== 0 || q.ranges.length > 0;
  /** Checks that are not equality filters: private-chain visibility, features, ranges. */
  const rowOk = (p: number): boolean => {
    if (hidePrivate) {
      const chain = store.privateAt(p);
      if (chain !== null && !q.privateInclude.has(chain)) return false;
    }
    if (q.features && (store.features[p] & q.features) === 0) return false;
    return q.ranges.length === 0 || rangeOk(store, p, q.ranges);
  };
  const { rank, order } = store.sorted(q.sortBy);
  const natural = q.sortBy === 'amountUsd' ? 'asc' : 'desc';
  const forward = q.direction === natural;
  let after = forward ? -1 : n;
  if (q.cursor) {
    let pos = q.cursor.rank;
    // A live store (status changes, arrivals) moves rows: the cursor's record is then found by id.
    if (pos < 0 || pos >= n || store.idAt(order[pos]) !== q.cursor.id) pos = store.rankOf(q.sortBy, q.cursor.id);
    if (pos < 0 || (faults.firstCursorRefused && !pos)) {
      throw new HttpError(400, 'Invalid continuation: it does not belong to this data set or query; expected a continuation value returned by a previous page of this same query', 'INVALID_PARAMETER');
    }
    after = pos;
    if (faults.overlap) after = forward ? pos - 1 : pos + 1;
    if (faults.gap) after = forward ? pos + 1 : pos - 1;
  }
  const want = q.limit + 1;
  const picked: number[] = [];
  const memberCount = !member ? n : q.sortBy !== 'createdAt' || q.includeTotal ? popcount(member) : -1;
  if (q.sortBy === 'createdAt') {
    // A position is its createdAt rank: walk the set bits from the cursor.
    if (forward) {
      for (let p = after + 1; p < n && picked.length < want; p++) {
        if (member) p = nextSetBit(member, p);
        if (p < 0) break;
        if (rowOk(p)) picked.push(p);
      }
    } else {
      for (let p = Math.min(after, n) - 1; p >= 0 && picked.length < want; p--) {
        // Fault v3-asc-filtered-block-edge: when the word holding p has no match at or below it, the
        // last position of the word before comes back, set or not (written inline: fault-only code).
        if (member) p = faults.ascStopsBeforeNewest && p === 0 ? -1 : faults.ascBlockEdge && (member[p >>> 5] & (0xffffffff >>> (31 - (p & 31)))) === 0 ? ((p >>> 5) << 5) - 1 : prevSetBit(member, p);
        if (p < 0) {
          // Fault v3-asc-unwindowed-end-500: position -1 is taken when no window or range rejects it (its record cannot be built: 500).
          if (faults.ascReadsPastNewest && member && rowOk(-1)) picked.push(-1);
          break;
        }
        if (rowOk(p)) picked.push(p);
      }
    }
  } else if (member && memberCount * memberCount * 16 <= want * n) {
    // Few matches: sort their ranks rather than walk the whole order.
    const ranks: number[] = [];
    // Faults v3-few-matches-loses-oldest (the scan stops one position short of the end) and
    // v3-few-matches-skips-next (the next position is never looked at), read once per query.
    const losesOldest = store.faults?.has('v3-few-matches-loses-oldest');
    const skipsNext = store.faults?.has('v3-few-matches-skips-next');
    for (let p = nextSetBit(member, 0); p >= 0; p = nextSetBit(member, p + 1)) {
      if (losesOldest && lastPosition(p, store.size)) continue;
      const rk = rank[p];
      const ahead = faults.fewMatchesBackwards ? (forward ? rk < after : rk > after) : forward ? rk > after : rk < after;
      if (faults.otherSortsOr ? ahead || rowOk(p) : ahead && rowOk(p)) ranks.push(rk);
      if (skipsNext) p += 1;
    }
    ranks.sort((a, b) => (forward ? a - b : b - a));
    for (let i = 0; i < ranks.length && i < want; i++) picked.push(order[ranks[i]]);
  } else if (member && faults.manyMatchesEmpty) {
    // Fault v3-many-matches-empty-on-other-sorts: the walk of the sort order takes nothing.
  } else if (forward) {
    for (let rk = after + 1; rk < n && picked.length < want; rk++) {
      const p = order[rk];
      if ((!member || hasBit(member, faults.manyMatchesNeighbour ? neighbourPosition(p) : p)) && rowOk(p)) picked.push(p);
    }
  } else {
    for (let rk = after - 1; rk >= 0 && picked.length < want; rk--) {
      const p = order[rk];
      if (faults.reverseLosesFirst && isFirstRank(rk)) continue;
      if ((!member || hasBit(member, faults.manyMatchesNeighbour ? neighbourPosition(p) : p)) && rowOk(p)) picked.push(p);
    }
  }
  // Fault v3-asc-filter-ignored (after the walks, so their lines stay as they are): the ascending
  // createdAt walk of a filtered listing steps through every row, matching or not.
  if (faults.ascIgnoresFilters && member !== null && q.sortBy === 'createdAt' && !forward) {
    picked.length = 0;
    for (let p = Math.min(after, n) - 1; p > -1 && picked.length !== want; p--) if (rowOk(p)) picked.push(p);
  }
  const hasMore = picked.length > q.limit;
  const pageRows = picked.slice(0, q.limit).map((p) => store.row(p));
  const page: Page = { rows: pageRows };
  if (hasMore && pageRows.length) {
    const last = pageRows[pageRows.length - 1];
    page.continuation = faults.repeatCursor && q.cursor
      ? encodeCursor(q.cursor)
      : encodeCursor({ sortBy: q.sortBy, direction: q.direction, rank: rank[last.idx], id: last.id, fingerprint: q.fingerprint });
  }
  if (q.includeTotal) {
    const exact = countMatches(store, q, member, memberCount, perRow, rowOk) + extraCounted(faults.countHigh && !perRow ? member : null);
    page.total = faults.total
      ? faults.total(exact, q, (field) => runQuery(store, { ...q, top: q.top.filter((c) => c.field !== field), limit: 0, cursor: null, includeTotal: true }, { overlap: false, gap: false }).total ?? 0)
      : exact;
  }
  return page;
}

/** The exact number of matching rows (`includeTotal`), from the bitset's popcount when only visibility applies. */
function countMatches(store: Store, q: ListQuery, member: Bitset | null, memberCount: number, perRow: boolean, rowOk: (p: number) => boolean): number {
  let count = 0;
  if (!perRow) {
    count = memberCount;
    for (const p of store.privateRows) {
      if ((!member || hasBit(member, p)) && !q.privateInclude.has(store.privateAt(p)!)) count--;
    }
  } else if (member) {
    for (let p = nextSetBit(member, 0); p >= 0; p = nextSetBit(member, p + 1)) if (rowOk(p)) count++;
  } else {
    for (let p = 0; p < store.size; p++) if (rowOk(p)) count++;
  }
  return count;
}
