/**
 * Executes a list query on the store: index lookups and bitmaps for equality conditions, ranges on
 * the candidates, the pre-sorted order of `sortBy`, rank-based continuation (no duplicate, no gap).
 */
import type { Row } from '../data/row.js';
import { HttpError } from '../http/errors.js';
import type { Store } from '../store/store.js';
import { encodeCursor } from './cursor.js';
import type { Condition, ListQuery, Range } from './query.js';

export interface PageFaults {
  overlap: boolean;
  gap: boolean;
}

export interface Page {
  rows: Row[];
  continuation?: string;
  total?: number;
}

/** Ascending union of the postings of a condition (before negation). */
function postings(store: Store, c: Condition): readonly number[] {
  const lists: (readonly number[])[] = [];
  for (const index of c.indexes) for (const k of c.keys) lists.push(store.lookup(index, k));
  let out: readonly number[];
  if (lists.length === 1) out = lists[0];
  else {
    const set = new Set<number>();
    for (const l of lists) for (const p of l) set.add(p);
    out = [...set].sort((a, b) => a - b);
  }
  if (c.exactSymbol) {
    const { side, values } = c.exactSymbol;
    out = out.filter((p) => values.includes(side === 'in' ? store.rows[p].inSymbol : store.rows[p].outSymbol));
  }
  if (c.withChildren) {
    const set = new Set(out);
    for (const p of out) for (const child of store.lookup('parentId', store.rows[p].id)) set.add(child);
    out = [...set].sort((a, b) => a - b);
  }
  return out;
}

/** Bitmap of rows satisfying a condition (negation applied). */
function bitmap(store: Store, c: Condition): Uint8Array {
  const bm = new Uint8Array(store.size);
  if (c.negate) bm.fill(1);
  const v = c.negate ? 0 : 1;
  for (const p of postings(store, c)) bm[p] = v;
  return bm;
}

function andInto(target: Uint8Array, other: Uint8Array): void {
  for (let i = 0; i < target.length; i++) target[i] &= other[i];
}

function rangeOk(r: Row, ranges: readonly Range[]): boolean {
  for (const g of ranges) {
    if (g.field === 'block') {
      const blocks = g.originOnly ? r.inBlocks : r.inBlocks.concat(r.outBlocks);
      if (!blocks.some((b) => (g.min === undefined || b >= g.min) && (g.max === undefined || b <= g.max))) return false;
      continue;
    }
    let v: number;
    if (g.field === 'createdAt' || g.field === 'updatedAt') v = Math.floor(r[g.field] / 1000);
    else v = r[g.field];
    if (Number.isNaN(v)) return false;
    if (g.min !== undefined && v < g.min) return false;
    if (g.max !== undefined && v > g.max) return false;
  }
  return true;
}

/** Runs `q`; returns the page rows, the next cursor and (when asked) the exact total. */
export function runQuery(store: Store, q: ListQuery, faults: PageFaults): Page {
  const n = store.size;
  // Candidates: the smallest positive top-level posting list, else every row.
  let candidates: readonly number[] | null = null;
  let source: Condition | null = null;
  for (const c of q.top) {
    if (c.negate) continue;
    const list = postings(store, c);
    if (!candidates || list.length < candidates.length) {
      candidates = list;
      source = c;
    }
  }
  // Membership bitmap of the other equality conditions (null = everything).
  let member: Uint8Array | null = null;
  for (const c of q.top) {
    if (c === source) continue;
    const bm = bitmap(store, c);
    if (member) andInto(member, bm);
    else member = bm;
  }
  if (q.groups) {
    let groupBm: Uint8Array | null = null;
    for (const group of q.groups) {
      let g: Uint8Array | null = null;
      for (const c of group) {
        const bm = bitmap(store, c);
        if (g) andInto(g, bm);
        else g = bm;
      }
      if (!g) g = new Uint8Array(n).fill(1);
      if (!groupBm) groupBm = g;
      else if (q.groupsAnded) andInto(groupBm, g);
      else for (let i = 0; i < n; i++) groupBm[i] |= g[i];
    }
    if (groupBm) {
      if (member) andInto(member, groupBm);
      else member = groupBm;
    }
  }
  const hidePrivate = store.privateRows.length > 0;
  const matches = (p: number): boolean => {
    if (member && member[p] === 0) return false;
    const r = store.rows[p];
    if (hidePrivate && r.privateChain !== null && !q.privateInclude.has(r.privateChain)) return false;
    if (q.features && (r.features & q.features) === 0) return false;
    return q.ranges.length === 0 || rangeOk(r, q.ranges);
  };
  const rank = store.rank[q.sortBy];
  const order = store.order[q.sortBy];
  const natural = q.sortBy === 'amountUsd' ? 'asc' : 'desc';
  const forward = q.direction === natural;
  let after = forward ? -1 : n;
  if (q.cursor) {
    const pos = q.cursor.rank;
    if (pos < 0 || pos >= n || store.rows[order[pos]].id !== q.cursor.id) {
      throw new HttpError(400, 'Invalid continuation: it does not belong to this data set or query; expected a continuation value returned by a previous page of this same query', 'INVALID_PARAMETER');
    }
    after = pos;
    if (faults.overlap) after = forward ? pos - 1 : pos + 1;
    if (faults.gap) after = forward ? pos + 1 : pos - 1;
  }
  const want = q.limit + 1;
  const picked: number[] = [];
  let total: number | undefined;
  if (candidates && q.sortBy === 'createdAt' && !q.includeTotal) {
    // Postings are ascending positions, and a position is its createdAt rank: walk from the cursor.
    let lo = 0;
    let hi = candidates.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (candidates[mid] <= after) lo = mid + 1;
      else hi = mid;
    }
    if (forward) {
      for (let i = lo; i < candidates.length && picked.length < want; i++) if (matches(candidates[i])) picked.push(candidates[i]);
    } else {
      let i = lo - 1;
      while (i >= 0 && candidates[i] >= after) i--;
      for (; i >= 0 && picked.length < want; i--) if (matches(candidates[i])) picked.push(candidates[i]);
    }
  } else if (candidates) {
    const ranked: number[] = [];
    let count = 0;
    for (const p of candidates) {
      if (!matches(p)) continue;
      count++;
      const rk = rank[p];
      if (forward ? rk > after : rk < after) ranked.push(rk);
    }
    if (q.includeTotal) total = count;
    ranked.sort((a, b) => (forward ? a - b : b - a));
    for (let i = 0; i < ranked.length && i < want; i++) picked.push(order[ranked[i]]);
  } else {
    if (forward) {
      for (let rk = after + 1; rk < n && picked.length < want; rk++) if (matches(order[rk])) picked.push(order[rk]);
    } else {
      for (let rk = after - 1; rk >= 0 && picked.length < want; rk--) if (matches(order[rk])) picked.push(order[rk]);
    }
    if (q.includeTotal) {
      let count = 0;
      if (member && !q.features && q.ranges.length === 0) {
        // Only the bitmap and private-chain visibility apply: count bits, then drop hidden rows.
        for (let p = 0; p < n; p++) count += member[p];
        for (const p of store.privateRows) if (member[p] && !q.privateInclude.has(store.rows[p].privateChain!)) count--;
      } else for (let p = 0; p < n; p++) if (matches(p)) count++;
      total = count;
    }
  }
  const hasMore = picked.length > q.limit;
  const pageRows = picked.slice(0, q.limit).map((p) => store.rows[p]);
  const page: Page = { rows: pageRows };
  if (hasMore && pageRows.length) {
    const last = pageRows[pageRows.length - 1];
    page.continuation = encodeCursor({ sortBy: q.sortBy, direction: q.direction, rank: rank[last.idx], id: last.id, fingerprint: q.fingerprint });
  }
  if (total !== undefined) page.total = total;
  return page;
}
