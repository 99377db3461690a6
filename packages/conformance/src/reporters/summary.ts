/**
 * Views of a {@link RunResult} shared by every reporter: per-family counts, the status of each
 * clause of the traceability matrix, and the verdict in words. All pure.
 */
import { staleEntries, staleText } from '../baseline/stale.js';
import type { StaleEntry } from '../baseline/stale.js';
import { REASON_TEXT, unjudgedList, unjudgedRequired } from '../engine/coverage.js';
import { coverageSummary, summaryLevelLine, summaryLevels, type CoverageSummary } from '../engine/coverage-summary.js';
import type { CheckOutcome, OutcomeStatus, RunResult, StalledOperation } from '../contract/types.js';

/** The outcomes in report order (ARCHITECTURE.md, "Outcomes and exit codes"; `known` = baselined failure). */
export const STATUSES: readonly OutcomeStatus[] = ['pass', 'fail', 'warn', 'known', 'skip', 'disabled', 'error'];

/** One mark per outcome, as in house-style.md point 6 (`✘` for a failure). */
export const STATUS_MARK: Readonly<Record<OutcomeStatus, string>> = {
  pass: '✔',
  fail: '✘',
  warn: '⚠',
  known: '≈',
  skip: '○',
  disabled: '–',
  error: '‼',
};

export type Counts = Record<OutcomeStatus, number>;

export function emptyCounts(): Counts {
  return { pass: 0, fail: 0, warn: 0, known: 0, skip: 0, disabled: 0, error: 0 };
}

export interface FamilySummary {
  family: string;
  counts: Counts;
  total: number;
  durationMs: number;
  requests: number;
}

/**
 * Counts per check family, in the order the families first appear in the run. A passive run gives
 * `exchangesByFamily` (RunResult.passive): a family's requests are then the exchanges its checks
 * judged, each once, not the sum of its checks' counts (several checks judge one exchange).
 */
export function familySummaries(outcomes: readonly CheckOutcome[], exchangesByFamily?: Readonly<Record<string, number>>): FamilySummary[] {
  const byFamily = new Map<string, FamilySummary>();
  for (const o of outcomes) {
    let f = byFamily.get(o.family);
    if (!f) {
      f = { family: o.family, counts: emptyCounts(), total: 0, durationMs: 0, requests: 0 };
      byFamily.set(o.family, f);
    }
    if (o.status in f.counts) f.counts[o.status] += 1;
    f.total += 1;
    f.requests += Number.isFinite(o.requests) ? o.requests : 0;
  }
  for (const f of byFamily.values()) {
    f.durationMs = wallTimeMs(outcomes.filter((o) => o.family === f.family));
    if (exchangesByFamily) f.requests = exchangesByFamily[f.family] ?? 0;
  }
  return [...byFamily.values()];
}

/** How merged reports count a family's time (they added the shards' times up). */
export const MERGED_TIMES = "family times are wall time: the union of their checks' spans, the shards laid side by side from a common start (at most the longest shard); Duration is the longest shard";

/**
 * The wall time a family's checks took (the sum of checks that ran at the same time read
 * 25.9 s in a 9.3 s run): the length of the union of their spans `[startMs, startMs + durationMs]`;
 * a check without `startMs` (results of an older kit, merged shards) adds its duration.
 */
export function wallTimeMs(outcomes: readonly CheckOutcome[]): number {
  const finite = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n : undefined);
  const spans = outcomes
    .filter((o) => finite(o.startMs) !== undefined && finite(o.durationMs) !== undefined)
    .map((o) => [o.startMs!, o.startMs! + o.durationMs] as const)
    .sort((a, b) => a[0] - b[0]);
  let total = outcomes.reduce((n, o) => n + (finite(o.startMs) === undefined ? (finite(o.durationMs) ?? 0) : 0), 0);
  let end = -Infinity;
  for (const [from, to] of spans) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

/**
 * Requests the run sent outside every check (discovery, reachability probes): the total less the
 * checks' own. None in a passive run: it sent nothing, and its checks' counts are judgements of
 * the observed exchanges, several per exchange.
 */
export function requestsOutsideChecks(result: RunResult): number {
  if (result.passive) return 0;
  const inChecks = result.outcomes.reduce((n, o) => n + (Number.isFinite(o.requests) ? o.requests : 0), 0);
  return Math.max(0, result.requests - inChecks);
}

/** True when the run treated SHOULD violations as failures (`--strict`). */
export function isStrict(result: RunResult): boolean {
  return result.config?.strict === true;
}

/** Outcomes a reader must look at (fail, warn, known, error), in run order. */
export function attentionOutcomes(result: RunResult): CheckOutcome[] {
  return result.outcomes.filter((o) => o.status === 'fail' || o.status === 'warn' || o.status === 'known' || o.status === 'error');
}

/**
 * A clause's standing in the traceability matrix: the worst outcome of its checks; `not-run` when
 * checks of the kit test it but none ran here (in another shard, deselected, v2 retired…: its
 * coverage says why); `uncovered` when no check of the kit tests it.
 */
export type ClauseStatus = OutcomeStatus | 'untestable' | 'uncovered' | 'not-run';

/** Worst first: a failing check makes the clause fail whatever the others did. */
const CLAUSE_PRECEDENCE: readonly OutcomeStatus[] = ['fail', 'error', 'warn', 'known', 'pass', 'skip', 'disabled'];

/** The status of a clause from the outcomes of the checks that test it. */
export function clauseStatus(clause: RunResult['clauses'][number]): ClauseStatus {
  if (clause.checks.length === 0) {
    if (clause.untestable) return 'untestable';
    const reason = clause.coverage?.state === 'unjudged' ? clause.coverage.reason : undefined;
    return reason !== undefined && reason !== 'not-in-run' && reason !== 'untestable' ? 'not-run' : 'uncovered';
  }
  for (const s of CLAUSE_PRECEDENCE) if (clause.checks.some((c) => c.status === s)) return s;
  return 'uncovered';
}

export interface Verdict {
  /** One word or two, upper case: PASSED, FAILED, KEY REFUSED, INCOMPLETE, USAGE ERROR, INTERNAL ERROR, TARGET UNREACHABLE. */
  word: string;
  /** The exit status in words, e.g. `FAILED (exit 1): 2 checks failed`. */
  sentence: string;
  ok: boolean;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What "Path" means wherever a report shows it. */
export const PATH_EXPLAINED = "fast-check's shrink path: with the same seed it replays exactly this counterexample";

/**
 * Why a clause of the matrix stands where it does, for every row that is not a plain pass: the
 * messages of its checks that did not pass, the reason it is untestable, or that no check covers it.
 */
export function clauseWhy(clause: RunResult['clauses'][number], outcomes: readonly CheckOutcome[]): string {
  const status = clauseStatus(clause);
  if (status === 'uncovered') return 'no check of the kit tests this clause yet';
  if (status === 'not-run') return `not run here: ${REASON_TEXT[clause.coverage?.reason ?? 'not-in-run']}${clause.coverage?.detail ? ` (${clause.coverage.detail})` : ''}`;
  if (status === 'untestable') return `untestable: ${clause.untestable ?? ''}`;
  if (status === 'pass') return '';
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  return clause.checks
    .filter((k) => k.status !== 'pass')
    .map((k) => {
      const o = byId.get(k.id);
      return `${k.id} (${k.status}): ${o?.violation?.message ?? o?.reason ?? 'no reason recorded'}`;
    })
    .join('; ');
}

/**
 * The verdict of a run that the configuration kept from testing (completeness.ts): a refused key or
 * MUST checks left unrun (exit 2), never PASSED; undefined for any other run.
 */
function configurationVerdict(result: RunResult): Verdict | undefined {
  const c = result.completeness;
  // A target that is not a JSON API is the cause, not the keys its checks did not get.
  if (result.exitCode !== 2 || !c || result.abortCause === 'not-json') return undefined;
  if (c.keyRefused?.length) {
    const refused = c.keyRefused.map((r) => `the server refused ${r.flag} (${r.status})`).join('; ');
    return { word: 'KEY REFUSED', ok: false, sentence: `KEY REFUSED (exit 2): ${refused}; pass a key the server accepts` };
  }
  if (c.incomplete) {
    const n = c.incomplete.checks.length;
    return {
      word: 'INCOMPLETE',
      ok: false,
      sentence: `INCOMPLETE (exit 2): ${plural(n, 'MUST check')} could not run; add ${c.incomplete.flags.join(' and ')} (or deselect ${n === 1 ? 'it' : 'them'} with --only/--disable, or accept it with --allow-incomplete)`,
    };
  }
  return undefined;
}

/** The stale entries of the run's baseline when `--fail-on-stale-baseline` makes them fail it; else none. */
export function failingStale(result: RunResult): StaleEntry[] {
  return result.config?.failOnStaleBaseline === true ? staleEntries(result.baseline) : [];
}

/** The run's verdict, from its exit code, totals and completeness. */
export function verdict(result: RunResult): Verdict {
  const t = result.totals;
  const strict = isStrict(result);
  const extras: string[] = [];
  const configuration = configurationVerdict(result);
  if (configuration) return configuration;
  switch (result.exitCode) {
    case 0: {
      if (t.warn > 0) extras.push(`${plural(t.warn, 'warning')} (SHOULD clauses)`);
      if (t.known > 0) extras.push(`${t.known} known (${knownMeaning(result)})`);
      if (t.skip > 0) extras.push(`${t.skip} skipped`);
      const tail = extras.length ? `, ${extras.join(', ')}` : '';
      return { word: 'PASSED', ok: true, sentence: `PASSED (exit 0): no check failed${tail}` };
    }
    case 1: {
      const parts: string[] = [];
      const stale = failingStale(result);
      const stalled = result.outcomes.filter((o) => o.status === 'skip' && o.cause === 'stalled').length;
      if (stale.length > 0 && t.fail === 0 && !(strict && t.warn > 0) && stalled === 0) {
        return { word: 'FAILED', ok: false, sentence: `FAILED (exit 1): --fail-on-stale-baseline: ${plural(stale.length, 'stale entry', 'stale entries')} in ${result.baseline!.file} (${staleText(stale)})` };
      }
      if (stalled > 0) {
        const operations = (result.stalled ?? []).map((s) => s.operation);
        parts.push(`${operations.length > 0 ? operations.join(', ') : 'an operation'} stopped answering (${plural(stalled, 'check')} not run)`);
      }
      if (t.fail > 0 || ((t.warn === 0 || !strict) && stalled === 0)) parts.push(`${plural(t.fail, 'check')} failed`);
      if (t.warn > 0) {
        parts.push(strict ? `${plural(t.warn, 'warning')} counted as ${t.warn === 1 ? 'a failure' : 'failures'} under --strict` : plural(t.warn, 'warning'));
      }
      if (t.error > 0) parts.push(`${t.error} errored`);
      if (stale.length > 0) parts.push(`${plural(stale.length, 'stale baseline entry', 'stale baseline entries')} (--fail-on-stale-baseline)`);
      const certify = result.completeness?.certifySkipped;
      if (certify?.length && t.fail === 0 && !(strict && t.warn > 0)) {
        return { word: 'FAILED', ok: false, sentence: `FAILED (exit 1): --certify: ${plural(certify.length, 'MUST check')} skipped (${certify.slice(0, 3).join(', ')}${certify.length > 3 ? ', …' : ''})` };
      }
      return { word: 'FAILED', ok: false, sentence: `FAILED (exit 1): ${parts.join(', ')}` };
    }
    case 2:
      return { word: 'USAGE ERROR', ok: false, sentence: `USAGE ERROR (exit 2): ${result.aborted ?? 'the configuration is invalid'}` };
    case 3:
      return {
        word: 'INTERNAL ERROR',
        ok: false,
        sentence: `INTERNAL ERROR (exit 3): the kit itself broke${t.error > 0 ? ` (${plural(t.error, 'check')} errored)` : ''}`,
      };
    case 4:
      return { word: 'TARGET UNREACHABLE', ok: false, sentence: `TARGET UNREACHABLE (exit 4): ${result.target.baseUrl} did not answer` };
    case 5:
      return {
        word: 'INCONCLUSIVE',
        ok: false,
        sentence:
          result.aborted === undefined && untestedTail(result) === '' && result.completeness?.unjudged
            ? `INCONCLUSIVE (exit 5): ${requireText(result)}`
            : `INCONCLUSIVE (exit 5): the run could not complete${result.aborted ? `: ${result.aborted}` : ''}${untestedTail(result)}${result.completeness?.unjudged ? `; ${requireText(result)}` : ''}`,
      };
    default:
      return { word: 'UNKNOWN', ok: false, sentence: `UNKNOWN (exit ${String(result.exitCode)})` };
  }
}

/**
 * Coverage of the contract in one line (coverage.ts): `MUST 40/52 judged (38 pass, 2 fail), 8 not
 * judged, 4 untestable; SHOULD …`; undefined for results without coverage (an older kit's).
 */
export function coverageLine(result: RunResult): string | undefined {
  const summary = coverageOf(result);
  if (!summary) return undefined;
  return `${summaryLevels(summary).map(([l, c]) => summaryLevelLine(l, c)).join('; ')}${summary.require ? ` (--require ${summary.require})` : ''}`;
}

/** The run's coverage summary (engine/coverage-summary.ts), the one every report renders. */
export function coverageOf(result: RunResult): CoverageSummary | undefined {
  return coverageSummary(result.clauses, result.config?.require);
}

/**
 * The `--require` gate's part of the Result line: `--require must: 2 MUST clauses not judged: a
 * (deselected by --only/--skip), b (the target's data did not exercise it)` (at most 5 named).
 */
export function requireText(result: RunResult): string {
  const u = result.completeness?.unjudged;
  if (!u) return '';
  const rows = unjudgedRequired(result.clauses, u.require);
  const named = rows.length > 0 ? rows : u.clauses.map((id) => ({ id }));
  const what = u.require === 'must' ? 'MUST clause' : 'MUST/SHOULD clause';
  return `--require ${u.require}: ${plural(u.clauses.length, what)} not judged: ${unjudgedList(named)}`;
}

/**
 * What an inconclusive run did not test: `; 84 of 84 checks not tested (families a, b, …)`,
 * counting the checks skipped for a spent budget or throttling; empty when there are none.
 */
function untestedTail(result: RunResult): string {
  const untested = result.outcomes.filter((o) => o.status === 'skip' && (o.cause === 'budget' || o.cause === 'inconclusive'));
  const families = [...new Set(untested.map((o) => o.family))];
  const shown = families.length > 4 ? `${families.slice(0, 4).join(', ')}, … ${families.length - 4} more` : families.join(', ');
  return `${untested.length > 0 ? `; ${untested.length} of ${result.outcomes.length} checks not tested (${shown})` : ''}${transportTail(result)}`;
}

/** `; 1 check lost its connection before any answer (a.b): a transport failure, not a verdict`, or ''. */
function transportTail(result: RunResult): string {
  const lost = result.outcomes.filter((o) => o.status === 'error' && o.cause === 'transport');
  if (lost.length === 0) return '';
  const ids = `${lost.slice(0, 3).map((o) => o.id).join(', ')}${lost.length > 3 ? ', …' : ''}`;
  return `; ${plural(lost.length, 'check')} lost ${lost.length === 1 ? 'its' : 'their'} connection before any answer (${ids}): a transport failure, not a verdict`;
}

/** `GET /requests/v3 stopped answering while other operations answered: 3 requests in a row without an answer (last: …)`. */
export function stalledLine(s: StalledOperation): string {
  return `${s.operation} stopped answering while other operations answered: ${plural(s.unanswered, 'request')} in a row without an answer (last: ${s.cause}); the kit stopped sending it and skipped its checks`;
}

/** Number of outcomes in the run (sum of the totals). */
export function totalChecks(result: RunResult): number {
  return STATUSES.reduce((n, s) => n + (result.totals[s] ?? 0), 0);
}

/** `MUST` / `SHOULD` with the clause ids, e.g. `requests-v3.limit.max (MUST)`. */
export function clauseLine(o: CheckOutcome): string {
  return o.clauses.length ? `${o.clauses.join(', ')} (${o.level})` : `(${o.level}, no clause id)`;
}

// ── Passive runs (proxy, audit), baselines and divergences ─────────────────

/** Reason prefixes that the baseline wrote (baseline/baseline.ts): only these are labelled "Baseline". */
const BASELINE_REASON = /^(known failure \(baseline|baseline entry expired|a violation no baseline entry lists|fixed: listed as a known failure)/;

/** What the target line says: the proxy's upstream, the recorded origin(s), or the target of an active run. */
export function targetText(result: RunResult): string {
  const base = result.target.baseUrl;
  if (result.passive?.command === 'proxy') return `${base} (upstream of the validating proxy)`;
  if (result.passive?.command === 'audit') return `${base} (recorded traffic)`;
  return `${base}${result.target.embedded ? ' (embedded reference server)' : ''}`;
}

/** The count a passive outcome's reason starts with (oracles/auditor.ts). */
const SEEN_REASON = /^\d+ of \d+ exchanges violate it/;

/** The label of an outcome's reason shown beside its violation: "Baseline" only for what the baseline said. */
export function reasonLabel(o: CheckOutcome): string {
  if (o.reason === undefined) return 'Note';
  if (BASELINE_REASON.test(o.reason)) return 'Baseline';
  return SEEN_REASON.test(o.reason) ? 'Seen' : 'Note';
}

/** The catalogued divergences of the live service among an outcome's violations (specs/clauses.yaml ids). */
export function divergencesOf(o: CheckOutcome): string[] {
  const ids = [o.violation?.divergence, ...(o.violations ?? []).map((k) => k.divergence)];
  return [...new Set(ids.filter((d): d is string => typeof d === 'string'))];
}

/**
 * The distinct violations of an outcome, one line each when there are several or a divergence is
 * among them: new ones first, labelled `new`; catalogued divergences labelled with their id.
 */
export function violationLines(o: CheckOutcome): string[] {
  const kinds = o.violations ?? [];
  if (kinds.length < 2 && divergencesOf(o).length === 0) return [];
  const ordered = [...kinds.filter((k) => !k.divergence), ...kinds.filter((k) => k.divergence)];
  return ordered.map((k) => `[${k.divergence ?? 'new'}] ${k.message}${k.where ? ` at ${k.where}` : ''} (${k.count}×)`);
}

/** The line of the divergence an outcome shows, when its violation is one. */
export function divergenceLine(o: CheckOutcome): string | undefined {
  const d = o.violation?.divergence;
  if (!d) return undefined;
  // said "it does not fail the run" while the run exited 1; whether it fails is the outcome's status.
  const effect = o.status === 'known' ? 'accepted: it does not fail the run' : o.status === 'warn' ? 'a warning' : 'it fails the run unless --accept-divergences or a baseline entry accepts it';
  return `${d} (catalogued divergence of the live service, specs/clauses.yaml; ${effect})`;
}

/** What `known` means in this run's totals. */
export function knownMeaning(result: RunResult): string {
  return result.passive ? 'catalogued divergence or baseline' : 'baseline';
}
