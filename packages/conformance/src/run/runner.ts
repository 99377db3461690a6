/**
 * The engine: resolves the target, samples it (discovery), runs the selected checks (`final`-phase
 * checks last), up to --workers at once in run order (scheduler.ts), and assembles the run result
 * with the outcomes in run order (ARCHITECTURE.md, "Outcomes and exit codes").
 *
 * `runConformance` is a composition: a target session (session.ts: client,
 * keys, recorder, close), a run ledger with named transitions (ledger.ts: ended, released, stopped
 * with a typed cause), the pure classifier of how a check or discovery ended (classify.ts), progress
 * in run order (progress.ts), and the result builder shared with the passive side (result.ts).
 */
import { clauses as specClauses, openapi as specOpenapi, specHash } from '@crosschain/specs';
import { RUN_ORDER, allChecks, orderedBy } from '../checks/index.js';
import { resolveEvents, resolveWorkers, targetDefaults, withDefaults } from '../config/defaults.js';
import { ConfigError } from '../config/fields.js';
import type { ConformanceConfig } from '../config/fields.js';
import { redactConfig } from '../config/redact.js';
import { parseOptionsObject } from '../config/validate.js';
import { parseWindow } from '../config/window.js';
import { messageSchemas } from '../contract/message-schemas.js';
import { createEventsProbe } from '../events/probe.js';
import type { WsTranscript } from '../contract/websocket.js';
import { handlerFetch, handlerOf } from '../target/handler.js';
import type { HandlerTarget } from '../target/handler.js';
import { applyBaseline, baselineSummary, dayOf, readBaseline } from '../baseline/baseline.js';
import { withStaleBaseline } from '../baseline/stale.js';
import type { Baseline } from '../baseline/baseline.js';
import { expectedMs, shardOf } from '../shard/shard.js';
import { ActiveOracles } from './active-oracles.js';
import { ExchangeOwners } from '../engine/check-client.js';
import type { CheckClient } from '../engine/check-client.js';
import { classifyCheckEnd, classifyDiscoveryError, needsProbe, notRunOutcome } from '../engine/classify.js';
import type { CheckEnding, OutcomeBase, StopRequest } from '../engine/classify.js';
import { clauseMatrix } from '../engine/clause-matrix.js';
import type { ClauseEntry } from '../engine/clause-matrix.js';
import { FLAG_OF, completenessOf, exitWithCompleteness, probeKeys, refusalFor, refusalText, withRequired } from '../engine/completeness.js';
import { discover, emptyValues } from '../engine/discovery.js';
import type { RunEvent, RunEventListener } from '../engine/events.js';
import { ViolationError } from '../contract/expect.js';
import type { FetchLike } from '../engine/http.js';
import { RunLedger } from '../engine/ledger.js';
import type { Ended } from '../engine/ledger.js';
import { annotateListWrappers } from '../contract/list-wrapper.js';
import { notJsonDiagnosis } from '../engine/not-json.js';
import { causeText, errorReason, EVENTS_REQUIRED_FAMILIES, exitCodeOf, outcomeBase, replayCommand } from '../engine/outcome.js';
import { Progress, groupByFamily } from '../engine/progress.js';
import { propertyFor } from '../engine/property.js';
import { reproduce } from '../engine/reproduce.js';
import { buildRunResult } from '../engine/result.js';
import { schedule } from '../engine/scheduler.js';
import { matchesAny, selectChecks } from '../engine/selection.js';
import { TargetSession } from './session.js';
import type { RecordedTarget } from './session.js';
import { kitVersion } from '../config/resolve.js';
import { EVENTS_PROBE_OWNER, RECORDED_RUN_VERSION, replayedOptions } from '../har/recorded-run.js';
import type { EventsProbe } from '../contract/events.js';
import { SharedReadMemo } from '../engine/shared-reads.js';
import type { CheckConfig, CheckContext, CheckDefinition, CheckResult, Discovery, Exchange, HttpClient, KeyRefusal, RunResult } from '../contract/types.js';
import { validatorFor } from '../contract/validator.js';
import type { OpenApiDocument, ResponseValidator } from '../contract/validator.js';

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
   * whole process, module loading and discovery included.
   */
  boundFrom?: number;
  /**
   * Ends the run early when aborted (the CLI aborts it on SIGINT/SIGTERM): the requests in flight
   * are cut, the checks not finished are skipped (`budget:` and the abort's reason) and the result
   * is returned as after a spent budget, so the reports are still written.
   */
  signal?: AbortSignal;
  /** How the user runs the kit, for the replay lines (`pnpm exec crosschain-conformance`; config/invocation.ts). Default: the bare command. */
  invocation?: string;
  /**
   * The target answered from a recording instead (`audit` re-judging the kit's own recording,
   * rejudge/): no server started, no socket opened, no wait slept.
   * @internal
   */
  recorded?: RecordedTarget;
}

const LIBRARY_ONLY = new Set(['fetch', 'handler', 'onEvent', 'checks', 'spec', 'configFile', 'boundFrom', 'invocation', 'signal', 'recorded']);

export { validatorFor } from '../contract/validator.js';

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

/** What the run checks: the registry (or the given checks), the selection, this shard, in run order. */
interface Plan {
  checks: readonly CheckDefinition[];
  spec: NonNullable<RunOptions['spec']>;
  chosen: readonly CheckDefinition[];
  selected: readonly CheckDefinition[];
  /** The selected checks in run order: by family, `final`-phase checks last. */
  ordered: readonly CheckDefinition[];
  /** Those not disabled by configuration. */
  enabled: readonly CheckDefinition[];
}

/**
 * The run order of the selected checks: grouped by family (progress shows each family once), the
 * `final` phase last, and every run-order rule of the registry (checks/index.ts, RUN_ORDER) kept.
 * Grouping alone would pull a check back into its family before the checks a rule runs first: the
 * checks that run alone after the events family (requests-v3.filters.no-carry-over,
 * general.stays-up) would land mid-run, each a barrier that drains every worker (100 ms away, a
 * second of a run that is otherwise paced by --max-rps); after the events family they run back to
 * back where the run ends anyway.
 */
export function runOrderOf(selected: readonly CheckDefinition[]): CheckDefinition[] {
  return [...orderedBy(groupByFamily(selected.filter((c) => c.phase !== 'final')), RUN_ORDER), ...groupByFamily(selected.filter((c) => c.phase === 'final'))];
}

function planOf(options: RunOptions, config: ConformanceConfig): Plan {
  const checks = options.checks ?? allChecks;
  const spec = options.spec ?? { openapi: specOpenapi as OpenApiDocument, clauses: specClauses as readonly ClauseEntry[], hash: specHash };
  const chosen = selectChecks(checks, config.only, config.skip);
  const selected = shardOf(chosen, config.shard);
  const ordered = runOrderOf(selected);
  const enabled = ordered.filter((c) => !matches(c.id, config.disable, c.family));
  return { checks, spec, chosen, selected, ordered, enabled };
}

/** One run in progress: what its steps (discovery, the checks, the result) share. */
interface ActiveRun {
  options: RunOptions;
  config: ConformanceConfig;
  plan: Plan;
  session: TargetSession;
  ledger: RunLedger;
  validator: ResponseValidator;
  emit: (event: RunEvent) => void;
  startedAt: Date;
  t0: number;
  baseline: Baseline | undefined;
  today: string;
  checkConfig: CheckConfig;
  /** Clause id -> level (a check's level: outcome.ts, `levelOf`). */
  levels: Map<string, ClauseEntry['level']>;
  shownConfig: Record<string, unknown>;
  targetInfo: RunResult['target'];
  workers: number;
  owners: ExchangeOwners;
  /** Every settled exchange judged by every oracle that applies (active-oracles.ts). */
  oracles: ActiveOracles;
  /** Exchanges the events probe sent (recorded as its own, not the check's whose turn it was). */
  probeSent: WeakSet<Exchange>;
  /** Per running check (index in run order), the requests issued when it started: it reads only later seqs. */
  running: Map<number, number>;
  discovery?: Discovery;
  refused: KeyRefusal[];
}

/**
 * Runs the conformance kit against a target: a base URL, an in-process `fetch`, or (neither) the
 * embedded reference server. Never throws for target problems (they are outcomes and exit codes);
 * throws a ConfigError for bad options (and an unreadable --baseline or --record file).
 */
export async function runConformance(options: RunOptions = {}): Promise<RunResult> {
  const config = normalizeOptions(options);
  const plan = planOf(options, config);
  if (config.failOnStaleBaseline && config.baseline === undefined) {
    throw new ConfigError('--fail-on-stale-baseline needs a --baseline file to find stale entries in. Fix: add --baseline conformance-baseline.yaml, or drop --fail-on-stale-baseline');
  }
  const baseline = config.baseline !== undefined ? readBaseline(config.baseline) : undefined;
  const startedAt = new Date();
  const t0 = performance.now();
  const deadline = config.maxDurationMs !== undefined ? (options.boundFrom ?? Date.now()) + config.maxDurationMs : undefined;
  const recorded = options.recorded;
  const inProcess = recorded ? undefined : inProcessFetch(options);
  const v2 = targetDefaults(config, recorded ? recorded.mode === 'embedded' : inProcess === undefined && config.baseUrl === undefined);
  const validator = validatorFor(plan.spec.openapi);
  const session = await TargetSession.open(config, { inProcess, validator, deadline, mockV2RateLimit: v2.mockV2RateLimit, events: plan.selected.some(usesEvents), recorded });
  if (config.record !== undefined) {
    const resolved = { ...replayedOptions(config), v2ProbeRequests: v2.v2ProbeRequests, ...(v2.mockV2RateLimit !== undefined ? { mockV2RateLimit: v2.mockV2RateLimit } : {}) };
    session.describeRun({ version: RECORDED_RUN_VERSION, kit: kitVersion(), seed: config.seed, options: resolved });
  }
  const interrupt = (): void => session.http.interrupt(interruptReason(options.signal?.reason));
  if (options.signal?.aborted) interrupt();
  options.signal?.addEventListener('abort', interrupt, { once: true });
  try {
    const { keys, embedded } = session;
    const events = resolveEvents(config, embedded);
    const workers = resolveWorkers(config.workers, session.maxRps);
    const owners = new ExchangeOwners();
    const run: ActiveRun = {
      options,
      config,
      plan,
      session,
      ledger: new RunLedger(session.redact),
      validator,
      emit: listenerOf(options.onEvent),
      startedAt,
      t0,
      baseline,
      today: dayOf(new Date()),
      checkConfig: {
        baseUrl: session.baseUrl,
        hasApiKey: !!keys.apiKey,
        hasOtherApiKey: !!keys.otherApiKey,
        hasInactiveApiKey: !!keys.inactiveApiKey,
        seed: config.seed,
        numRuns: config.numRuns,
        strict: config.strict,
        embedded,
        v2ProbeRequests: v2.v2ProbeRequests,
        eventsRequired: events === 'required',
      },
      levels: new Map(plan.spec.clauses.map((c) => [c.id, c.level])),
      shownConfig: redactConfig({
        ...config,
        ...(session.maxRps !== undefined ? { maxRps: session.maxRps } : {}),
        workers,
        v2ProbeRequests: v2.v2ProbeRequests,
        events,
        ...(embedded && v2.mockV2RateLimit !== undefined ? { mockV2RateLimit: v2.mockV2RateLimit } : {}),
      }),
      targetInfo: { baseUrl: session.redact(session.baseUrl), embedded, ...(config.mockNow && embedded ? { now: config.mockNow } : {}) },
      workers,
      owners,
      probeSent: new WeakSet(),
      oracles: new ActiveOracles(validator, (e) => {
        const index = owners.ownerOf(e);
        return index === undefined ? undefined : plan.ordered[index]?.id;
      }),
      running: new Map(),
      refused: [],
    };
    run.emit({ type: 'run-start', total: plan.ordered.length, seed: config.seed, target: run.targetInfo, config: run.shownConfig });
    await discoverTarget(run);
    await runChecks(run);
    const result = resultOf(run);
    run.emit({ type: 'run-end', result });
    return result;
  } finally {
    options.signal?.removeEventListener('abort', interrupt);
    await session.close();
  }
}

/** The text of an abort's reason: a string as given (the CLI gives the signal's), else a generic one. */
function interruptReason(reason: unknown): string {
  return typeof reason === 'string' && reason !== '' ? reason : 'the run was interrupted';
}

/** A listener that cannot break the run. */
function listenerOf(onEvent: RunEventListener | undefined): (event: RunEvent) => void {
  return (event) => {
    try {
      onEvent?.(event);
    } catch {
      /* a listener must not break the run */
    }
  };
}

/**
 * Describes the list wrappers of the bodies still whole, writes them to the HAR file, has the
 * oracles judge them, then compacts them (list-wrapper.ts), up to the lowest seq a running check
 * may still read and no request still in flight (so no exchange is ever recorded below the mark later).
 */
function settle(run: ActiveRun): void {
  const http = run.session.http;
  const through = Math.min(http.settledSeq, ...run.running.values());
  const checkOf = (e: Exchange): string | undefined => {
    if (run.probeSent.has(e)) return EVENTS_PROBE_OWNER;
    const index = run.owners.ownerOf(e);
    return index === undefined ? undefined : run.plan.ordered[index]?.id;
  };
  const fresh = run.session.settle(through, (exchanges) => annotateListWrappers(exchanges, 0, run.validator, run.discovery?.cursorField), checkOf);
  run.oracles.observe(fresh);
  http.compact(through);
}

/** The replay command's pins: the discovery window (while the run has not stopped) and the invocation. */
function pinsOf(run: ActiveRun): { window?: { start: number; end: number }; invocation?: string } {
  return { ...(run.discovery && run.ledger.aborted === undefined ? { window: run.discovery.window } : {}), ...(run.options.invocation ? { invocation: run.options.invocation } : {}) };
}

function baseOf(run: ActiveRun, check: CheckDefinition): OutcomeBase {
  const raised = run.checkConfig.eventsRequired ? EVENTS_REQUIRED_FAMILIES : undefined;
  return outcomeBase(check, run.levels, run.config.seed, run.session.redact(replayCommand(run.config, check.id, run.session.external, pinsOf(run))), raised);
}

/** A stop the classifier asked for, in the ledger (at check `index`; -1: discovery). */
function applyStop(run: ActiveRun, stop: StopRequest | undefined, index = -1): void {
  if (stop) run.ledger.stop(stop.cause, stop.reason, stop.as, index);
}

/** Discovery, when a check can run: samples the target, judges the keys, and may stop the run. */
async function discoverTarget(run: ActiveRun): Promise<void> {
  const { config, session, ledger } = run;
  const { http, keys, redact } = session;
  const runnable = run.plan.enabled.some((c) => (c.requires ?? []).every((r) => (r === 'apiKey' ? !!keys.apiKey : !!keys.otherApiKey)));
  if (!runnable) return;
  run.emit({ type: 'discovery-start' });
  const d0 = performance.now();
  let discovery: Discovery;
  /** The key probe of a URL target, sent once the window is chosen, beside the window's walk (one round trip less). */
  let keyProbe: Promise<KeyRefusal[]> | undefined;
  try {
    const pinned = config.window !== undefined ? parseWindow(config.window) : undefined;
    const other = !!keys.apiKey && !!keys.otherApiKey && run.plan.enabled.some((c) => c.requires?.includes('otherApiKey'));
    const probeKeysOver = (window: Discovery['window']) => {
      keyProbe ??= refusedKeys(http, window, other);
      // Awaited below; a discovery that throws first must not leave it unhandled.
      keyProbe.catch(() => undefined);
    };
    discovery = await discover(http, { hasApiKey: !!keys.apiKey, ...(pinned ? { window: pinned } : {}), ...(session.embedded ? {} : { onWindow: probeKeysOver }) });
    if (!session.embedded) {
      probeKeysOver(discovery.window);
      run.refused = await keyProbe!;
      discovery.problems = [...(discovery.problems ?? []), ...run.refused.map(refusalText)];
    }
  } catch (err) {
    // No request of discovery outlives it: the key probe ends first.
    await keyProbe?.catch(() => undefined);
    const problem = redact(`discovery failed: ${errorReason(err)}`);
    const facts = { answeredAnything: session.answeredAnything() };
    const first = classifyDiscoveryError(err, problem, facts);
    const ending = needsProbe(first) ? classifyDiscoveryError(err, problem, { ...facts, reachable: await session.stillReachable() }) : first;
    if (ending.throttled) ledger.throttled();
    if (ending.unreachable) ledger.unreachable(true);
    applyStop(run, ending.stop);
    discovery = emptyDiscovery(new Date(), ledger.aborted ?? problem);
  }
  run.discovery = discovery;
  const foreign = ledger.aborted === undefined ? notJsonDiagnosis(http.exchanges, config.target !== undefined) : undefined;
  if (foreign) ledger.stop('not-json', causeText('not-json', foreign), 'skip');
  settle(run);
  run.emit({
    type: 'discovery-end',
    records: discovery.records.length,
    complete: discovery.complete,
    currencies: discovery.currencies.length,
    window: discovery.window,
    problems: (discovery.problems ?? []).map(redact),
    durationMs: performance.now() - d0,
  });
}

/** Whether a check needs the events probe: the events family, and the checks that read its session (`readsEvents`). */
const usesEvents = (c: CheckDefinition): boolean => c.family === 'events' || c.readsEvents === true;

/** The context every check runs in: the client, the discovery, the events probe (closed with the session). */
function contextOf(run: ActiveRun, disc: Discovery, soleView: { current?: CheckClient | undefined }): CheckContext {
  const { config, session } = run;
  const { http, keys, target } = session;
  const events = run.plan.enabled.some(usesEvents);
  /**
   * Against a URL the websocket session only listens (it drives no status changes): it starts
   * right after discovery, in the background, so its waits for pushes overlap the other checks
   * (wall time 100 ms away), and its requests count in the run's total, not a check's.
   */
  const earlyEvents = session.external && !!keys.apiKey && run.ledger.aborted === undefined && events;
  /** The view of the exclusive check in flight: the events probe's requests count to it (it runs alone). */
  const probeClient: HttpClient = {
    send: async (req) => {
      const exchange = await (earlyEvents ? http : (soleView.current ?? http)).send(req);
      run.probeSent.add(exchange);
      return exchange;
    },
    get exchanges() {
      return http.exchanges;
    },
  };
  const probe = session.recorded ? recordedProbe(session.recorded.events) : recordingProbe(session, createEventsProbe({
    http: probeClient,
    discovery: disc,
    apiKey: keys.apiKey,
    wsUrl: config.wsUrl,
    baseUrl: session.baseUrl,
    inProcess: session.inProcess,
    waitMs: config.eventsWaitMs,
    redact: session.redact,
    ...(config.record !== undefined ? { record: (t: WsTranscript) => session.recordWebSocket(t) } : {}),
    ...(target && !target.advance ? { unavailable: 'the embedded reference server has no status changes (advance) to drive events with; rebuild @crosschain/mock-server' } : {}),
    ...(target?.advance ? { embedded: { advance: target.advance, ...(target.receiver ? { receiver: target.receiver } : {}) } } : {}),
  }));
  session.adopt(() => probe.close());
  if (earlyEvents) void probe.websocket().catch(() => undefined);
  // The events checks validate messages against the AsyncAPI document: read and compiled in the
  // background now (about a second of CPU), not on the run's critical path when they judge.
  if (events) void messageSchemas().catch(() => undefined);
  const at = session.datedThrough();
  return {
    http,
    config: run.checkConfig,
    discovery: disc,
    property: propertyFor({ seed: config.seed, numRuns: config.numRuns }, ''),
    exchangesFor: (operation) => run.owners.inRunOrder(http.exchanges.filter((e) => e.operation === operation)),
    // The embedded target at a date of the v2 timeline (a clock-pinned twin, target/embedded.ts).
    ...(at ? { at } : {}),
    events: probe,
  };
}

/** The probe's observations, kept for the recording's run description as they come. */
function recordingProbe(session: TargetSession, probe: EventsProbe): EventsProbe {
  return {
    websocket: async () => {
      const obs = await probe.websocket();
      session.noteEvents('websocket', obs);
      return obs;
    },
    webhooks: async () => {
      const obs = await probe.webhooks();
      session.noteEvents('webhooks', obs);
      return obs;
    },
    close: () => probe.close(),
  };
}

/** What a recording holds of the events (rejudge/): the recorded observations, never a socket. */
function recordedProbe(events: RecordedTarget['events']): EventsProbe {
  const none = 'the run is re-judged from its recording, which holds no events session';
  return {
    websocket: async () =>
      (events?.websocket as Awaited<ReturnType<EventsProbe['websocket']>> | undefined) ?? { url: '(none)', problem: none, problemKind: 'setup', waitMs: 0, subscriptions: [], messages: [], dropped: 0, errorProbes: [], driven: false, unsubscribedControls: [], changedAfterUnsubscribe: [], foreign: [], notes: [] },
    webhooks: async () => (events?.webhooks as Awaited<ReturnType<EventsProbe['webhooks']>> | undefined) ?? { url: '(none)', problem: none, waitMs: 0, deliveries: [], dropped: 0 },
    close: async () => undefined,
  };
}

/** Runs the checks, up to --workers at once, and releases their outcomes in run order into the ledger. */
async function runChecks(run: ActiveRun): Promise<void> {
  const { config, session, ledger, plan } = run;
  const { http, redact } = session;
  const ordered = plan.ordered;
  const disc = run.discovery ?? emptyDiscovery(new Date(), 'no check needed data');
  /** The target's latency: the median duration of discovery's answers (0 when none came). */
  const latencyMs = medianMs(http.exchanges.filter((e) => e.response !== undefined).map((e) => e.durationMs));
  const soleView: { current?: CheckClient | undefined } = {};
  const ctx = contextOf(run, disc, soleView);
  /** Walks and totals asked once for every check of the run (shared-reads.ts). */
  const sharedReads = new SharedReadMemo(http);
  const maxFailuresReason = `max failures reached (--max-failures ${config.maxFailures})`;
  const progress = new Progress(ordered, run.emit);
  const isExclusive = (check: CheckDefinition) => check.phase === 'final' || (typeof check.exclusive === 'function' ? check.exclusive(run.checkConfig) : check.exclusive === true);
  /** When each check that ran started (its last run), in ms from the run's start. */
  const startMsOf = new Map<number, number>();
  /** Each check's view of the client, kept for a second run alone (its requests count once per run). */
  const views = new Map<number, CheckClient>();

  /** Runs one check (or decides it is not run), in run order; its outcome before the in-order rules of release. */
  const runIndex = async (index: number): Promise<Ended> => {
    const check = ordered[index]!;
    progress.start(index);
    const base = baseOf(run, check);
    const notRun = notRunNow(run, check, base, maxFailuresReason);
    if (notRun) return notRun;

    const view = views.get(index) ?? run.owners.viewFor(http, index);
    views.set(index, view);
    run.running.set(index, http.issuedCount);
    if (isExclusive(check)) soleView.current = view;
    const c0 = performance.now();
    startMsOf.set(index, c0 - run.t0);
    let result: CheckResult | undefined;
    let error: unknown;
    try {
      const at = ctx.at ? session.datedThrough(check.id) : undefined;
      const arrive = session.arrivalsThrough(check.id);
      const advance = session.advancesThrough(check.id);
      result = await runCheck(check, { ...ctx, http: view, property: propertyFor({ seed: config.seed, numRuns: config.numRuns }, check.id), ...(at ? { at } : {}), ...(arrive ? { arrive } : {}), ...(advance ? { advance } : {}) }, sharedReads);
    } catch (err) {
      error = err;
    } finally {
      run.running.delete(index);
      if (soleView.current === view) soleView.current = undefined;
    }
    const end = { base, result, error, durationMs: performance.now() - c0, requests: view.requestCount, strict: config.strict, redact };
    const facts = { othersRunning: run.running.size > 0, answeredAnything: session.answeredAnything() };
    const first = classifyCheckEnd(end, facts);
    // The probe's answer, and whether anything answered meanwhile (checks in flight may have had answers).
    const ending = needsProbe(first) ? classifyCheckEnd(end, { ...facts, reachable: await session.stillReachable(), answeredAnything: session.answeredAnything() }) : first;
    return endedOf(run, ending, base, index);
  };

  const startPriority = ordered.map((check, i) => {
    let ms = expectedMs(check.id, latencyMs);
    if (check.lock !== undefined) for (const later of ordered.slice(i + 1)) if (later.lock === check.lock) ms += expectedMs(later.id, latencyMs);
    return ms;
  });
  await schedule<Ended>(ordered.length, {
    workers: run.workers,
    exclusive: (index) => isExclusive(ordered[index]!),
    lock: (index) => ordered[index]!.lock,
    // With several workers the longest checks start first (their recorded cost and round trips at
    // the latency discovery measured, shard/costs.json), so that a long check does not start last;
    // a check of a lock counts the checks of its lock after it, which wait for it. Results are
    // still released in run order.
    ...(run.workers > 1 ? { priority: (index: number) => startPriority[index]! } : {}),
    run: runIndex,
    again: (_index, ended) => ended.timedOut === true,
    failed: (index, err) => {
      const base = baseOf(run, ordered[index]!);
      return { outcome: { ...base, status: 'error', reason: redact(errorReason(err)), durationMs: 0, requests: 0 }, base };
    },
    ended: (_index, ended) => {
      if (run.baseline) ended.outcome = applyBaseline(ended.outcome, run.baseline, run.today);
      ledger.ended(ended.outcome);
      settle(run);
    },
    release: (index, ended) => {
      const { outcome } = ledger.released(index, ended, {
        maxFailures: config.maxFailures,
        maxFailuresReason,
        notRunBase: () => baseOf(run, ordered[index]!),
        startMs: startMsOf.get(index),
      });
      progress.release(index, outcome);
    },
  });
  progress.close();
  settle(run);
  // The oracles' verdicts on the exchanges other checks sent, under their own ids (active-oracles.ts).
  const outcomes = ledger.outcomes;
  const amended = run.oracles.amend(outcomes, {
    strict: config.strict,
    keep: (o) => o.cause === 'max-failures',
    replayOf: (ids) => redact(replayCommand(config, ids, session.external, pinsOf(run))),
    oracleOnly: new Set(ordered.filter((c) => c.oracleOnly === true).map((c) => c.id)),
  });
  outcomes.splice(0, outcomes.length, ...amended.map((o, i) => (o !== outcomes[i] && run.baseline ? applyBaseline(o, run.baseline, run.today) : o)));
}

/** A classified ending into the scheduler's result: the ledger learns of a stop and of an unreachable target. */
function endedOf(run: ActiveRun, ending: CheckEnding, base: OutcomeBase, index: number): Ended {
  if (ending.unreachable !== undefined) run.ledger.unreachable(ending.unreachable);
  applyStop(run, ending.stop, index);
  return { outcome: ending.outcome, base, rateLimited: ending.rateLimited, ...(ending.timedOut !== undefined ? { timedOut: ending.timedOut } : {}) };
}

/**
 * Why check `check` is not run when its turn comes, if it is not: --max-failures reached, disabled,
 * a key it needs missing or refused, or the run stopped (the stop's not-run outcome).
 */
function notRunNow(run: ActiveRun, check: CheckDefinition, base: OutcomeBase, maxFailuresReason: string): Ended | undefined {
  const { config, ledger } = run;
  const { keys } = run.session;
  const notRun = (outcome: Pick<Ended['outcome'], 'status' | 'reason' | 'needs' | 'cause'>): Ended => ({ outcome: { ...base, ...outcome, durationMs: 0, requests: 0 }, base });
  if (config.maxFailures !== undefined && ledger.state.failuresEnded >= config.maxFailures) return notRun({ status: 'skip', cause: 'max-failures', reason: maxFailuresReason });
  if (matches(check.id, config.disable, check.family)) return notRun({ status: 'disabled', reason: 'disabled by configuration (disable)' });
  const missing = (check.requires ?? []).filter((r) => (r === 'apiKey' ? !keys.apiKey : !keys.otherApiKey));
  if (missing.length > 0) {
    const flags = missing.map((r) => (r === 'apiKey' ? '--api-key' : '--other-api-key (a second integrator)')).join(' and ');
    return notRun({ status: 'skip', cause: 'missing-key', reason: `needs ${flags}`, needs: missing.map((r) => FLAG_OF[r]) });
  }
  const refusedKey = refusalFor(check.requires ?? [], run.refused);
  if (refusedKey) return notRun({ status: 'skip', cause: 'refused-key', reason: `not run: ${refusalText(refusedKey)}; pass a key the server accepts` });
  const stop = ledger.state.stop;
  if (stop !== undefined) return { outcome: notRunOutcome(base, stop.reason, stop.as, stop.cause), base, afterStop: true };
  return undefined;
}

/** The run's result: the clause matrix, completeness and exit code over the released outcomes (result.ts). */
function resultOf(run: ActiveRun): RunResult {
  const { config, plan, session, ledger } = run;
  const { http, redact } = session;
  const outcomes = ledger.outcomes;
  const discovery = run.discovery;
  const clauses = clauseMatrix(plan.spec.clauses, plan.checks, outcomes, {
    selected: new Set(plan.chosen.map((c) => c.id)),
    inShard: new Set(plan.selected.map((c) => c.id)),
    ...(config.shard !== undefined ? { everyShard: new Set(plan.selected.filter((c) => c.phase === 'final').map((c) => c.id)) } : {}),
  });
  const completeness = withRequired(completenessOf(outcomes, run.refused, config), clauses, config.require);
  const stop = ledger.state.stop;
  const baselineEffect = run.baseline && config.baseline !== undefined ? baselineSummary(config.baseline, outcomes, run.baseline, run.today) : undefined;
  return buildRunResult({
    specHash: plan.spec.hash,
    startedAt: run.startedAt,
    finishedAt: new Date(),
    durationMs: performance.now() - run.t0,
    config: run.shownConfig,
    seed: config.seed,
    target: { ...run.targetInfo, ...(discovery && !run.targetInfo.now ? { now: discovery.targetNow.toISOString() } : {}) },
    outcomes,
    requests: http.requestCount,
    exitCode: withStaleBaseline(exitWithCompleteness(exitCodeOf(outcomes, ledger.state.unreachable), completeness), baselineEffect, config.failOnStaleBaseline),
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
    ...(stop ? { aborted: stop.reason, abortCause: stop.cause } : {}),
    stalled: http.stalled.map((s) => ({ ...s, cause: redact(s.cause) })),
    ...(baselineEffect ? { baseline: baselineEffect } : {}),
    ...(completeness ? { completeness } : {}),
    clauses,
  });
}

/** The median of `values`; 0 for none. */
function medianMs(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The keys the target refused (completeness.ts): --api-key judged by discovery's first keyed
 * request, --other-api-key by one request of its own when a selected check uses it. A refusal is
 * added to discovery's problems.
 */
async function refusedKeys(http: TargetSession['http'], window: Discovery['window'], other: boolean): Promise<KeyRefusal[]> {
  const firstKeyed = http.exchanges.find((e) => e.request.method === 'GET' && new URL(e.request.url).pathname.endsWith('/requests/v3'));
  const query = { startTimestamp: window.start, endTimestamp: window.end };
  // A key withheld on a redirect to another origin was not refused: the answer is the other origin's.
  return probeKeys(http, { primary: firstKeyed?.credentialsDropped ? undefined : firstKeyed?.response?.status, other, query });
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
