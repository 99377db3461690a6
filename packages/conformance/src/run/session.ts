/**
 * The target session of a run: the way to the target (the embedded reference
 * server, an in-process handler or fetch, or a URL over keep-alive agents), its keys, the HTTP
 * client, the `--record` HAR file, and one `close` that ends them all in order. The runner opens
 * one and composes the run over it (runner.ts).
 */
import { kitVersion } from '../config/resolve.js';
import { DEFAULTS } from '../config/defaults.js';
import { ConfigError } from '../config/fields.js';
import type { ConformanceConfig } from '../config/fields.js';
import { headerRecord, secretsOf } from '../config/redact.js';
import { HarWriter, type WsTranscript } from '../har/har.js';
import type { KeyRole, RecordedDate, RecordedRun, TargetMode } from '../har/recorded-run.js';
import { startEmbeddedTarget } from '../target/embedded.js';
import { statusAfterAdvance } from '../contract/advance.js';
import type { EmbeddedTarget } from '../target/embedded.js';
import { createAgentFetch } from '../engine/agent-fetch.js';
import type { AgentFetch } from '../engine/agent-fetch.js';
import { FetchHttpClient, type FetchLike, type HttpClientOptions } from '../engine/http.js';
import { redactor } from '../contract/redact.js';
import { TargetUnreachableError } from '../contract/types.js';
import type { CheckContext, DatedTarget, Exchange, TargetDate } from '../contract/types.js';
import type { ResponseValidator } from '../contract/validator.js';

/** The origin an in-process target is called by when no `baseUrl` names one. */
export const IN_PROCESS_ORIGIN = 'http://in-process.test';

/** The keys of the run: given, else the embedded server's. */
export interface SessionKeys {
  apiKey?: string | undefined;
  otherApiKey?: string | undefined;
  inactiveApiKey?: string | undefined;
}

/**
 * A target answered from a recording (rejudge/): reached as the recorded run reached its own
 * (embedded, in process, by URL), through a fetch that answers from the recording, with the keys
 * the run had (by role; placeholders), its dated twins, and a clock that does not wait.
 */
export interface RecordedTarget {
  mode: TargetMode;
  baseUrl: string;
  fetch: FetchLike;
  keys: SessionKeys;
  at(date: TargetDate): Promise<DatedTarget>;
  /** The ids the recorded run's check in scope got from each of its `arrive` calls, in order. */
  arrive(n: number): Promise<string[]>;
  /** The status the recorded run's check in scope got from each of its `advance` calls, in order. */
  advance(id: string): Promise<string | undefined>;
  /** The events probe's observations in the recorded run, if it had them. */
  events?: RecordedRun['events'];
  sleep(ms: number): Promise<void>;
  now(): number;
}

export interface SessionOptions {
  /** Answer from a recording instead of a target (rejudge/): no server is started, no socket opened. */
  recorded?: RecordedTarget | undefined;
  /** The in-process way to the target (`handler` or `fetch`), if any. */
  inProcess: FetchLike | undefined;
  validator: ResponseValidator;
  /** Absolute deadline (ms since the epoch) of --max-duration. */
  deadline: number | undefined;
  /** The embedded server's v2 rate limit (config/defaults.ts, `targetDefaults`). */
  mockV2RateLimit: number | undefined;
  /** Whether the embedded server serves events (a selected check of the events family). */
  events: boolean;
}

export class TargetSession {
  /** Closers adopted from the run (the events probe), ended before the target. */
  private readonly adopted: Array<() => unknown> = [];
  /** Exchanges handed on so far (to the HAR file and the oracles): the first not yet settled. */
  private settledUpTo = 0;
  /** What the recording says of its run (written when it closes), once the runner told it. */
  private description: Omit<RecordedRun, 'target'> | undefined;
  /** The dates of the v2 timeline the run's checks asked the target at, as answered. */
  private readonly dated: Partial<Record<TargetDate, RecordedDate>> = {};
  /** The ids of the requests each check made the embedded target take, for the recording. */
  private readonly arrivals: Record<string, string[][]> = {};
  /** The status each check's `advance` calls gave (null: no move), in order, for the recording. */
  private readonly advances: Record<string, Array<string | null>> = {};

  private constructor(
    readonly http: FetchHttpClient,
    readonly keys: SessionKeys,
    readonly baseUrl: string,
    readonly redact: (text: string) => string,
    /** A target by URL (not in process, not embedded). */
    readonly external: boolean,
    readonly inProcess: boolean,
    /** --max-rps in effect (a URL target has a polite default). */
    readonly maxRps: number | undefined,
    readonly target: EmbeddedTarget | undefined,
    private readonly recorder: HarWriter | undefined,
    private readonly agentFetch: AgentFetch | undefined,
    /** Set when the target is answered from a recording (rejudge/). */
    readonly recorded: RecordedTarget | undefined = undefined,
  ) {}

  /** Whether the target is the embedded reference server. */
  get embedded(): boolean {
    return this.target !== undefined;
  }

  /**
   * Opens the session: starts the embedded server when no target is named, opens the `--record`
   * file (an unwritable path is a ConfigError, and the server is closed again), builds the client.
   */
  static async open(config: ConformanceConfig, options: SessionOptions): Promise<TargetSession> {
    if (options.recorded) return TargetSession.replaying(config, options, options.recorded);
    const inProcess = options.inProcess;
    const external = inProcess === undefined && config.baseUrl !== undefined;
    const embedded = inProcess === undefined && config.baseUrl === undefined;
    const target = embedded
      ? await startEmbeddedTarget({
          records: config.mockRecords,
          seed: config.mockSeed,
          now: config.mockNow,
          faults: config.mockFaults,
          variants: config.mockVariants,
          v2RateLimit: options.mockV2RateLimit,
          ...(options.events ? { events: { waitMs: config.eventsWaitMs } } : {}),
        })
      : undefined;
    let recorder: HarWriter | undefined;
    try {
      recorder = openRecorder(config.record);
      const keys: SessionKeys = {
        apiKey: config.apiKey ?? target?.apiKey,
        otherApiKey: config.otherApiKey ?? target?.otherApiKey,
        inactiveApiKey: config.inactiveApiKey ?? target?.inactiveApiKey,
      };
      const secrets = secretsOf({ ...keys, headers: config.headers });
      const baseUrl = target?.baseUrl ?? config.baseUrl ?? IN_PROCESS_ORIGIN;
      /** A URL target (embedded or not) goes through keep-alive node:http, cheaper than fetch (agent-fetch.ts). */
      const agentFetch = inProcess === undefined ? createAgentFetch() : undefined;
      const { http, maxRps } = sessionClient(config, options, external, { baseUrl, fetch: inProcess ?? agentFetch!, ...keys, secrets, headers: headerRecord(config.headers) });
      return new TargetSession(http, keys, baseUrl, redactor(secrets), external, inProcess !== undefined, maxRps, target, recorder, agentFetch);
    } catch (err) {
      recorder?.close();
      await target?.close();
      throw err;
    }
  }

  /** A session over a recording: no server started, nothing recorded, the fetch and clock given. */
  private static replaying(config: ConformanceConfig, options: SessionOptions, recorded: RecordedTarget): TargetSession {
    const { keys } = recorded;
    const secrets = secretsOf({ ...keys });
    const target: EmbeddedTarget | undefined =
      recorded.mode === 'embedded'
        ? {
            baseUrl: recorded.baseUrl,
            apiKey: keys.apiKey ?? '',
            otherApiKey: keys.otherApiKey ?? '',
            ...(keys.inactiveApiKey !== undefined ? { inactiveApiKey: keys.inactiveApiKey } : {}),
            at: (date) => recorded.at(date),
            arrive: (n) => recorded.arrive(n),
            advance: (id) => recorded.advance(id),
            close: async () => undefined,
          }
        : undefined;
    const external = recorded.mode === 'url';
    const { http, maxRps } = sessionClient(config, options, external, { baseUrl: recorded.baseUrl, fetch: recorded.fetch, ...keys, secrets, sleep: recorded.sleep, now: recorded.now });
    return new TargetSession(http, keys, recorded.baseUrl, redactor(secrets), external, recorded.mode === 'in-process', maxRps, target, undefined, undefined, recorded);
  }

  /**
   * What the `--record` file says of its run (seed, options; the session adds the target), so that
   * `audit` can run the checks again against the recording (har/recorded-run.ts).
   */
  describeRun(description: Omit<RecordedRun, 'target'>): void {
    this.description = description;
  }

  /** An observation of the events probe, kept for the recording's run description (redacted). */
  noteEvents(kind: 'websocket' | 'webhooks', observation: unknown): void {
    if (!this.description || !this.recorder) return;
    this.description.events = { ...this.description.events, [kind]: JSON.parse(this.redact(JSON.stringify(observation))) as unknown };
  }

  /** The recorded run's target: how it was reached, its base URL, its keys by role, its dated twins. */
  private recordedTarget(): RecordedRun['target'] {
    const roles: KeyRole[] = [];
    if (this.keys.apiKey) roles.push('primary');
    if (this.keys.otherApiKey) roles.push('other');
    if (this.keys.inactiveApiKey) roles.push('inactive');
    const mode: TargetMode = this.embedded ? 'embedded' : this.inProcess ? 'in-process' : 'url';
    return { mode, baseUrl: this.redact(this.baseUrl), keys: roles, ...(Object.keys(this.dated).length > 0 ? { dated: this.dated } : {}), ...(Object.keys(this.arrivals).length > 0 ? { arrivals: this.arrivals } : {}), ...(Object.keys(this.advances).length > 0 ? { advances: this.advances } : {}) };
  }

  /** Ends `close` with the session, after the HAR file and the agents and before the target. */
  adopt(close: () => unknown): void {
    this.adopted.push(close);
  }

  /** Ends the session: the HAR file, the agents, what it adopted, then the embedded server. */
  async close(): Promise<void> {
    const stalled = this.http.stalled.map((x) => ({ operation: x.operation, cause: this.redact(x.cause) }));
    this.recorder?.close(this.description ? { ...this.description, ...(stalled.length > 0 ? { stalled } : {}), target: this.recordedTarget() } : undefined);
    this.agentFetch?.close();
    for (const close of this.adopted) await close();
    await this.target?.close();
  }

  /**
   * The exchanges recorded up to seq `through` not handed on before, in seq order; they are
   * written to the HAR file (before compaction) once `annotate` has described them.
   */
  settle(through: number, annotate: (fresh: readonly Exchange[]) => void, checkOf: (exchange: Exchange) => string | undefined = () => undefined): Exchange[] {
    const all = this.http.exchanges;
    let end = this.settledUpTo;
    while (end < all.length && all[end]!.seq <= through) end += 1;
    const fresh = all.slice(this.settledUpTo, end);
    annotate(fresh);
    if (this.recorder) for (const exchange of fresh) this.recorder.add(exchange, { check: checkOf(exchange), auth: this.http.authRoleOf(exchange) });
    this.settledUpTo = end;
    return fresh;
  }

  /** Writes a websocket conversation to the HAR file (`--record`), when there is one. */
  recordWebSocket(transcript: WsTranscript): void {
    this.recorder?.addWebSocket(transcript);
  }

  /** Whether the target has answered anything at all (with any HTTP status) so far. */
  answeredAnything(): boolean {
    return this.http.exchanges.some((e) => e.response !== undefined);
  }

  /** After a transport error: does the target still answer a cheap, read-only request? */
  async stillReachable(): Promise<boolean> {
    // Re-run from a recording: the recorded answers are what the target said; whether it still
    // answered then is in them, and asking again would depend on the re-run's own timing.
    if (this.recorded) return true;
    try {
      await this.http.send({ method: 'POST', path: '/currencies/v2', body: { limit: 1 }, auth: 'none' });
      return true;
    } catch (err) {
      return !(err instanceof TargetUnreachableError);
    }
  }

  /** {@link CheckContext.at} of the embedded target: its twins' base URLs become the client's own. */
  datedThrough(check?: string): CheckContext['at'] {
    const target = this.target;
    if (!target) return undefined;
    return async (date) => {
      const dated = await target.at(date);
      if (dated.base !== undefined) this.http.allowBase(dated.base);
      this.noteDated(date, dated, check);
      return dated;
    };
  }

  /**
   * {@link CheckContext.arrive} of the embedded target for check `check`, noted for the recording
   * (a re-run is handed the same ids); undefined when the target cannot make requests arrive.
   */
  arrivalsThrough(check: string): CheckContext['arrive'] {
    const target = this.target;
    const arrive = target?.arrive;
    if (!target || !arrive) return undefined;
    return async (n) => {
      const ids = await arrive.call(target, n);
      if (this.recorder) (this.arrivals[check] ??= []).push(ids);
      return ids;
    };
  }

  /**
   * {@link CheckContext.advance} of the embedded target for check `check`, noted for the recording
   * (a re-run is handed the same statuses); undefined when the target cannot move requests.
   */
  advancesThrough(check: string): CheckContext['advance'] {
    const target = this.target;
    const advance = target?.advance;
    if (!target || !advance) return undefined;
    return async (id) => {
      const result: unknown = await advance.call(target, id);
      // A recorded target answers the status itself; the reference server answers its changes.
      const status = typeof result === 'string' || result === undefined ? result : statusAfterAdvance(result);
      if (this.recorder) (this.advances[check] ??= []).push(status ?? null);
      return status;
    };
  }

  /** A dated answer, for the recording: the first one, and each check's in the order it asked (its clock runs on). */
  private noteDated(date: TargetDate, dated: DatedTarget, check: string | undefined): void {
    if (!this.recorder) return;
    const now = dated.now.toISOString();
    const known = (this.dated[date] ??= { ...(dated.base !== undefined ? { base: dated.base } : {}), now, what: dated.what });
    if (check === undefined) return;
    known.byCheck ??= {};
    (known.byCheck[check] ??= []).push(now);
  }
}

/**
 * The run's HTTP client, live or replaying a recording alike: the run's bounds (timeout, --max-rps,
 * polite by default at a URL, --max-requests, --max-duration, body size) and the validator, over the
 * way to the target `how` gives.
 */
function sessionClient(
  config: ConformanceConfig,
  options: SessionOptions,
  external: boolean,
  how: Pick<HttpClientOptions, 'baseUrl' | 'fetch' | 'apiKey' | 'otherApiKey' | 'inactiveApiKey' | 'secrets' | 'headers' | 'sleep' | 'now'>,
): { http: FetchHttpClient; maxRps: number | undefined } {
  const maxRps = config.maxRps ?? (external ? DEFAULTS.externalMaxRps : undefined);
  const http = new FetchHttpClient({ ...how, timeoutMs: config.timeoutMs, maxRps, maxRequests: config.maxRequests, deadline: options.deadline, validator: options.validator, maxBodyBytes: config.maxBodyBytes });
  return { http, maxRps };
}

/** `--record`: the HAR file, opened before the run (an unwritable path is a usage error). */
function openRecorder(path: string | undefined): HarWriter | undefined {
  if (path === undefined) return undefined;
  try {
    return HarWriter.open(path, { name: '@crosschain/conformance', version: kitVersion() });
  } catch (err) {
    throw new ConfigError(`--record file cannot be written (${(err as NodeJS.ErrnoException).code ?? 'unwritable'}), got ${JSON.stringify(path)}. Fix: give a writable path, e.g. --record run.har`);
  }
}
