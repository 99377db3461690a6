/**
 * The status of one exchange against its request (oracles/general.ts): a request the document
 * accepts answered 400 or 422, or with a 5xx the document names for no answer of its operation,
 * fails general.valid-input-accepted; a bad request, a request one exchange cannot tell valid, a
 * 503 and a 5xx of GET /requests/v2 (whose 5xx answers the document names) do not.
 */
import { describe, expect, it } from 'vitest';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import type { ObservedExchange } from '../../src/oracles/observed.js';
import { ORACLES } from '../../src/oracles/index.js';
import { validInputAccepted } from '../../src/oracles/general.js';

const BASE = 'http://api.test';
const ID = 'general.valid-input-accepted';
const KEY = { 'x-api-key': 'k-123456789012' };

function answer(method: string, path: string, status: number, body: unknown, options: { headers?: Record<string, string>; requestBody?: string } = {}): ObservedExchange {
  return {
    method,
    url: `${BASE}${path}`,
    requestHeaders: options.headers ?? KEY,
    ...(options.requestBody !== undefined ? { requestBody: options.requestBody } : {}),
    status,
    responseHeaders: { 'content-type': 'application/json', date: 'Thu, 15 Oct 2026 12:00:00 GMT' },
    bodyText: JSON.stringify(body),
    durationMs: 1,
  };
}
const findings = (o: ObservedExchange) => new PassiveAuditor({ rules: [validInputAccepted] }).observe(o).filter((f) => f.check === ID);
const rejected = { message: 'Invalid limit: got "50"; expected an integer from 1 to 50', errorCode: 'INVALID_PARAMETER' };

describe('general.valid-input-accepted', () => {
  it('is in the registry', () => {
    expect(ORACLES.map((r) => r.id)).toContain(ID);
  });

  it('a valid v3 request answered 400 fails, naming the parameters that make it valid and the body message', () => {
    const [f] = findings(answer('GET', '/requests/v3?limit=50&sortBy=createdAt', 400, rejected));
    expect(f?.message).toContain('answered 400 to a valid request');
    expect(f?.message).toContain('limit=50 (an integer from 1 to 50)');
    expect(f?.message).toContain('sortBy=createdAt (one of createdAt, updatedAt, amountUsd)');
    expect(f?.message).toContain('received 400: "Invalid limit: got \\"50\\"; expected an integer from 1 to 50"');
  });

  it('the same request answered 200 passes and counts as checked', () => {
    const a = new PassiveAuditor({ rules: [validInputAccepted] });
    expect(a.observe(answer('GET', '/requests/v3?limit=50&sortBy=createdAt', 200, { requests: [] }))).toEqual([]);
    const o = a.result({ startedAt: new Date(0), target: BASE, config: {}, replay: '' }).outcomes.find((x) => x.id === ID);
    expect(o?.status).toBe('pass');
  });

  it('422 is a rejection too; a chain id, a boolean and a status value are valid', () => {
    expect(findings(answer('GET', '/requests/v3?originChainId=10&includeTotal=true&status=success', 422, rejected))).toHaveLength(1);
  });

  it('an undocumented 5xx to a valid request fails: v3, the status operation, the currencies body', () => {
    expect(findings(answer('GET', '/requests/v3?limit=5', 500, { message: 'boom' }))[0]?.message).toContain('must not fail with a server error: GET /requests/v3 answered 500');
    expect(findings(answer('GET', '/intents/status?requestId=0xabc', 501, { message: 'not implemented' }))).toHaveLength(1);
    const body = JSON.stringify({ chainIds: [1, 10], limit: 20, tokens: ['1:0xabc'] });
    expect(findings(answer('POST', '/currencies/v2', 500, {}, { requestBody: body, headers: { 'content-type': 'application/json' } }))[0]?.message).toContain('chainIds: [1,10] (an array of chain ids)');
    expect(findings(answer('POST', '/currencies/v2', 400, { message: 'no' }))).toHaveLength(1);
  });

  it('a 5xx of GET /requests/v2 (documented), a 503 (unavailable) and a gateway\'s 502 or 504 are not violations', () => {
    expect(findings(answer('GET', '/requests/v2?limit=5', 500, { message: 'boom' }))).toEqual([]);
    expect(findings(answer('GET', '/requests/v3?limit=5', 503, { message: 'busy' }))).toEqual([]);
    expect(findings(answer('GET', '/intents/status?requestId=0xabc', 502, { message: 'bad gateway' }))).toEqual([]);
    expect(findings(answer('GET', '/requests/v3?limit=5', 504, { message: 'gateway timeout' }))).toEqual([]);
    expect(findings(answer('GET', '/requests/v2?limit=5', 400, rejected))).toHaveLength(1);
  });

  it('a request one exchange cannot tell valid is not judged: bad values, unknown or repeated parameters, no key on v3, cursors, filters', () => {
    for (const path of [
      '/requests/v3?limit=abc',
      '/requests/v3?limit=51',
      '/requests/v3?limit=0',
      '/requests/v3?sortBy=bogus',
      '/requests/v3?includeTotal=yes',
      '/requests/v3?originChainId=1.5',
      '/requests/v3?hash=0x1',
      '/requests/v3?limit=5&limit=6',
      '/requests/v3?user=',
      '/requests/v3?continuation=abc',
      '/requests/v3?filters=%5B%5D',
      '/requests/v3?failReason=SLIPPAGE',
      '/intents/status',
      '/intents/status?requestId=a&requestId=b',
    ]) {
      expect(findings(answer('GET', path, 400, rejected)), path).toEqual([]);
      expect(findings(answer('GET', path, 500, rejected)), path).toEqual([]);
    }
    expect(findings(answer('GET', '/requests/v3?limit=5', 400, rejected, { headers: {} }))).toEqual([]);
    for (const body of ['{"limit":0}', '{"limit":101}', '{"unknown":1}', '[]', '{"chainIds":"1"}', '{"tokens":["abc"]}', '{"term":""}', 'not json']) {
      expect(findings(answer('POST', '/currencies/v2', 400, rejected, { requestBody: body })), body).toEqual([]);
    }
  });
});
