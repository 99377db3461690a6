/**
 * The engine: resolves the target, samples it (discovery), runs the selected checks (`final`-phase
 * checks last), up to --workers at once in run order (scheduler.ts), and assembles the run result
 * with the outcomes in run order; outcome mapping and the exit code are in outcome.ts, the clause
 * matrix in clause-matrix.ts (architecture.md, "Outcomes and exit codes").
 */
import { clauses as specClauses, openapi as specOpenapi, specHash } from '@crosschain/specs';
import { allChecks } from '../checks/index.js';
import { kitVersion } from '../config/resolve.js';
import { DEFAULTS, resolveWorkers, targetDefaults, withDefaults } from '../config/defaults.js';
import { ConfigError } from '../config/fields.js';
import type { ConformanceConfig } from '../config/fields.js';
import { headerRecord, redactConfig, secretsOf } from '../config/redact.js';
import { parseOptionsObject } from '../config/validate.js';
import { messageSchemas } from '../events/message-schemas.js';
import { createEventsProbe } from '../events/probe.js';
import type { EventsProbe } from '../events/types.js';
import { startEmbeddedTarget } from '../target/embedded.js';
import type { EmbeddedTarget } from '../target/embedded.js';
import { handlerFetch, handlerOf } from '../target/handler.js';
import type { HandlerTarget } from '../target/handler.js';
import { clauseMatrix } from './clause-matrix.js';
import { FLAG_OF, completenessOf, exitWithCompleteness, probeKeys, refusalFor, refusalText, withRequired } from './completeness.js';
import { parseWindow } from '../config/window.js';
import type { ClauseEntry } from './clause-matrix.js';
import { discover, emptyValues } from './discovery.js';
import type { RunEvent, RunEventListener } from './events.js';
import { ViolationError } from './expect.js';
import { createAgentFetch } from './agent-fetch.js';
import type { AgentFetch } from './agent-fetch.js';
import { BodyTooLargeError, FetchHttpClient, RateLimitedError } from './http.js';
import type { FetchLike } from './http.js';
import { annotateListWrappers } from './list-wrapper.js';
import { boundedOutcome, causeText, errorReason, exitCodeOf, outcomeBase, replayCommand, toOutcome, totalsOf } from './outcome.js';
import { notJsonDiagnosis } from './not-json.js';
import { ActiveOracles } from './active-oracles.js';
import { ExchangeOwners } from './check-client.js';
import type { CheckClient } from './check-client.js';
import { propertyFor } from './property.js';
import { schedule } from './scheduler.js';
import { redactor } from './redact.js';
import { matchesAny, selectChecks } from './selection.js';
import { expectedMs, shardOf } from '../shard/shard.js';
import { applyBaseline, baselineSummary, dayOf, readBaseline } from '../baseline/baseline.js';
import { HarWriter } from '../har/har.js';
import { reproduce } from './reproduce.js';
import { SharedReadMemo } from './shared-reads.js';
import { BudgetExceededError, OperationStalledError, TargetUnreachableError } from './types.js';
import type { CheckConfig, CheckContext, CheckDefinition, CheckOutcome, CheckResult, Discovery, Exchange, HttpClient, KeyRefusal, OutcomeCause, RunResult } from './types.js';
import { validatorFor } from './validator.js';
import type { OpenApiDocument } from './validator.js';

/** Options of {@link runConformance}: the configuration, plus what only a library call can give. */
export interface RunOptions extends Partial<Omit<ConformanceConfig, 'configFile'>> {
  /** A `fetch`-compatible function instead of the network; `baseUrl` then only names the target. */
  fetch?: FetchLike | typeof globalThis.fetch;
  /**
   * An in-process target, no port: a WHATWG fetch handler `(request: Request) => Response |
   * Promise<Response>` or an object with one as `fetch` (a Hono app). `baseUrl` names the origin
   * of the requests it receives (default `http://in-process.test`).
   */
  handler?: HandlerTarget;
  /** Progress events (console progress printer). */
  onEvent?: RunEventListener;
  /** The checks to run instead of the registry (tests of the engine). */
  checks?: readonly CheckDefinition[];
  /** The contract to check against instead of @crosschain/specs (tests of the engine). */
  spec?: { openapi: OpenApiDocument; clauses: readonly ClauseEntry[]; hash: string };
  /** Where the config came from (printed only). */
  configFile?: string;
  /**
   * When --max-duration starts counting (ms since the epoch; default: this call). The CLI passes
   * its process's start less a reserve for writing the reports, so that the bound holds for the
   * whole process, module loading and discovery included (issue 20).
   */
  boundFrom?: number;
  /** How the user runs the kit, for the replay lines (`pnpm exec crosschain-conformance`; config/invocation.ts). Default: the bare command. */
  invocation?: string;
}

const LIBRARY_ONLY = new Set(['fetch', 'handler', 'onEvent', 'checks', 'spec', 'configFile', 'boundFrom', 'invocation']);

export { validatorFor } from './validator.js';

/** Whether a check id (of that family, when given) is selected by a list of patterns (selection.ts). */
export function matches(id: string, patterns: readonly string[], family?: string): boolean {
  return matchesAny({ id, ...(family !== undefined ? { family } : {}) }, patterns);
}

/** Validates and completes library options into the effective configuration. */
export function normalizeOptions(options: RunOptions): ConformanceConfig {
  const plain: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) if (!LIBRARY_ONLY.has(k) && v !== undefined) plain[k] = v;
  const config = withDefaults(parseOptionsObject(plain, 'option'));
  if (options.configFile) config.configFile = options.configFile;
  return config;
}

function emptyDiscovery(now: Date, problem: string): Discovery {
  const end = Math.floor(now.getTime() / 1000) - 3600;
  return {
    window: { start: end - 86_400, end },
    records: [],
    complete: false,
    currencies: [],
    targetNow: now,
    values: emptyValues(),
    problems: [problem],
  };
}

/** The origin an in-process target is called by when no `baseUrl` names one. */
export const IN_PROCESS_ORIGIN = 'http://in-process.test';

/** The in-process way to the target (`handler`, else `fetch`), or undefined for a URL or the embedded server. */
function inProcessFetch(options: RunOptions): FetchLike | undefined {
  if (options.handler !== undefined) {
    const handler = handlerOf(options.handler);
    if (!handler) throw new ConfigError(`handler must be a fetch handler ((request: Request) => Response) or an object with a fetch method, got ${typeof options.handler}. Example: runConformance({ handler: app.fetch })`);
    if (options.fetch !== undefined) throw new ConfigError('handler and fetch name two targets: pass one of them');
    return handlerFetch(handler);
  }
  return options.fetch as FetchLike | undefined;
}

/**
 * Runs the conformance kit against a target: a base URL, an in-process `fetch`, or (neither) the
 * embedded reference server. Never throws for target problems (they are outcomes and exit codes);
 * throws a ConfigError for bad options (and an unreadable --baseline or --record file).
 */
export async function runConformance(options: RunOptions = {}): Promise<RunResult> {
  const config = normalizeOptions(options);
  const checks = options.checks ?? allChecks;
  const spec = options.spec ?? { openapi: specOpenapi as OpenApiDocument, clauses: specClauses as readonly ClauseEntry[], hash: specHash };
  const emit = (event: RunEvent) => {
    try {
      options.onEvent?.(event);
    } catch {
      /* a listener must not break the run */
    }
  };

  const chosen = selectChecks(checks, config.only, config.skip);
  const selected = shardOf(chosen, config.shard);
  const ordered = [...groupByFamily(selected.filter((c) => c.phase !== 'final')), ...groupByFamily(selected.filter((c) => c.phase === 'final'))];
  const baseline = config.baseline !== undefined ? readBaseline(config.baseline) : undefined;
  const today = dayOf(new Date());

  const startedAt = new Date();
  const t0 = performance.now();
  const deadline = config.maxDurationMs !== undefined ? (options.boundFrom ?? Date.now()) + config.maxDurationMs : undefined;
  const inProcess = inProcessFetch(options);
  const external = inProcess === undefined && config.baseUrl !== undefined;
  const embedded = inProcess === undefined && config.baseUrl === undefined;
  const v2 = targetDefaults(config, embedded);
  let target: EmbeddedTarget | undefined;
  let recorder: HarWriter | undefined;
  /** A URL target (embedded or not) goes through keep-alive node:http, cheaper than fetch (agent-fetch.ts). */
  let agentFetch: AgentFetch | undefined;
  let events: EventsProbe | undefined;
  if (embedded) {
    target = await startEmbeddedTarget({
      records: config.mockRecords,
      seed: config.mockSeed,
      now: config.mockNow,
      faults: config.mockFaults,
      variants: config.mockVariants,
      v2RateLimit: v2.mockV2RateLimit,
      ...(selected.some((c) => c.family === 'events') ? { events: { waitMs: config.eventsWaitMs } } : {}),
    });
  }
  try {
    recorder = openRecorder(config.record);
    const apiKey = config.apiKey ?? target?.apiKey;
    const otherApiKey = config.otherApiKey ?? target?.otherApiKey;
    const inactiveApiKey = config.inactiveApiKey ?? target?.inactiveApiKey;
    const secrets = secretsOf({ apiKey, otherApiKey, inactiveApiKey, headers: config.headers });
    const redact = redactor(secrets);
    const baseUrl = target?.baseUrl ?? config.baseUrl ?? IN_PROCESS_ORIGIN;
    const maxRps = config.maxRps ?? (external ? DEFAULTS.externalMaxRps : undefined);
    const validator = validatorFor(spec.openapi);
    const fetchFn = inProcess ?? (agentFetch = createAgentFetch());
    const http = new FetchHttpClient({
      baseUrl,
      fetch: fetchFn,
      apiKey,
      otherApiKey,
      inactiveApiKey,
      secrets,
      timeoutMs: config.timeoutMs,
      maxRps,
      maxRequests: config.maxRequests,
      deadline,
      validator,
      headers: headerRecord(config.headers),
      maxBodyBytes: config.maxBodyBytes,
    });
    /** Per running check (index in run order), the requests issued when it started: it reads only later seqs. */
    const running = new Map<number, number>();
    /**
     * Describes the list wrappers of the bodies still whole, writes them to the HAR file, then
     * compacts them (list-wrapper.ts), up to the lowest seq a running check may still read and no
     * request still in flight (so no exchange is ever recorded below the mark later).
     */
    let settledUpTo = 0;
    const owners = new ExchangeOwners();
    /** Every settled exchange judged by every oracle that applies (active-oracles.ts). */
    const oracles = new ActiveOracles(validator, (e) => {
      const index = owners.ownerOf(e);
      return index === undefined ? undefined : ordered[index]?.id;
    });
    const settle = () => {
      const through = Math.min(http.settledSeq, ...running.values());
      let end = settledUpTo;
      while (end < http.exchanges.length && http.exchanges[end]!.seq <= through) end += 1;
      const fresh = http.exchanges.slice(settledUpTo, end);
      annotateListWrappers(fresh, 0, validator, discovery?.cursorField);
      recordExchanges(recorder, fresh);
      oracles.observe(fresh);
      settledUpTo = end;
      http.compact(through);
    };

    const workers = resolveWorkers(config.workers, maxRps);
    const shownConfig = redactConfig({
      ...config,
      ...(maxRps !== undefined ? { maxRps } : {}),
      workers,
      v2ProbeRequests: v2.v2ProbeRequests,
      ...(embedded && v2.mockV2RateLimit !== undefined ? { mockV2RateLimit: v2.mockV2RateLimit } : {}),
    });
    const targetInfo: RunResult['target'] = { baseUrl: redact(baseUrl), embedded, ...(config.mockNow && embedded ? { now: config.mockNow } : {}) };
    emit({ type: 'run-start', total: ordered.length, seed: config.seed, target: targetInfo, config: shownConfig });

    const checkConfig: CheckConfig = {
      baseUrl,
      hasApiKey: !!apiKey,
      hasOtherApiKey: !!otherApiKey,
      hasInactiveApiKey: !!inactiveApiKey,
      seed: config.seed,
      numRuns: config.numRuns,
      strict: config.strict,
      embedded,
      v2ProbeRequests: v2.v2ProbeRequests,
    };
    const levels = new Map(spec.clauses.map((c) => [c.id, c.level]));

    let aborted: string | undefined;
    /** How the checks after a stop end: `error` (nothing answered), or `skip` with the reason's prefix. */
    let abortedAs: CheckOutcome['status'] = 'error';
    let abortCause: OutcomeCause | undefined;
    let unreachable = false;
    /** Checks in a row that the target's throttling left inconclusive (see {@link RATE_LIMITED_IN_A_ROW}). */
    let rateLimitedInARow = 0;
    /**
     * The run-order index of the check whose stop counts (-1: discovery). Checks overlap, so the
     * stop of the earliest check wins, and the outcomes after it are the not-run ones that a
     * one-at-a-time run gives (release below).
     */
    let stopIndex: number | undefined;
    const stop = (cause: OutcomeCause, reason: string, as: CheckOutcome['status'], index = -1) => {
      if (stopIndex !== undefined && stopIndex >= 0 && index > stopIndex) return;
      aborted = redact(reason);
      abortedAs = as;
      abortCause = cause;
      stopIndex = index;
    };
    let discovery: Discovery | undefined;
    let refused: KeyRefusal[] = [];
    const enabled = ordered.filter((c) => !matches(c.id, config.disable, c.family));
    const runnable = enabled.some((c) => (c.requires ?? []).every((r) => (r === 'apiKey' ? !!apiKey : !!otherApiKey)));
    if (runnable) {
      emit({ type: 'discovery-start' });
      const d0 = performance.now();
      try {
        const pinned = config.window !== undefined ? parseWindow(config.window) : undefined;
        discovery = await discover(http, { hasApiKey: !!apiKey, ...(pinned ? { window: pinned } : {}) });
        if (!embedded) refused = await refusedKeys(http, discovery, !!apiKey && !!otherApiKey && enabled.some((c) => c.requires?.includes('otherApiKey')));
      } catch (err) {
        const problem = redact(`discovery failed: ${errorReason(err)}`);
        if (err instanceof BudgetExceededError) stop('budget', causeText('budget', err.message), 'skip');
        else if (err instanceof RateLimitedError) rateLimitedInARow += 1;
        else if (err instanceof TargetUnreachableError && !answeredAnything(http) && !(await stillReachable(http))) {
          unreachable = true;
          stop('unreachable', `target unreachable during discovery: ${err.message}`, 'error');
        } else if (!(err instanceof TargetUnreachableError || err instanceof BodyTooLargeError)) stop('discovery-failed', problem, 'error');
        discovery = emptyDiscovery(new Date(), aborted ?? problem);
      }
      const foreign = aborted === undefined ? notJsonDiagnosis(http.exchanges, config.target !== undefined) : undefined;
      if (foreign) stop('not-json', causeText('not-json', foreign), 'skip');
      settle();
      emit({
        type: 'discovery-end',
        records: discovery.records.length,
        complete: discovery.complete,
        currencies: discovery.currencies.length,
        window: discovery.window,
        problems: (discovery.problems ?? []).map(redact),
        durationMs: performance.now() - d0,
      });
    }
    const disc = discovery ?? emptyDiscovery(new Date(), 'no check needed data');
    /** The target's latency: the median duration of discovery's answers (0 when none came). */
    const latencyMs = medianMs(http.exchanges.filter((e) => e.response !== undefined).map((e) => e.durationMs));

    /**
     * Against a URL the websocket session only listens (it drives no status changes): it starts
     * right after discovery, in the background, so its waits for pushes overlap the other checks
     * (issue 13: wall time 100 ms away), and its requests count in the run's total, not a check's.
     */
    const earlyEvents = !embedded && inProcess === undefined && !!apiKey && aborted === undefined && enabled.some((c) => c.family === 'events');
    /** The view of the exclusive check in flight: the events probe's requests count to it (it runs alone). */
    let soleView: CheckClient | undefined;
    const probeClient: HttpClient = {
      send: (req) => (soleView ?? http).send(req),
      get exchanges() {
        return http.exchanges;
      },
    };
    const propertySettings = { seed: config.seed, numRuns: config.numRuns };
    const ctx: CheckContext = {
      http,
      config: checkConfig,
      discovery: disc,
      property: propertyFor(propertySettings, ''),
      exchangesFor: (operation) => owners.inRunOrder(http.exchanges.filter((e) => e.operation === operation)),
      // The embedded target at a date of the v2 timeline (a clock-pinned twin, target/embedded.ts).
      ...(target ? { at: datedThrough(target, http) } : {}),
      events: (events = createEventsProbe({
        http: earlyEvents ? http : probeClient,
        discovery: disc,
        apiKey,
        wsUrl: config.wsUrl,
        baseUrl,
        inProcess: inProcess !== undefined,
        waitMs: config.eventsWaitMs,
        redact,
        ...(target && !target.advance ? { unavailable: 'the embedded reference server has no status changes (advance) to drive events with; rebuild @crosschain/mock-server' } : {}),
        ...(target?.advance ? { embedded: { advance: target.advance, ...(target.receiver ? { receiver: target.receiver } : {}) } } : {}),
      })),
    };

    if (earlyEvents) void ctx.events!.websocket().catch(() => undefined);
    // The events checks validate messages against the AsyncAPI document: read and compiled in the
    // background now (about a second of CPU), not on the run's critical path when they judge.
    if (enabled.some((c) => c.family === 'events')) void messageSchemas().catch(() => undefined);
    /** Walks and totals asked once for every check of the run (shared-reads.ts). */
    const sharedReads = new SharedReadMemo(http);
    const outcomes: CheckOutcome[] = [];
    /** Failures among the checks that ended (any order; all before the next to start) and among those released in order. */
    let failuresEnded = 0;
    let failuresReleased = 0;
    const maxFailuresReason = `max failures reached (--max-failures ${config.maxFailures})`;
    let family: string | undefined;
    let familyOutcomes: CheckOutcome[] = [];
    const closeFamily = () => {
      if (family !== undefined) emit({ type: 'family-end', family, outcomes: familyOutcomes });
    };
    /** Checks started so far (not in run order under a priority), checks released so far, and checks whose family-start/check-start were emitted. */
    const startedChecks = new Set<number>();
    let releasedCount = 0;
    let announcedCount = 0;
    /**
     * Emits the start of check `index` (and of its family) once every earlier check is released, so
     * that progress events stay in run order: at its start when it is the first unreleased check,
     * else when the check before it is released.
     */
    const announce = (index: number) => {
      if (index < announcedCount || index > releasedCount || !startedChecks.has(index)) return;
      const check = ordered[index]!;
      if (check.family !== family) {
        closeFamily();
        family = check.family;
        familyOutcomes = [];
        emit({ type: 'family-start', family, ...familyCounts(ordered, index) });
      }
      emit({ type: 'check-start', check: { id: check.id, family: check.family, title: check.title } });
      announcedCount = index + 1;
    };
    const isExclusive = (check: CheckDefinition) => check.phase === 'final' || (typeof check.exclusive === 'function' ? check.exclusive(checkConfig) : check.exclusive === true);
    type Base = Omit<CheckOutcome, 'status' | 'durationMs' | 'requests'>;
    /**
     * A check's outcome and its base; `rateLimited` (set when it ran): whether it was throttled
     * through every retry; `afterStop`: not run because the run had stopped.
     */
    interface Ended {
      outcome: CheckOutcome;
      base: Base;
      rateLimited?: boolean;
      afterStop?: boolean;
      /** Failed for want of an answer in time: beside other checks, it runs again alone (scheduler `again`). */
      timedOut?: boolean;
    }
    /** When each check that ran started (its last run), in ms from the run's start. */
    const startMsOf = new Map<number, number>();
    /** Each check's view of the client, kept for a second run alone (its requests count once per run). */
    const views = new Map<number, CheckClient>();
    const baseOf = (check: CheckDefinition): Base =>
      outcomeBase(check, levels, config.seed, redact(replayCommand(config, check.id, external, { ...(discovery && aborted === undefined ? { window: discovery.window } : {}), ...(options.invocation ? { invocation: options.invocation } : {}) })));

    /** Runs one check (or decides it is not run), in run order; its outcome before the in-order rules of release. */
    const runIndex = async (index: number): Promise<Ended> => {
      const check = ordered[index]!;
      startedChecks.add(index);
      announce(index);
      const base = baseOf(check);
      const missing = (check.requires ?? []).filter((r) => (r === 'apiKey' ? !apiKey : !otherApiKey));
      const refusedKey = refusalFor(check.requires ?? [], refused);
      const notRun = (outcome: Pick<CheckOutcome, 'status' | 'reason' | 'needs' | 'cause'>): Ended => ({ outcome: { ...base, ...outcome, durationMs: 0, requests: 0 }, base });
      if (config.maxFailures !== undefined && failuresEnded >= config.maxFailures) return notRun({ status: 'skip', cause: 'max-failures', reason: maxFailuresReason });
      if (matches(check.id, config.disable, check.family)) return notRun({ status: 'disabled', reason: 'disabled by configuration (disable)' });
      if (missing.length > 0) {
        const flags = missing.map((r) => (r === 'apiKey' ? '--api-key' : '--other-api-key (a second integrator)')).join(' and ');
        return notRun({ status: 'skip', cause: 'missing-key', reason: `needs ${flags}`, needs: missing.map((r) => FLAG_OF[r]) });
      }
      if (refusedKey) return notRun({ status: 'skip', cause: 'refused-key', reason: `not run: ${refusalText(refusedKey)}; pass a key the server accepts` });
      if (aborted !== undefined) return { outcome: notRunOutcome(base, aborted, abortedAs, abortCause), base, afterStop: true };

      const view = views.get(index) ?? owners.viewFor(http, index);
      views.set(index, view);
      running.set(index, http.issuedCount);
      if (isExclusive(check)) soleView = view;
      const c0 = performance.now();
      startMsOf.set(index, c0 - t0);
      let result: CheckResult | undefined;
      let error: unknown;
      try {
        result = await runCheck(check, { ...ctx, http: view, property: propertyFor(propertySettings, check.id) }, sharedReads);
      } catch (err) {
        error = err;
      } finally {
        running.delete(index);
        if (soleView === view) soleView = undefined;
      }
      const durationMs = performance.now() - c0;
      const requests = view.requestCount;
      let outcome: CheckOutcome;
      const bounded = error === undefined ? undefined : boundedOutcome(base, error, durationMs, requests, redact);
      if (error instanceof OperationStalledError) {
        // The operation stopped answering (http.ts circuit): the cause is the run's, said once (`stalled`).
        outcome = { ...base, status: 'skip', cause: 'stalled', reason: redact(causeText('stalled', `${error.operation} stopped answering; not run (the run's Stalled line names the cause)`)), durationMs, requests };
      } else if (bounded) {
        outcome = bounded;
        if (error instanceof BudgetExceededError) stop('budget', causeText('budget', error.message), 'skip', index);
      } else if (error instanceof TargetUnreachableError) {
        // A timeout while other checks are in flight may be the kit's own load: the check runs
        // again alone once they have ended (scheduler `again`), and only a failure then is judged
        // with the probe. Probing now would meet the same load and stop the run for it.
        const besideOthers = error.reason === 'timeout' && running.size > 0;
        if (besideOthers || (await stillReachable(http))) return { outcome: unansweredOutcome(base, error, durationMs, requests, redact), base, rateLimited: false, timedOut: error.reason === 'timeout' };
        else {
          unreachable = !answeredAnything(http);
          const cause = unreachable ? 'unreachable' : 'inconclusive';
          const why = unreachable ? `target unreachable: ${error.message}` : causeText('inconclusive', `the target stopped answering: ${error.message}`);
          outcome = { ...base, status: unreachable ? 'error' : 'skip', cause, reason: redact(why), durationMs, requests };
          stop(cause, why, outcome.status, index);
        }
      } else if (error !== undefined) {
        outcome = { ...base, status: 'error', reason: redact(errorReason(error)), durationMs, requests };
      } else {
        outcome = toOutcome(base, result, config.strict, durationMs, requests, redact);
      }
      // A check that reports a timeout as its own finding (e.g. "the server gave no answer" to bad
      // input) runs again alone too when it ran beside others: the kit's load is not the target's.
      const timedOut = result?.status === 'fail' && result.violation.exchange?.timedOut === true;
      return { outcome, base, rateLimited: error instanceof RateLimitedError, ...(timedOut ? { timedOut } : {}) };
    };

    const startPriority = ordered.map((check, i) => {
      let ms = expectedMs(check.id, latencyMs);
      if (check.lock !== undefined) for (const later of ordered.slice(i + 1)) if (later.lock === check.lock) ms += expectedMs(later.id, latencyMs);
      return ms;
    });
    await schedule<Ended>(ordered.length, {
      workers,
      exclusive: (index) => isExclusive(ordered[index]!),
      lock: (index) => ordered[index]!.lock,
      // With several workers the longest checks start first (their recorded cost and round trips at
      // the latency discovery measured, shard/costs.json), so that a long check does not start last;
      // a check of a lock counts the checks of its lock after it, which wait for it. Results are
      // still released in run order.
      ...(workers > 1 ? { priority: (index: number) => startPriority[index]! } : {}),
      run: runIndex,
      again: (_index, ended) => ended.timedOut === true,
      failed: (index, err) => {
        const base = baseOf(ordered[index]!);
        return { outcome: { ...base, status: 'error', reason: redact(errorReason(err)), durationMs: 0, requests: 0 }, base };
      },
      ended: (_index, ended) => {
        if (baseline) ended.outcome = applyBaseline(ended.outcome, baseline, today);
        if (ended.outcome.status === 'fail') failuresEnded += 1;
        settle();
      },
      release: (index, ended) => {
        const check = ordered[index]!;
        let outcome = ended.outcome;
        const ran = ended.rateLimited !== undefined;
        if (config.maxFailures !== undefined && failuresReleased >= config.maxFailures && outcome.reason !== maxFailuresReason) {
          outcome = { ...ended.base, status: 'skip', cause: 'max-failures', reason: maxFailuresReason, durationMs: outcome.durationMs, requests: outcome.requests };
        } else if (aborted !== undefined && stopIndex !== undefined && index > stopIndex && (ran || ended.afterStop)) {
          outcome = notRunOutcome(baseOf(check), aborted, abortedAs, abortCause);
        }
        if (ran && outcome === ended.outcome) {
          rateLimitedInARow = ended.rateLimited ? rateLimitedInARow + 1 : 0;
          if (rateLimitedInARow >= RATE_LIMITED_IN_A_ROW && aborted === undefined) {
            stop('inconclusive', causeText('inconclusive', `the target answered 429/503 through every retry for ${rateLimitedInARow} checks in a row; the kit stopped asking`), 'skip', index);
          }
        }
        if (outcome === ended.outcome && startMsOf.has(index)) outcome = { ...outcome, startMs: Math.round(startMsOf.get(index)!) };
        if (outcome.status === 'fail') failuresReleased += 1;
        announce(index);
        outcomes.push(outcome);
        familyOutcomes.push(outcome);
        emit({ type: 'check-end', outcome });
        releasedCount = index + 1;
        announce(index + 1);
      },
    });
    closeFamily();
    settle();
    // The oracles' verdicts on the exchanges other checks sent, under their own ids (active-oracles.ts).
    const pinned = { ...(discovery && aborted === undefined ? { window: discovery.window } : {}), ...(options.invocation ? { invocation: options.invocation } : {}) };
    const amended = oracles.amend(outcomes, {
      strict: config.strict,
      keep: (o) => o.reason === maxFailuresReason,
      replayOf: (ids) => redact(replayCommand(config, ids, external, pinned)),
    });
    outcomes.splice(0, outcomes.length, ...amended.map((o, i) => (o !== outcomes[i] && baseline ? applyBaseline(o, baseline, today) : o)));

    const clauses = clauseMatrix(spec.clauses, checks, outcomes, {
      selected: new Set(chosen.map((c) => c.id)),
      inShard: new Set(selected.map((c) => c.id)),
      ...(config.shard !== undefined ? { everyShard: new Set(selected.filter((c) => c.phase === 'final').map((c) => c.id)) } : {}),
    });
    const completeness = withRequired(completenessOf(outcomes, refused, config), clauses, config.require);
    const finishedAt = new Date();
    const result: RunResult = {
      kit: { name: '@crosschain/conformance', version: kitVersion() },
      spec: { hash: spec.hash },
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: performance.now() - t0,
      config: shownConfig,
      seed: config.seed,
      target: { ...targetInfo, ...(discovery && !targetInfo.now ? { now: discovery.targetNow.toISOString() } : {}) },
      outcomes,
      totals: totalsOf(outcomes),
      requests: http.requestCount,
      exitCode: exitWithCompleteness(exitCodeOf(outcomes, unreachable), completeness),
      ...(discovery
        ? {
            discovery: {
              window: discovery.window,
              records: discovery.records.length,
              complete: discovery.complete,
              currencies: discovery.currencies.length,
              targetNow: discovery.targetNow.toISOString(),
              problems: (discovery.problems ?? []).map(redact),
            },
          }
        : {}),
      ...(aborted !== undefined ? { aborted, ...(abortCause ? { abortCause } : {}) } : {}),
      ...(http.stalled.length > 0 ? { stalled: http.stalled.map((s) => ({ ...s, cause: redact(s.cause) })) } : {}),
      ...(baseline && config.baseline !== undefined ? { baseline: baselineSummary(config.baseline, outcomes, baseline, today) } : {}),
      ...(completeness ? { completeness } : {}),
      clauses,
    };
    emit({ type: 'run-end', result });
    return result;
  } finally {
    recorder?.close();
    agentFetch?.close();
    await events?.close();
    await target?.close();
  }
}

/** The median of `values`; 0 for none. */
function medianMs(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Checks grouped by family (families in order of first appearance), so progress shows each family once. */
export function groupByFamily<T extends CheckDefinition>(checks: readonly T[]): T[] {
  const families = [...new Set(checks.map((c) => c.family))];
  return families.flatMap((f) => checks.filter((c) => c.family === f));
}

/** The family-start counts of the family whose stretch begins at `index`: its checks, and those that run later. */
function familyCounts(ordered: readonly CheckDefinition[], index: number): { checks: number; later?: number } {
  const family = ordered[index]!.family;
  const checks = ordered.filter((c) => c.family === family).length;
  let stretch = 0;
  while (ordered[index + stretch]?.family === family) stretch += 1;
  const later = ordered.slice(index + stretch).filter((c) => c.family === family).length;
  return later > 0 ? { checks, later } : { checks };
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

/** Streams exchanges to the HAR file (before compaction), in seq order. */
function recordExchanges(recorder: HarWriter | undefined, exchanges: readonly Exchange[]): void {
  if (recorder) for (const exchange of exchanges) recorder.add(exchange);
}

/**
 * Checks in a row throttled through every retry before the run stops asking: a target that answers
 * 429 forever ends the run in seconds, inconclusive (exit 5), not after an hour of retries.
 */
const RATE_LIMITED_IN_A_ROW = 3;

/** {@link CheckContext.at} of the embedded target: its twins' base URLs become the client's own. */
function datedThrough(target: EmbeddedTarget, http: FetchHttpClient): NonNullable<CheckContext['at']> {
  return async (date) => {
    const dated = await target.at(date);
    if (dated.base !== undefined) http.allowBase(dated.base);
    return dated;
  };
}

/** Whether the target has answered anything at all (with any HTTP status) so far. */
function answeredAnything(http: FetchHttpClient): boolean {
  return http.exchanges.some((e) => e.response !== undefined);
}

/**
 * The outcome of a check not run because the run stopped: `error` when nothing answered, else
 * `skip` with the stop's prefix; "not a JSON API" is said in full once (the run's `aborted`), not
 * once per check.
 */
function notRunOutcome(
  base: Omit<CheckOutcome, 'status' | 'durationMs' | 'requests'>,
  aborted: string,
  as: CheckOutcome['status'],
  cause: OutcomeCause | undefined,
): CheckOutcome {
  const typed = cause ? { cause } : {};
  if (as !== 'skip') return { ...base, status: 'error', ...typed, reason: `not run: ${aborted}`, durationMs: 0, requests: 0 };
  if (cause === 'not-json') {
    // Under --target the diagnosis names the handler, not --base-url (issue 27).
    const where = aborted.includes('--target') ? 'wrong --target handler?' : 'wrong base URL?';
    return { ...base, status: 'skip', ...typed, reason: causeText('not-json', `not run, ${where} (the run's diagnosis names what came back)`), durationMs: 0, requests: 0 };
  }
  const prefix = cause !== undefined ? causeText(cause, '') : '';
  const detail = aborted.startsWith(prefix) ? aborted.slice(prefix.length) : aborted;
  return { ...base, status: 'skip', ...typed, reason: `${prefix}not run: ${detail}`, durationMs: 0, requests: 0 };
}

/**
 * A check whose request got no answer (timeout, reset, refused) while the target answers other
 * requests: the operation misbehaves, a failure of the check naming the cause (issue 10: "one
 * operation that does not answer is an outcome of its checks", not exit 4).
 */
function unansweredOutcome(
  base: Omit<CheckOutcome, 'status' | 'durationMs' | 'requests'>,
  error: TargetUnreachableError,
  durationMs: number,
  requests: number,
  redact: (text: string) => string,
): CheckOutcome {
  const ex = error.exchange;
  const violation: CheckOutcome['violation'] = {
    message: redact(`the target gave no answer: ${error.message}`),
    expected: 'an HTTP response within --timeout-ms',
    received: error.reason === 'timeout' ? 'no answer in time' : 'a transport failure',
    ...(ex ? { curl: ex.curl, request: ex.request } : {}),
  };
  return { ...base, status: 'fail', violation, durationMs, requests };
}

/**
 * The keys the target refused (completeness.ts): --api-key judged by discovery's first keyed
 * request, --other-api-key by one request of its own when a selected check uses it. A refusal is
 * added to discovery's problems.
 */
async function refusedKeys(http: FetchHttpClient, discovery: Discovery, other: boolean): Promise<KeyRefusal[]> {
  const firstKeyed = http.exchanges.find((e) => e.request.method === 'GET' && new URL(e.request.url).pathname.endsWith('/requests/v3'));
  const query = { startTimestamp: discovery.window.start, endTimestamp: discovery.window.end };
  // A key withheld on a redirect to another origin was not refused: the answer is the other origin's.
  const refused = await probeKeys(http, { primary: firstKeyed?.credentialsDropped ? undefined : firstKeyed?.response?.status, other, query });
  discovery.problems = [...(discovery.problems ?? []), ...refused.map(refusalText)];
  return refused;
}

/** Runs a check once: a thrown violation is its `fail`; any other throw propagates. */
async function runOnce(check: CheckDefinition, ctx: CheckContext): Promise<CheckResult> {
  try {
    return await check.run(ctx);
  } catch (err) {
    if (err instanceof ViolationError) return { status: 'fail', violation: err.violation };
    throw err;
  }
}

/**
 * Runs a check; the failure of a relation check is read a second time before it counts
 * (reproduce.ts). The first reading may use reads shared with other checks (shared-reads.ts); a
 * failure resting on them is read again afresh, and only that fresh reading can fail a check that
 * is not a relation.
 */
async function runCheck(check: CheckDefinition, ctx: CheckContext, memo: SharedReadMemo | undefined): Promise<CheckResult> {
  const reads = memo?.forCheck();
  const first = await runOnce(check, reads ? { ...ctx, shared: reads } : ctx);
  const fresh: CheckContext = { ...ctx, shared: undefined };
  if (!check.relation) return first.status === 'fail' && reads?.used ? runOnce(check, fresh) : first;
  return reproduce(first, () => runOnce(check, fresh), { firstShared: reads?.used === true });
}

/** After a transport error: does the target still answer a cheap, read-only request? */
async function stillReachable(http: FetchHttpClient): Promise<boolean> {
  try {
    await http.send({ method: 'POST', path: '/currencies/v2', body: { limit: 1 }, auth: 'none' });
    return true;
  } catch (err) {
    return !(err instanceof TargetUnreachableError);
  }
}
