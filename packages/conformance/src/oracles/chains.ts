/**
 * Continuation walks observed passively (API document, GET /requests/v3 rule 4; live facts §1.3),
 * as a tree of pages: a page requested without `continuation` is the root of a walk; a page
 * requested with a cursor is a child of the page that handed that cursor back. A relation across
 * pages ("no record twice", "no cursor twice", the order at a page boundary, `total` against what
 * was seen) holds only between a page and the pages on its own path from the root: the pages the
 * server served in sequence when that cursor was followed. A client that asks for the same page
 * again (a retry, a refetch, a second tab, a restarted walk, an older cursor followed again) makes a
 * sibling of that page, never a page of its own path, so it is never judged against it.
 *
 * A cursor names a position, not always a walk: a positional cursor, or a walk whose page size
 * changed, gives the same value in walks of different queries. A page continues the latest page
 * that handed back its cursor in a walk of the same parameters (page size aside); see
 * {@link parentAmong}.
 *
 * Bounded: at most {@link MAX_CURSORS} cursors remembered (the oldest forgotten first: a walk whose
 * next page comes after 1,000 newer cursors is judged afresh from that page), at most
 * {@link MAX_IDS} record ids and cursors indexed per walk, at most {@link MAX_DEPTH} pages on a path.
 */
import { recordId, type RecordJson } from '../contract/record.js';

export const MAX_CURSORS = 1_000;
export const MAX_IDS = 100_000;
export const MAX_DEPTH = 10_000;

/** One page of a walk, as the tree keeps it. */
export interface PageView {
  /** Pages on the path from the root, this one included (1 for the root). */
  readonly depth: number;
  /** Records on the path from the root, this page's included. */
  readonly count: number;
  /** The last record of this page (the order boundary with its children). */
  readonly lastRecord?: RecordJson;
  /** When this page was read (epoch ms, the target's clock where known), if known. */
  readonly readAt?: number;
}

/** The walk a new page belongs to, as it stood before that page: its parent and the path above it. */
export interface ChainView {
  /** The query of the walk's first page (without `continuation`): its filters, sort, limit. */
  readonly query: URLSearchParams;
  /** The page that handed back the cursor this page was requested with (none for a first page). */
  readonly parent?: PageView;
  /** Pages on the path before this page. */
  readonly pages: number;
  /** Records on the path before this page. */
  readonly count: number;
  /** Whether the walk's first page was observed (else it began before the observation did). */
  readonly fromStart: boolean;
  /** The earlier page on this page's path that returned record `id`, if any. */
  pageWith(id: string): PageView | undefined;
  /** Whether a page on this page's path (before it) handed back `cursor`. */
  gave(cursor: string): boolean;
}

interface Node extends PageView {
  readonly parent?: Node;
  readonly root: Root;
  count: number;
  depth: number;
  lastRecord?: RecordJson;
}

/** The per-walk indexes: which pages returned an id, which pages handed back a cursor. */
interface Root {
  readonly query: URLSearchParams;
  /** Who asked (an in-memory digest of the credentials, never the key): walks of different callers never mix. */
  readonly caller: string;
  /** {@link walkKey} of the query, without and with `limit` (computed once). */
  readonly key: string;
  readonly fullKey: string;
  readonly fromStart: boolean;
  readonly ids: Map<string, Node | Node[]>;
  readonly cursors: Map<string, Node | Node[]>;
  size: number;
}

/** Whether `a` is `p` or on the path above it. */
function onPath(a: Node, p: Node | undefined): boolean {
  let n = p;
  while (n !== undefined && n.depth > a.depth) n = n.parent;
  return n === a;
}

function index(root: Root, map: Map<string, Node | Node[]>, key: string, node: Node): void {
  const had = map.get(key);
  if (had === undefined) {
    if (root.size >= MAX_IDS) return;
    root.size += 1;
    map.set(key, node);
  } else if (Array.isArray(had)) {
    if (had.length >= 64) had.shift();
    had.push(node);
  } else if (had !== node) map.set(key, [had, node]);
}

function lookup(map: Map<string, Node | Node[]>, key: string, parent: Node | undefined): Node | undefined {
  const had = map.get(key);
  if (had === undefined || parent === undefined) return undefined;
  for (const n of Array.isArray(had) ? had : [had]) if (onPath(n, parent)) return n;
  return undefined;
}

/** A page not yet advanced: its walk and parent. */
export interface PendingPage {
  readonly view: ChainView;
  readonly parent?: Node;
  readonly root: Root;
}

/** The parameters of a query that name its walk: all but `continuation` and `limit` (a walk may change its page size), sorted. */
export function walkKey(q: URLSearchParams, withLimit = false): string {
  return [...q]
    .filter(([k]) => k !== 'continuation' && (withLimit || k !== 'limit'))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
}

/** Pages remembered per cursor (the same cursor handed back by several pages: refetches, walks whose cursors coincide). */
const PER_CURSOR = 16;

/**
 * The page a continuation page follows, among the pages that handed back its cursor: the latest
 * whose walk has the same parameters (its page size aside). A page that sends the cursor alone
 * follows the latest of them when they all belong to walks of one query (page size included);
 * when they do not, its walk is unknown (positional cursors coincide across queries).
 */
function parentAmong(all: readonly Node[] | undefined, query: URLSearchParams, caller: string): Node | undefined {
  const candidates = all?.filter((n) => n.root.caller === caller);
  if (!candidates || candidates.length === 0) return undefined;
  const key = walkKey(query);
  const latest = candidates[candidates.length - 1]!;
  if (key !== '') {
    for (let i = candidates.length - 1; i >= 0; i--) if (candidates[i]!.root.key === key) return candidates[i];
    return undefined;
  }
  return candidates.every((n) => n.root.fullKey === latest.root.fullKey) ? latest : undefined;
}

export class ChainTracker {
  private readonly byCursor = new Map<string, Node[]>();

  /** The walk a page belongs to: a child of the page that gave its cursor, else the root of a new walk. */
  chainOf(query: URLSearchParams, caller = ''): PendingPage {
    const cursor = query.get('continuation');
    const parent = cursor === null || cursor === '' ? undefined : parentAmong(this.byCursor.get(cursor), query, caller);
    let root = parent?.root;
    if (!root) {
      const first = new URLSearchParams(query);
      first.delete('continuation');
      root = { query: first, caller, key: walkKey(first), fullKey: walkKey(first, true), fromStart: cursor === null || cursor === '', ids: new Map(), cursors: new Map(), size: 0 };
    }
    const r = root;
    const view: ChainView = {
      query: r.query,
      ...(parent ? { parent } : {}),
      pages: parent?.depth ?? 0,
      count: parent?.count ?? 0,
      fromStart: r.fromStart,
      pageWith: (id) => lookup(r.ids, id, parent),
      gave: (c) => lookup(r.cursors, c, parent) !== undefined,
    };
    return { view, ...(parent ? { parent } : {}), root: r };
  }

  /** Adds the page to its walk: its records, the cursor it handed back, when it was read. */
  advance(pending: PendingPage, records: readonly RecordJson[], cursor: string | undefined, readAt?: number): void {
    const { parent, root } = pending;
    if (parent && parent.depth >= MAX_DEPTH) return;
    const node: Node = {
      root,
      ...(parent ? { parent } : {}),
      depth: (parent?.depth ?? 0) + 1,
      count: (parent?.count ?? 0) + records.length,
      ...(records.length > 0 ? { lastRecord: records[records.length - 1] } : {}),
      ...(readAt !== undefined ? { readAt } : {}),
    };
    for (const r of records) {
      const id = recordId(r);
      if (id !== undefined) index(root, root.ids, id, node);
    }
    if (cursor === undefined) return;
    index(root, root.cursors, cursor, node);
    const pages = this.byCursor.get(cursor) ?? [];
    this.byCursor.delete(cursor);
    pages.push(node);
    if (pages.length > PER_CURSOR) pages.shift();
    this.byCursor.set(cursor, pages);
    if (this.byCursor.size > MAX_CURSORS) this.byCursor.delete(this.byCursor.keys().next().value as string);
  }
}

/** What one reading of a query showed: the ids of its page in order, its total, when it was read. */
export interface Reading {
  readonly ids: readonly string[];
  readonly total?: number;
  readonly readAt?: number;
}

/** Readings remembered per kind (the oldest forgotten first). */
export const MAX_READINGS = 1_000;

/**
 * The latest earlier reading of the same request (same caller, same parameters, `limit` and
 * `continuation` included) and of the same query's `total` (any page of it: `total` does not
 * depend on `limit` nor `continuation`), to compare a fresh reading with.
 */
export class Readings {
  private readonly pages = new Map<string, Reading>();
  private readonly totals = new Map<string, Reading>();

  private static remember(map: Map<string, Reading>, key: string, r: Reading): void {
    map.delete(key);
    map.set(key, r);
    if (map.size > MAX_READINGS) map.delete(map.keys().next().value as string);
  }

  pageKey(query: URLSearchParams, caller: string): string {
    return `${caller}|${walkKey(query, true)}|${query.get('continuation') ?? ''}`;
  }

  totalKey(query: URLSearchParams, caller: string): string {
    return `${caller}|${walkKey(query)}`;
  }

  page(key: string): Reading | undefined {
    return this.pages.get(key);
  }

  total(key: string): Reading | undefined {
    return this.totals.get(key);
  }

  record(pageKey: string, totalKey: string | undefined, reading: Reading): void {
    Readings.remember(this.pages, pageKey, reading);
    if (reading.total !== undefined && totalKey !== undefined) Readings.remember(this.totals, totalKey, reading);
  }
}
