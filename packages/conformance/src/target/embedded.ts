/**
 * The embedded default target: the reference server started through its public API
 * (`startMockServer`), with its demo/other/revoked keys (ARCHITECTURE.md, "Interfaces that other
 * tools rely on"). Loaded lazily, so runs against a base URL never load the mock server.
 *
 * For the events family it also starts an in-process webhook receiver registered (the server's
 * `webhooks` option) for the keys of the demo integrator, and exposes the server's `advance(id)`
 * so the kit changes the status of exactly the requests it follows.
 *
 * The embedded server is ours, so a run covers the whole contract whatever the date:
 * the v2 family needs a clock inside the v2 window (throttled, not yet retired) and the retirement
 * check a clock after the sunset. {@link EmbeddedTarget.at} gives the server of each: the main
 * server when its own clock (the real time, or --mock-now) is there already, else a twin started
 * on first use, with the same seed, faults and variants and its clock pinned at
 * {@link DATED_CLOCKS} (2026-10-15T12:00:00Z inside the window, 2026-12-01T12:00:00Z after the
 * sunset). The three months of the throttle (`v2-throttle-month-*`) are always twins: their clocks
 * are held (the server's `freezeClock`) and they run the server's own dated v2 limit, whatever the
 * run's fixed one, so that a burst is served exactly that month's limit. A run against a URL has no
 * twins: the target's clock decides.
 */
import { V2_TIMELINE_MS } from '@crosschain/specs';
import { DEFAULTS } from '../config/defaults.js';
import { ConfigError } from '../config/fields.js';
import type { DatedTarget, TargetDate } from '../contract/types.js';
import { messageSchemas } from '../contract/message-schemas.js';
import { WebhookReceiver } from '../events/webhook-receiver.js';

/** The public API of @crosschain/mock-server the kit relies on. */
interface MockServerModule {
  startMockServer(options: {
    port?: number;
    records?: number;
    seed?: number;
    now?: string | Date;
    faults?: string[];
    variants?: string[];
    v2RateLimit?: number;
    freezeClock?: boolean;
    quiet?: boolean;
    webhooks?: Record<string, string>;
    webhookBackoffMs?: number;
  }): Promise<{
    url: string;
    close(): Promise<void> | void;
    apiKeys?: { demo?: string; other?: string; revoked?: string };
    advance?(id?: string): unknown[];
    arrive?(n?: number): string[];
    now?(): number;
  }>;
  faultCatalogue?: ReadonlyArray<{ name: string; clause: string; description: string }>;
  API_KEYS?: ReadonlyArray<{ key: string; integrator: string; active: boolean }>;
  variantCatalogue?: ReadonlyArray<{ name: string; description: string; exclusive?: string }>;
}

/** The reference server's demo key (its `apiKeys.demo`). */
const DEMO_KEY = 'demo-key';
/** First retry delay of the embedded server's webhooks: short, so a retry is seen within the wait. */
const WEBHOOK_BACKOFF_MS = 100;

export interface EmbeddedTarget {
  baseUrl: string;
  apiKey: string;
  otherApiKey: string;
  inactiveApiKey?: string;
  /** Moves one request one lifecycle step now; absent when the server has no status changes. */
  advance?(id: string): unknown;
  /** Inserts `n` requests created now; their ids. Absent when the server cannot (an older build). */
  arrive?(n: number): string[] | Promise<string[]>;
  /** The in-process webhook receiver registered with the server, when events are on. */
  receiver?: WebhookReceiver;
  /** The server of the target at a date of the v2 timeline: the main one, or a clock-pinned twin. */
  at(date: TargetDate): Promise<DatedTarget>;
  close(): Promise<void>;
}

/** First day of the v2 throttle and the sunset (API document, Versioning > Timeline; generated from the spec). */
const { throttledFrom: V2_THROTTLED_FROM_MS, sunsetAt: V2_SUNSET_MS } = V2_TIMELINE_MS;

/** Where a dated server's clock is: which clocks of the main server qualify, and the twin's otherwise. */
export interface DatedClock {
  holds(ms: number): boolean;
  /** The twin's clock at start. */
  pin: string;
  what: string;
  /**
   * A twin of the v2 throttle's months: its clock held at `pin` (the bucket never refills) and the
   * server's own dated v2 limit (no fixed `v2RateLimit`); the main server never qualifies.
   */
  ownThrottle?: true;
}

/** No clock of the main server qualifies (its v2 limit is the run's fixed one, its clock runs). */
const never = (): boolean => false;

/**
 * Each date of the v2 timeline a run needs: which clocks of the main server already qualify, and
 * where a twin's clock is pinned otherwise. Inside the window means throttled (from V2_TIMELINE.throttledFrom), so
 * that the 429 checks have a throttle to meet.
 */
export const DATED_CLOCKS: Record<TargetDate, DatedClock> = {
  'v2-window': { holds: (ms) => ms >= V2_THROTTLED_FROM_MS && ms < V2_SUNSET_MS, pin: '2026-10-15T12:00:00Z', what: 'inside the v2 window (throttled, before the sunset)' },
  'v2-retired': { holds: (ms) => ms >= V2_SUNSET_MS, pin: '2026-12-01T12:00:00Z', what: 'after the v2 sunset' },
  'v2-throttle-month-1': { holds: never, pin: '2026-09-15T12:00:00Z', what: 'in the first month of the v2 throttle (September 2026), held, with the dated v2 limit', ownThrottle: true },
  'v2-throttle-month-2': { holds: never, pin: '2026-10-15T12:00:00Z', what: 'in the second month of the v2 throttle (October 2026), held, with the dated v2 limit', ownThrottle: true },
  'v2-throttle-month-3': { holds: never, pin: '2026-11-10T12:00:00Z', what: 'in the third month of the v2 throttle (November 2026, before the sunset), held, with the dated v2 limit', ownThrottle: true },
};

/** Records of a throttle twin: its checks burst GET /requests/v2?limit=1, which needs no data. */
const THROTTLE_TWIN_RECORDS = 100;

/** Records of a twin: the v2 checks read a few pages, so a large data set is not copied. */
const TWIN_RECORDS = DEFAULTS.mockRecords;

export interface EmbeddedOptions {
  records: number;
  seed: number;
  now?: string;
  faults: string[];
  /** Allowed variations of the reference server (its `variantCatalogue`). */
  variants?: string[];
  v2RateLimit?: number;
  /** Start the webhook receiver (events family selected); each step of it waits `eventsWaitMs`. */
  events?: { waitMs: number };
}

const MOCK_MODULE = '@crosschain/mock-server';

/** Loads the reference server's module. */
export async function loadMockServer(): Promise<MockServerModule> {
  try {
    return (await import(MOCK_MODULE)) as MockServerModule;
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new Error(`the embedded reference server (${MOCK_MODULE}) cannot be loaded (${why}); build it with pnpm --filter ${MOCK_MODULE} build, or pass --base-url`);
  }
}

/** Every `--mock-variant` names a variant of the catalogue, at most one per exclusive group. */
function checkVariants(catalogue: NonNullable<MockServerModule['variantCatalogue']>, names: readonly string[]): void {
  for (const name of names) {
    if (!catalogue.some((v) => v.name === name)) {
      throw new ConfigError(`--mock-variant must name a variant of the reference server, got ${JSON.stringify(name)}. Known: ${catalogue.map((v) => v.name).join(', ')}`);
    }
  }
  for (const group of new Set(catalogue.map((v) => v.exclusive).filter((g): g is string => g !== undefined))) {
    const chosen = catalogue.filter((v) => v.exclusive === group && names.includes(v.name)).map((v) => v.name);
    if (chosen.length > 1) throw new ConfigError(`--mock-variant ${chosen.join(' and ')} cannot be combined (one ${group} per server); keep one of them, e.g. --mock-variant ${chosen[0]}`);
  }
}

/** Starts the reference server on a free port of 127.0.0.1. */
export async function startEmbeddedTarget(options: EmbeddedOptions): Promise<EmbeddedTarget> {
  const mod = await loadMockServer();
  if (mod.faultCatalogue) {
    const known = new Set(mod.faultCatalogue.map((f) => f.name));
    for (const fault of options.faults) {
      if (!known.has(fault)) {
        throw new ConfigError(`--mock-fault must name a fault of the reference server, got ${JSON.stringify(fault)}. Known: ${[...known].join(', ')}`);
      }
    }
  }
  if (mod.variantCatalogue) checkVariants(mod.variantCatalogue, options.variants ?? []);
  const demoKeys = (mod.API_KEYS ?? []).filter((k) => k.active && k.integrator === 'demo').map((k) => k.key);
  const keys = demoKeys.length > 0 ? demoKeys : [DEMO_KEY];
  const receiver = options.events ? new WebhookReceiver({ keys, schemas: await messageSchemas(), waitMs: options.events.waitMs }) : undefined;
  const receiverUrl = await receiver?.start(0);
  const server = await mod.startMockServer({
    port: 0,
    records: options.records,
    seed: options.seed,
    ...(options.now ? { now: options.now } : {}),
    faults: options.faults,
    ...(options.variants?.length ? { variants: options.variants } : {}),
    ...(options.v2RateLimit !== undefined ? { v2RateLimit: options.v2RateLimit } : {}),
    quiet: true,
    ...(receiverUrl ? { webhooks: Object.fromEntries(keys.map((k) => [k, receiverUrl])), webhookBackoffMs: WEBHOOK_BACKOFF_MS } : {}),
  }).catch(async (err: unknown) => {
    await receiver?.close();
    throw err;
  });
  const advance = server.advance?.bind(server);
  const arrive = server.arrive?.bind(server);
  const clockAtStart = server.now?.() ?? (options.now !== undefined ? Date.parse(options.now) : Date.now());
  const twins = new Map<TargetDate, Promise<{ url: string; close(): Promise<void> | void }>>();
  const at = async (date: TargetDate): Promise<DatedTarget> => {
    const clock = DATED_CLOCKS[date];
    const mainNow = server.now?.() ?? clockAtStart;
    if (clock.holds(mainNow)) return { now: new Date(mainNow), what: `the embedded server, its clock ${clock.what}` };
    let twin = twins.get(date);
    if (!twin) {
      twin = mod.startMockServer({
        port: 0,
        records: Math.min(options.records, clock.ownThrottle ? THROTTLE_TWIN_RECORDS : TWIN_RECORDS),
        seed: options.seed,
        now: clock.pin,
        faults: options.faults,
        ...(options.variants?.length ? { variants: options.variants } : {}),
        // A throttle month's twin: the server's dated limit on a held clock, never the run's fixed one.
        ...(clock.ownThrottle ? { freezeClock: true } : { v2RateLimit: options.v2RateLimit ?? DEFAULTS.embeddedV2RateLimit }),
        quiet: true,
      });
      twins.set(date, twin);
    }
    const started = await twin;
    return { base: started.url.replace(/\/+$/, ''), now: new Date(Date.parse(clock.pin)), what: `a twin of the embedded server, its clock pinned at ${clock.pin} (${clock.what})` };
  };
  return {
    baseUrl: server.url.replace(/\/+$/, ''),
    apiKey: server.apiKeys?.demo ?? 'demo-key',
    otherApiKey: server.apiKeys?.other ?? 'other-key',
    inactiveApiKey: server.apiKeys?.revoked ?? 'revoked-key',
    ...(advance ? { advance: (id: string) => advance(id) } : {}),
    ...(arrive ? { arrive: (n: number) => arrive(n) } : {}),
    ...(receiver ? { receiver } : {}),
    at,
    close: async () => {
      await server.close();
      await Promise.all([...twins.values()].map(async (t) => (await t.catch(() => undefined))?.close()));
      await receiver?.close();
    },
  };
}
