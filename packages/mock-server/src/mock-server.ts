/**
 * `startMockServer(options)`: builds the data set (generated or `data` NDJSON), indexes it and
 * listens. Resolves to `{ url, wsUrl, close(), apiKeys, now(), faults, advance(), arrive() }`.
 * `buildMock` is the part shared with the fetch handler (fetch-handler.ts): everything but the socket.
 */
import { authenticatedFields, buildV3Record } from './data/record-v3.js';
import { generateTable } from './data/generate.js';
import { loadNdjson } from './data/ndjson.js';
import { checkWebhookTargets, WebhookDispatcher, type WebhookStats } from './events/webhooks.js';
import { StatusStream } from './events/websocket.js';
import { Faults } from './faults.js';
import { Lifecycle, type StatusChange } from './lifecycle/lifecycle.js';
import { patchRecord } from './lifecycle/record-patch.js';
import { baseUrlOf, createApp, type App } from './server.js';
import type { Row } from './data/row.js';
import type { Dataset } from './data/dataset.js';
import { Store } from './store/store.js';
import { checkProfile, Variants, type Profile } from './variants/catalogue.js';
import { hashTiebreak, variantRecords, withHashTiebreak, withSize } from './variants/data-set.js';

/** Options of the reference server wherever it runs (a port, a fetch handler, MSW handlers). */
export interface MockOptions {
  /** Number of generated records; default 3000. */
  records?: number;
  /** Generator seed; default 1. */
  seed?: number;
  /** Server clock at start (ISO string or Date); default the real time. The clock then runs in real time. */
  now?: string | Date;
  /**
   * Holds the clock at `now` for good (needs `now`): every answer, `Date` header, status change and
   * arrival carries that instant, and the v2 throttle's bucket never refills, so a burst of one key
   * is served exactly the minute's limit however long it takes (a test of the dated v2 limit that a
   * slow machine cannot blur). Default false: the clock runs on from `now` in real time.
   */
  freezeClock?: boolean;
  /** Faults to inject (names of `faultCatalogue`). */
  faults?: string[];
  /** Allowed variations to switch on (names of `variantCatalogue`); a data-set variant overrides `records`. */
  variants?: string[];
  /**
   * `contract` (default): the API document. `live`: also every catalogued divergence of the live
   * service (the variants whose `profile` is `live`), composed with `variants`.
   */
  profile?: Profile;
  /** NDJSON file of v3 records to serve instead of generated data. */
  data?: string;
  /** v2 rate limit per minute per key (0 = unlimited); default: the dated step-down of `defaultV2RateLimit`. */
  v2RateLimit?: number;
  /** Do not log 5xx lines to stderr. */
  quiet?: boolean;
  /** Calls `advance()` every so many ms (status changes); off (0) by default. */
  advanceEveryMs?: number;
  /** Calls `arrive(1)` every so many ms (new requests); off (0) by default. */
  arriveEveryMs?: number;
  /** Webhook URL per API key: each status change of the key's requests is POSTed there, signed. */
  webhooks?: Record<string, string>;
  /** First webhook retry delay in ms, doubling per retry (default 1000). */
  webhookBackoffMs?: number;
  /** Time a webhook attempt may take before it counts as failed, ms (default 5000). */
  webhookTimeoutMs?: number;
}

export interface MockServerOptions extends MockOptions {
  /** Port; 0 (default) picks a free port. */
  port?: number;
  /** Host to bind; default 127.0.0.1. */
  host?: string;
}

/** What every form of the reference server offers besides answering requests. */
export interface MockControls {
  apiKeys: { demo: string; other: string; revoked: string };
  /** The server clock (epoch ms). */
  now(): number;
  /** Active fault names. */
  faults: string[];
  /** Active variant names (the profile's included). */
  variants: string[];
  /** The profile the server runs: `contract` or `live`. */
  profile: Profile;
  /** Number of records served at start. */
  records: number;
  /**
   * Moves request `id` one lifecycle step now (none when terminal), or without id: the subscribed
   * non-terminal requests (up to 16) and one picked at random. Returns the changes.
   */
  advance(id?: string): StatusChange[];
  /** Inserts `n` (default 1) requests created now; returns their ids. */
  arrive(n?: number): string[];
  /** Webhook delivery counters (all zero without `webhooks`). */
  webhookStats(): WebhookStats;
  /** Stops the timers and webhook deliveries (and, for a server, closes it). */
  close(): Promise<void>;
}

export interface MockServer extends MockControls {
  url: string;
  /** The Intent Status websocket: `ws://host:port/` (add `?apiKey=<key>`). */
  wsUrl: string;
  /** Closes every websocket from the server side (code 1012), as a rolling restart does. */
  disconnectSockets(): void;
}

export interface GenerateDatasetOptions {
  records?: number;
  seed?: number;
  now?: string | Date | number;
}

function toEpoch(now: string | Date | number | undefined, name: string): number | undefined {
  if (now === undefined) return undefined;
  const t = now instanceof Date ? now.getTime() : typeof now === 'number' ? now : Date.parse(now);
  if (!Number.isFinite(t)) throw new Error(`${name} must be an ISO 8601 time, got ${JSON.stringify(String(now))}. Example: 2026-08-15T12:00:00Z`);
  return t;
}

function checkInterval(name: string, value: number | undefined): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 0 || value > 86_400_000)) {
    throw new Error(`${name} must be an integer number of ms from 0 (off) to 86400000, got ${JSON.stringify(value)}`);
  }
}

function checkCount(name: string, value: number, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
}

/** Most records a generated data set holds (columns: about 40 bytes a record, plus the indexes). */
export const MAX_RECORDS = 20_000_000;

/** Generates the deterministic data set (same options, same data). */
export function generateDataset(options: GenerateDatasetOptions = {}): Dataset {
  const records = options.records ?? 3000;
  const seed = options.seed ?? 1;
  checkCount('records', records, 1, MAX_RECORDS);
  checkCount('seed', seed, 0, 2 ** 32 - 1);
  const now = toEpoch(options.now, 'now') ?? Date.now();
  const table = generateTable({ records, seed, now });
  let rows: Row[] | undefined;
  return {
    table,
    /** Every row built, on first read (tests, small variants); the store reads the table. */
    get rows() {
      rows ??= Array.from({ length: table.size }, (_, p) => table.row(p));
      return rows;
    },
    source: 'generated',
    record: (row) => buildV3Record(row, seed),
    authenticated: (row) => authenticatedFields(row, seed),
  };
}

/** A file data set whose records show the status changes of their rows (`patchRecord`). */
function withStatusChanges(file: Dataset, changed: WeakSet<Row>): Dataset {
  return { ...file, record: (row) => (changed.has(row) ? patchRecord(file.record(row), row) : file.record(row)) };
}

/** The rhythm of the `live-traffic` variant (src/variants/catalogue.ts). */
export const LIVE_TRAFFIC = { advanceEveryMs: 100, arriveEveryMs: 250 } as const;

/** The reference server without its socket: the core app, its store, lifecycle, events and timers. */
export interface BuiltMock {
  app: App;
  stream: StatusStream;
  controls: Omit<MockControls, 'close'>;
  /** Starts the advance/arrive timers (unref'd). */
  startTimers(): void;
  /** Stops timers, the websocket stream and webhook deliveries. */
  stop(): void;
}

/** Validates `options` (throws an Error that says what is wrong) and builds everything but the socket. */
export function buildMock(options: MockOptions = {}): BuiltMock {
  const faults = new Faults(options.faults ?? []);
  const profile = checkProfile(options.profile ?? 'contract');
  const variants = new Variants(options.variants ?? [], profile);
  if (options.v2RateLimit !== undefined && (!Number.isFinite(options.v2RateLimit) || options.v2RateLimit < 0)) {
    throw new Error(`v2RateLimit must be a number >= 0 (0 = unlimited), got ${JSON.stringify(options.v2RateLimit)}`);
  }
  checkInterval('advanceEveryMs', options.advanceEveryMs);
  checkInterval('arriveEveryMs', options.arriveEveryMs);
  checkInterval('webhookBackoffMs', options.webhookBackoffMs);
  checkInterval('webhookTimeoutMs', options.webhookTimeoutMs);
  if (options.webhooks) checkWebhookTargets(options.webhooks);
  if (options.arriveEveryMs && options.data) throw new Error('arriveEveryMs needs generated data: new requests cannot be added to an NDJSON file; drop data or arriveEveryMs');
  const start = toEpoch(options.now, 'now');
  if (options.freezeClock !== undefined && typeof options.freezeClock !== 'boolean') throw new Error(`freezeClock must be true or false, got ${JSON.stringify(options.freezeClock)}`);
  if (options.freezeClock && start === undefined) throw new Error('freezeClock needs now: the clock is held at the instant now gives (e.g. now: "2026-10-15T12:00:00Z", freezeClock: true)');
  const t0 = performance.now();
  const now = start === undefined ? () => Date.now() : options.freezeClock ? () => start : () => start + Math.floor(performance.now() - t0);
  /** Rows of a file data set changed by the lifecycle (their stored record is patched when served). */
  const changed = new WeakSet<Row>();
  const size = variantRecords(variants);
  const generated = options.data
    ? withStatusChanges(loadNdjson(options.data), changed)
    : generateDataset({ records: size === undefined ? options.records : Math.max(100, 2 * size), seed: options.seed, now: start ?? now() });
  // Fault v3-one-record-repeated: every position of the default order reads the first generated
  // request (a default order built from zeros): the data set is that one record over and over.
  if (faults.has('v3-one-record-repeated') && generated.table) generated.table.order.fill(0);
  const sized = withSize(generated, size);
  const tiebreak = variants.has('sort-tiebreak-hash');
  const dataset = tiebreak ? withHashTiebreak(sized) : sized;
  const store = tiebreak ? new Store(dataset, hashTiebreak) : new Store(dataset);
  store.faults = faults;
  const app = createApp({
    store,
    faults,
    variants,
    now,
    ...(options.v2RateLimit !== undefined ? { v2RateLimit: options.v2RateLimit } : {}),
    ...(options.quiet ? {} : { log: (line: string) => process.stderr.write(`${line}\n`) }),
  });
  void store.warm();
  const stream = new StatusStream({ store, faults, now, crash: () => app.crash() });
  app.onCrash.push(() => stream.close());
  const lifecycle = new Lifecycle(store, { seed: options.seed ?? 1, now, preferred: () => stream.subscribedIds(), updatedAtNotMoved: faults.has('v3-updated-at-not-moved'), keepInFlight: size === undefined });
  lifecycle.onChange((_change, row) => changed.add(row));
  if (faults.has('v3-changed-rows-pass-ranges') || faults.has('v3-new-tx-hash-not-in-term')) {
    const changedIds = (store.changedIds = new Set<string>());
    lifecycle.onChange((_change, row) => changedIds.add(row.id));
  }
  lifecycle.onChange((change, row) => stream.publish(change, row));
  const webhooks = options.webhooks && Object.keys(options.webhooks).length > 0
    ? new WebhookDispatcher({ targets: options.webhooks, store, faults, now, backoffMs: options.webhookBackoffMs, timeoutMs: options.webhookTimeoutMs, spacedJson: variants.has('webhook-spaced-json') })
    : undefined;
  if (webhooks) lifecycle.onChange((change, row) => webhooks.publish(change, row));
  const timers: NodeJS.Timeout[] = [];
  const live = variants.has('live-traffic');
  const advanceEveryMs = options.advanceEveryMs ?? (live ? LIVE_TRAFFIC.advanceEveryMs : undefined);
  const arriveEveryMs = options.arriveEveryMs ?? (live && !options.data ? LIVE_TRAFFIC.arriveEveryMs : undefined);
  return {
    app,
    stream,
    controls: {
      advance: (id?: string) => lifecycle.advance(id),
      arrive: (n?: number) => lifecycle.arrive(n),
      webhookStats: () => webhooks?.stats() ?? { delivered: 0, failed: 0, dropped: 0, pending: 0 },
      apiKeys: { demo: 'demo-key', other: 'other-key', revoked: 'revoked-key' },
      now,
      faults: faults.list(),
      variants: variants.list(),
      profile,
      records: store.size,
    },
    startTimers() {
      if (timers.length > 0) return;
      if (advanceEveryMs) timers.push(setInterval(() => lifecycle.advance(), advanceEveryMs));
      if (arriveEveryMs) timers.push(setInterval(() => lifecycle.arrive(1), arriveEveryMs));
      for (const t of timers) t.unref();
    },
    stop() {
      for (const t of timers) clearInterval(t);
      store.stopWarming();
      stream.close();
      webhooks?.close();
    },
  };
}

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const port = options.port ?? 0;
  checkCount('port', port, 0, 65535);
  const host = options.host ?? '127.0.0.1';
  const mock = buildMock(options);
  const { app, stream } = mock;
  await new Promise<void>((resolve, reject) => {
    app.server.once('error', reject);
    app.server.listen(port, host, () => {
      app.server.off('error', reject);
      resolve();
    });
  });
  app.baseUrl = baseUrlOf(app.server, host);
  stream.attach(app.server);
  mock.startTimers();
  let closing: Promise<void> | undefined;
  return {
    ...mock.controls,
    url: app.baseUrl,
    wsUrl: `${app.baseUrl.replace(/^http/, 'ws')}/`,
    disconnectSockets: () => stream.disconnectAll(),
    close() {
      closing ??= new Promise<void>((resolve) => {
        mock.stop();
        app.server.close(() => resolve());
        app.server.closeAllConnections();
      });
      return closing;
    },
  };
}
