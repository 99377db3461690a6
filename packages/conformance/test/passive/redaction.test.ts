/**
 * Redaction never changes what is judged: the project's valid v3 example recorded with
 * the short dummy keys test suites use (`k`, `1`) passes the schema; the key is still removed where
 * credentials travel and where it stands whole in what a report keeps.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { redactBodyText, redactor } from '../../src/contract/redact.js';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import { displayRedactor, type ObservedExchange } from '../../src/oracles/observed.js';

const RECORD = JSON.parse(readFileSync(new URL('../../../../specs/examples/request-v3/valid-refund-with-fail-reason.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const BASE = 'http://api.test';
const AT = Date.parse('2026-10-01T00:00:00Z');
const result = (a: PassiveAuditor) => a.result({ startedAt: new Date(AT), target: BASE, config: {}, replay: 'x' });

function recorded(key: string, body: unknown, query = 'limit=1'): ObservedExchange {
  return {
    method: 'GET',
    url: `${BASE}/requests/v3?${query}`,
    requestHeaders: { 'x-api-key': key, cookie: `session=${key}` },
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    bodyText: JSON.stringify(body),
    durationMs: 1,
    startedAt: AT,
  };
}

describe('redaction and judgement', () => {
  for (const key of ['k', '1', 'a', '0x', 'refund']) {
    it(`the valid example recorded with the key ${JSON.stringify(key)} passes the v3 schema`, () => {
      const a = new PassiveAuditor();
      const findings = a.observe(recorded(key, { requests: [RECORD] }));
      expect(findings.filter((f) => f.check === 'requests-v3.response.schema')).toEqual([]);
      expect(result(a).outcomes.find((o) => o.id === 'requests-v3.response.schema')).toMatchObject({ status: 'pass' });
    });
  }

  it('a schema violation is still caught with a short key, and its kept body is JSON with the key gone only where it stands whole', () => {
    const a = new PassiveAuditor();
    const bad = { ...RECORD, status: 'k', requestType: 42 };
    a.observe(recorded('k', { requests: [bad] }, 'limit=1&apiKey=k'));
    const outcome = result(a).outcomes.find((o) => o.id === 'requests-v3.response.schema')!;
    expect(outcome.status).toBe('fail');
    const kept = outcome.violation!;
    const body = kept.response!.body;
    expect(body.startsWith(JSON.stringify({ requests: [{ ...bad, status: '<redacted>' }] }).slice(0, 200))).toBe(true);
    expect(body).toContain('"requestType":42');
    expect(kept.request!.url).toBe(`${BASE}/requests/v3?limit=1&apiKey=<redacted>`);
    expect(kept.request!.headers['x-api-key']).toBe('<redacted>');
    expect(kept.request!.headers['cookie']).toBe('<redacted>');
  });

  it('a real key echoed in a body is judged as sent and removed from what is kept, in any encoding', () => {
    const KEY = 'SECRET-abcdefghijkl';
    const a = new PassiveAuditor();
    a.observe(recorded(KEY, { requests: [{ ...RECORD, status: KEY, data: { ...(RECORD.data as object), echo: encodeURIComponent(`${KEY} `) } }] }));
    const text = JSON.stringify(result(a));
    expect(text).toContain('requests-v3.response.schema');
    expect(text).not.toContain(KEY);
    expect(text).toContain('<redacted>');
  });
});

describe('whole-standing redactor', () => {
  it('removes a short key only where it stands whole, never inside other words or numbers of a JSON body', () => {
    const redact = redactor(['k'], { whole: true });
    expect(redact('kind k, k.')).toBe('kind <redacted>, <redacted>.');
    expect(redactBodyText('{"kind":"k","chainId":1,"list":["k k"]}', redactor(['1'], { whole: true }))).toBe('{"kind":"k","chainId":1,"list":["k k"]}');
    expect(redactBodyText('{"kind":"k","n":10,"s":"1"}', redactor(['1'], { whole: true }))).toBe('{"kind":"k","n":10,"s":"<redacted>"}');
    expect(redactBodyText('{"a":"k","kk":"x k"}', redact)).toBe('{"a":"<redacted>","kk":"x <redacted>"}');
  });

  it('still finds a long key percent-encoded, escaped and in base64', () => {
    const KEY = 'SECRET-abcdefghijkl';
    const redact = redactor([KEY], { whole: true });
    for (const form of [KEY, encodeURIComponent(KEY).replace(/-/g, '%2D'), KEY.toLowerCase()]) expect(redact(`x ${form} y`)).toBe('x <redacted> y');
    expect(redact(`Basic ${Buffer.from(`user:${KEY}`).toString('base64')}`)).not.toContain(Buffer.from(KEY).toString('base64').slice(4, 16));
  });
});

describe('the display redactor of an observation (built once per set of credentials)', () => {
  const seen = (headers: Record<string, string>, query = '') => ({ url: `${BASE}/requests/v3${query}`, requestHeaders: headers });

  it('is the same for the same credentials and another for other ones, each removing its own key', () => {
    const a = displayRedactor(seen({ 'x-api-key': 'first-key-1234' }));
    expect(displayRedactor(seen({ 'x-api-key': 'first-key-1234', 'user-agent': 'x' }))).toBe(a);
    const b = displayRedactor(seen({ 'x-api-key': 'second-key-5678' }));
    expect(b).not.toBe(a);
    expect(b('sent second-key-5678 back')).not.toContain('second-key-5678');
    expect(displayRedactor(seen({ 'x-api-key': 'first-key-1234' }))('first-key-1234')).not.toContain('first-key-1234');
  });

  it('tells apart credentials split differently across headers, and a key in the query', () => {
    const joined = displayRedactor(seen({ 'x-api-key': 'abcdefgh12345678' }));
    const split = displayRedactor(seen({ 'x-api-key': 'abcdefgh', authorization: '12345678' }));
    expect(split).not.toBe(joined);
    expect(split('token 12345678 here')).not.toContain('12345678');
    const inQuery = displayRedactor(seen({ 'x-api-key': 'abcdefgh' }, '?apiKey=query-key-999'));
    expect(inQuery('the query-key-999 again')).not.toContain('query-key-999');
    const without = displayRedactor(seen({ 'x-api-key': 'abcdefgh' }, '?limit=1'));
    expect(without).not.toBe(inQuery);
  });
});
