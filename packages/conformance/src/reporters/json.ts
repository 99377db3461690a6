/**
 * `results.json`: the machine-readable record of a run (peers.md §3 lesson 10; OCI `results.yaml`):
 * kit version, spec hash, redacted configuration, seed, target, every outcome with its clause ids,
 * the clause traceability matrix and the totals. Stable key order, 2-space indent. Its JSON Schema
 * is `results.schema.json` beside this file.
 */
import type { CheckOutcome, RunResult } from '../contract/types.js';
import { STATUSES, clauseStatus, coverageOf, familySummaries, totalChecks, verdict } from './summary.js';
import { sanitizeResult, toJsonSafe, truncate } from './text.js';

/** Identifies the document format; bumped on an incompatible change of results.json. */
export const RESULTS_FORMAT = 'crosschain-conformance-results/1';

/** Longest request or response body kept per outcome, in characters. */
export const MAX_BODY_CHARS = 64 * 1024;

function outcomeJson(o: CheckOutcome, passive: boolean): Record<string, unknown> {
  const v = o.violation;
  return {
    id: o.id,
    family: o.family,
    title: o.title,
    operation: o.operation,
    level: o.level,
    clauses: [...o.clauses],
    status: o.status,
    durationMs: ms(o.durationMs),
    startMs: o.startMs,
    requests: o.requests,
    seed: passive ? undefined : o.seed,
    replay: o.replay,
    path: o.path,
    reason: o.reason,
    cause: o.cause,
    violation: v && {
      message: v.message,
      expected: v.expected,
      received: v.received,
      clause: v.clause,
      where: v.where,
      rule: v.rule,
      divergence: v.divergence,
      curl: v.curl,
      request: v.request && {
        method: v.request.method,
        url: v.request.url,
        headers: sortKeys(v.request.headers ?? {}),
        body: v.request.body === undefined ? undefined : truncate(v.request.body, MAX_BODY_CHARS),
      },
      response: v.response && {
        status: v.response.status,
        headers: sortKeys(v.response.headers ?? {}),
        body: truncate(v.response.body ?? '', MAX_BODY_CHARS),
      },
    },
    violations: o.violations?.map((k) => ({ message: k.message, expected: k.expected, received: k.received, clause: k.clause, where: k.where, rule: k.rule, divergence: k.divergence, count: k.count })),
    counterexample: o.counterexample === undefined ? undefined : toJsonSafe(o.counterexample),
  };
}

/** Milliseconds rounded to the microsecond: enough for timings, stable to read. */
function ms(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.round(value * 1000) / 1000 : 0;
}

function sortKeys(record: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(record).sort()) out[k] = record[k];
  return out;
}

/** The results.json document as an object (what {@link renderJson} serialises). */
export function resultsDocument(raw: RunResult): Record<string, unknown> {
  const result = sanitizeResult(raw);
  const totals: Record<string, number> = { checks: totalChecks(result) };
  for (const s of STATUSES) totals[s] = result.totals[s] ?? 0;
  return {
    format: RESULTS_FORMAT,
    kit: { name: result.kit.name, version: result.kit.version },
    spec: { hash: result.spec.hash },
    seed: result.passive ? undefined : result.seed,
    passive: result.passive && { command: result.passive.command },
    target: { baseUrl: result.target.baseUrl, embedded: result.target.embedded, now: result.target.now },
    startedAt: result.startedAt,
    finishedAt: result.finishedAt,
    durationMs: ms(result.durationMs),
    exitCode: result.exitCode,
    verdict: verdict(result).word,
    config: toJsonSafe(result.config),
    totals,
    requests: result.requests,
    discovery: result.discovery && {
      window: { start: result.discovery.window.start, end: result.discovery.window.end },
      records: result.discovery.records,
      complete: result.discovery.complete,
      currencies: result.discovery.currencies,
      targetNow: result.discovery.targetNow,
      problems: result.discovery.problems,
    },
    aborted: result.aborted,
    abortCause: result.abortCause,
    stalled: result.stalled,
    baseline: result.baseline && { file: result.baseline.file, known: [...result.baseline.known], fixed: [...result.baseline.fixed], expired: [...result.baseline.expired] },
    completeness: result.completeness,
    coverage: coverageOf(result),
    families: familySummaries(result.outcomes, result.passive?.exchangesByFamily).map((f) => ({
      family: f.family,
      total: f.total,
      ...f.counts,
      durationMs: ms(f.durationMs),
      requests: f.requests,
    })),
    outcomes: result.outcomes.map((o) => outcomeJson(o, result.passive !== undefined)),
    clauses: result.clauses.map((c) => ({
      id: c.id,
      level: c.level,
      kind: c.kind,
      status: clauseStatus(c),
      untestable: c.untestable,
      checks: c.checks.map((k) => ({ id: k.id, status: k.status })),
      coverage: c.coverage && { state: c.coverage.state, reason: c.coverage.reason, detail: c.coverage.detail },
    })),
  };
}

/** results.json text: stable key order, 2-space indent, trailing newline. */
export function renderJson(result: RunResult): string {
  return `${JSON.stringify(toJsonSafe(resultsDocument(result)), null, 2)}\n`;
}
