/**
 * Status changes of the reference server (live-service-facts §1.2): `advance(id?)` moves
 * requests one lifecycle step, `arrive(n)` inserts requests created now. Both go through the store
 * (indexes kept right), so every change shows in /requests/v3, /requests/v2 and /intents/status,
 * and is handed to the listeners (websocket pushes, webhooks). Deterministic given the seed and
 * the sequence of calls (and, for `advance()` without id, the subscribed ids it prefers); only
 * `updatedAt`/`createdAt` follow the server clock.
 */
import { LIMITS } from '@crosschain/specs';
import type { V3Status } from '../data/catalogue.js';
import { generateRows } from '../data/generate.js';
import type { Row } from '../data/row.js';
import { createRng, type Rng } from '../prng.js';
import type { Store } from '../store/store.js';
import { applyStep, NON_TERMINAL, nextStatus, resetToCreated, TERMINAL } from './steps.js';

/** One status change of one request. */
export interface StatusChange {
  requestId: string;
  from: V3Status;
  to: V3Status;
  /** Epoch ms of the change (the record's new `updatedAt`). */
  updatedAt: number;
}

export interface LifecycleOptions {
  seed: number;
  /** Server clock, epoch ms. */
  now: () => number;
  /** Request ids `advance()` moves first (the ids somebody follows), e.g. the websocket subscriptions. */
  preferred?: () => readonly string[];
  /** Fault v3-updated-at-not-moved: a step leaves updatedAt at createdAt. */
  updatedAtNotMoved?: boolean;
  /**
   * Keep the latest page moving: a step without id makes requests arrive while the newest
   * RECENT listed requests hold fewer in flight than before the first step (at most RECENT_FLOOR).
   * Off for a data set of a fixed size (the data-set variants), which arrivals would change.
   */
  keepInFlight?: boolean;
}

/** Preferred (followed) requests moved by one `advance()` without id, at most. */
const PREFERRED_PER_ADVANCE = 16;
/**
 * The newest listed requests the in-flight floor looks at: the latest page at the largest limit
 * (GET /requests/v3 `limit` ≤ 50), where a client that follows requests finds the ones to follow.
 */
export const RECENT: number = LIMITS['GET /requests/v3'].maximum;
/** Requests in flight the newest RECENT listed ones keep at least (arrivals make it up). */
export const RECENT_FLOOR = 8;
/** Positions the floor scans for RECENT listed requests (private-chain and child requests are listed only on request). */
const RECENT_SCAN = 20 * RECENT;
/** Largest `arrive(n)`. */
export const MAX_ARRIVALS = 10_000;

export class Lifecycle {
  private readonly rng: Rng;
  private arrivals = 0;
  private turn = 0;
  /** Listed requests in flight the latest page keeps at least: min(RECENT_FLOOR, those it held before the first step). */
  private floor: number | undefined;
  private readonly listeners: Array<(change: StatusChange, row: Row) => void> = [];

  constructor(private readonly store: Store, private readonly options: LifecycleOptions) {
    this.rng = createRng(options.seed, 0x11fe);
  }

  /** Calls `listener` after every status change. */
  onChange(listener: (change: StatusChange, row: Row) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Moves request `id` one step (none when it is terminal), or without id: up to 16 followed
   * non-terminal requests plus one non-terminal request picked at random; then, with `keepInFlight`,
   * when the newest RECENT listed requests hold fewer in flight than before the first step (at most
   * RECENT_FLOOR), as many arrive as make it up. Returns the changes.
   */
  advance(id?: string): StatusChange[] {
    if (id !== undefined) {
      const row = this.store.byId(id);
      if (!row) throw new Error(`advance: no request with id ${JSON.stringify(id.slice(0, 100))}; pass the id of a served request`);
      const change = this.step(row);
      return change ? [change] : [];
    }
    const keep = this.options.keepInFlight === true && this.store.dataset.source === 'generated';
    if (keep) this.floor ??= Math.min(RECENT_FLOOR, this.recentOpen());
    const changes: StatusChange[] = [];
    const moved = new Set<Row>();
    const preferred = this.options.preferred?.() ?? [];
    const start = preferred.length ? this.turn++ % preferred.length : 0;
    for (let i = 0; i < preferred.length && moved.size < PREFERRED_PER_ADVANCE; i++) {
      const row = this.store.byId(preferred[(start + i) % preferred.length]);
      if (!row || moved.has(row) || TERMINAL.has(row.status)) continue;
      moved.add(row);
      const change = this.step(row);
      if (change) changes.push(change);
    }
    const random = this.randomOpen();
    if (random && !moved.has(random)) {
      const change = this.step(random);
      if (change) changes.push(change);
    }
    // The live service never runs out of requests in flight: its latest page always holds some. A
    // long-lived reference server followed run after run (a staging gate) otherwise ran dry: the
    // followers moved the newest requests in flight to a terminal status within a few steps, and
    // after ~100 runs no run found one in its latest page or window to follow (static-data). A floor
    // over every open request did not help (the open ones left were older than any run's window):
    // the floor counts the latest page. It is what that page held before the first step, so a data
    // set that started with none in flight stays as asked; arrivals are created now, at the top.
    if (keep) {
      const open = this.recentOpen();
      if (open < this.floor!) this.arrive(this.floor! - open);
    }
    return changes;
  }

  /**
   * Requests in flight among the newest RECENT listed requests (the default order, createdAt desc):
   * a private-chain or child request is listed only on request, so it is skipped, not counted.
   */
  recentOpen(): number {
    let listed = 0;
    let open = 0;
    for (let p = 0; p < this.store.size && p < RECENT_SCAN && listed < RECENT; p++) {
      const row = this.store.row(p);
      if (row.privateChain !== null || row.parentId !== null) continue;
      listed += 1;
      if (!TERMINAL.has(row.status)) open += 1;
    }
    return open;
  }

  /** Inserts `n` requests created now (waiting, or depositing for deposit-address requests); returns their ids. */
  arrive(n = 1): string[] {
    if (!Number.isSafeInteger(n) || n < 1 || n > MAX_ARRIVALS) throw new Error(`arrive: n must be an integer from 1 to ${MAX_ARRIVALS}, got ${JSON.stringify(n)}`);
    if (this.store.dataset.source !== 'generated') throw new Error('arrive: new requests need generated data; start the server without data (an NDJSON file) to use arrive');
    const now = this.options.now();
    const rows = generateRows({ records: n, seed: this.options.seed, now, stream: ++this.arrivals });
    for (const row of rows) resetToCreated(row, now);
    this.store.prepend(rows);
    return rows.map((r) => r.id);
  }

  /** A non-terminal request picked at random, or undefined when every request is terminal. */
  private randomOpen(): Row | undefined {
    const lists = NON_TERMINAL.map((s) => this.store.lookup('status', s));
    const total = lists.reduce((sum, l) => sum + l.length, 0);
    if (total === 0) return undefined;
    let k = this.rng.int(0, total - 1);
    for (const list of lists) {
      if (k < list.length) return this.store.row(list[k]);
      k -= list.length;
    }
    return undefined;
  }

  private step(row: Row): StatusChange | undefined {
    const from = row.status;
    const to = nextStatus(from, this.rng);
    if (to === null) return undefined;
    this.store.update(row, (r) => applyStep(r, to, this.rng, this.options.now(), this.options.updatedAtNotMoved === true));
    const change: StatusChange = { requestId: row.id, from, to, updatedAt: row.updatedAt };
    for (const l of this.listeners) l(change, row);
    return change;
  }
}
