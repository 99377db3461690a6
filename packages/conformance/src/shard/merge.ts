/**
 * Merging the results.json of shards (`merge-reports`) into one run result, which
 * the usual reporters then render. A check present in several shards (the `final` phase runs in
 * each) keeps its worst outcome, with requests and time summed; the clause matrix is rebuilt from
 * the merged outcomes; the exit code follows the same rules as a single run.
 */
import { withStaleBaseline } from '../baseline/stale.js';
import { ConfigError } from '../config/fields.js';
import { withRequired } from '../engine/completeness.js';
import { COVERAGE_REASONS, clauseCoverage } from '../engine/coverage.js';
import { totalsOf, exitCodeOf, incompleteExitCode } from '../engine/outcome.js';
import type { BaselineSummary, CheckOutcome, ClauseCoverage, Completeness, ExitCode, OutcomeStatus, RunResult } from '../contract/types.js';

/** Worst first: the outcome a check keeps when shards disagree. */
const WORST_FIRST: readonly OutcomeStatus[] = ['fail', 'error', 'warn', 'known', 'pass', 'skip', 'disabled'];

/** A results.json document, as far as merging reads it. */
export interface ResultsDocument {
  format?: string;
  kit: RunResult['kit'];
  spec: RunResult['spec'];
  seed: number;
  target: RunResult['target'];
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  exitCode: ExitCode;
  config: Record<string, unknown>;
  requests: number;
  discovery?: RunResult['discovery'];
  aborted?: string;
  abortCause?: RunResult['abortCause'];
  baseline?: BaselineSummary;
  completeness?: Completeness;
  outcomes: CheckOutcome[];
  clauses: RunResult['clauses'];
}

/** Reads a parsed results.json back into a {@link RunResult} (the reporters' input). */
export function runResultOf(doc: ResultsDocument): RunResult {
  return {
    kit: doc.kit,
    spec: doc.spec,
    startedAt: doc.startedAt,
    finishedAt: doc.finishedAt,
    durationMs: doc.durationMs,
    config: doc.config,
    seed: doc.seed,
    target: doc.target,
    outcomes: doc.outcomes,
    totals: totalsOf(doc.outcomes),
    requests: doc.requests,
    exitCode: doc.exitCode,
    ...(doc.discovery ? { discovery: doc.discovery } : {}),
    ...(doc.aborted ? { aborted: doc.aborted } : {}),
    ...(doc.abortCause ? { abortCause: doc.abortCause } : {}),
    ...(doc.baseline ? { baseline: doc.baseline } : {}),
    ...(doc.completeness ? { completeness: doc.completeness } : {}),
    clauses: doc.clauses.map((c) => ({ ...c, checks: c.checks.map((k) => ({ id: k.id, status: k.status })) })),
  };
}

function worse(a: CheckOutcome, b: CheckOutcome): CheckOutcome {
  const keep = WORST_FIRST.indexOf(b.status) < WORST_FIRST.indexOf(a.status) ? b : a;
  if (a.startMs !== undefined && b.startMs !== undefined) {
    // One check in two shards: the span both cover, side by side from the shards' common start.
    const startMs = Math.min(a.startMs, b.startMs);
    return { ...keep, startMs, durationMs: Math.max(a.startMs + a.durationMs, b.startMs + b.durationMs) - startMs, requests: a.requests + b.requests };
  }
  return { ...keep, durationMs: a.durationMs + b.durationMs, requests: a.requests + b.requests };
}

/**
 * A shard's exit code as the merge weighs it: a 5 that only its `--require` gate gave (nothing
 * aborted, no budget or throttling skip) counts as 0, since the merge gates the merged coverage.
 */
function shardCode(s: RunResult): ExitCode {
  return s.exitCode === 5 && s.completeness?.unjudged && s.aborted === undefined && incompleteExitCode(s.outcomes) === undefined ? 0 : s.exitCode;
}

function mergedExitCode(shards: readonly RunResult[], outcomes: readonly CheckOutcome[]): ExitCode {
  const codes = shards.map(shardCode);
  if (codes.every((c) => c === 4)) return 4;
  const fromOutcomes = exitCodeOf(outcomes, false);
  if (fromOutcomes === 1) return 1;
  for (const c of [5, 2, 3, 4] as const) if (codes.includes(c)) return c;
  return fromOutcomes;
}

function union(lists: ReadonlyArray<readonly string[] | undefined>): string[] {
  return [...new Set(lists.flatMap((l) => l ?? []))];
}

/**
 * What makes results the shards of one run: the contract, the seed, the target (its base URL, or
 * for the embedded server its data set, clock, faults and variants: its port differs per run), the
 * selection and the shard count. Each entry is a name and its value as text.
 */
function identityOf(shard: RunResult): Array<[string, string]> {
  const c = shard.config;
  const list = (v: unknown) => (Array.isArray(v) ? v.join(',') : '');
  const target = shard.target.embedded
    ? `embedded reference server (records ${String(c.mockRecords)}, seed ${String(c.mockSeed)}, now ${String(c.mockNow ?? 'real clock')}, faults ${list(c.mockFaults) || 'none'}, variants ${list(c.mockVariants) || 'none'})`
    : shard.target.baseUrl;
  const count = typeof c.shard === 'string' ? c.shard.split('/')[1]! : 'unsharded';
  return [
    ['spec', shard.spec.hash],
    ['seed', String(shard.seed)],
    ['target', target],
    ['--only', list(c.only) || '(all)'],
    ['--skip', list(c.skip) || '(none)'],
    ['--disable', list(c.disable) || '(none)'],
    ['shard count', count],
  ];
}

/**
 * Refuses a merge that is not one whole run (shard 1/2 alone merged to PASSED; the same
 * shard twice, or shards of different targets or seeds, merged without a word): the shards must
 * agree on {@link identityOf}, and hold each index 1..n exactly once (one unsharded result alone
 * is a whole run). Throws a {@link ConfigError} naming what differs, or the missing and doubled shards.
 */
export function verifyShards(shards: readonly RunResult[], names: readonly string[] = shards.map((_, i) => `#${i + 1}`)): void {
  const identities = shards.map(identityOf);
  for (const [k, [field]] of identities[0]!.entries()) {
    const values = new Map<string, string[]>();
    for (const [i, id] of identities.entries()) values.set(id[k]![1], [...(values.get(id[k]![1]) ?? []), names[i]!]);
    if (values.size > 1) {
      const which = [...values].map(([v, of]) => `${of.join(', ')}: ${v}`).join('; ');
      throw new ConfigError(`merge-reports got results of different runs (${field} differs: ${which}). Fix: merge only the shards of one run (same target, seed, spec and selection).`);
    }
  }
  const indices = shards.map((s) => (typeof s.config.shard === 'string' ? Number(s.config.shard.split('/')[0]) : undefined));
  if (indices.every((i) => i === undefined)) {
    if (shards.length > 1) throw new ConfigError(`merge-reports got ${shards.length} unsharded runs (${names.join(', ')}), not the shards of one run. Fix: merge the report directories of one run's --shard i/n runs.`);
    return;
  }
  const count = Number(identities[0]!.find(([f]) => f === 'shard count')![1]);
  const seen = new Map<number, string[]>();
  for (const [i, index] of indices.entries()) seen.set(index!, [...(seen.get(index!) ?? []), names[i]!]);
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  const doubled = [...seen].filter(([, of]) => of.length > 1).map(([i, of]) => `${i}/${count} (${of.join(', ')})`);
  if (missing.length === 0 && doubled.length === 0) return;
  const what = [missing.length > 0 ? `missing shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${count}`).join(', ')}` : '', doubled.length > 0 ? `doubled shard${doubled.length === 1 ? '' : 's'} ${doubled.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  throw new ConfigError(`merge-reports needs each shard of the run once: ${what}. Fix: pass the report directory of every --shard i/${count} run, each once.`);
}

/**
 * A clause's coverage over the shards (coverage.ts): judged when a check judged it in any shard
 * (the merged outcomes); else why not, from the merged outcomes of its checks, or (none ran in any
 * shard) the shards' own reason other than `other-shard`.
 */
function mergedCoverage(rows: ReadonlyArray<RunResult['clauses'][number] | undefined>, row: RunResult['clauses'][number], byId: ReadonlyMap<string, CheckOutcome>): ClauseCoverage | undefined {
  if (row.level === undefined || rows.every((r) => r?.coverage === undefined)) return undefined;
  const ran = row.checks.flatMap((k) => {
    const o = byId.get(k.id);
    return o ? [{ id: o.id, status: o.status, ...(o.cause !== undefined ? { cause: o.cause } : {}), ...(o.reason !== undefined ? { reason: o.reason } : {}), ...(o.needs ? { needs: o.needs } : {}) }] : [];
  });
  if (ran.length > 0) return clauseCoverage(row.level, row.untestable, ran);
  const own = rows.flatMap((r) => (r?.coverage ? [r.coverage] : []));
  own.sort((a, b) => Number(a.reason === 'other-shard') - Number(b.reason === 'other-shard') || COVERAGE_REASONS.indexOf(a.reason ?? 'not-in-run') - COVERAGE_REASONS.indexOf(b.reason ?? 'not-in-run'));
  return own[0];
}

/** The strictest `--require` among the shards' configurations. */
function requireOf(shards: readonly RunResult[]): 'must' | 'should' | undefined {
  const levels = shards.map((s) => s.config.require);
  return levels.includes('should') ? 'should' : levels.includes('must') ? 'must' : undefined;
}

/**
 * Merges the results of the shards of one run; refuses results of different runs, and shards
 * missing or doubled ({@link verifyShards}). Coverage is merged (a clause judged in any shard is
 * judged) and `require` (else the strictest `--require` of the shards) gates the merged run: a
 * shard alone never fails for a clause whose checks another shard runs, the merge does.
 */
export function mergeResults(shards: readonly RunResult[], names?: readonly string[], options: { require?: 'must' | 'should' } = {}): RunResult {
  if (shards.length === 0) throw new ConfigError('merge-reports needs at least one results.json, got none. Fix: pass the shards\' report directories, e.g. merge-reports shard-1 shard-2 --report-dir merged');
  verifyShards(shards, names);
  const byId = new Map<string, CheckOutcome>();
  for (const shard of shards) for (const o of shard.outcomes) byId.set(o.id, byId.has(o.id) ? worse(byId.get(o.id)!, o) : o);
  // A check's start counts from its own shard's start; the shards run side by side (a CI matrix), so
  // merged, a family's time is the union of its checks' spans laid from one common start: wall time,
  // at most the longest shard, never the sum (43 s for events in a run of 6 s).
  const outcomes = [...byId.values()];
  const status = new Map(outcomes.map((o) => [o.id, o.status]));
  const first = shards[0]!;
  const merged = new Map(outcomes.map((o) => [o.id, o]));
  const clauses = first.clauses.map((c) => {
    const rows = shards.map((s) => s.clauses.find((k) => k.id === c.id));
    const ids = union(rows.map((r) => r?.checks.map((k) => k.id)));
    const { coverage: _coverage, ...rest } = c;
    const row = { ...rest, checks: ids.map((id) => ({ id, status: status.get(id)! })) };
    const coverage = mergedCoverage(rows, row, merged);
    return { ...row, ...(coverage ? { coverage } : {}) };
  });
  const require = options.require ?? requireOf(shards);
  const completeness = withRequired(undefined, clauses, require);
  const aborted = union(shards.map((s) => (s.aborted ? [s.aborted] : [])));
  const exitCode = mergedExitCode(shards, outcomes);
  // The merged stop's cause is that of a shard that ended with the merged exit code (typed, never read from the text).
  const abortCause = (shards.find((s) => s.abortCause !== undefined && s.exitCode === exitCode) ?? shards.find((s) => s.abortCause !== undefined))?.abortCause;
  const baselines = shards.map((s) => s.baseline).filter((b): b is BaselineSummary => b !== undefined);
  const baseline: BaselineSummary | undefined =
    baselines.length > 0
      ? {
          file: baselines[0]!.file,
          known: outcomes.filter((o) => o.status === 'known').map((o) => o.id),
          fixed: union(baselines.map((b) => b.fixed)).filter((id) => status.get(id) === 'pass'),
          expired: union(baselines.map((b) => b.expired)).filter((id) => status.get(id) === 'fail' || status.get(id) === 'warn'),
        }
      : undefined;
  const { shard: _shard, ...config } = first.config;
  void _shard;
  // A stale entry of the merged run fails it when the shards ran with --fail-on-stale-baseline.
  const failOnStale = shards.some((s) => s.config.failOnStaleBaseline === true);
  return {
    kit: first.kit,
    spec: first.spec,
    startedAt: shards.map((s) => s.startedAt).sort()[0]!,
    finishedAt: shards.map((s) => s.finishedAt).sort().at(-1)!,
    durationMs: Math.max(...shards.map((s) => s.durationMs)),
    config: { ...config, shards: shards.length, ...(require !== undefined ? { require } : {}) },
    seed: first.seed,
    target: first.target,
    outcomes,
    totals: totalsOf(outcomes),
    requests: shards.reduce((n, s) => n + s.requests, 0),
    exitCode: withStaleBaseline(exitCode === 0 && completeness?.unjudged ? 5 : exitCode, baseline, failOnStale),
    ...(first.discovery ? { discovery: first.discovery } : {}),
    ...(aborted.length > 0 ? { aborted: aborted.join('; ') } : {}),
    ...(abortCause ? { abortCause } : {}),
    ...(baseline ? { baseline } : {}),
    ...(completeness ? { completeness } : {}),
    clauses,
  };
}
