/**
 * The one builder of a {@link RunResult}, shared by the active run (runner.ts)
 * and the passive side (`proxy`, `audit`: oracles/auditor.ts): the kit, the spec's hash and the
 * totals are filled in here, every optional part is present only when set, in one field order.
 */
import { kitVersion } from '../config/resolve.js';
import { totalsOf } from './outcome.js';
import type { CheckOutcome, RunResult } from '../contract/types.js';

/** What a run knows of itself; the builder adds the kit, the spec and the totals. */
export interface RunParts {
  specHash: string;
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  config: Record<string, unknown>;
  seed: number;
  target: RunResult['target'];
  passive?: RunResult['passive'] | undefined;
  outcomes: CheckOutcome[];
  requests: number;
  exitCode: RunResult['exitCode'];
  discovery?: RunResult['discovery'] | undefined;
  aborted?: string | undefined;
  abortCause?: RunResult['abortCause'] | undefined;
  stalled?: RunResult['stalled'] | undefined;
  baseline?: RunResult['baseline'] | undefined;
  completeness?: RunResult['completeness'] | undefined;
  clauses: RunResult['clauses'];
}

export function buildRunResult(parts: RunParts): RunResult {
  return {
    kit: { name: '@crosschain/conformance', version: kitVersion() },
    spec: { hash: parts.specHash },
    startedAt: parts.startedAt.toISOString(),
    finishedAt: parts.finishedAt.toISOString(),
    durationMs: parts.durationMs,
    config: parts.config,
    seed: parts.seed,
    target: parts.target,
    ...(parts.passive ? { passive: parts.passive } : {}),
    outcomes: parts.outcomes,
    totals: totalsOf(parts.outcomes),
    requests: parts.requests,
    exitCode: parts.exitCode,
    ...(parts.discovery ? { discovery: parts.discovery } : {}),
    ...(parts.aborted !== undefined ? { aborted: parts.aborted, ...(parts.abortCause ? { abortCause: parts.abortCause } : {}) } : {}),
    ...(parts.stalled && parts.stalled.length > 0 ? { stalled: parts.stalled } : {}),
    ...(parts.baseline ? { baseline: parts.baseline } : {}),
    ...(parts.completeness ? { completeness: parts.completeness } : {}),
    clauses: parts.clauses,
  };
}
