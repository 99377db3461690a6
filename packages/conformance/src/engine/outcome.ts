/**
 * Outcome mapping: a check's result becomes an outcome by its level and `--strict` (`known` comes
 * after, from the baseline), with its replay command; the outcomes give the run's totals and exit
 * code (ARCHITECTURE.md, "Outcomes and exit codes").
 */
import { DEFAULTS } from '../config/defaults.js';
import { formatWindow } from '../config/window.js';
import type { ConformanceConfig } from '../config/fields.js';
import { BodyTooLargeError, RateLimitedError } from './http.js';
import { redactDeep } from '../contract/redact.js';
import { BudgetExceededError, TargetUnreachableError } from '../contract/types.js';
import type { CheckDefinition, CheckOutcome, CheckResult, Level, OutcomeCause, OutcomeStatus, RunResult, ViolationMark } from '../contract/types.js';

const STATUSES: OutcomeStatus[] = ['pass', 'fail', 'warn', 'known', 'skip', 'disabled', 'error'];
const MAX_BODY_IN_REPORT = 4096;

/**
 * The families whose outcomes are judged at MUST under `--events required`: the run was
 * asked to test the Intent Status stream as the live service speaks it, so the events family's
 * violations fail, like `--strict` restricted to that family.
 */
export const EVENTS_REQUIRED_FAMILIES: ReadonlySet<string> = new Set(['events']);

/**
 * A check's level: SHOULD when every clause it tests is a SHOULD, MUST otherwise; MUST for a check
 * of a family in `raised` (the events family under `--events required`).
 */
export function levelOf(check: CheckDefinition, levels: Map<string, Level | undefined>, raised?: ReadonlySet<string>): Level {
  if (raised?.has(check.family)) return 'MUST';
  const known = check.clauses.map((c) => levels.get(c));
  if (known.length > 0 && known.every((l) => l === 'SHOULD')) return 'SHOULD';
  return 'MUST';
}

/** The fields of a check's outcome known before it runs. */
export function outcomeBase(
  check: CheckDefinition,
  levels: Map<string, Level | undefined>,
  seed: number,
  replay: string,
  raised?: ReadonlySet<string>,
): Omit<CheckOutcome, 'status' | 'durationMs' | 'requests'> {
  return { id: check.id, family: check.family, title: check.title, operation: check.operation, clauses: [...check.clauses], level: levelOf(check, levels, raised), seed, replay };
}

/** Environment variables that name the keys a replay needs, never their values. */
const KEY_VARIABLES = [
  ['apiKey', 'CONFORMANCE_API_KEY'],
  ['otherApiKey', 'CONFORMANCE_OTHER_API_KEY'],
  ['inactiveApiKey', 'CONFORMANCE_INACTIVE_API_KEY'],
] as const;

/**
 * The replay command of one check: the keys named by their environment variables
 * (`CONFORMANCE_API_KEY="$CONFORMANCE_API_KEY"`, never a value), the command as the user runs it
 * (`pinned.invocation`, config/invocation.ts; default the bare command), then target, seed, check,
 * strictness, number of runs and the discovery window the failure was found in.
 */
export function replayCommand(
  config: ConformanceConfig,
  id: string,
  external: boolean,
  pinned: { window?: { start: number; end: number }; invocation?: string } = {},
): string {
  const env = KEY_VARIABLES.filter(([key]) => config[key] !== undefined).map(([, name]) => `${name}="$${name}"`);
  const parts = [...env, pinned.invocation ?? 'crosschain-conformance', '--seed', String(config.seed), '--only', id];
  if (config.strict) parts.push('--strict');
  if (config.events !== undefined) parts.push('--events', config.events);
  if (config.numRuns !== DEFAULTS.numRuns) parts.push('--num-runs', String(config.numRuns));
  if (pinned.window) parts.push('--window', formatWindow(pinned.window));
  if (config.v2ProbeRequests !== undefined) parts.push('--v2-probe-requests', String(config.v2ProbeRequests));
  if (config.target) parts.push('--target', config.target);
  if ((external || config.target) && config.baseUrl) parts.push('--base-url', config.baseUrl);
  if (config.wsUrl !== undefined && id.startsWith('events.')) parts.push('--ws-url', config.wsUrl);
  if (!external && !config.target) {
    if (config.mockRecords !== DEFAULTS.mockRecords) parts.push('--mock-records', String(config.mockRecords));
    if (config.mockSeed !== DEFAULTS.mockSeed) parts.push('--mock-seed', String(config.mockSeed));
    if (config.mockNow) parts.push('--mock-now', config.mockNow);
    for (const f of config.mockFaults) parts.push('--mock-fault', f);
    for (const v of config.mockVariants) parts.push('--mock-variant', v);
    if (config.mockV2RateLimit !== undefined) parts.push('--mock-v2-rate-limit', String(config.mockV2RateLimit));
  }
  return parts.join(' ');
}

/**
 * The exit code each cause gives a run in which nothing failed (ARCHITECTURE.md, "Outcomes and exit
 * codes"): an operation that stopped answering fails the run (1); a target that is not a JSON API
 * is most likely a wrong --base-url (2); a spent budget or throttling throughout leave it
 * inconclusive (5). Causes absent here (a missing or refused key, --max-failures, unreachable) are
 * weighed elsewhere (completeness.ts, the run's own unreachable flag, the failures themselves).
 */
export const EXIT_OF_CAUSE: Partial<Record<OutcomeCause, RunResult['exitCode']>> = { stalled: 1, 'not-json': 2, budget: 5, inconclusive: 5, transport: 5 };

/**
 * Exit code of a run (ARCHITECTURE.md): 4 when the target answered nothing at all, 1 failed (or an
 * operation stopped answering: checks skipped with cause `stalled`), 3 kit error, then 5 or 2 for a
 * run left incomplete ({@link incompleteExitCode}: a transport failure, an `error` with cause
 * `transport`, is one: the target's connection, not the kit, broke), 0 otherwise. Reads statuses
 * and causes only.
 */
export function exitCodeOf(outcomes: readonly CheckOutcome[], unreachable: boolean): RunResult['exitCode'] {
  if (unreachable) return 4;
  if (outcomes.some((o) => o.status === 'fail' || (o.status === 'skip' && o.cause !== undefined && EXIT_OF_CAUSE[o.cause] === 1))) return 1;
  if (outcomes.some((o) => o.status === 'error' && o.cause !== 'transport')) return 3;
  return incompleteExitCode(outcomes) ?? 0;
}

/**
 * Text that starts the reason of an outcome of each cause, for people reading it (the decision is
 * the typed `cause`, never this text).
 */
export const CAUSE_PREFIX: Partial<Record<OutcomeCause, string>> = {
  inconclusive: 'inconclusive: ',
  budget: 'budget: ',
  stalled: 'stalled: ',
  'not-json': 'not a JSON API: ',
  transport: 'transport failure: ',
};
/** The text for people of a cause and its detail: `budget: time bound of the run reached`. */
export function causeText(cause: OutcomeCause, detail: string): string {
  return `${CAUSE_PREFIX[cause] ?? ''}${detail}`;
}

/**
 * The exit code of a run that nothing failed but that could not complete ("Rate limits
 * and budgets"): 5 (inconclusive) when a check was throttled throughout or a budget was spent, 2
 * when the target is not a JSON API (most likely a wrong --base-url); undefined when complete.
 * Read from the causes of the skipped outcomes and of the transport failures.
 */
export function incompleteExitCode(outcomes: readonly CheckOutcome[]): RunResult['exitCode'] | undefined {
  const codes = outcomes.filter((o) => (o.status === 'skip' || (o.status === 'error' && o.cause === 'transport')) && o.cause !== undefined).map((o) => EXIT_OF_CAUSE[o.cause!]);
  if (codes.includes(2)) return 2;
  if (codes.includes(5)) return 5;
  return undefined;
}

/**
 * The outcome of a check stopped by what the target did rather than by a contract verdict: a
 * body over --max-body-bytes fails the check; throttling throughout makes it inconclusive; a
 * spent budget skips it. Undefined for any other error.
 */
export function boundedOutcome(
  base: Omit<CheckOutcome, 'status' | 'durationMs' | 'requests'>,
  err: unknown,
  durationMs: number,
  requests: number,
  redact: (text: string) => string,
): CheckOutcome | undefined {
  const common = { ...base, durationMs, requests };
  if (err instanceof BodyTooLargeError) {
    const ex = err.exchange;
    return redactDeep(
      {
        ...common,
        status: 'fail' as const,
        violation: {
          message: `response body over --max-body-bytes: the target sent more than ${err.maxBytes} bytes (after decompression) for one response`,
          expected: `at most ${err.maxBytes} bytes (the largest legal page, with headroom; raise --max-body-bytes if records are legitimately larger)`,
          received: 'a longer body; the kit cut it while streaming',
          ...(ex ? { curl: ex.curl, request: ex.request } : {}),
        },
      },
      redact,
    );
  }
  if (err instanceof RateLimitedError) return { ...common, status: 'skip', cause: 'inconclusive', reason: redact(causeText('inconclusive', err.message)) };
  if (err instanceof BudgetExceededError) return { ...common, status: 'skip', cause: 'budget', reason: redact(causeText('budget', err.message)) };
  return undefined;
}

/** The fingerprint fields and divergence label a violation carries (only those set). */
export function markOf(v: ViolationMark): ViolationMark {
  const out: ViolationMark = {};
  for (const key of ['clause', 'where', 'rule', 'divergence'] as const) if (typeof v[key] === 'string') out[key] = v[key];
  return out;
}

/** The number of outcomes of each status. */
export function totalsOf(outcomes: readonly CheckOutcome[]): Record<OutcomeStatus, number> {
  return Object.fromEntries(STATUSES.map((s) => [s, outcomes.filter((o) => o.status === s).length])) as Record<OutcomeStatus, number>;
}

/** The reason of an `error` outcome, from what a check (or discovery) threw. */
export function errorReason(err: unknown): string {
  if (err instanceof TargetUnreachableError) return `target unreachable: ${err.message}`;
  if (err instanceof BudgetExceededError) return `bound reached: ${err.message}`;
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

/**
 * Maps what a check returned to its outcome: a violation is `fail`, or `warn` for a SHOULD check
 * unless `strict`; anything but a known result is `error`. Every text is redacted.
 */
export function toOutcome(
  base: Omit<CheckOutcome, 'status' | 'durationMs' | 'requests'>,
  result: CheckResult | undefined,
  strict: boolean,
  durationMs: number,
  requests: number,
  redact: (text: string) => string,
): CheckOutcome {
  if (!result || typeof result !== 'object' || !('status' in result)) {
    return { ...base, status: 'error', reason: `the check returned no result (${JSON.stringify(result)})`, durationMs, requests };
  }
  switch (result.status) {
    case 'pass':
      return { ...base, status: 'pass', ...(result.note ? { reason: redact(result.note) } : {}), durationMs, requests };
    case 'skip':
      return { ...base, status: 'skip', ...(result.cause ? { cause: result.cause } : {}), reason: redact(result.reason), durationMs, requests };
    case 'fail': {
      const v = result.violation;
      const ex = v.exchange;
      // A catalogued divergence of the live service is labelled, and fails as any violation of the document does.
      const status: OutcomeStatus = base.level === 'SHOULD' && !strict ? 'warn' : 'fail';
      const violation: CheckOutcome['violation'] = {
        message: v.message,
        expected: v.expected,
        received: v.received,
        ...markOf(v),
        ...(ex ? { curl: ex.curl, request: ex.request } : {}),
        ...(ex?.response
          ? {
              response: {
                status: ex.response.status,
                headers: ex.response.headers,
                body: ex.response.bodyText.length > MAX_BODY_IN_REPORT ? `${ex.response.bodyText.slice(0, MAX_BODY_IN_REPORT)}…` : ex.response.bodyText,
              },
            }
          : {}),
      };
      return redactDeep(
        {
          ...base,
          status,
          ...(v.divergence ? { reason: `a catalogued divergence of the live service (${v.divergence} in specs/clauses.yaml)` } : {}),
          violation,
          ...(result.counterexample !== undefined ? { counterexample: result.counterexample } : {}),
          ...(result.path ? { path: result.path } : {}),
          durationMs,
          requests,
        },
        redact,
      );
    }
    default:
      return { ...base, status: 'error', reason: `the check returned an unknown status ${JSON.stringify((result as { status: unknown }).status)}`, durationMs, requests };
  }
}
