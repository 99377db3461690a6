/**
 * `report.html`: one self-contained page (inline CSS and a little inline JS, no external resource)
 * with the verdict, seed, spec hash and target, the clause traceability matrix (clause -> checks ->
 * outcome), and every outcome with its request/response, curl and replay (peers.md §3 lesson 10;
 * OCI `report.html`). Every value from the run is HTML-escaped; secrets are never shown.
 */
import { REASON_TEXT, unjudgedRequired } from '../engine/coverage.js';
import { EXEMPT_COLUMNS, summaryLevels } from '../engine/coverage-summary.js';
import type { CheckOutcome, OutcomeStatus, RunResult } from '../contract/types.js';
import { PATH_EXPLAINED, STATUSES, STATUS_MARK, clauseLine, clauseStatus, clauseWhy, coverageOf, divergenceLine, familySummaries, isStrict, reasonLabel, targetText, verdict, violationLines } from './summary.js';
import { discoveryLine } from './console.js';
import { formatDuration, htmlEscape as h, redactText, safeJson, sanitizeResult, truncate } from './text.js';

/** Longest request/response body shown per outcome, in characters. */
export const MAX_HTML_BODY = 64 * 1024;

const CSS = `
:root{--pass:#1a7f37;--fail:#cf222e;--warn:#9a6700;--known:#1f6feb;--skip:#0969da;--disabled:#6e7781;--error:#8250df;--untestable:#6e7781;--uncovered:#bc4c00;--not-run:#6e7781;--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--code:#f6f8fa}
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:1200px;margin:0 auto;padding:16px 24px 48px}
header.verdict{padding:16px 24px;color:#fff}
header.verdict.ok{background:var(--pass)}header.verdict.bad{background:var(--fail)}
header.verdict h1{margin:0;font-size:24px}
header.verdict p{margin:4px 0 0}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:16px 0}
dl.meta dt{color:var(--muted)}dl.meta dd{margin:0;overflow-wrap:anywhere}
h2{font-size:18px;border-bottom:1px solid var(--line);padding-bottom:4px;margin-top:32px}
table{border-collapse:collapse;width:100%;margin:8px 0}
th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top;overflow-wrap:break-word;word-break:normal;hyphens:none}
td.why{min-width:16em;color:var(--muted)}
th{background:var(--code)}.n{text-align:right;font-variant-numeric:tabular-nums}.z{color:var(--line)}
code,pre{font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:var(--code);border:1px solid var(--line);border-radius:6px;padding:8px;white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0 8px;max-height:480px;overflow:auto}
.badge{display:inline-block;border-radius:10px;padding:0 8px;color:#fff;font-size:12px;font-weight:600;white-space:nowrap}
${[...STATUSES, 'untestable', 'uncovered', 'not-run'].map((s) => `.b-${s}{background:var(--${s})}`).join('')}
.filters{position:sticky;top:0;background:var(--bg);padding:8px 0;border-bottom:1px solid var(--line);display:flex;flex-wrap:wrap;gap:12px;align-items:center;z-index:1}
.filters input[type=search]{padding:4px 8px;min-width:260px;border:1px solid var(--line);border-radius:6px}
.filters button{padding:3px 10px;border:1px solid var(--line);border-radius:6px;background:var(--code);cursor:pointer}
details.outcome{border:1px solid var(--line);border-left-width:6px;border-radius:6px;margin:6px 0;padding:0 12px;overflow-wrap:anywhere}
${STATUSES.map((s) => `details.outcome.s-${s}{border-left-color:var(--${s})}`).join('')}
details.outcome>summary{cursor:pointer;padding:6px 0;list-style-position:outside}
details.outcome>summary .id{font-weight:600}
details.outcome>summary .op,details.outcome>summary .title{color:var(--muted);margin-left:8px}
.label{font-weight:600;margin-top:8px}
.msg{font-weight:600;margin:8px 0}
.divergence{color:var(--known);font-weight:600}
.kinds{margin:4px 0 8px;padding-left:20px;font-family:ui-monospace,monospace;font-size:12px}
.empty{color:var(--muted);font-style:italic}
`;

const SCRIPT = `
(function(){
  var boxes=[].slice.call(document.querySelectorAll('input[data-filter]'));
  var q=document.getElementById('q');
  var items=[].slice.call(document.querySelectorAll('details.outcome'));
  var count=document.getElementById('shown');
  function apply(){
    var on={};boxes.forEach(function(b){on[b.value]=b.checked;});
    var t=(q.value||'').toLowerCase();var n=0;
    items.forEach(function(e){var ok=on[e.getAttribute('data-status')]&&(!t||e.getAttribute('data-search').indexOf(t)>=0);e.hidden=!ok;if(ok)n++;});
    count.textContent=String(n);
  }
  boxes.forEach(function(b){b.addEventListener('change',apply);});
  q.addEventListener('input',apply);
  var hide=document.getElementById('hide-pass');
  if(hide){hide.addEventListener('change',function(){[].slice.call(document.querySelectorAll('tr.clause')).forEach(function(r){r.hidden=hide.checked&&r.getAttribute('data-status')==='pass';});});}
  document.getElementById('expand').addEventListener('click',function(){items.forEach(function(e){if(!e.hidden)e.open=true;});});
  document.getElementById('collapse').addEventListener('click',function(){items.forEach(function(e){e.open=false;});});
  apply();
})();
`;

function badge(status: string): string {
  return `<span class="badge b-${h(status)}">${h((STATUS_MARK as Record<string, string>)[status] ?? '')} ${h(status)}</span>`;
}

function pre(text: string): string {
  return `<pre>${h(text)}</pre>`;
}

function headersText(headers: Record<string, string>): string {
  return Object.keys(headers)
    .sort()
    .map((k) => `${k}: ${headers[k]}`)
    .join('\n');
}

/** A JSON body indented for reading (when it parses and is not huge); any other body as is. */
function prettyBody(body: string): string {
  const trimmed = body.trimStart();
  if (body.length > MAX_HTML_BODY || !(trimmed.startsWith('{') || trimmed.startsWith('['))) return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function outcomeHtml(o: CheckOutcome, index: number, passive: boolean): string {
  const v = o.violation;
  const parts: string[] = [];
  const headline = v?.message ?? o.reason;
  if (headline) parts.push(`<p class="msg">${h(headline)}</p>`);
  if (v && o.reason) parts.push(`<p>${reasonLabel(o)}: ${h(o.reason)}</p>`);
  const divergence = divergenceLine(o);
  if (divergence) parts.push(`<p class="divergence">Divergence: ${h(divergence)}</p>`);
  const kinds = violationLines(o);
  if (kinds.length > 0) parts.push(`<div class="label">Violations</div><ul class="kinds">${kinds.map((k) => `<li>${h(k)}</li>`).join('')}</ul>`);
  parts.push(
    `<dl class="meta"><dt>Check</dt><dd>${h(o.title)}</dd><dt>Family</dt><dd>${h(o.family)}</dd><dt>Clause</dt><dd>${h(clauseLine(o))}</dd>` +
      `<dt>Requests</dt><dd>${o.requests}</dd><dt>Time</dt><dd>${h(formatDuration(o.durationMs))}</dd>${passive ? '' : `<dt>Seed</dt><dd>${o.seed}</dd>`}` +
      (o.path ? `<dt>Path</dt><dd><code>${h(o.path)}</code> — ${h(PATH_EXPLAINED)}</dd>` : '') +
      `</dl>`,
  );
  if (v) {
    parts.push(`<div class="label">Expected</div>${pre(v.expected)}`);
    parts.push(`<div class="label">Received</div>${pre(v.received)}`);
    if (v.request) {
      const req = v.request;
      const text = `${req.method} ${req.url}\n${headersText(req.headers ?? {})}${req.body !== undefined ? `\n\n${truncate(req.body, MAX_HTML_BODY)}` : ''}`;
      parts.push(`<div class="label">Request</div>${pre(text)}`);
    }
    if (v.response) {
      const res = v.response;
      // Redacted again: re-serialising the JSON body may unescape a header line (`\u0078-api-key: …`).
      const text = `HTTP ${res.status}\n${headersText(res.headers ?? {})}\n\n${truncate(redactText(prettyBody(res.body ?? '')), MAX_HTML_BODY)}`;
      parts.push(`<div class="label">Response</div>${pre(text)}`);
    }
    if (v.curl) parts.push(`<div class="label">Reproduce</div>${pre(v.curl)}`);
  }
  parts.push(`<div class="label">Replay</div>${pre(o.replay)}`);
  if (o.counterexample !== undefined) parts.push(`<div class="label">Counterexample</div>${pre(truncate(safeJson(o.counterexample, 2), MAX_HTML_BODY))}`);
  const search = [o.id, o.family, o.operation, o.title, ...o.clauses].join(' ').toLowerCase();
  const open = o.status === 'fail' || o.status === 'error' ? ' open' : '';
  return (
    `<details class="outcome s-${h(o.status)}" id="o-${index}" data-status="${h(o.status)}" data-search="${h(search)}"${open}>` +
    `<summary>${badge(o.status)} <span class="id">${h(o.id)}</span><span class="op">${h(o.operation)}</span><span class="title">${h(truncate(o.title, 200))}</span></summary>` +
    parts.join('') +
    `</details>`
  );
}

/** What a reader must see first: fail, error, warn, then skip, disabled and pass, each in run order. */
const DISPLAY_RANK: Readonly<Record<OutcomeStatus, number>> = { fail: 0, error: 1, warn: 2, known: 3, skip: 4, disabled: 5, pass: 6 };

/** Coverage of the contract (coverage.ts): counts per level and every clause not judged, with why; empty without coverage. */
function coverageHtml(result: RunResult): string {
  const summary = coverageOf(result);
  if (!summary) return '';
  const gate = summary.require;
  const required = new Set(unjudgedRequired(result.clauses, gate).map((r) => r.id));
  const levels = summaryLevels(summary);
  const exempt = EXEMPT_COLUMNS.filter(([key]) => levels.some(([, c]) => c[key] > 0));
  const rows = levels
    .map(([l, c]) => `<tr><td>${l}</td><td class="n">${c.clauses}</td><td class="n">${c.pass}</td><td class="n">${c.fail}</td><td class="n">${c.unjudged}</td><td class="n">${c.untestable}</td>${exempt.map(([key]) => `<td class="n">${c[key]}</td>`).join('')}</tr>`)
    .join('');
  const unjudged = result.clauses.filter((c) => c.coverage?.state === 'unjudged' && c.coverage.reason !== 'untestable');
  const list = unjudged
    .map((c) => `<tr><td><code>${h(c.id)}</code>${required.has(c.id) ? ' <strong>(required)</strong>' : ''}</td><td>${h(c.level ?? '')}</td><td>${h(REASON_TEXT[c.coverage?.reason ?? 'not-in-run'])}</td><td class="why">${h(truncate(c.coverage?.detail ?? '', 600))}</td></tr>`)
    .join('');
  return `<h2>Coverage of the contract${gate ? ` (--require ${h(gate)})` : ''}</h2>
<table><thead><tr><th>Level</th><th>Clauses</th><th>Pass</th><th>Fail</th><th>Not judged</th><th>Untestable</th>${exempt.map(([, title]) => `<th>${h(title[0]!.toUpperCase() + title.slice(1))}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>
${unjudged.length ? `<details><summary>Not judged (${unjudged.length})</summary><table><thead><tr><th>Clause</th><th>Level</th><th>Why not</th><th>Detail</th></tr></thead><tbody>${list}</tbody></table></details>` : ''}`;
}

function displayOrder(outcomes: readonly CheckOutcome[]): Array<[CheckOutcome, number]> {
  return outcomes
    .map((o, i) => [o, i] as [CheckOutcome, number])
    .sort((a, b) => (DISPLAY_RANK[a[0].status] ?? 9) - (DISPLAY_RANK[b[0].status] ?? 9) || a[1] - b[1]);
}

/** report.html text. */
export function renderHtml(raw: RunResult): string {
  const result = sanitizeResult(raw);
  const v = verdict(result);
  const anchors = new Map<string, number>();
  result.outcomes.forEach((o, i) => {
    if (!anchors.has(o.id)) anchors.set(o.id, i);
  });
  const link = (id: string, status: OutcomeStatus) => {
    const i = anchors.get(id);
    const label = `${badge(status)} <code>${h(id)}</code>`;
    return i === undefined ? label : `<a href="#o-${i}">${label}</a>`;
  };

  const meta: Array<[string, string]> = [
    ['Target', targetText(result)],
    result.passive ? ['Observed by', `crosschain-conformance ${result.passive.command}`] : ['Seed', String(result.seed)],
    ['Spec hash', result.spec.hash],
    ['Kit', `${result.kit.name} ${result.kit.version}`],
    ['Started', result.startedAt],
    ['Duration', formatDuration(result.durationMs)],
    ['Requests', String(result.requests)],
    ['Strict', isStrict(result) ? 'yes (SHOULD violations fail)' : 'no (SHOULD violations warn)'],
  ];
  if (result.target.now) meta.splice(1, 0, ['Target clock', result.target.now]);
  if (result.discovery) meta.push(['Discovery', discoveryLine(result.discovery)]);
  if (result.aborted) meta.push(['Stopped early', result.aborted]);

  const familyRows = familySummaries(result.outcomes, result.passive?.exchangesByFamily)
    .map((f) => `<tr><td><code>${h(f.family)}</code></td>${STATUSES.map((s) => `<td class="n${f.counts[s] === 0 ? ' z' : ''}">${f.counts[s]}</td>`).join('')}<td class="n">${h(formatDuration(f.durationMs))}</td></tr>`)
    .join('');
  const totalRow = `<tr><th>Total</th>${STATUSES.map((s) => `<th class="n">${result.totals[s] ?? 0}</th>`).join('')}<th class="n">${h(formatDuration(result.durationMs))}</th></tr>`;

  const clauseRows = result.clauses
    .map((c) => {
      const st = clauseStatus(c);
      const checks = c.checks.length
        ? c.checks.map((k) => link(k.id, k.status)).join('<br>')
        : `<span class="empty">${h(c.untestable ? `untestable: ${c.untestable}` : st === 'not-run' ? 'none run here' : 'no check')}</span>`;
      const judged = c.coverage ? (c.coverage.state === 'unjudged' ? `not judged: ${REASON_TEXT[c.coverage.reason ?? 'not-in-run']}` : `judged: ${c.coverage.state}`) : '';
      return `<tr class="clause" data-status="${h(st)}"><td><code>${h(c.id)}</code></td><td>${h(c.level ?? '')}</td><td>${h(c.kind)}</td><td>${badge(st)}</td><td>${h(judged)}</td><td>${checks}</td><td class="why">${h(truncate(clauseWhy(c, result.outcomes), 600))}</td></tr>`;
    })
    .join('');

  const filters = STATUSES.map(
    (s) => `<label><input type="checkbox" data-filter value="${s}" checked> ${badge(s)} ${result.totals[s] ?? 0}</label>`,
  ).join(' ');

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conformance ${h(v.word)}: ${h(result.target.baseUrl)}</title>
<style>${CSS}</style>
</head>
<body>
<header class="verdict ${v.ok ? 'ok' : 'bad'}"><h1>${v.ok ? '✔' : '✘'} Conformance ${h(v.word)}</h1><p>${h(v.sentence)}</p></header>
<main>
<dl class="meta">${meta.map(([k, val]) => `<dt>${h(k)}</dt><dd>${h(val)}</dd>`).join('')}</dl>
<h2>Totals per check family</h2>
<table><thead><tr><th>Family</th>${STATUSES.map((s) => `<th>${badge(s)}</th>`).join('')}<th>Time</th></tr></thead><tbody>${familyRows}</tbody><tfoot>${totalRow}</tfoot></table>
${coverageHtml(result)}
<h2>Outcomes (<span id="shown">${result.outcomes.length}</span> of ${result.outcomes.length} shown)</h2>
<div class="filters">${filters} <input type="search" id="q" placeholder="filter by id, family, operation, clause" aria-label="filter"> <button type="button" id="expand">expand all</button> <button type="button" id="collapse">collapse all</button></div>
${displayOrder(result.outcomes).map(([o, i]) => outcomeHtml(o, i, result.passive !== undefined)).join('\n') || '<p class="empty">No check ran.</p>'}
<h2>Clause traceability (${result.clauses.length} clause${result.clauses.length === 1 ? '' : 's'}: clause → checks → outcome)</h2>
${result.clauses.length ? `<p><label><input type="checkbox" id="hide-pass"> hide passing clauses</label></p><table><thead><tr><th>Clause</th><th>Level</th><th>Kind</th><th>Status</th><th>Coverage</th><th>Checks</th><th>Why</th></tr></thead><tbody>${clauseRows}</tbody></table>` : '<p class="empty">No clause catalogue in this result.</p>'}
<h2>Configuration (secrets redacted)</h2>
${pre(safeJson(result.config, 2))}
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
