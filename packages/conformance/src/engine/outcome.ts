/**
 * Outcome mapping: a check's result becomes one of the six outcomes by its level and `--strict`,
 * with its replay command; the outcomes give the run's totals and exit code (architecture.md,
 * "Outcomes and exit codes").
 */
import { DEFAULTS } from '../config/defaults.js';
import type { ConformanceConfig } from '../config/fields.js';
import { redactDeep } from './redact.js';
import { BudgetExceededError, TargetUnreachableError } from './types.js';
import type { CheckDefinition, CheckOutcome, CheckResult, Level, OutcomeStatus, RunResult } from './types.js';

const STATUSES: OutcomeStatus[] = ['pass', 'fail', 'warn', 'skip', 'disabled', 'error'];
const MAX_BODY_IN_REPORT = 4096;

/** A check's level: SHOULD when every clause it tests is a SHOULD, MUST otherwise. */
export function levelOf(check: CheckDefinition, levels: Map<string, Level | undefined>): Level {
  const known = check.clauses.map((c) => levels.get(c));
  if (known.length > 0 && known.every((l) => l === 'SHOULD')) return 'SHOULD';
  return 'MUST';
}

/** The replay command of one check (no secret). */
export function replayCommand(config: ConformanceConfig, id: string, external: boolean): string {
  const parts = ['crosschain-conformance', '--seed', String(config.seed), '--only', id];
  if (config.numRuns !== DEFAULTS.numRuns) parts.push('--num-runs', String(config.numRuns));
  if (config.v2ProbeRequests !== undefined) parts.push('--v2-probe-requests', String(config.v2ProbeRequests));
  if (external && config.baseUrl) parts.push('--base-url', config.baseUrl);
  if (!external) {
    if (config.mockRecords !== DEFAULTS.mockRecords) parts.push('--mock-records', String(config.mockRecords));
    if (config.mockSeed !== DEFAULTS.mockSeed) parts.push('--mock-seed', String(config.mockSeed));
    if (config.mockNow) parts.push('--mock-now', config.mockNow);
    for (const f of config.mockFaults) parts.push('--mock-fault', f);
    for (const v of config.mockVariants) parts.push('--mock-variant', v);
    if (config.mockV2RateLimit !== undefined) parts.push('--mock-v2-rate-limit', String(config.mockV2RateLimit));
  }
  return parts.join(' ');
}

/** Exit code of a run (architecture.md): 4 unreachable, 1 failed, 3 kit error, 0 otherwise. */
export function exitCodeOf(outcomes: readonly CheckOutcome[], unreachable: boolean): RunResult['exitCode'] {
  if (unreachable) return 4;
  if (outcomes.some((o) => o.status === 'fail')) return 1;
  if (outcomes.some((o) => o.status === 'error')) return 3;
  return 0;
}

/** The number of outcomes of each of the six statuses. */
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
      return { ...base, status: 'skip', reason: redact(result.reason), durationMs, requests };
    case 'fail': {
      const v = result.violation;
      const ex = v.exchange;
      const status: OutcomeStatus = base.level === 'SHOULD' && !strict ? 'warn' : 'fail';
      const violation: CheckOutcome['violation'] = {
        message: v.message,
        expected: v.expected,
        received: v.received,
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
