/**
 * `summary.md` for CI step summaries (GitHub's `$GITHUB_STEP_SUMMARY`, at most 1 MiB): the verdict,
 * a totals table per family, then every failure, warning and error with its clause, expected and
 * received, the curl and the replay command in code blocks. Target data is escaped; long values are
 * truncated and the document stays under {@link MAX_MARKDOWN_BYTES}.
 */
import { staleEntries } from '../baseline/stale.js';
import { REASON_TEXT, unjudgedRequired } from '../engine/coverage.js';
import { EXEMPT_COLUMNS, summaryLevels } from '../engine/coverage-summary.js';
import type { CheckOutcome, RunResult } from '../contract/types.js';
import { discoveryLine } from './console.js';
import { MERGED_TIMES, STATUSES, STATUS_MARK, clauseStatus, clauseWhy, coverageOf, divergenceLine, familySummaries, knownMeaning, reasonLabel, targetText, verdict, violationLines } from './summary.js';
import { formatDuration, mdCode, mdFence, mdInline, safeJson, sanitizeResult, truncate } from './text.js';

/** Upper bound of the document, in UTF-8 bytes (GitHub refuses step summaries over 1 MiB). */
export const MAX_MARKDOWN_BYTES = 1_000_000;

/** Longest counterexample shown, in characters (one pasted some 150 lines); the whole value stays in results.json. */
export const MARKDOWN_COUNTEREXAMPLE_CHARS = 300;
/** Unjudged clauses listed in the coverage section; the rest are counted (results.json has them all). */
export const MARKDOWN_UNJUDGED_ROWS = 15;

export interface MarkdownOptions {
  /** Longest expected/received shown, in characters; default 4,000. */
  maxValueLength?: number;
  /** Longest counterexample shown, in characters; default {@link MARKDOWN_COUNTEREXAMPLE_CHARS}. */
  maxCounterexampleLength?: number;
  /** Byte budget of the whole document; default {@link MAX_MARKDOWN_BYTES}. */
  maxBytes?: number;
}

const CLAUSE_MARK: Readonly<Record<string, string>> = { ...STATUS_MARK, untestable: '∅', uncovered: '?', 'not-run': '·' };

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** A counterexample in at most `max` characters: indented when that fits, else on one line cut with `…`. */
export function boundedCounterexample(value: unknown, max: number): string {
  const pretty = safeJson(value, 2);
  if (pretty.length <= max) return pretty;
  const text = safeJson(value);
  if (text.length <= max) return text;
  let cut = Math.max(0, max - 1);
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}…`;
}

function outcomeSection(o: CheckOutcome, max: number, counterexampleMax: number): string {
  const parts: string[] = [];
  parts.push(`#### ${STATUS_MARK[o.status]} ${mdCode(o.id)} — ${mdCode(o.operation)}`);
  const headline = o.violation?.message ?? o.reason;
  if (headline) parts.push(mdInline(truncate(headline, max)));
  if (o.violation && o.reason) parts.push(`**${reasonLabel(o)}:** ${mdInline(truncate(o.reason, max))}`);
  const divergence = divergenceLine(o);
  if (divergence) parts.push(`**Divergence:** ${mdInline(divergence)}`);
  const kinds = violationLines(o);
  if (kinds.length > 0) parts.push(`**Violations**\n\n${kinds.map((k) => `- ${mdInline(truncate(k, max))}`).join('\n')}`);
  const clauses = o.clauses.length ? o.clauses.map(mdCode).join(', ') : 'none';
  parts.push(`- **Check:** ${mdInline(o.title)}\n- **Clause:** ${clauses} (${o.level})\n- **Requests:** ${o.requests}, ${formatDuration(o.durationMs)}`);
  if (o.violation) {
    parts.push(`**Expected**\n\n${mdFence(truncate(o.violation.expected, max), 'text')}`);
    parts.push(`**Received**\n\n${mdFence(truncate(o.violation.received, max), 'text')}`);
    if (o.violation.curl) parts.push(`**Reproduce**\n\n${mdFence(truncate(o.violation.curl, max), 'sh')}`);
  }
  parts.push(`**Replay**\n\n${mdFence(o.replay, 'sh')}`);
  if (o.counterexample !== undefined) {
    const text = safeJson(o.counterexample);
    const note = text.length > counterexampleMax ? ` (${text.length} characters, cut; the whole value: \`counterexample\` of ${mdCode(o.id)} in results.json)` : '';
    parts.push(`**Counterexample**${note}\n\n${mdFence(boundedCounterexample(o.counterexample, counterexampleMax), 'json')}`);
  }
  return parts.join('\n\n');
}

function totalsTable(result: RunResult): string {
  const head = `| Family | ${STATUSES.map((s) => `${STATUS_MARK[s]} ${s}`).join(' | ')} | Time |`;
  const sep = `|---|${STATUSES.map(() => '--:').join('|')}|--:|`;
  const rows = familySummaries(result.outcomes, result.passive?.exchangesByFamily).map(
    (f) => `| ${mdCode(f.family)} | ${STATUSES.map((s) => String(f.counts[s])).join(' | ')} | ${formatDuration(f.durationMs)} |`,
  );
  const total = `| **Total** | ${STATUSES.map((s) => `**${result.totals[s] ?? 0}**`).join(' | ')} | **${formatDuration(result.durationMs)}** |`;
  const merged = typeof result.config.shards === 'number' ? [``, `_${result.config.shards} shards merged: ${MERGED_TIMES}._`] : [];
  return [head, sep, ...rows, total, ...merged].join('\n');
}

/**
 * Coverage of the contract (coverage.ts): counts per level, then the unjudged clauses with the
 * reason (at most {@link MARKDOWN_UNJUDGED_ROWS}, those the `--require` gate counts first, marked);
 * undefined for results without coverage.
 */
function coverageSection(result: RunResult): string | undefined {
  const summary = coverageOf(result);
  if (!summary) return undefined;
  const gate = summary.require;
  const levels = summaryLevels(summary);
  const exempt = EXEMPT_COLUMNS.filter(([key]) => levels.some(([, c]) => c[key] > 0));
  const head = `| Level | Clauses | ✔ pass | ✘ fail | not judged | untestable |${exempt.map(([, title]) => ` ${title} |`).join('')}\n|---|--:|--:|--:|--:|--:|${'--:|'.repeat(exempt.length)}`;
  const rows = levels.map(([l, c]) => `| ${l} | ${c.clauses} | ${c.pass} | ${c.fail} | ${c.unjudged} | ${c.untestable} |${exempt.map(([key]) => ` ${c[key]} |`).join('')}`);
  const parts = [`### Coverage of the contract${gate ? ` (--require ${gate})` : ''}`, [head, ...rows].join('\n')];
  const required = new Set(unjudgedRequired(result.clauses, gate).map((r) => r.id));
  const unjudged = result.clauses.filter((c) => c.coverage?.state === 'unjudged' && c.coverage.reason !== 'untestable');
  unjudged.sort((a, b) => Number(required.has(b.id)) - Number(required.has(a.id)) || (a.level === b.level ? 0 : a.level === 'MUST' ? -1 : 1));
  if (unjudged.length > 0) {
    const shown = unjudged.slice(0, MARKDOWN_UNJUDGED_ROWS).map((c) => {
      const reason = c.coverage?.reason ?? 'not-in-run';
      return `| ${mdCode(c.id)}${required.has(c.id) ? ' **(required)**' : ''} | ${c.level ?? ''} | ${mdInline(REASON_TEXT[reason])} | ${mdInline(truncate(c.coverage?.detail ?? '', 200))} |`;
    });
    const more = unjudged.length > shown.length ? `\n\n_… ${unjudged.length - shown.length} more not judged: see \`clauses[].coverage\` in results.json._` : '';
    parts.push(`**Not judged (${unjudged.length}):**\n\n| Clause | Level | Why not | Detail |\n|---|---|---|---|\n${shown.join('\n')}${more}`);
  }
  return parts.join('\n\n');
}

/**
 * The stale entries of the run's `--baseline` file (a listed check that now passes, an expired
 * entry), as the console lists them: the job summary is where a CI reader sees them.
 */
function staleSection(result: RunResult): string | undefined {
  const stale = staleEntries(result.baseline);
  if (stale.length === 0 || !result.baseline) return undefined;
  const gate = result.config?.failOnStaleBaseline === true ? 'They fail the run (`--fail-on-stale-baseline`).' : 'They do not fail the run; `--fail-on-stale-baseline` makes them fail it.';
  const rows = stale.map((s) => `| ${mdCode(s.check)} | ${s.why === 'fixed' ? 'now passes: remove its entry' : 'entry expired: the failure counts again; renew the entry or fix the failure'} |`);
  return `### Stale baseline entries (${stale.length})\n\nIn ${mdCode(result.baseline.file)}. ${gate}\n\n| Check | Entry |\n|---|---|\n${rows.join('\n')}`;
}

/** summary.md text. */
export function renderMarkdown(raw: RunResult, options: MarkdownOptions = {}): string {
  const result = sanitizeResult(raw);
  const max = options.maxValueLength ?? 4000;
  const budget = options.maxBytes ?? MAX_MARKDOWN_BYTES;
  const v = verdict(result);
  const out: string[] = [];
  out.push(`## ${v.ok ? '✅' : '❌'} Conformance ${v.word}`);
  out.push(`**${mdInline(v.sentence)}**`);
  out.push(
    [
      `| Target | ${result.passive ? 'Observed by' : 'Seed'} | Spec hash | Kit | Duration | ${result.passive ? 'Exchanges' : 'Requests'} |`,
      '|---|---|---|---|---|---|',
      `| ${mdInline(result.passive ? targetText(result) : `${result.target.baseUrl}${result.target.embedded ? ' (embedded)' : ''}`)} | ${mdCode(result.passive ? `crosschain-conformance ${result.passive.command}` : String(result.seed))} | ${mdCode(result.spec.hash)} | ${mdCode(`${result.kit.name}@${result.kit.version}`)} | ${formatDuration(result.durationMs)} | ${result.requests} |`,
    ].join('\n'),
  );
  const notes: string[] = [];
  if (result.discovery) notes.push(`- **Discovery:** ${mdInline(discoveryLine(result.discovery))}`);
  if (result.aborted) notes.push(`- **Stopped early:** ${mdInline(result.aborted)}`);
  if (notes.length) out.push(notes.join('\n'));
  out.push(`### Totals\n\n${totalsTable(result)}`);
  const coverage = coverageSection(result);
  if (coverage) out.push(coverage);

  /** Reserve for the closing sections and the omission note. */
  const reserve = 2048;
  let used = byteLength(out.join('\n\n'));
  let omitted = 0;
  const groups: Array<[string, CheckOutcome['status']]> = [
    ['Failures', 'fail'],
    ['Errors', 'error'],
    ['Warnings', 'warn'],
    [`Known failures (${knownMeaning(result)})`, 'known'],
  ];
  for (const [title, status] of groups) {
    const list = result.outcomes.filter((o) => o.status === status);
    if (list.length === 0) continue;
    const heading = `### ${title} (${list.length})`;
    out.push(heading);
    used += byteLength(heading) + 2;
    for (const o of list) {
      const section = outcomeSection(o, max, options.maxCounterexampleLength ?? MARKDOWN_COUNTEREXAMPLE_CHARS);
      const size = byteLength(section) + 2;
      if (used + size > budget - reserve) {
        omitted += 1;
        continue;
      }
      out.push(section);
      used += size;
    }
  }

  const stale = staleSection(result);
  if (stale) {
    out.push(stale);
    used += byteLength(stale) + 2;
  }

  const skipped = result.outcomes.filter((o) => o.status === 'skip' || o.status === 'disabled');
  if (skipped.length > 0) {
    const rows = skipped.map((o) => `| ${STATUS_MARK[o.status]} ${o.status} | ${mdCode(o.id)} | ${mdInline(truncate(o.reason ?? '', 300))} |`);
    const section = `<details><summary>Skipped and disabled (${skipped.length})</summary>\n\n| Status | Check | Reason |\n|---|---|---|\n${rows.join('\n')}\n\n</details>`;
    const size = byteLength(section) + 2;
    if (used + size <= budget - reserve) {
      out.push(section);
      used += size;
    } else {
      omitted += skipped.length;
    }
  }

  if (result.clauses.length > 0) {
    const rows = result.clauses.map((c) => {
      const st = clauseStatus(c);
      const checks = c.checks.length
        ? c.checks.map((k) => `${STATUS_MARK[k.status]} ${mdCode(k.id)}`).join('<br>')
        : mdInline(c.untestable ? `untestable: ${c.untestable}` : st === 'not-run' ? 'none run here' : 'no check');
      return `| ${mdCode(c.id)} | ${c.level ?? ''} | ${CLAUSE_MARK[st] ?? ''} ${st} | ${checks} | ${mdInline(truncate(clauseWhy(c, result.outcomes), 300))} |`;
    });
    const section = `<details><summary>Clause traceability (${result.clauses.length} clause${result.clauses.length === 1 ? '' : 's'})</summary>\n\n| Clause | Level | Status | Checks | Why |\n|---|---|---|---|---|\n${rows.join('\n')}\n\n</details>`;
    const size = byteLength(section) + 2;
    if (used + size <= budget - reserve) {
      out.push(section);
      used += size;
    } else {
      out.push('_Clause traceability matrix left out to keep this summary under 1 MB; see results.json or report.html._');
    }
  }
  if (omitted > 0) {
    out.push(`_${omitted} more entr${omitted === 1 ? 'y' : 'ies'} left out to keep this summary under 1 MB; see results.json or report.html._`);
  }
  return `${out.join('\n\n')}\n`;
}
