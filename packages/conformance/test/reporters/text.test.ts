import { describe, expect, it } from 'vitest';
import {
  displayWidth,
  formatDuration,
  htmlEscape,
  mdCode,
  mdFence,
  mdInline,
  redactConfig,
  redactHeaders,
  redactText,
  safeJson,
  truncate,
  xmlAttr,
  xmlText,
} from '../../src/reporters/text.js';
import { parseXml } from './mini-xml.js';

describe('xml escaping', () => {
  const cases: Array<[string, string]> = [
    ['plain', 'plain'],
    ['a & b', 'a & b'],
    ['<tag attr="v">', '<tag attr="v">'],
    ["it's", "it's"],
    [']]>', ']]>'],
    ['line1\nline2\ttab', 'line1\nline2\ttab'],
    ['cr\r\nlf', 'cr\r\nlf'],
    ['ünïcödé 日本語 🚀', 'ünïcödé 日本語 🚀'],
    ['ctl\u0001\u001f', 'ctl\\u0001\\u001f'],
    ['lone \ud800 surrogate', 'lone \\ud800 surrogate'],
    ['lone low \udc00', 'lone low \\udc00'],
    ['\uFFFE\uFFFF', '\\ufffe\\uffff'],
    ['&amp; already', '&amp; already'],
  ];
  it.each(cases)('round-trips %j through an attribute and a text node', (input, decoded) => {
    const doc = parseXml(`<?xml version="1.0"?>\n<r a="${xmlAttr(input)}">${xmlText(input)}</r>`);
    expect(doc.attrs.a).toBe(decoded);
    expect(doc.text).toBe(decoded);
  });

  it('the mini parser rejects what the escaper must prevent', () => {
    expect(() => parseXml('<r>a & b</r>')).toThrow(/bare '&'/);
    expect(() => parseXml('<r a="<">x</r>')).toThrow(/raw '<'/);
    expect(() => parseXml('<r><a></r>')).toThrow(/mismatched/);
    expect(() => parseXml('<r>\u0001</r>')).toThrow(/Char/);
    expect(() => parseXml('<r>&nbsp;</r>')).toThrow(/unknown entity/);
    expect(() => parseXml('<r a=x/>')).toThrow(/malformed attributes/);
  });
});

describe('htmlEscape', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    [`"a" & 'b'`, '&quot;a&quot; &amp; &#39;b&#39;'],
    ['日本語 🚀', '日本語 🚀'],
    ['\u0000nul', '\\u0000nul'],
  ])('%j -> %j', (input, out) => {
    expect(htmlEscape(input)).toBe(out);
  });
});

describe('markdown helpers', () => {
  it('mdInline neutralises html, tables, links and emphasis, and keeps one line', () => {
    const out = mdInline('<b>x</b> | [l](u) *s* _u_ `c`\nnext');
    expect(out).toBe('&lt;b&gt;x&lt;/b&gt; \\| \\[l\\](u) \\*s\\* \\_u\\_ \\`c\\`<br>next');
  });
  it('mdFence uses a fence longer than any backtick run inside', () => {
    const fenced = mdFence('a ``` b ```` c', 'text');
    expect(fenced.startsWith('`````text\n')).toBe(true);
    expect(fenced.endsWith('\n`````')).toBe(true);
    expect(mdFence('plain')).toBe('```\nplain\n```');
  });
  it('mdCode wraps in enough backticks and escapes pipes for tables', () => {
    expect(mdCode('a.b-c')).toBe('`a.b-c`');
    expect(mdCode('x`y')).toBe('``x`y``');
    expect(mdCode('a|b')).toBe('`a\\|b`');
  });
});

describe('redaction', () => {
  it.each([
    [`curl -H 'x-api-key: abc123' 'http://h/x'`, `curl -H 'x-api-key: <redacted>' 'http://h/x'`],
    [`curl -H "Authorization: Bearer t0k" x`, `curl -H "Authorization: <redacted>" x`],
    [`x-api-key: <redacted>`, `x-api-key: <redacted>`],
    ['no secret here', 'no secret here'],
    ['x-api-key: k1\nx-api-key:k2', 'x-api-key: <redacted>\nx-api-key:<redacted>'],
  ])('redactText(%j)', (input, out) => {
    expect(redactText(input)).toBe(out);
  });
  it('redactHeaders hides secret headers only', () => {
    expect(redactHeaders({ 'x-api-key': 'k', Authorization: 'Bearer t', accept: 'application/json' })).toEqual({
      'x-api-key': '<redacted>',
      Authorization: '<redacted>',
      accept: 'application/json',
    });
  });
  it('redactConfig hides secret-named values at any depth, keeps flags, sorts keys', () => {
    const out = redactConfig({ z: 1, apiKey: 'k', hasApiKey: true, nested: { client_secret: 's', ok: 'v' }, list: [{ token: 't' }], otherApiKey: undefined });
    expect(out).toEqual({ apiKey: '<redacted>', hasApiKey: true, list: [{ token: '<redacted>' }], nested: { client_secret: '<redacted>', ok: 'v' }, otherApiKey: undefined, z: 1 });
    expect(Object.keys(out as object)).toEqual(['apiKey', 'hasApiKey', 'list', 'nested', 'otherApiKey', 'z']);
  });
});

describe('misc', () => {
  it('truncate keeps short text and says how much was cut, never splitting a surrogate pair', () => {
    expect(truncate('abc', 5)).toBe('abc');
    expect(truncate('abcdef', 3)).toBe('abc… [3 more characters]');
    expect(truncate('ab🚀', 3)).toBe('ab… [2 more characters]');
  });
  it('safeJson never throws', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(safeJson(cyclic)).toBe('{"a":1,"self":"[Circular]"}');
    expect(safeJson({ n: 10n, u: undefined, f: NaN, d: new Date(0), s: new Set([1]) })).toBe('{"n":"10n","f":"NaN","d":"1970-01-01T00:00:00.000Z","s":[1]}');
    expect(safeJson(undefined)).toBe('undefined');
  });
  it.each([
    [0, '0 ms'],
    [999.4, '999 ms'],
    [1500, '1.5 s'],
    [125_000, '2 min 5 s'],
    [-1, '? ms'],
    [NaN, '? ms'],
  ])('formatDuration(%d) = %s', (ms, out) => {
    expect(formatDuration(ms)).toBe(out);
  });
  it.each([
    ['abc', 3],
    ['日本', 4],
    ['🚀x', 3],
    ['e\u0301', 1],
  ])('displayWidth(%j) = %d', (s, w) => {
    expect(displayWidth(s)).toBe(w);
  });
});
