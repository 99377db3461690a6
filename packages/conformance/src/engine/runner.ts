/**
 * The engine: resolves the target, samples it (discovery), runs the selected checks one after the
 * other (`final`-phase checks last) and assembles the run result; outcome mapping and the exit code
 * are in outcome.ts, the clause matrix in clause-matrix.ts (architecture.md, "Outcomes and exit codes").
 */
import { clauses as specClauses, openapi as specOpenapi, specHash } from '@crosschain/specs';
import { allChecks } from '../checks/index.js';
import { kitVersion } from '../config/resolve.js';
import { DEFAULTS, targetDefaults, withDefaults } from '../config/defaults.js';
import { ConfigError } from '../config/fields.js';
import type { ConformanceConfig } from '../config/fields.js';
import { redactConfig, secretsOf } from '../config/redact.js';
import { parseOptionsObject } from '../config/validate.js';
import { startEmbeddedTarget } from '../target/embedded.js';
import type { EmbeddedTarget } from '../target/embedded.js';
import { clauseMatrix } from './clause-matrix.js';
import type { ClauseEntry } from './clause-matrix.js';
import { discover, emptyValues } from './discovery.js';
import type { RunEvent, RunEventListener } from './events.js';
import { ViolationError } from './expect.js';
import { createAgentFetch } from './agent-fetch.js';
import type { AgentFetch } from './agent-fetch.js';
import { FetchHttpClient } from './http.js';
import type { FetchLike } from './http.js';
import { annotateListWrappers } from './list-wrapper.js';
import { errorReason, exitCodeOf, levelOf, replayCommand, toOutcome, totalsOf } from './outcome.js';
import { runProperty } from './property.js';
import { redactor } from './redact.js';
import { BudgetExceededError, TargetUnreachableError } from './types.js';
import type { CheckConfig, CheckContext, CheckDefinition, CheckOutcome, CheckResult, Discovery, RunResult } from './types.js';
import { ResponseValidator } from './validator.js';
import type { OpenApiDocument } from './validator.js';

/** Options of {@link runConformance}: the configuration, plus what only a library call can give. */
export interface RunOptions extends Partial<Omit<ConformanceConfig, 'configFile'>> {
  /** An in-process `fetch` (e.g. an app's handler) instead of the network; `baseUrl` then only names it. */
  fetch?: FetchLike | typeof globalThis.fetch;
  /** Progress events (console progress printer). */
  onEvent?: RunEventListener;
  /** The checks to run instead of the registry (tests of the engine). */
  checks?: readonly CheckDefinition[];
  /** The contract to check against instead of @crosschain/specs (tests of the engine). */
  spec?: { openapi: OpenApiDocument; clauses: readonly ClauseEntry[]; hash: string };
  /** Where the config came from (printed only). */
  configFile?: string;
}

const LIBRARY_ONLY = new Set(['fetch', 'onEvent', 'checks', 'spec', 'configFile']);

const validators = new WeakMap<object, ResponseValidator>();
/** One compiled validator per spec document, reused by every run of the process. */
export function validatorFor(document: OpenApiDocument): ResponseValidator {
  let v = validators.get(document);
  if (!v) {
    v = new ResponseValidator(document);
    validators.set(document, v);
  }
  return v;
}

/** Whether a check id is selected by a list of ids or id prefixes. */
export function matches(id: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => id === p || id.startsWith(p));
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

/**
 * Runs the conformance kit against a target: a base URL, an in-process `fetch`, or (neither) the
 * embedded reference server. Never throws for target problems (they are outcomes and exit codes);
 * throws {@link ConfigError} for bad options.
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

  if (config.only.length > 0) {
    const unknown = config.only.filter((p) => !checks.some((c) => matches(c.id, [p])));
    if (unknown.length > 0) {
      const families = [...new Set(checks.map((c) => c.family))].join(', ');
      throw new ConfigError(`--only must name check ids or id prefixes, got ${JSON.stringify(unknown.join(','))} (matches no check). Families: ${families}`);
    }
  }
  const selected = checks.filter((c) => config.only.length === 0 || matches(c.id, config.only));
  const ordered = [...selected.filter((c) => c.phase !== 'final'), ...selected.filter((c) => c.phase === 'final')];

  const startedAt = new Date();
  const t0 = performance.now();
  const external = options.fetch === undefined && config.baseUrl !== undefined;
  const embedded = options.fetch === undefined && config.baseUrl === undefined;
  const v2 = targetDefaults(config, embedded);
  let target: EmbeddedTarget | undefined;
  /** A URL target (embedded or not) goes through keep-alive node:http, cheaper than fetch (agent-fetch.ts). */
  let agentFetch: AgentFetch | undefined;
  if (embedded) {
    target = await startEmbeddedTarget({
      records: config.mockRecords,
      seed: config.mockSeed,
      now: config.mockNow,
      faults: config.mockFaults,
      variants: config.mockVariants,
      v2RateLimit: v2.mockV2RateLimit,
    });
  }
  try {
    const apiKey = config.apiKey ?? target?.apiKey;
    const otherApiKey = config.otherApiKey ?? target?.otherApiKey;
    const inactiveApiKey = config.inactiveApiKey ?? target?.inactiveApiKey;
    const secrets = secretsOf({ apiKey, otherApiKey, inactiveApiKey });
    const redact = redactor(secrets);
    const baseUrl = target?.baseUrl ?? config.baseUrl ?? 'http://in-process.invalid';
    const maxRps = config.maxRps ?? (external ? DEFAULTS.externalMaxRps : undefined);
    const deadline = config.maxDurationMs !== undefined ? Date.now() + config.maxDurationMs : undefined;
    const validator = validatorFor(spec.openapi);
    const fetchFn = (options.fetch ?? (agentFetch = createAgentFetch())) as FetchLike;
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
    });
    /** Describes the list wrappers of the bodies still whole, then compacts them (list-wrapper.ts). */
    let annotatedUpTo = 0;
    const settle = () => {
      annotatedUpTo = annotateListWrappers(http.exchanges, annotatedUpTo, validator, discovery?.cursorField);
      http.compact();
    };

    const shownConfig = redactConfig({
      ...config,
      ...(maxRps !== undefined ? { maxRps } : {}),
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
    let unreachable = false;
    let discovery: Discovery | undefined;
    const runnable = ordered.some((c) => !matches(c.id, config.disable) && (c.requires ?? []).every((r) => (r === 'apiKey' ? !!apiKey : !!otherApiKey)));
    if (runnable) {
      emit({ type: 'discovery-start' });
      const d0 = performance.now();
      try {
        discovery = await discover(http, { hasApiKey: !!apiKey });
      } catch (err) {
        if (err instanceof TargetUnreachableError) {
          unreachable = true;
          aborted = redact(`target unreachable during discovery: ${err.message}`);
        } else {
          aborted = redact(`discovery failed: ${errorReason(err)}`);
        }
        discovery = emptyDiscovery(new Date(), aborted);
      }
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

    const ctx: CheckContext = {
      http,
      config: checkConfig,
      discovery: disc,
      property: (arbitrary, predicate, opts) => runProperty({ seed: config.seed, numRuns: config.numRuns }, arbitrary, predicate, opts),
      exchangesFor: (operation) => http.exchanges.filter((e) => e.operation === operation),
    };

    const outcomes: CheckOutcome[] = [];
    let family: string | undefined;
    let familyOutcomes: CheckOutcome[] = [];
    const closeFamily = () => {
      if (family !== undefined) emit({ type: 'family-end', family, outcomes: familyOutcomes });
    };
    for (const check of ordered) {
      if (check.family !== family) {
        closeFamily();
        family = check.family;
        familyOutcomes = [];
        emit({ type: 'family-start', family, checks: ordered.filter((c) => c.family === family).length });
      }
      emit({ type: 'check-start', check: { id: check.id, family: check.family, title: check.title } });
      const base = {
        id: check.id,
        family: check.family,
        title: check.title,
        operation: check.operation,
        clauses: [...check.clauses],
        level: levelOf(check, levels),
        seed: config.seed,
        replay: redact(replayCommand(config, check.id, external)),
      };
      const before = http.requestCount;
      const c0 = performance.now();
      let outcome: CheckOutcome;
      const missing = (check.requires ?? []).filter((r) => (r === 'apiKey' ? !apiKey : !otherApiKey));
      if (matches(check.id, config.disable)) {
        outcome = { ...base, status: 'disabled', reason: 'disabled by configuration (disable)', durationMs: 0, requests: 0 };
      } else if (missing.length > 0) {
        const flags = missing.map((r) => (r === 'apiKey' ? '--api-key' : '--other-api-key (a second integrator)')).join(' and ');
        outcome = { ...base, status: 'skip', reason: `needs ${flags}`, durationMs: 0, requests: 0 };
      } else if (aborted !== undefined) {
        outcome = { ...base, status: 'error', reason: `not run: ${aborted}`, durationMs: 0, requests: 0 };
      } else {
        let result: CheckResult | undefined;
        let error: unknown;
        try {
          result = await check.run(ctx);
        } catch (err) {
          if (err instanceof ViolationError) result = { status: 'fail', violation: err.violation };
          else error = err;
        }
        const durationMs = performance.now() - c0;
        const requests = http.requestCount - before;
        if (error !== undefined) {
          outcome = { ...base, status: 'error', reason: redact(errorReason(error)), durationMs, requests };
          if (error instanceof BudgetExceededError) aborted = redact(error.message);
          if (error instanceof TargetUnreachableError && !(await stillReachable(http))) {
            unreachable = true;
            aborted = redact(`target unreachable: ${error.message}`);
          }
        } else {
          outcome = toOutcome(base, result, config.strict, durationMs, requests, redact);
        }
      }
      settle();
      outcomes.push(outcome);
      familyOutcomes.push(outcome);
      emit({ type: 'check-end', outcome });
    }
    closeFamily();

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
      exitCode: exitCodeOf(outcomes, unreachable),
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
      ...(aborted !== undefined ? { aborted } : {}),
      clauses: clauseMatrix(spec.clauses, checks, outcomes),
    };
    emit({ type: 'run-end', result });
    return result;
  } finally {
    agentFetch?.close();
    await target?.close();
  }
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
