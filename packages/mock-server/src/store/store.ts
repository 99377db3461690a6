/**
 * In-memory store: equality indexes (value -> ascending row positions) for every equality filter
 * of GET /requests/v3, bitsets of the frequent index values, and pre-sorted orders for each
 * `sortBy`. Filters never scan field values. Generated data stays in its columns
 * (`GeneratedTable`): the store reads index values and sort keys from them and builds a row only
 * when one is served; rows changed by the lifecycle and arrivals are held as objects.
 *
 * The store is a façade over its parts: row storage (here: generated columns, row objects,
 * overrides), the index set (index-set.ts), the sorted orders (sorted-orders.ts) and the bitset
 * cache (bitset-cache.ts).
 */
import type { FaultName } from '../faults.js';
import { dropOldestOfNewest, isLone, isMiddle, newerThanAll } from '../faults.js';
import type { Row } from '../data/row.js';
import type { GeneratedTable } from '../data/table.js';
import type { Dataset } from '../data/dataset.js';
import { sortSteps } from '../radix.js';
import { HashedIndex, HashedIndexBuilder, radixScratch, type RadixScratch } from './hashed-index.js';
import { emptyBits, type Bitset } from './bitset.js';
import { BitsetCache } from './bitset-cache.js';
import {
  EXTRACT, HASHED, MUTABLE, NULL_KEY, WARM_FIRST, WARM_SLICE,
  addHashed, addMapped, addPosting, countedIndex, hasValue, keyOf, keysOf, mergeAscending, removePosting, sameKeys,
  type Building, type Index, type IndexName, type Key, type Posting, type Positions,
} from './index-set.js';
import { idOrder, idPrefixKey, invert, type SortBy, type Sorted } from './sorted-orders.js';

export type { IndexName, Key, Positions } from './index-set.js';
export type { SortBy } from './sorted-orders.js';

/** What changed in the store: the positions of updated rows, or `all` (rows were inserted). */
export type StoreChange = { kind: 'rows'; positions: readonly number[] } | { kind: 'all' };

export class Store {
  size: number;
  /**
   * Generated data in columns, or null. A slot names a row: slots 0..base-1 are the table's
   * positions, slots from base the objects; positions map to slots once rows arrive.
   */
  private readonly table: GeneratedTable | null;
  private readonly base: number;
  /** Rows held as objects: a file's rows, or requests that arrived after start (slots base..). */
  private readonly objects: Row[];
  /** Slot of each position, or null while position = slot (until rows arrive). */
  private slots: Int32Array | null = null;
  /** Table rows changed by a lifecycle step: the changed object replaces the columns' values. */
  private readonly overrides = new Map<number, Row>();
  /** Per position: the sort keys, features and the first digits of the id (tie-break key). */
  createdAt!: Float64Array;
  updatedAt!: Float64Array;
  amountUsd!: Float64Array;
  features!: Uint8Array;
  private tieKey!: Uint32Array;
  /** Positions of the rows on a private chain, and their chain. */
  privateRows!: number[];
  private privateOf!: Map<number, string>;
  /** Sort orders, built on first use (or by `warm()`); createdAt is the position itself. */
  private readonly sortedBy = new Map<SortBy, Sorted>();
  /** Sorts under way in the background (`warm()`), a radix pass per step. */
  private readonly sorting = new Map<SortBy, Generator<void, Int32Array>>();
  /** order[sortBy][rank] = row position; rank[sortBy][position] = rank. Natural directions: createdAt/updatedAt desc, amountUsd asc. */
  readonly order: Record<SortBy, Int32Array>;
  readonly rank: Record<SortBy, Int32Array>;
  /** Indexes are built on first use (or by `warm()` in the background after start-up). */
  private readonly indexes = new Map<IndexName, Index>();
  /** Indexes under construction by `warm()`: the index so far and the next row position. */
  private readonly building = new Map<IndexName, Building>();
  /** Radix-sort arrays shared by the hashed index builds (dropped when no build is under way). */
  private sortScratch: RadixScratch | null = null;
  /**
   * Changes since a hashed index was built, per index: the positions changed (for null lookups)
   * and, per new lowercased value, the positions that took it. A lookup re-checks every candidate's
   * current value, so stale entries drop out; past `size / 8` changed rows the index is rebuilt.
   */
  private readonly dirty = new Map<IndexName, { touched: Set<number>; added: Map<string, number[]> }>();
  /** Listeners of `update`/`prepend` (caches keyed by row position). */
  private readonly listeners: Array<(change: StoreChange) => void> = [];
  /** Cached bitsets of frequent (index, key) pairs (bitset-cache.ts). */
  private readonly bitsets = new BitsetCache();
  /** Per-store scratch bitsets reused by queries (queries run synchronously, one at a time). */
  private readonly scratchBits: Bitset[] = [];
  /** Whether `warm()` goes on (`stopWarming()`). */
  private warming = false;

  /**
   * The faults of the lifecycle's index upkeep (faults.ts: v3-status-index-stale-after-change,
   * v3-fail-reason-index-stale-after-change, v3-new-tx-hash-unindexed, v3-updated-order-stale),
   * set by the server; none by default.
   */
  faults?: { has(name: FaultName): boolean };
  /** Ids of the requests a lifecycle step changed, kept only under the faults v3-changed-rows-pass-ranges and v3-new-tx-hash-not-in-term (set by the server). */
  changedIds?: Set<string>;

  /** `tiebreak` orders rows with equal sort keys (ascending); default: by id. */
  constructor(
    readonly dataset: Dataset,
    /** Breaks ties of the sort keys (by id; the sort-tiebreak-hash variant passes another). */
    private readonly tiebreak: (a: Row, b: Row) => number = idOrder,
  ) {
    this.table = dataset.table ?? null;
    this.base = this.table ? this.table.size : 0;
    this.objects = this.table ? [] : dataset.rows;
    this.size = this.base + this.objects.length;
    this.readKeys();
    const lazy = (pick: (s: Sorted) => Int32Array): Record<SortBy, Int32Array> => {
      const out = {} as Record<SortBy, Int32Array>;
      for (const by of ['createdAt', 'updatedAt', 'amountUsd'] as const) Object.defineProperty(out, by, { enumerable: true, get: () => pick(this.sorted(by)) });
      return out;
    };
    this.order = lazy((s) => s.order);
    this.rank = lazy((s) => s.rank);
  }

  private slotOf(p: number): number {
    return this.slots ? this.slots[p] : p;
  }

  /** The row at position `p`: the object of a file, arrival or changed row, else built from the columns. */
  row(p: number): Row {
    const s = this.slotOf(p);
    const r = s >= this.base ? this.objects[s - this.base] : (this.overrides.get(s) ?? this.table!.row(s));
    r.idx = p;
    return r;
  }

  /** Every row, built (tests and small data sets; the server reads rows one at a time). */
  get rows(): Row[] {
    return Array.from({ length: this.size }, (_, p) => this.row(p));
  }

  /** The value(s) index `name` reads from position `p`, without building the row when it is in the columns. */
  keyAt(name: IndexName, p: number): Key | null | readonly (Key | null)[] {
    const s = this.slotOf(p);
    if (s >= this.base) return EXTRACT[name](this.objects[s - this.base]);
    const o = this.overrides.size ? this.overrides.get(s) : undefined;
    return o ? EXTRACT[name](o) : this.table!.key(name, s);
  }

  /** The id at position `p`. */
  idAt(p: number): string {
    return this.keyAt('id', p) as string;
  }

  /** The private chain of position `p`, or null. */
  privateAt(p: number): string | null {
    return this.privateOf.size ? (this.privateOf.get(p) ?? null) : null;
  }

  /** `fillTimeSec` or `appFeesUsd` of position `p` (NaN when none), from the columns when they hold it. */
  numberAt(field: 'fillTimeSec' | 'appFeesUsd', p: number): number {
    const s = this.slotOf(p);
    if (s < this.base && !this.overrides.has(s)) return this.table!.number(field, s);
    return this.row(p)[field];
  }

  /** Reads the per-position keys (construction and `prepend`). */
  private readKeys(): void {
    const n = this.size;
    this.createdAt = new Float64Array(n);
    this.updatedAt = new Float64Array(n);
    this.amountUsd = new Float64Array(n);
    this.features = new Uint8Array(n);
    this.tieKey = new Uint32Array(n);
    this.privateRows = [];
    this.privateOf = new Map();
    const keyed = this.tiebreak === idOrder && this.table !== null;
    const t = this.table;
    const slots = this.slots;
    let p = 0;
    if (t && !slots && this.overrides.size === 0) {
      // Start-up: the columns gathered into position order.
      const { c, order, idKeys } = t;
      for (; p < this.base; p++) {
        const g = order[p];
        this.createdAt[p] = c.createdAt[g];
        this.updatedAt[p] = c.updatedAt[g];
        this.amountUsd[p] = c.amountUsd[g];
        this.features[p] = c.features[g];
        this.tieKey[p] = idKeys[g];
      }
      for (const q of t.privateRows()) {
        this.privateRows.push(q);
        this.privateOf.set(q, t.privateChain(q)!);
      }
    }
    for (; p < n; p++) {
      const s = this.slotOf(p);
      let priv: string | null;
      if (s < this.base && !this.overrides.has(s)) {
        const c = t!.c;
        const g = t!.order[s];
        this.createdAt[p] = c.createdAt[g];
        this.updatedAt[p] = c.updatedAt[g];
        this.amountUsd[p] = c.amountUsd[g];
        this.features[p] = c.features[g];
        this.tieKey[p] = t!.idKeys[g];
        priv = t!.privateChain(s);
      } else {
        const r = this.row(p);
        this.createdAt[p] = r.createdAt;
        this.updatedAt[p] = r.updatedAt;
        this.amountUsd[p] = r.amountUsd;
        this.features[p] = r.features;
        if (keyed) this.tieKey[p] = idPrefixKey(r.id);
        priv = r.privateChain;
      }
      if (priv !== null) {
        this.privateRows.push(p);
        this.privateOf.set(p, priv);
      }
    }
  }

  /** Ascending tie-break of positions `a` and `b` (the tie key first, then the rows). */
  private tie(a: number, b: number): number {
    return this.tieKey[a] - this.tieKey[b] || this.tiebreak(this.row(a), this.row(b));
  }

  /** The order of `sortBy`, sorting now (or finishing the background sort) if needed. */
  sorted(sortBy: SortBy): Sorted {
    let s = this.sortedBy.get(sortBy);
    if (s) return s;
    if (sortBy === 'createdAt') {
      const order = new Int32Array(this.size);
      for (let i = 0; i < this.size; i++) order[i] = i;
      s = { order, rank: order };
      this.sortedBy.set(sortBy, s);
      return s;
    }
    while (!this.sortStep(sortBy));
    return this.sortedBy.get(sortBy)!;
  }

  /** One step of the sort of `sortBy` (updatedAt or amountUsd); true once the order is there. */
  private sortStep(sortBy: SortBy): boolean {
    if (this.sortedBy.has(sortBy)) return true;
    let steps = this.sorting.get(sortBy);
    if (!steps) {
      // updatedAt desc (ties desc), amountUsd asc (ties asc, no amount first).
      const desc = sortBy === 'updatedAt';
      steps = sortSteps(desc ? this.updatedAt : this.amountUsd, desc, this.tieKey, (a, b) => (desc ? this.tie(b, a) : this.tie(a, b)));
      this.sorting.set(sortBy, steps);
    }
    const step = steps.next();
    if (!step.done) return false;
    this.sorting.delete(sortBy);
    this.sortedBy.set(sortBy, { order: step.value, rank: invert(step.value) });
    return true;
  }

  /** The complete index `name`, finishing (or doing) its build now if needed. */
  private index(name: IndexName): Index {
    return this.indexes.get(name) ?? this.advance(name, this.size)!;
  }

  /**
   * Adds the next `count` rows to the index `name` (rows are added in ascending position, so
   * postings stay sorted); returns the index once every row is in, else null.
   */
  private advance(name: IndexName, count: number): Index | null {
    const done = this.indexes.get(name);
    if (done) return done;
    let state = this.building.get(name);
    const codes = !state && !this.slots && this.objects.length === 0 && this.overrides.size === 0 ? this.table?.codes(name) : null;
    if (codes) {
      // Catalogue values of generated data: counted from the code column at once (no slices).
      const index = countedIndex(codes, this.table!.order);
      // Fault v3-value-list-loses-oldest: the newest request's value loses its oldest request.
      if (this.faults?.has('v3-value-list-loses-oldest')) dropOldestOfNewest(index);
      this.indexes.set(name, index);
      return index;
    }
    if (!state) {
      state = HASHED.has(name) ? { hashed: new HashedIndexBuilder(this.size), next: 0 } : { map: new Map(), next: 0 };
      this.building.set(name, state);
    }
    const end = Math.min(this.size, state.next + count);
    const read = (p: number): Key | null | readonly (Key | null)[] => this.keyAt(name, p);
    if ('hashed' in state) {
      const builder = state.hashed;
      const hashes = new Uint32Array(4);
      for (let p = state.next; p < end; p++) {
        // Generated rows: hashes without building the strings where the table can.
        const s = this.slotOf(p);
        const n = s < this.base && !this.overrides.has(s) ? this.table!.keyHashes(name, s, hashes) : -1;
        if (n < 0) addHashed(builder, read, p, p + 1);
        else if (n === 0) builder.addNull(p);
        else for (let i = 0; i < n; i++) builder.add(hashes[i], p);
      }
    } else addMapped(state.map, read, state.next, end);
    state.next = end;
    if (end < this.size) return null;
    this.building.delete(name);
    let index: Index;
    if ('hashed' in state) {
      this.sortScratch = radixScratch(this.sortScratch, state.hashed.length);
      index = state.hashed.finish(this.sortScratch);
    } else {
      // Finished postings in typed arrays: a quarter to half the memory of arrays of numbers.
      for (const [k, v] of state.map) if (Array.isArray(v)) state.map.set(k, Int32Array.from(v));
      index = state.map;
    }
    if (this.building.size === 0) this.sortScratch = null;
    this.indexes.set(name, index);
    return index;
  }

  /**
   * Builds the missing indexes and sort orders in the background, a slice of rows per event-loop
   * turn, so that neither start-up nor a request waits for more than one slice (a request needing
   * an index finishes that one index itself; a sort order is one turn of its own).
   */
  warm(): Promise<void> {
    this.warming = true;
    const names = [...new Set([...WARM_FIRST, ...(Object.keys(EXTRACT) as IndexName[])])].filter((n) => !this.indexes.has(n));
    const sorts: SortBy[] = ['updatedAt', 'amountUsd'];
    return new Promise((resolve) => {
      const step = (): void => {
        if (!this.warming) return resolve();
        while (names.length > 0 && this.indexes.has(names[0])) names.shift();
        // The low-cardinality filters first, then the sort orders (a radix pass per turn), then the rest.
        while (sorts.length > 0 && this.sortedBy.has(sorts[0])) sorts.shift();
        if (sorts.length > 0 && (names.length === 0 || !WARM_FIRST.includes(names[0]))) {
          this.sortStep(sorts[0]);
          return void setImmediate(step);
        }
        if (names.length === 0) return resolve();
        this.advance(names[0], WARM_SLICE);
        setImmediate(step);
      };
      setImmediate(step);
    });
  }

  /** Stops the background build of `warm()` after its current slice (the server closes: the process may exit). */
  stopWarming(): void {
    this.warming = false;
  }

  /** Ascending row positions whose `name` field equals `key` (case-insensitive for strings). */
  lookup(name: IndexName, key: Key | null): Positions {
    // Fault v3-one-id-unfindable: the id index has lost the request in the middle of the data set.
    if (name === 'id' && this.faults?.has('v3-one-id-unfindable')) return this.lookupIndexed(name, key).filter((p) => !isMiddle(p, this.size));
    return this.lookupIndexed(name, key);
  }

  private lookupIndexed(name: IndexName, key: Key | null): Positions {
    const index = this.index(name);
    if (index instanceof HashedIndex) {
      const dirty = this.dirty.get(name);
      if (key === null) {
        if (!dirty) return index.nulls;
        const isNull = (p: number): boolean => keysOf(this.keyAt(name, p))[0] === NULL_KEY;
        return mergeAscending(index.nulls.filter(isNull), [...dirty.touched].filter(isNull));
      }
      if (typeof key !== 'string') return [];
      const k = key.toLowerCase();
      const found = index.candidates(k, (p) => hasValue(this.keyAt(name, p), k));
      const added = dirty?.added.get(k);
      return added ? mergeAscending(found, added.filter((p) => hasValue(this.keyAt(name, p), k))) : found;
    }
    const k = key === null ? NULL_KEY : keyOf(key);
    const cur = index.get(k);
    if (cur === undefined) return [];
    return typeof cur === 'number' ? [cur] : cur;
  }

  /**
   * Cached bitset of the rows whose `name` field equals `key` when the posting list is long (built
   * on first use); null when it is short (callers set its positions from `lookup`). Read-only.
   */
  frequentBits(name: IndexName, key: Key | null): Bitset | null {
    return this.bitsets.get(name, key === null ? NULL_KEY : keyOf(key), () => this.lookup(name, key), this.size);
  }

  /** The `i`-th scratch bitset of this store (allocated once, reused by every query). */
  scratch(i: number): Bitset {
    while (this.scratchBits.length <= i) this.scratchBits.push(emptyBits(this.size));
    return this.scratchBits[i];
  }

  /** Row of a request id, or undefined. */
  byId(id: string): Row | undefined {
    const hits = this.lookup('id', id);
    return hits.length ? this.row(hits[0]) : undefined;
  }

  /** Calls `listener` after every `update` and `prepend`. */
  onChange(listener: (change: StoreChange) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Changes one row in place (a lifecycle step: status, transactions, fail reasons, updatedAt) and
   * keeps every index, cached bitset and the updatedAt order right. `change` must assign new
   * arrays rather than push to the row's own (generated rows share empty lists). The changed row
   * is kept as an object from then on (the columns keep the generated values).
   */
  update(row: Row, change: (row: Row) => void): void {
    const p = row.idx;
    const s = this.slotOf(p);
    const held = s >= this.base ? this.objects[s - this.base] : this.overrides.get(s);
    // A row built before an earlier change of the same request takes that change first.
    if (held && held !== row) Object.assign(row, held);
    const before = MUTABLE.map((name) => this.mutableKeys(name, row));
    const updatedAt = row.updatedAt;
    change(row);
    if (s >= this.base) this.objects[s - this.base] = row;
    else this.overrides.set(s, row);
    MUTABLE.forEach((name, i) => {
      const after = this.mutableKeys(name, row);
      if (sameKeys(before[i], after)) return;
      let filed = after;
      // Fault v3-status-index-stale-after-change: a status change is taken for no change, the request stays filed under its old status.
      if (name === 'status' && this.faults?.has('v3-status-index-stale-after-change')) return;
      // A background build restarts from the current values.
      this.building.delete(name);
      const index = this.indexes.get(name);
      if (index instanceof HashedIndex) {
        let dirty = this.dirty.get(name);
        if (!dirty) this.dirty.set(name, (dirty = { touched: new Set(), added: new Map() }));
        dirty.touched.add(p);
        for (const k of after) {
          // Fault v3-new-tx-hash-unindexed: the keys a change adds (a new fill or refund hash) are not queued into the index.
          if (k === NULL_KEY || typeof k !== 'string' || this.faults?.has('v3-new-tx-hash-unindexed')) continue;
          const list = dirty.added.get(k);
          if (list) list.push(p);
          else dirty.added.set(k, [p]);
        }
        if (dirty.touched.size > this.size >>> 3) {
          // Rebuilt on next use (or by warm()).
          this.indexes.delete(name);
          this.dirty.delete(name);
        }
      } else if (index) {
        for (const k of before[i]) removePosting(index, k, p);
        // Fault v3-newest-move-unlisted: a request moved into a status it is newer than every request of is filed nowhere.
        if (name === 'status' && this.faults?.has('v3-newest-move-unlisted')) filed = after.filter((k) => !newerThanAll(index.get(k), p));
        for (const k of filed) addPosting(index, k, p);
        // Fault v3-status-posting-drops-neighbour: filing a request under its new status drops the next older request of that status from the status listing.
        if (name === 'status' && this.faults?.has('v3-status-posting-drops-neighbour')) this.dropNextPosting(index, after, p);
      }
      this.bitsets.moved(name, before[i], filed, p);
    });
    this.updatedAt[p] = row.updatedAt;
    if (row.updatedAt !== updatedAt) {
      // A sort under way read the old key: it starts again.
      this.sorting.delete('updatedAt');
      this.reorderUpdated(p);
    }
    for (const l of this.listeners) l({ kind: 'rows', positions: [p] });
  }

  /** Under fault v3-status-posting-drops-neighbour: the posting after `p` of each key taken out of `index` and of its cached bitset (its record keeps the value). */
  private dropNextPosting(index: Map<Key, Posting>, keys: readonly Key[], p: number): void {
    for (const k of keys) {
      const cur = index.get(k);
      const next = Array.isArray(cur) ? cur.find((q) => q > p) : undefined;
      if (next === undefined) continue;
      removePosting(index, k, next);
      this.bitsets.moved('status', [k], [], next);
    }
  }

  /** The index keys of mutable field `name` of `row` (`update`). */
  private mutableKeys(name: IndexName, row: Row): Key[] {
    const keys = keysOf(EXTRACT[name](row));
    // Fault v3-moved-status-also-empty: a moved request is filed under "empty" as well as under its new status.
    if (this.faults?.has('v3-moved-status-also-empty') && name === 'status') return [...keys, NULL_KEY];
    // Fault v3-fail-reason-index-stale-after-change: the "none" key of a fail reason is spelled null, a key no index holds, so a request given a reason is not taken out of "none".
    if (this.faults?.has('v3-fail-reason-index-stale-after-change') && (name === 'failReason' || name === 'refundFailReason')) return keys.map((k) => (k === NULL_KEY ? (null as unknown as Key) : k));
    return keys;
  }

  /**
   * Inserts rows created now in front of the default order (createdAt desc, id desc): positions
   * shift, so the keys and orders are read again and the indexes and bitsets rebuilt on demand.
   */
  prepend(rows: readonly Row[]): void {
    if (rows.length === 0) return;
    // Fault v3-lone-arrival-dropped: a request that arrives on its own is thrown away.
    if (this.faults?.has('v3-lone-arrival-dropped') && isLone(rows.length)) return;
    const added = rows.map((r) => {
      this.objects.push(r);
      return this.base + this.objects.length - 1;
    });
    const key = (s: number): Row => (s >= this.base ? this.objects[s - this.base] : (this.overrides.get(s) ?? this.table!.row(s)));
    // Default order: createdAt desc, tie-break desc. New rows are sorted, then merged with the old order.
    const desc = (a: Row, b: Row): number => b.createdAt - a.createdAt || this.tiebreak(b, a);
    added.sort((a, b) => desc(key(a), key(b)));
    const n = this.size + added.length;
    const slots = new Int32Array(n);
    const keyed = this.tiebreak === idOrder && this.table !== null;
    /** < 0 when the new row `r` comes before old position `i`. */
    const before = (r: Row, i: number): number =>
      this.createdAt[i] - r.createdAt || (keyed ? this.tieKey[i] - idPrefixKey(r.id) : 0) || this.tiebreak(this.row(i), r);
    let i = 0;
    let j = 0;
    for (let k = 0; k < n; k++) {
      const takeNew = j < added.length && (i >= this.size || before(key(added[j]), i) < 0);
      slots[k] = takeNew ? added[j++] : this.slotOf(i++);
    }
    this.slots = slots;
    this.size = n;
    this.indexes.clear();
    this.building.clear();
    this.dirty.clear();
    this.bitsets.clear();
    this.scratchBits.length = 0;
    this.sortedBy.clear();
    this.sorting.clear();
    this.readKeys();
    for (const l of this.listeners) l({ kind: 'all' });
  }

  /** Current rank of request `id` in the order of `sortBy`, or -1 (cursors survive moves and inserts). */
  rankOf(sortBy: SortBy, id: string): number {
    const row = this.byId(id);
    return row ? this.sorted(sortBy).rank[row.idx] : -1;
  }

  /** Moves position `p` to its place in the updatedAt order after its updatedAt changed. */
  private reorderUpdated(p: number): void {
    const sorted = this.sortedBy.get('updatedAt');
    // Fault v3-updated-order-stale: the built updatedAt order is never corrected after a change.
    if (!sorted || this.faults?.has('v3-updated-order-stale')) return;
    const { order, rank } = sorted;
    const key = this.updatedAt;
    const from = rank[p];
    const at = (i: number): number => order[i < from ? i : i + 1];
    let lo = 0;
    let hi = this.size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const q = at(mid);
      if (key[q] > key[p] || (key[q] === key[p] && this.tie(q, p) > 0)) lo = mid + 1;
      else hi = mid;
    }
    if (lo < from) order.copyWithin(lo + 1, lo, from);
    else if (lo > from) order.copyWithin(from, from + 1, lo + 1);
    order[lo] = p;
    for (let i = Math.min(lo, from); i <= Math.max(lo, from); i++) rank[order[i]] = i;
  }
}
