/**
 * The auditor over hand-made exchanges: chains across pages (order, duplicates, cursors, totals),
 * keys redacted in everything it keeps, transport failures and the run result's counts.
 */
import { describe, expect, it } from 'vitest';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import { readHar, HarError } from '../../src/passive/har.js';
import type { ObservedExchange } from '../../src/oracles/observed.js';
import { ORACLES as PASSIVE_RULES } from '../../src/oracles/index.js';

/** The semantic oracles only: the hand-made records below are not schema-complete. */
const semantic = () => new PassiveAuditor({ rules: PASSIVE_RULES.filter((r) => !r.id.endsWith('.response.schema')) });

const BASE = 'http://api.test';
const KEY = 'SECRET-abcdefghijkl';
const rec = (id: string, createdAt: string) => ({ id, status: 'pending', createdAt });
/** Read on 2026-10-02, the target's clock (its Date header). */
const READ_AT = 'Fri, 02 Oct 2026 00:00:00 GMT';
/** A window that ended before the reading: no request can arrive in it. */
const CLOSED = `endTimestamp=${Date.parse('2026-10-01T12:00:00Z') / 1000}`;
function page(query: string, records: unknown[], extra: Record<string, unknown> = {}): ObservedExchange {
  return {
    method: 'GET',
    url: `${BASE}/requests/v3?${query}`,
    requestHeaders: { 'x-api-key': KEY },
    status: 200,
    responseHeaders: { 'content-type': 'application/json', date: READ_AT },
    bodyText: JSON.stringify({ requests: records, ...extra }),
    durationMs: 1,
  };
}
const failedIds = (a: PassiveAuditor) => a.result({ startedAt: new Date(), target: BASE, config: {}, replay: 'x' }).outcomes.filter((o) => o.status === 'fail').map((o) => o.id);

describe('PassiveAuditor', () => {
  it('follows a continuation walk over a closed window: order across pages, a record twice, a cursor twice, total below what was seen', () => {
    const a = semantic();
    expect(a.observe(page(`limit=2&includeTotal=true&${CLOSED}`, [rec('a', '2026-10-01T00:00:09Z'), rec('b', '2026-10-01T00:00:08Z')], { continuation: 'c1', total: 3 })).map((f) => f.check)).not.toContain('requests-v3.total.exact');
    const second = a.observe(page(`limit=2&includeTotal=true&${CLOSED}&continuation=c1`, [rec('b', '2026-10-01T00:00:08Z'), rec('c', '2026-10-01T00:00:09Z')], { continuation: 'c1', total: 3 })).map((f) => f.check);
    expect(second).toEqual(expect.arrayContaining(['requests-v3.pagination.no-duplicates', 'requests-v3.pagination.terminates', 'requests-v3.sort.default', 'requests-v3.total.exact']));
    expect(failedIds(a)).toEqual(expect.arrayContaining(second));
  });

  it('a chain seen from its second page is judged on that page only; another chain is separate', () => {
    const a = semantic();
    expect(a.observe(page('limit=2&continuation=unknown', [rec('x', '2026-10-01T00:00:09Z')]))).toEqual([]);
    expect(a.observe(page('limit=2', [rec('x', '2026-10-01T00:00:09Z')]))).toEqual([]);
  });

  it('keeps the key out of everything it keeps, in headers, URLs and bodies', () => {
    const a = semantic();
    const o = page(`limit=1&apiKey=${KEY}`, [rec('a', '2026-10-01T00:00:09Z'), rec('b', '2026-10-01T00:00:10Z')], { echo: KEY });
    o.requestHeaders.authorization = `Bearer ${KEY}`;
    expect(a.observe(o).length).toBeGreaterThan(0);
    const text = JSON.stringify(a.result({ startedAt: new Date(), target: BASE, config: {}, replay: 'x' }));
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(encodeURIComponent(KEY));
    expect(text).toContain('<redacted>');
  });

  it('counts exchanges checked per check; a transport failure is not judged; nothing observed is exit 5, nothing answered exit 4', () => {
    const a = semantic();
    expect(a.result({ startedAt: new Date(), target: BASE, config: {}, replay: 'x' }).exitCode).toBe(5);
    expect(a.observe({ ...page('limit=1', []), status: 0 })).toEqual([]);
    expect(a.result({ startedAt: new Date(), target: BASE, config: {}, replay: 'x' }).exitCode).toBe(4);
    a.observe(page('limit=1', [rec('a', '2026-10-01T00:00:09Z')]));
    const r = a.result({ startedAt: new Date(), target: BASE, config: {}, replay: 'x' });
    expect(r.exitCode).toBe(0);
    expect(r.outcomes.find((o) => o.id === 'requests-v3.limit.max')).toMatchObject({ status: 'pass', requests: 1, reason: '1 exchange checked' });
    expect(r.outcomes.find((o) => o.id === 'currencies-v2.limit.max')).toMatchObject({ status: 'skip' });
  });
});

describe('readHar', () => {
  it('reads HAR 1.2 entries in startedDateTime order, decoding base64 bodies', () => {
    const entry = (at: string, url: string, text: string, encoding?: string) => ({
      startedDateTime: at,
      time: 3,
      request: { method: 'get', url, headers: [{ name: 'X-Api-Key', value: KEY }], postData: undefined },
      response: { status: 200, headers: [{ name: 'Content-Type', value: 'application/json' }], content: { text, ...(encoding ? { encoding } : {}) } },
    });
    const har = { log: { version: '1.2', entries: [entry('2026-10-01T00:00:02Z', `${BASE}/b`, Buffer.from('{"b":1}').toString('base64'), 'base64'), entry('2026-10-01T00:00:01Z', `${BASE}/a`, '{"a":1}')] } };
    const out = readHar(JSON.stringify(har), 't.har');
    expect(out.map((o) => o.url)).toEqual([`${BASE}/a`, `${BASE}/b`]);
    expect(out[1]).toMatchObject({ method: 'GET', bodyText: '{"b":1}', requestHeaders: { 'x-api-key': KEY }, responseHeaders: { 'content-type': 'application/json' } });
  });

  it('names what is wrong with a file that is not HAR', () => {
    expect(() => readHar('[]', 'x.har')).toThrow(HarError);
    expect(() => readHar('{"log":{"entries":[{"request":{}}]}}', 'x.har')).toThrow(/x\.har: log\.entries\[0\]: request\.method and request\.url must be strings/);
    expect(() => readHar('{"log":{"entries":[{"request":{"method":"GET","url":"http://x"},"response":{}}]}}', 'x.har')).toThrow(/response\.status must be a number/);
  });
});

describe('traffic no check could judge', () => {
  const chains = (): ObservedExchange => ({ method: 'GET', url: `${BASE}/chains`, requestHeaders: {}, status: 200, responseHeaders: { 'content-type': 'application/json', date: READ_AT }, bodyText: '{"chains":[]}', durationMs: 1 });
  it('is never PASSED: inconclusive (exit 5, as the audit of nothing observed), saying what was not judged', () => {
    const a = new PassiveAuditor();
    a.observe(chains());
    a.observe(chains());
    const r = a.result({ startedAt: new Date(READ_AT), target: BASE, config: {}, replay: 'x' });
    expect(r.exitCode).toBe(5);
    expect(r.aborted).toBe('no check could judge any of the 2 answered exchanges (GET /chains (2)): nothing was tested');
  });

  it('once one exchange is judged, the run ends on its verdicts', () => {
    const a = new PassiveAuditor({ rules: PASSIVE_RULES.filter((r) => !r.id.endsWith('.response.schema')) });
    a.observe(chains());
    a.observe(page('limit=1', [rec('a', '2026-10-01T00:00:09Z')]));
    const r = a.result({ startedAt: new Date(READ_AT), target: BASE, config: {}, replay: 'x' });
    expect(r.exitCode).toBe(0);
    expect(r.aborted).toBeUndefined();
  });
});
