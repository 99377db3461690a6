/**
 * Defaults of the configuration: the fixed ones ({@link DEFAULTS}, {@link withDefaults}) and those
 * that depend on the target ({@link targetDefaults}).
 */
import { V2_TIMELINE_MS } from '@crosschain/specs';
import type { ConformanceConfig, ConsoleFormat, Raw } from './fields.js';

export const DEFAULTS = {
  numRuns: 25,
  timeoutMs: 10_000,
  maxRequests: 5_000,
  /** Wall-time bound of a run (a sane default; a run left over it exits 5). */
  maxDurationMs: 15 * 60_000,
  /**
   * Cap on one response body: the largest legal page is 100 items (`limit` maximum of POST
   * /currencies/v2; GET /requests/v3 allows 50, specs/sources/api-document.md) and the contract sets
   * no size on a record, so 64 KiB a record is taken as a generous bound: 6.4 MB, rounded up to 8 MiB.
   */
  maxBodyBytes: 8 * 1024 * 1024,
  externalMaxRps: 50,
  /** Against a URL or an in-process fetch: no v2 probing (politeness). */
  v2ProbeRequests: 0,
  /** Against the embedded reference server: probe its v2 throttle so the 429 checks run. */
  embeddedV2ProbeRequests: 90,
  /** The embedded server's v2 limit per minute per key while v2 is throttled (from 2026-09-01). */
  embeddedV2RateLimit: 30,
  /** Each step of the events family waits at most this long (ms). */
  eventsWaitMs: 5_000,
  mockRecords: 3_000,
  mockSeed: 1,
  /** --workers: `auto` fills --max-rps at 100 ms latency ({@link resolveWorkers}). */
  workers: 'auto',
  /** --workers auto without a rate (embedded or in-process: no latency to hide). */
  unpacedWorkers: 4,
} as const;

/** The most checks --workers lets run at once (a bound on memory and on the target's load). */
export const MAX_WORKERS = 64;

/**
 * The checks in flight of a run. `auto` saturates `maxRps` on a target 100 ms away: r requests a
 * second at 100 ms each need r / 10 requests in flight; a check spends part of its time between
 * requests (parsing, validating, drawing values; measured: 7 checks at 50 rps left the rate a
 * quarter unused, 12 filled it), so twice that, plus 2, clamped to 2..16; with no rate (embedded,
 * in-process fetch) {@link DEFAULTS}.unpacedWorkers.
 */
export function resolveWorkers(workers: number | 'auto', maxRps: number | undefined): number {
  if (workers !== 'auto') return workers;
  if (maxRps === undefined || maxRps <= 0) return DEFAULTS.unpacedWorkers;
  return Math.min(16, Math.max(2, Math.ceil(maxRps / 5) + 2));
}

/** First day of the v2 throttle (API document, Versioning > Timeline of GET /requests/v2; generated from the spec). */
const V2_THROTTLED_FROM_MS = V2_TIMELINE_MS.throttledFrom;

/** The v2 probe settings of a run once its target is known. */
export interface TargetDefaults {
  v2ProbeRequests: number;
  /** Rate limit to start the embedded server with; undefined = the server's own dated default. */
  mockV2RateLimit?: number;
}

/**
 * Target-dependent defaults of the options the user left unset. Against the embedded reference
 * server the kit probes the v2 throttle (up to 90 requests) and, while v2 is throttled by the
 * server's clock (from V2_TIMELINE.throttledFrom), starts it with 30 requests per minute per key, so that the
 * 429 checks have a 429 to examine and the bad-input sweep and the checks that need a v2 200
 * still fit in the minute before the probe. Against a URL or an in-process fetch nothing is probed.
 */
export function targetDefaults(
  config: Pick<ConformanceConfig, 'v2ProbeRequests' | 'mockV2RateLimit' | 'mockNow'>,
  embedded: boolean,
  nowMs: number = Date.now(),
): TargetDefaults {
  if (!embedded) return { v2ProbeRequests: config.v2ProbeRequests ?? DEFAULTS.v2ProbeRequests };
  const serverNow = config.mockNow !== undefined ? Date.parse(config.mockNow) : nowMs;
  const throttled = serverNow >= V2_THROTTLED_FROM_MS;
  const mockV2RateLimit = config.mockV2RateLimit ?? (throttled ? DEFAULTS.embeddedV2RateLimit : undefined);
  return {
    v2ProbeRequests: config.v2ProbeRequests ?? DEFAULTS.embeddedV2ProbeRequests,
    ...(mockV2RateLimit !== undefined ? { mockV2RateLimit } : {}),
  };
}

/**
 * The events mode of a run once its target is known: what the user set, else `required`
 * against the embedded reference server (the kit knows it implements the stream) or when --ws-url
 * names a stream, else `auto` (a URL or an in-process fetch whose stream nobody asked for: the
 * document leaves the protocol open, so a server with another one must not fail).
 */
export function resolveEvents(config: Pick<ConformanceConfig, 'events' | 'wsUrl'>, embedded: boolean): 'auto' | 'required' {
  return config.events ?? (embedded || config.wsUrl !== undefined ? 'required' : 'auto');
}

/** A random 31-bit seed (always printed, so a run can be replayed). */
export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

/** Fills defaults into a merged partial configuration. */
export function withDefaults(raw: Raw): ConformanceConfig {
  return {
    baseUrl: raw.baseUrl as string | undefined,
    ...(raw.target !== undefined ? { target: raw.target as string } : {}),
    apiKey: raw.apiKey as string | undefined,
    otherApiKey: raw.otherApiKey as string | undefined,
    inactiveApiKey: raw.inactiveApiKey as string | undefined,
    seed: (raw.seed as number | undefined) ?? randomSeed(),
    numRuns: (raw.numRuns as number | undefined) ?? DEFAULTS.numRuns,
    only: (raw.only as string[] | undefined) ?? [],
    disable: (raw.disable as string[] | undefined) ?? [],
    skip: (raw.skip as string[] | undefined) ?? [],
    maxFailures: raw.maxFailures as number | undefined,
    listChecks: (raw.listChecks as boolean | undefined) ?? false,
    baseline: raw.baseline as string | undefined,
    writeBaseline: raw.writeBaseline as string | undefined,
    failOnStaleBaseline: (raw.failOnStaleBaseline as boolean | undefined) ?? false,
    record: raw.record as string | undefined,
    shard: raw.shard as string | undefined,
    strict: (raw.strict as boolean | undefined) ?? false,
    allowIncomplete: (raw.allowIncomplete as boolean | undefined) ?? false,
    certify: (raw.certify as boolean | undefined) ?? false,
    require: raw.require as 'must' | 'should' | undefined,
    window: raw.window as string | undefined,
    reportDir: raw.reportDir as string | undefined,
    maxRps: raw.maxRps as number | undefined,
    workers: (raw.workers as number | 'auto' | undefined) ?? DEFAULTS.workers,
    timeoutMs: (raw.timeoutMs as number | undefined) ?? DEFAULTS.timeoutMs,
    maxRequests: (raw.maxRequests as number | undefined) ?? DEFAULTS.maxRequests,
    maxDurationMs: (raw.maxDurationMs as number | undefined) ?? DEFAULTS.maxDurationMs,
    maxBodyBytes: (raw.maxBodyBytes as number | undefined) ?? DEFAULTS.maxBodyBytes,
    headers: (raw.headers as string[] | undefined) ?? [],
    format: (raw.format as ConsoleFormat | undefined) ?? 'console',
    quiet: (raw.quiet as boolean | undefined) ?? false,
    verbose: (raw.verbose as boolean | undefined) ?? false,
    v2ProbeRequests: raw.v2ProbeRequests as number | undefined,
    mockRecords: (raw.mockRecords as number | undefined) ?? DEFAULTS.mockRecords,
    mockNow: raw.mockNow as string | undefined,
    mockSeed: (raw.mockSeed as number | undefined) ?? DEFAULTS.mockSeed,
    mockFaults: (raw.mockFaults as string[] | undefined) ?? [],
    mockVariants: (raw.mockVariants as string[] | undefined) ?? [],
    mockV2RateLimit: raw.mockV2RateLimit as number | undefined,
    wsUrl: raw.wsUrl as string | undefined,
    eventsWaitMs: (raw.eventsWaitMs as number | undefined) ?? DEFAULTS.eventsWaitMs,
    ...(raw.events !== undefined ? { events: raw.events as 'auto' | 'required' } : {}),
    configFile: raw.configFile as string | undefined,
  };
}
