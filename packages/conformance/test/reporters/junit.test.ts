import { describe, expect, it } from 'vitest';
import { renderJunit } from '../../src/reporters/junit.js';
import { FAKE_KEY, HOSTILE, clean, disabled, errored, failing, hostile, mixed, passing, skipped, strict, warning } from './fixtures.js';
import { findAll, parseXml, type XmlElement } from './mini-xml.js';

function testcases(xml: string): XmlElement[] {
  return findAll(parseXml(xml), 'testcase');
}

function byName(xml: string, name: string): XmlElement {
  const tc = testcases(xml).find((t) => t.attrs.name === name);
  if (!tc) throw new Error(`no testcase ${name}`);
  return tc;
}

describe('renderJunit', () => {
  it.each([
    ['mixed', mixed],
    ['clean', clean],
    ['strict', strict],
    ['hostile', hostile],
  ])('%s: well-formed, one testcase per check × operation', (_name, result) => {
    const xml = renderJunit(result);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    const root = parseXml(xml);
    expect(root.name).toBe('testsuites');
    const cases = findAll(root, 'testcase');
    expect(cases.map((c) => [c.attrs.classname, c.attrs.name])).toEqual(
      result.outcomes.map((o) => [`${o.family} / ${o.operation}`, o.id]),
    );
    expect(Number(root.attrs.tests)).toBe(result.outcomes.length);
  });

  it.each([
    [passing.id, [], undefined],
    [failing.id, ['failure'], 'MUST'],
    [errored.id, ['error'], 'error'],
    [skipped.id, ['skipped'], undefined],
    [disabled.id, ['skipped'], undefined],
    [warning.id, ['system-out'], undefined],
  ])('%s maps to %j', (id, children, type) => {
    const tc = byName(renderJunit(mixed), id);
    expect(tc.children.map((c) => c.name)).toEqual(children);
    if (type) expect(tc.children[0].attrs.type).toBe(type);
  });

  it('carries the failure text: message, clause, expected, received, curl, replay, response', () => {
    const f = byName(renderJunit(mixed), failing.id).children[0];
    expect(f.attrs.message).toBe(failing.violation!.message);
    for (const part of [
      'Clause:    requests-v3.filters.groups-or, requests-v3.filters.groups (MUST)',
      `Expected: ${failing.violation!.expected}`,
      `Received: ${failing.violation!.received}`,
      `Reproduce: ${failing.violation!.curl}`,
      `Replay:    ${failing.replay}`,
      'Response:  HTTP 200\n{"requests":[]}',
    ]) {
      expect(f.text).toContain(part);
    }
  });

  it('skip and disabled carry their reason; warn passes with the warning in system-out', () => {
    const xml = renderJunit(mixed);
    expect(byName(xml, skipped.id).children[0].attrs.message).toBe('needs --other-api-key');
    expect(byName(xml, disabled.id).children[0].attrs.message).toBe('disabled: turned off by --only');
    expect(byName(xml, warning.id).children[0].text).toMatch(/^warning \(SHOULD clause\):\n⚠ requests-v3\.records\.superseded-resolves/);
  });

  it('a warning under --strict is a failure (the run failed on it)', () => {
    const xml = renderJunit(strict);
    const tc = byName(xml, warning.id);
    expect(tc.children.map((c) => c.name)).toEqual(['failure']);
    expect(tc.children[0].attrs.type).toBe('SHOULD (strict)');
    expect(parseXml(xml).attrs.failures).toBe('1');
  });

  it('suite and root counts add up; times are in seconds', () => {
    const root = parseXml(renderJunit(mixed));
    expect(root.attrs).toMatchObject({ tests: '7', failures: '1', errors: '1', skipped: '2', time: '12.345' });
    const suites = findAll(root, 'testsuite');
    expect(suites.map((s) => s.attrs.name)).toEqual([...new Set(mixed.outcomes.map((o) => o.family))]);
    expect(suites.reduce((n, s) => n + Number(s.attrs.tests), 0)).toBe(7);
    expect(byName(renderJunit(mixed), passing.id).attrs.time).toBe('0.013');
  });

  it('records seed and spec hash as properties of every suite', () => {
    const root = parseXml(renderJunit(mixed));
    for (const suite of findAll(root, 'testsuite')) {
      const props = Object.fromEntries(findAll(suite, 'property').map((p) => [p.attrs.name, p.attrs.value]));
      expect(props).toMatchObject({ seed: '1234', 'spec.hash': 'sha256:0123456789abcdef', strict: 'false', target: 'http://127.0.0.1:4010' });
    }
  });

  it('hostile text round-trips through attributes and text (invalid XML characters made visible)', () => {
    const xml = renderJunit(hostile);
    const root = parseXml(xml);
    const visible = HOSTILE.replace('\u0001', '\\u0001').replace(/\u001b/g, '\\u001b').replace('\ud800', '\\ud800');
    const fail = findAll(root, 'failure')[0];
    expect(fail.attrs.message).toBe(visible);
    const skippedEl = findAll(root, 'skipped')[0];
    expect(skippedEl.attrs.message).toBe(visible);
    expect(findAll(root, 'property').find((p) => p.attrs.name === 'target')!.attrs.value).toBe('http://127.0.0.1:4010/?q=<b>&x="1"');
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain(FAKE_KEY);
    expect(xml.length).toBeLessThan(60_000);
  });
});
