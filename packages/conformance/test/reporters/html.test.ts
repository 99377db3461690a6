import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/reporters/html.js';
import { FAKE_KEY, clean, failing, hostile, mixed, runResult, strict } from './fixtures.js';

/** `<details>` elements of the outcomes: [id attribute, data-status, inner html]. */
function outcomes(html: string): Array<{ anchor: string; status: string; body: string }> {
  return [...html.matchAll(/<details class="outcome s-(\w+)" id="(o-\d+)" data-status="(\w+)"[^>]*>([\s\S]*?)<\/details>/g)].map((m) => ({
    anchor: m[2],
    status: m[3],
    body: m[4],
  }));
}

describe('renderHtml', () => {
  it.each([
    ['mixed', mixed],
    ['clean', clean],
    ['strict', strict],
    ['hostile', hostile],
    ['empty', runResult([], { exitCode: 4, clauses: [] })],
  ])('%s: self-contained (no external resource, one inline script)', (_name, result) => {
    const html = renderHtml(result);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).not.toMatch(/\s(src|srcset|action|formaction|poster|data)=/i);
    expect(html).not.toMatch(/<(link|iframe|object|embed|img|base)\b/i);
    expect(html).not.toMatch(/@import|url\(/i);
    expect(html).not.toMatch(/href="(?!#o-\d+")/);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('header: verdict, seed, spec hash, target', () => {
    const html = renderHtml(mixed);
    expect(html).toContain('<header class="verdict bad"><h1>✘ Conformance FAILED</h1><p>FAILED (exit 1): 1 check failed, 1 warning, 1 errored</p></header>');
    expect(html).toContain('<dt>Seed</dt><dd>1234</dd>');
    expect(html).toContain('<dt>Spec hash</dt><dd>sha256:0123456789abcdef</dd>');
    expect(html).toContain('<dt>Target</dt><dd>http://127.0.0.1:4010 (embedded reference server)</dd>');
    expect(renderHtml(clean)).toContain('<header class="verdict ok">');
  });

  it('one outcome block per outcome with its status, failures open, with request/response, curl and replay', () => {
    const html = renderHtml(mixed);
    const blocks = outcomes(html);
    // Failures first, then errors, warnings, skips, disabled and passes; anchors keep the run index.
    expect(blocks.map((b) => [b.status, b.anchor])).toEqual([
      ['fail', 'o-1'],
      ['error', 'o-5'],
      ['warn', 'o-2'],
      ['skip', 'o-3'],
      ['disabled', 'o-4'],
      ['pass', 'o-0'],
      ['pass', 'o-6'],
    ]);
    const fail = blocks[0];
    expect(fail.body).toContain('Groups must be OR-ed');
    expect(fail.body).toContain('<div class="label">Request</div><pre>GET http://127.0.0.1:4010/requests/v3?limit=51\naccept: application/json\nx-api-key: &lt;redacted&gt;</pre>');
    expect(fail.body).toContain('<div class="label">Response</div><pre>HTTP 200\ncontent-type: application/json\n\n{\n  &quot;requests&quot;: []\n}</pre>');
    expect(fail.body).toContain(`<div class="label">Reproduce</div><pre>curl -H &#39;x-api-key: &lt;redacted&gt;&#39; &#39;http://127.0.0.1:4010/requests/v3?limit=51&#39;</pre>`);
    expect(fail.body).toContain(`<div class="label">Replay</div><pre>${failing.replay}</pre>`);
    expect(html).toMatch(/<details class="outcome s-fail" id="o-1" data-status="fail" data-search="[^"]*" open>/);
    expect(html).toMatch(/<details class="outcome s-pass" id="o-0" data-status="pass" data-search="[^"]*">/);
  });

  it('clause traceability matrix: clause -> checks -> outcome, linked to the outcome', () => {
    const html = renderHtml(mixed);
    const row = html.match(/<tr class="clause" data-status="fail"><td><code>requests-v3\.filters\.groups-or<\/code><\/td>[\s\S]*?<\/tr>/)?.[0] ?? '';
    expect(row).toContain('<span class="badge b-fail">✘ fail</span>');
    expect(row).toContain(`<a href="#o-1"><span class="badge b-fail">✘ fail</span> <code>${failing.id}</code></a>`);
    const untestable = renderHtml(runResult([], { clauses: [{ id: 'x.y', kind: 'behaviour', untestable: 'needs <the> clock', checks: [] }] }));
    expect(untestable).toContain('<span class="badge b-untestable">');
    expect(untestable).toContain('untestable: needs &lt;the&gt; clock');
  });

  it('every clause row that is not a plain pass says why; the table wraps words, not letters; Path is explained', () => {
    const html = renderHtml(mixed);
    const row = html.match(/<tr class="clause" data-status="fail">[\s\S]*?<\/tr>/)?.[0] ?? '';
    expect(row).toContain(`<td class="why">${failing.id} (fail): ${failing.violation!.message}</td>`);
    const uncovered = renderHtml(runResult([], { clauses: [{ id: 'x.z', kind: 'behaviour', checks: [] }] }));
    expect(uncovered).toContain('<td class="why">no check of the kit tests this clause yet</td>');
    expect(html).not.toMatch(/th,td\{[^}]*overflow-wrap:anywhere/);
    expect(html).toMatch(/th,td\{[^}]*overflow-wrap:break-word;word-break:normal/);
    expect(html).toContain("<dt>Path</dt><dd><code>0:1:2</code> — fast-check&#39;s shrink path");
  });

  it('filter controls: one checkbox per status, and a search box', () => {
    const html = renderHtml(mixed);
    for (const s of ['pass', 'fail', 'warn', 'skip', 'disabled', 'error']) {
      expect(html).toContain(`<input type="checkbox" data-filter value="${s}" checked>`);
    }
    expect(html).toContain('<input type="search" id="q"');
  });

  it('escapes everything from the target and never shows a secret', () => {
    const html = renderHtml(hostile);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('"1"');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&amp;y&quot;)&lt;/script&gt;');
    expect(html).not.toContain(FAKE_KEY);
    expect(html).toContain('&lt;redacted&gt;');
    expect(html.length).toBeLessThan(500_000);
  });
});
