/**
 * Status changes of the reference server (live-service-facts §1.2): `advance(id?)` moves
 * requests one lifecycle step, `arrive(n)` inserts requests created now. Both go through the store
 * (indexes kept right), so every change shows in /requests/v3, /requests/v2 and /intents/status,
 * and is handed to the listeners (websocket pushes, webhooks). Deterministic given the seed and
 * the sequence of calls (and, for `advance()` without id, the subscribed ids it prefers); only
 * `updatedAt`/`createdAt` follow the server clock.
 */
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
}

/** Preferred (followed) requests moved by one `advance()` without id, at most. */
const PREFERRED_PER_ADVANCE = 16;
/** Largest `arrive(n)`. */
export const MAX_ARRIVALS = 10_000;

export class Lifecycle {
  private readonly rng: Rng;
  private arrivals = 0;
  private turn = 0;
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
   * non-terminal requests plus one non-terminal request picked at random. Returns the changes.
   */
  advance(id?: string): StatusChange[] {
    if (id !== undefined) {
      const row = this.store.byId(id);
      if (!row) throw new Error(`advance: no request with id ${JSON.stringify(id.slice(0, 100))}; pass the id of a served request`);
      const change = this.step(row);
      return change ? [change] : [];
    }
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
    return changes;
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
