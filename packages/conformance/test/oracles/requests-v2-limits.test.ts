/**
 * The v2 page-size oracles (live facts §1.3, §2.4: `limit` 1–50, default 20), judged by the passive
 * audit on v2 exchanges as they come: `requests-v2.limit.default` on a first page asked without a
 * limit. Dated before the sunset (the retirement oracle judges v2 traffic after it).
 */
import { describe, expect, it } from 'vitest';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import type { ObservedExchange } from '../../src/oracles/observed.js';

const SIGNALS = { deprecation: '@1784678400', sunset: 'Tue, 24 Nov 2026 00:00:00 GMT' };

/** A v2 200 of `n` records at `path`, dated before the sunset. */
function v2(path: string, n: number): ObservedExchange {
  const requests = Array.from({ length: n }, (_, i) => ({ id: `0x${i.toString(16).padStart(64, '0')}`, status: 'success' }));
  return {
    method: 'GET',
    url: `http://api.test${path}`,
    requestHeaders: {},
    status: 200,
    responseHeaders: { 'content-type': 'application/json', ...SIGNALS },
    bodyText: JSON.stringify({ requests, continuation: 'next' }),
    durationMs: 1,
    startedAt: Date.parse('2026-10-15T00:00:00Z'),
  };
}

const outcome = (a: PassiveAuditor) => a.result({ startedAt: new Date('2026-10-15T00:00:00Z'), target: 'http://api.test', config: {}, replay: 'x' }).outcomes.find((o) => o.id === 'requests-v2.limit.default');
const flagged = (e: ObservedExchange) => new PassiveAuditor().observe(e).some((f) => f.check === 'requests-v2.limit.default');

describe('requests-v2.limit.default', () => {
  it('a v2 page asked without limit that holds more than 20 records is a warning (SHOULD)', () => {
    expect(flagged(v2('/requests/v2', 21))).toBe(true);
    expect(flagged(v2('/requests/v2?sortBy=updatedAt', 50))).toBe(true);
    const a = new PassiveAuditor();
    a.observe(v2('/requests/v2', 50));
    expect(outcome(a)).toMatchObject({ status: 'warn', violation: { expected: 'at most 20 records', received: '50 records' } });
  });

  it('20 records or fewer pass; a page that gives a limit, or continues a walk, is not judged by it', () => {
    for (const n of [0, 1, 20]) expect(flagged(v2('/requests/v2', n)), `${n} records`).toBe(false);
    expect(flagged(v2('/requests/v2?limit=50', 50))).toBe(false);
    expect(flagged(v2('/requests/v2?continuation=abc', 50))).toBe(false);
    const a = new PassiveAuditor();
    a.observe(v2('/requests/v2', 20));
    expect(outcome(a)).toMatchObject({ status: 'pass', requests: 1 });
  });
});
