/**
 * The v2 retirement predicate (API document, Versioning > Timeline), shared by the active
 * `requests-v2.retired` check and the passive audit; and the audit applying it to v2 traffic dated
 * on or after the sunset (a v2 200 dated after 2026-11-24 fails). Dates pinned.
 */
import { describe, expect, it } from 'vitest';
import { V2_SUNSET_MS, retirementProblem } from '../../src/oracles/v2-retirement.js';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import type { ObservedExchange } from '../../src/oracles/observed.js';

const URL_V2 = 'http://api.test/requests/v2?limit=1';
const SIGNALS = {
  deprecation: '@1784678400',
  sunset: 'Tue, 24 Nov 2026 00:00:00 GMT',
  link: '<http://api.test/docs/v2>; rel="deprecation", <http://api.test/docs/sunset>; rel="sunset", <http://api.test/requests/v3>; rel="successor-version"',
  'access-control-expose-headers': 'Deprecation, Sunset, Link',
};

describe('retirementProblem', () => {
  it('a 410 with the deprecation headers, a 404 and a 400 are retirements; a 200, 3xx, 429 or 5xx is not', () => {
    expect(retirementProblem(410, SIGNALS, URL_V2, 'x')).toBeUndefined();
    expect(retirementProblem(404, {}, URL_V2, 'x')).toBeUndefined();
    expect(retirementProblem(400, {}, URL_V2, 'x')).toBeUndefined();
    for (const status of [200, 301, 429, 500]) expect(retirementProblem(status, SIGNALS, URL_V2, 'x')).toMatchObject({ served: true, received: `${status}` });
  });

  it('a 410 without the deprecation headers is named', () => {
    const { link: _link, ...noLink } = SIGNALS;
    expect(retirementProblem(410, noLink, URL_V2, 'x')).toMatchObject({ served: false, received: 'no Link header (on the 410)' });
  });
});

describe('the audit of v2 traffic by its date', () => {
  const v2 = (status: number, at: string, headers: Record<string, string> = {}): ObservedExchange => ({
    method: 'GET',
    url: URL_V2,
    requestHeaders: {},
    status,
    responseHeaders: { 'content-type': 'application/json', ...headers },
    bodyText: status === 200 ? '{"requests":[]}' : '{"message":"gone"}',
    durationMs: 1,
    startedAt: Date.parse(at),
  });
  const retired = (a: PassiveAuditor) => a.result({ startedAt: new Date(V2_SUNSET_MS), target: 'http://api.test', config: {}, replay: 'x' }).outcomes.find((o) => o.id === 'requests-v2.retired')!;

  it('a v2 200 dated after the sunset fails requests-v2.retired', () => {
    const a = new PassiveAuditor();
    expect(a.observe(v2(200, '2026-11-25T10:00:00Z', SIGNALS)).map((f) => f.check)).toContain('requests-v2.retired');
    const outcome = retired(a);
    expect(outcome.status).toBe('fail');
    expect(outcome.violation).toMatchObject({ expected: 'a 4xx other than 429, e.g. 410 Gone or 404', received: '200' });
  });

  it('a 410 with the signals after the sunset passes; v2 traffic before the sunset is not judged by it', () => {
    const a = new PassiveAuditor();
    expect(a.observe(v2(410, '2026-11-24T00:00:00Z', SIGNALS))).toEqual([]);
    a.observe(v2(200, '2026-11-23T23:59:59Z', SIGNALS));
    expect(retired(a)).toMatchObject({ status: 'pass', requests: 1 });
  });
});
