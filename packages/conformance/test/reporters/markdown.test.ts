import { describe, expect, it } from 'vitest';
import { MAX_MARKDOWN_BYTES, renderMarkdown } from '../../src/reporters/markdown.js';
import { FAKE_KEY, clean, errored, failing, hostile, mixed, outcome, runResult, skipped, strict, warning } from './fixtures.js';

/** Fenced blocks of a Markdown text: [info string, content]. */
function fences(md: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const re = /^(`{3,})([^\n`]*)\n([\s\S]*?)\n\1$/gm;
  for (const m of md.matchAll(re)) out.push([m[2], m[3]]);
  return out;
}

describe('renderMarkdown', () => {
  it.each([
    [mixed, '## ❌ Conformance FAILED', '**FAILED (exit 1): 1 check failed, 1 warning, 1 errored**'],
    [clean, '## ✅ Conformance PASSED', '**PASSED (exit 0): no check failed, 1 skipped**'],
    [strict, '## ❌ Conformance FAILED', '**FAILED (exit 1): 1 warning counted as a failure under --strict**'],
  ])('headline verdict', (result, headline, sentence) => {
    const md = renderMarkdown(result);
    const lines = md.split('\n');
    expect(lines[0]).toBe(headline);
    expect(lines[2]).toBe(sentence);
  });

  it('has a totals table with one row per family and a total row', () => {
    const md = renderMarkdown(mixed);
    expect(md).toContain('| Family | ✔ pass | ✘ fail | ⚠ warn | ≈ known | ○ skip | – disabled | ‼ error | Time |');
    expect(md).toContain('| `requests-v3.filters` | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 13 ms |');
    expect(md).toContain('| **Total** | **2** | **1** | **1** | **0** | **1** | **1** | **1** | **12.3 s** |');
    expect(md).toContain('| http://127.0.0.1:4010 (embedded) | `1234` | `sha256:0123456789abcdef` |');
  });

  it('shows each failure with clause, expected/received, curl and replay in code blocks', () => {
    const md = renderMarkdown(mixed);
    expect(md).toContain('### Failures (1)');
    expect(md).toContain('### Errors (1)');
    expect(md).toContain('### Warnings (1)');
    expect(md).toContain(`#### ✘ \`${failing.id}\` — \`GET /requests/v3\``);
    expect(md).toContain('- **Clause:** `requests-v3.filters.groups-or`, `requests-v3.filters.groups` (MUST)');
    const blocks = fences(md);
    expect(blocks).toContainEqual(['text', failing.violation!.expected]);
    expect(blocks).toContainEqual(['text', failing.violation!.received]);
    expect(blocks).toContainEqual(['sh', failing.violation!.curl]);
    expect(blocks).toContainEqual(['sh', failing.replay]);
    expect(blocks).toContainEqual(['sh', warning.replay]);
    expect(blocks).toContainEqual(['sh', errored.replay]);
    expect(blocks).toContainEqual(['json', JSON.stringify(failing.counterexample, null, 2)]);
    expect(md).toContain(`| ○ skip | \`${skipped.id}\` | needs --other-api-key |`);
    expect(md).toContain('<summary>Clause traceability (');
  });

  it('target text cannot break out: no raw HTML, code blocks hold what they hold', () => {
    const md = renderMarkdown(hostile);
    const outsideFences = md.replace(/^(`{3,})[^\n`]*\n[\s\S]*?\n\1$/gm, '');
    expect(outsideFences).not.toContain('<script>');
    expect(outsideFences).not.toContain('<b>');
    expect(outsideFences).toContain('&lt;script&gt;alert(');
    expect(md).not.toContain(FAKE_KEY);
    // The expected value contains ``` yet stays one block with the full text.
    const expectedBlock = fences(md).find(([, body]) => body.startsWith('<script>'));
    expect(expectedBlock?.[1]).toContain('``` fence');
    expect(expectedBlock?.[1]).toContain('\nsecond line');
    expect(md).toContain('… [196000 more characters]');
  });

  it('stays under 1 MB however many failures there are, and says what it left out', () => {
    const many = Array.from({ length: 1500 }, (_, i) =>
      outcome({ id: `big.check-${i}`, status: 'fail', violation: { message: 'm', expected: 'e'.repeat(3000), received: 'r'.repeat(3000) } }),
    );
    const md = renderMarkdown(runResult(many));
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MAX_MARKDOWN_BYTES);
    const shown = (md.match(/^#### ✘ /gm) ?? []).length;
    expect(shown).toBeGreaterThan(100);
    expect(shown).toBeLessThan(1500);
    expect(md).toContain(`_${1500 - shown} more entries left out to keep this summary under 1 MB; see results.json or report.html._`);
  });

  it('honours a smaller byte budget', () => {
    const md = renderMarkdown(mixed, { maxBytes: 3000 });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(3000);
    expect(md).toMatch(/more entr(y|ies) left out/);
  });
});

describe('renderMarkdown: a counterexample is bounded (one pasted some 150 lines)', () => {
  it('shows at most 300 characters ending with …, says where the whole value is; results.json keeps it whole', async () => {
    const { MARKDOWN_COUNTEREXAMPLE_CHARS } = await import('../../src/reporters/markdown.js');
    const { renderJson } = await import('../../src/reporters/json.js');
    const counterexample = { records: Array.from({ length: 150 }, (_, i) => ({ id: `0x${i.toString(16).padStart(64, 'a')}`, status: 'success' })) };
    const result = runResult([outcome({ id: 'requests-v3.pagination.no-gaps', status: 'fail', violation: { message: 'a record is missing', expected: 'x', received: 'y' }, counterexample })]);
    const md = renderMarkdown(result);
    const block = fences(md).find(([info]) => info === 'json')![1];
    expect(MARKDOWN_COUNTEREXAMPLE_CHARS).toBe(300);
    expect(block.length).toBe(300);
    expect(block.endsWith('…')).toBe(true);
    expect(block.split('\n')).toHaveLength(1);
    expect(md).toMatch(/\*\*Counterexample\*\* \(\d+ characters, cut; the whole value: `counterexample` of `requests-v3\.pagination\.no-gaps` in results\.json\)/);
    const whole = JSON.parse(renderJson(result)) as { outcomes: Array<{ counterexample: unknown }> };
    expect(whole.outcomes[0]!.counterexample).toEqual(counterexample);
  });
  it('a short counterexample stays whole and indented', () => {
    const md = renderMarkdown(runResult([failing]));
    expect(fences(md)).toContainEqual(['json', JSON.stringify(failing.counterexample, null, 2)]);
    expect(md).not.toMatch(/characters, cut/);
  });
});
