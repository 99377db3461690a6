/**
 * `startMockServer(options)`: builds the data set (generated or `data` NDJSON), indexes it and
 * listens. Resolves to `{ url, close(), apiKeys, now(), faults }`.
 */
import { authenticatedFields, buildV3Record } from './data/record-v3.js';
import { generateRows } from './data/generate.js';
import { loadNdjson } from './data/ndjson.js';
import { Faults } from './faults.js';
import { baseUrlOf, createApp } from './server.js';
import type { Dataset } from './store/dataset.js';
import { Store } from './store/store.js';
import { Variants } from './variants/catalogue.js';
import { hashTiebreak, variantRecords, withHashTiebreak, withSize } from './variants/data-set.js';

export interface MockServerOptions {
  /** Port; 0 (default) picks a free port. */
  port?: number;
  /** Host to bind; default 127.0.0.1. */
  host?: string;
  /** Number of generated records; default 3000. */
  records?: number;
  /** Generator seed; default 1. */
  seed?: number;
  /** Server clock at start (ISO string or Date); default the real time. The clock then runs in real time. */
  now?: string | Date;
  /** Faults to inject (names of `faultCatalogue`). */
  faults?: string[];
  /** Allowed variations to switch on (names of `variantCatalogue`); a data-set variant overrides `records`. */
  variants?: string[];
  /** NDJSON file of v3 records to serve instead of generated data. */
  data?: string;
  /** v2 rate limit per minute per key (0 = unlimited); default: the dated step-down of `defaultV2RateLimit`. */
  v2RateLimit?: number;
  /** Do not log 5xx lines to stderr. */
  quiet?: boolean;
}

export interface MockServer {
  url: string;
  close(): Promise<void>;
  apiKeys: { demo: string; other: string; revoked: string };
  /** The server clock (epoch ms). */
  now(): number;
  /** Active fault names. */
  faults: string[];
  /** Active variant names. */
  variants: string[];
  /** Number of records served. */
  records: number;
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

function checkCount(name: string, value: number, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
}

/** Generates the deterministic data set (same options, same data). */
export function generateDataset(options: GenerateDatasetOptions = {}): Dataset {
  const records = options.records ?? 3000;
  const seed = options.seed ?? 1;
  checkCount('records', records, 1, 5_000_000);
  checkCount('seed', seed, 0, 2 ** 32 - 1);
  const now = toEpoch(options.now, 'now') ?? Date.now();
  const rows = generateRows({ records, seed, now });
  return {
    rows,
    source: 'generated',
    record: (row) => buildV3Record(row, seed),
    authenticated: (row) => authenticatedFields(row, seed),
  };
}

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const faults = new Faults(options.faults ?? []);
  const variants = new Variants(options.variants ?? []);
  const port = options.port ?? 0;
  checkCount('port', port, 0, 65535);
  const host = options.host ?? '127.0.0.1';
  if (options.v2RateLimit !== undefined && (!Number.isFinite(options.v2RateLimit) || options.v2RateLimit < 0)) {
    throw new Error(`v2RateLimit must be a number >= 0 (0 = unlimited), got ${JSON.stringify(options.v2RateLimit)}`);
  }
  const start = toEpoch(options.now, 'now');
  const t0 = performance.now();
  const now = start === undefined ? () => Date.now() : () => start + Math.floor(performance.now() - t0);
  const size = variantRecords(variants);
  const generated = options.data ? loadNdjson(options.data) : generateDataset({ records: size === undefined ? options.records : Math.max(100, 2 * size), seed: options.seed, now: now() });
  const sized = withSize(generated, size);
  const tiebreak = variants.has('sort-tiebreak-hash');
  const dataset = tiebreak ? withHashTiebreak(sized) : sized;
  const store = tiebreak ? new Store(dataset, hashTiebreak) : new Store(dataset);
  const app = createApp({
    store,
    faults,
    variants,
    now,
    ...(options.v2RateLimit !== undefined ? { v2RateLimit: options.v2RateLimit } : {}),
    ...(options.quiet ? {} : { log: (line: string) => process.stderr.write(`${line}\n`) }),
  });
  await new Promise<void>((resolve, reject) => {
    app.server.once('error', reject);
    app.server.listen(port, host, () => {
      app.server.off('error', reject);
      resolve();
    });
  });
  app.baseUrl = baseUrlOf(app.server, host);
  void store.warm();
  let closing: Promise<void> | undefined;
  return {
    url: app.baseUrl,
    apiKeys: { demo: 'demo-key', other: 'other-key', revoked: 'revoked-key' },
    now,
    faults: faults.list(),
    variants: variants.list(),
    records: store.size,
    close() {
      closing ??= new Promise<void>((resolve) => {
        app.server.close(() => resolve());
        app.server.closeAllConnections();
      });
      return closing;
    },
  };
}
