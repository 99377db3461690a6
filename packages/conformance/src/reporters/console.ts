/**
 * Console reporter: the summary table, every failure, warning and error in the house-style format
 * (house-style.md point 6), then totals and the exit status in words. Also the live progress
 * printer. Pure: the caller (the CLI) prints.
 */
import type { RunEvent } from '../engine/events.js';
import type { CheckOutcome, OutcomeStatus, RunResult } from '../contract/types.js';
import {
  PATH_EXPLAINED,
  STATUSES,
  STATUS_MARK,
  attentionOutcomes,
  clauseLine,
  coverageLine,
  divergenceLine,
  emptyCounts,
  familySummaries,
  MERGED_TIMES,
  reasonLabel,
  requestsOutsideChecks,
  targetText,
  totalChecks,
  stalledLine,
  verdict,
  violationLines,
  wallTimeMs,
  type Counts,
} from './summary.js';
import { formatDuration, hangingIndent, pad, redactText, safeJson, sanitizeResult, sanitizeValue, truncate } from './text.js';

export interface ConsoleOptions {
  /** ANSI colours; default false (the CLI decides from the TTY and NO_COLOR). */
  color?: boolean;
  /** Longest expected/received text shown, in characters; default 2,000. */
  maxValueLength?: number;
  /** Longest counterexample shown on its line, in characters; default {@link COUNTEREXAMPLE_CHARS}. */
  maxCounterexampleLength?: number;
  /** List every check of a group of skips sharing one reason (default: one line per group of {@link SKIP_GROUP} or more). */
  verbose?: boolean;
}

/**
 * Skips sharing one reason are shown as one line from this many on (an audit of one stub
 * listed 36 lines "no observed exchange this oracle applies to"); `--verbose` names them.
 */
export const SKIP_GROUP = 4;

/**
 * A counterexample's line holds at most this many characters (lines of 2 KB); the cut
 * says so, and results.json keeps the whole value.
 */
export const COUNTEREXAMPLE_CHARS = 300;

const ANSI: Readonly<Record<string, string>> = {
  red: '\u001b[31m',
  green: '\u001b[32m',
  yellow: '\u001b[33m',
  blue: '\u001b[34m',
  magenta: '\u001b[35m',
  cyan: '\u001b[36m',
  dim: '\u001b[2m',
  bold: '\u001b[1m',
};
const RESET = '\u001b[0m';

const STATUS_COLOR: Readonly<Record<OutcomeStatus, string>> = {
  pass: 'green',
  fail: 'red',
  warn: 'yellow',
  known: 'blue',
  skip: 'cyan',
  disabled: 'dim',
  error: 'magenta',
};

type Paint = (style: string, text: string) => string;

function painter(color: boolean): Paint {
  return color ? (style, text) => `${ANSI[style] ?? ''}${text}${RESET}` : (_style, text) => text;
}

/** Strips ANSI escapes and other C0 controls a target may have put in its data (terminal injection). */
function clean(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing terminal escapes and control characters is the point
  return redactText(text).replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, '').replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '');
}

function summaryTable(result: RunResult, paint: Paint): string[] {
  const families = familySummaries(result.outcomes, result.passive?.exchangesByFamily);
  const headers = ['family', ...STATUSES, 'requests', 'time'];
  const rows: string[][] = families.map((f) => [
    f.family,
    ...STATUSES.map((s) => String(f.counts[s])),
    String(f.requests),
    formatDuration(f.durationMs),
  ]);
  const totalCounts: Counts = emptyCounts();
  for (const s of STATUSES) totalCounts[s] = result.totals[s] ?? 0;
  rows.push(['total', ...STATUSES.map((s) => String(totalCounts[s])), String(result.requests), formatDuration(result.durationMs)]);
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[], style?: (i: number, cell: string) => string) =>
    cells
      .map((c, i) => {
        const padded = pad(c, widths[i], i > 0);
        return style ? style(i, padded) : padded;
      })
      .join('  ')
      .trimEnd();
  const out = [line(headers, (_i, c) => paint('bold', c))];
  rows.forEach((r, idx) => {
    const isTotal = idx === rows.length - 1;
    if (isTotal) out.push(widths.map((w) => '─'.repeat(w)).join('  '));
    out.push(
      line(r, (i, c) => {
        if (i === 0 || i > STATUSES.length) return isTotal ? paint('bold', c) : c;
        const s = STATUSES[i - 1];
        return r[i] !== '0' && s !== 'pass' ? paint(STATUS_COLOR[s], c) : c;
      }),
    );
  });
  if (typeof result.config.shards === 'number') out.push(paint('dim', `(${result.config.shards} shards merged: ${MERGED_TIMES})`));
  return out;
}

/** One failure/warning/error block in the house-style format. */
export function renderOutcomeBlock(raw: CheckOutcome, options: ConsoleOptions = {}): string {
  return outcomeBlock(sanitizeValue(raw), options);
}

/** {@link renderOutcomeBlock} of an outcome already sanitized (by {@link sanitizeResult}). */
function outcomeBlock(o: CheckOutcome, options: ConsoleOptions): string {
  const paint = painter(options.color ?? false);
  const max = options.maxValueLength ?? 2000;
  const value = (text: string) => hangingIndent(truncate(clean(text), max), '    ');
  const lines: string[] = [];
  lines.push(`${paint(STATUS_COLOR[o.status], STATUS_MARK[o.status])} ${paint('bold', clean(o.id))}  ${clean(o.operation)}`);
  if (o.violation) {
    lines.push(`  ${hangingIndent(truncate(clean(o.violation.message), max), '  ')}`);
  } else if (o.status === 'error') {
    lines.push(`  Error in the kit or the target: ${hangingIndent(truncate(clean(o.reason ?? 'no message'), max), '  ')}`);
  } else if (o.reason) {
    lines.push(`  ${hangingIndent(truncate(clean(o.reason), max), '  ')}`);
  }
  if (o.violation && o.reason) lines.push(`  ${`${reasonLabel(o)}:`.padEnd(10)} ${clean(truncate(o.reason, max))}`);
  const divergence = divergenceLine(o);
  if (divergence) lines.push(`  Divergence: ${clean(divergence)}`);
  const kinds = violationLines(o);
  if (kinds.length > 0) lines.push(`  Violations:\n${kinds.map((k) => `    ${clean(truncate(k, max))}`).join('\n')}`);
  lines.push(`  Check:     ${clean(o.title)}`);
  lines.push(`  Clause:    ${clean(clauseLine(o))}`);
  if (o.violation) {
    lines.push(`  Expected: ${value(o.violation.expected)}`);
    lines.push(`  Received: ${value(o.violation.received)}`);
    if (o.violation.curl) lines.push(`  Reproduce: ${clean(o.violation.curl)}`);
  }
  lines.push(`  Replay:    ${clean(o.replay)}`);
  if (o.counterexample !== undefined) {
    const text = clean(safeJson(o.counterexample));
    const cap = options.maxCounterexampleLength ?? COUNTEREXAMPLE_CHARS;
    const shown = text.length > cap ? `${truncate(text, cap)} (the whole value: counterexample in results.json)` : text;
    lines.push(`  Counterexample: ${hangingIndent(shown, '    ')}`);
  }
  if (o.path && !o.replay.includes(o.path)) lines.push(`  Path:      ${clean(o.path)} (${PATH_EXPLAINED})`);
  return lines.join('\n');
}

/**
 * The run's requests, and how many were sent outside any check (discovery, reachability probes)
 * when some were: the family rows add up to the total only with them.
 */
function requestsLine(result: RunResult): string {
  const outside = requestsOutsideChecks(result);
  return outside > 0 ? `${result.requests} (${result.requests - outside} by checks, ${outside} outside them: discovery, probes and reads shared by several checks)` : String(result.requests);
}

/** What discovery sampled, in one line. */
export function discoveryLine(d: NonNullable<RunResult['discovery']>): string {
  const problems = d.problems.length ? `; ${d.problems.length} problem${d.problems.length === 1 ? '' : 's'}: ${d.problems.map(clean).join('; ')}` : '';
  return `${d.records} records${d.complete ? '' : ' (window not fully walked)'}, ${d.currencies} currencies${problems}`;
}

/**
 * The end-of-run console report: summary table per family, each failure/warning/error, skipped
 * checks with their reason, then totals, requests, duration, seed and the exit status in words.
 */
/** The kit's key variables that printed lines name (say which variable a pasted line needs). */
function keyVariablesIn(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/\$\{?(CONFORMANCE_(?:OTHER_|INACTIVE_)?API_KEY)\b/g)) names.add(m[1]!);
  return ['CONFORMANCE_API_KEY', 'CONFORMANCE_OTHER_API_KEY', 'CONFORMANCE_INACTIVE_API_KEY'].filter((n) => names.has(n));
}

export function renderConsole(raw: RunResult, options: ConsoleOptions = {}): string {
  const result = sanitizeResult(raw);
  const paint = painter(options.color ?? false);
  const out: string[] = [];
  out.push(...summaryTable(result, paint));
  const attention = attentionOutcomes(result);
  if (attention.length > 0) {
    out.push('');
    const blocks = attention.map((o) => outcomeBlock(o, options));
    for (const block of blocks) {
      out.push(block);
      out.push('');
    }
    const keys = keyVariablesIn(blocks.join('\n'));
    if (keys.length > 0) {
      out.push(`Keys:      the Reproduce and Replay lines read ${keys.join(', ')} from the environment (never printed): export ${keys.map((k) => `${k}=…`).join(' ')} before pasting them`);
      out.push('');
    }
  }
  const skipped = result.outcomes.filter((o) => o.status === 'skip' || o.status === 'disabled');
  if (skipped.length > 0) {
    if (attention.length === 0) out.push('');
    out.push(paint('bold', `Skipped or disabled (${skipped.length}):`));
    const byReason = new Map<string, CheckOutcome[]>();
    for (const o of skipped) {
      const key = `${o.status}\u0000${o.reason ?? o.status}`;
      byReason.set(key, [...(byReason.get(key) ?? []), o]);
    }
    for (const group of byReason.values()) {
      const o = group[0]!;
      const mark = paint(STATUS_COLOR[o.status], STATUS_MARK[o.status]);
      const reason = clean(truncate(o.reason ?? o.status, 300));
      if (group.length < SKIP_GROUP) {
        for (const g of group) out.push(`  ${mark} ${clean(g.id)}  ${reason}`);
        continue;
      }
      const what = o.status === 'disabled' ? 'checks disabled' : 'checks had nothing to judge or could not run';
      out.push(`  ${mark} ${group.length} ${what}: ${reason}${options.verbose ? '' : ' (names: --verbose)'}`);
      if (options.verbose) out.push(`      ${group.map((g) => clean(g.id)).join(', ')}`);
    }
    out.push('');
  } else if (attention.length === 0) {
    out.push('');
  }
  const t = result.totals;
  const v = verdict(result);
  const coverage = coverageLine(result);
  out.push(
    `Checks:    ${totalChecks(result)} — ${STATUSES.map((s) => `${t[s] ?? 0} ${s}`).join(', ')}`,
    ...(coverage !== undefined ? [`Coverage:  ${clean(coverage)}`] : []),
    `Requests:  ${requestsLine(result)}`,
    `Duration:  ${formatDuration(result.durationMs)}`,
    ...(result.passive ? [] : [`Seed:      ${result.seed}`]),
    ...(result.discovery ? [`Discovery: ${discoveryLine(result.discovery)}`] : []),
    ...(result.aborted ? [`Aborted:   ${clean(result.aborted)}`] : []),
    ...(result.stalled ?? []).map((s) => `Stalled:   ${clean(stalledLine(s))}`),
    `Target:    ${clean(targetText(result))}`,
    `Spec:      ${clean(result.spec.hash)}`,
    `Result:    ${paint(v.ok ? 'green' : 'red', paint('bold', v.sentence))}`,
  );
  return `${out.join('\n')}\n`;
}

export interface ProgressOptions {
  color?: boolean;
  /** Column the marks start at (family names are padded to it); default 32. */
  familyWidth?: number;
}

const PROGRESS_MARK: Readonly<Record<OutcomeStatus, string>> = {
  pass: '.',
  fail: '✘',
  warn: '⚠',
  known: 'k',
  skip: 's',
  disabled: '-',
  error: 'E',
};

/**
 * Live progress while the engine runs: one line per check family with a mark per check
 * (`.` pass, `✘` fail, `⚠` warn, `k` known (baseline), `s` skip, `-` disabled, `E` error), closed by the family's counts
 * and time. Returns the listener to pass to the engine; `write` receives text without trailing
 * buffering (the CLI passes `process.stderr.write`).
 */
export function createProgressPrinter(write: (s: string) => void, options: ProgressOptions = {}): (event: RunEvent) => void {
  const paint = painter(options.color ?? false);
  const width = options.familyWidth ?? 32;
  /** The family on the line, its counts and outcomes (its time is their wall time, summary.ts). */
  let current: { family: string; counts: Counts; outcomes: CheckOutcome[] } | undefined;

  const closeFamily = () => {
    if (!current) return;
    const parts = STATUSES.filter((s) => current!.counts[s] > 0).map((s) => `${current!.counts[s]} ${s}`);
    write(`  ${parts.join(', ') || 'no checks'} ${paint('dim', `(${formatDuration(wallTimeMs(current.outcomes))})`)}\n`);
    current = undefined;
  };
  const seen = new Set<string>();
  /** Families whose checks are split across the run (final phase): shown once, when complete. */
  const held = new Map<string, { counts: Counts; outcomes: CheckOutcome[]; marks: string; remaining: number }>();
  const holdMark = (o: CheckOutcome): boolean => {
    const h = held.get(o.family);
    if (!h) return false;
    if (o.status in h.counts) h.counts[o.status] += 1;
    h.outcomes.push(o);
    h.marks += o.status === 'pass' ? PROGRESS_MARK.pass : paint(STATUS_COLOR[o.status] ?? 'bold', PROGRESS_MARK[o.status] ?? '?');
    h.remaining -= 1;
    if (h.remaining <= 0) {
      closeFamily();
      const parts = STATUSES.filter((s) => h.counts[s] > 0).map((s) => `${h.counts[s]} ${s}`);
      write(`${pad(clean(o.family), width)} ${h.marks}  ${parts.join(', ')} ${paint('dim', `(${formatDuration(wallTimeMs(h.outcomes))})`)}\n`);
      held.delete(o.family);
      seen.add(o.family);
    }
    return true;
  };
  const openFamily = (family: string) => {
    if (current?.family === family || held.has(family)) return;
    closeFamily();
    current = { family, counts: emptyCounts(), outcomes: [] };
    /** A family seen before is back for the final phase (schema checks over every exchange). */
    const label = seen.has(family) ? `${clean(family)} (cont.)` : clean(family);
    seen.add(family);
    write(`${pad(label, width)} `);
  };

  return (event: RunEvent) => {
    switch (event.type) {
      case 'run-start': {
        const where = event.target ? ` against ${clean(event.target.baseUrl)}${event.target.embedded ? ' (embedded reference server)' : ''}` : '';
        const seed = event.seed !== undefined ? ` (seed ${event.seed})` : '';
        write(`Running ${event.total} check${event.total === 1 ? '' : 's'}${where}${seed}\n`);
        break;
      }
      case 'discovery-start':
        closeFamily();
        write(`${pad('discovery', width)} `);
        break;
      case 'discovery-end': {
        const when = (s: number) => (Number.isFinite(s) ? new Date(s * 1000).toISOString().replace('.000Z', 'Z') : '?');
        write(
          `${event.records} records${event.complete ? '' : ' (window not fully walked)'}, ${event.currencies} currencies, window ${when(event.window.start)} – ${when(event.window.end)} ${paint('dim', `(${formatDuration(event.durationMs)})`)}\n`,
        );
        for (const problem of event.problems) write(`  ${paint('yellow', '⚠')} ${clean(problem)}\n`);
        break;
      }
      case 'family-start':
        if (event.later !== undefined && event.later > 0 && !held.has(event.family) && !seen.has(event.family)) {
          closeFamily();
          held.set(event.family, { counts: emptyCounts(), outcomes: [], marks: '', remaining: event.checks });
        }
        openFamily(event.family);
        break;
      case 'check-start':
        openFamily(event.check.family);
        break;
      case 'check-end': {
        const o = event.outcome;
        if (holdMark(o)) break;
        openFamily(o.family);
        if (current && o.status in current.counts) current.counts[o.status] += 1;
        current?.outcomes.push(o);
        const mark = PROGRESS_MARK[o.status] ?? '?';
        write(o.status === 'pass' ? mark : paint(STATUS_COLOR[o.status] ?? 'bold', mark));
        break;
      }
      case 'family-end':
        if (current?.family === event.family) closeFamily();
        break;
      case 'run-end':
        closeFamily();
        write(`Done: ${totalChecks(event.result)} checks, ${event.result.requests} requests in ${formatDuration(event.result.durationMs)}\n`);
        break;
      default:
        break;
    }
  };
}
