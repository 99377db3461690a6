/**
 * The passive oracles of issue 25 (oracles/first-calls.ts) through the auditor: an empty first
 * page beside a positive total on the listing without a window, a success answered with 201.
 */
import { describe, expect, it } from 'vitest';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import type { ObservedExchange } from '../../src/oracles/observed.js';
import { ORACLES } from '../../src/oracles/index.js';

const BASE = 'http://api.test';
const semantic = () => new PassiveAuditor({ rules: ORACLES.filter((r) => !r.id.endsWith('.response.schema')) });
function answer(path: string, status: number, body: unknown): ObservedExchange {
  return {
    method: 'GET',
    url: `${BASE}${path}`,
    requestHeaders: { 'x-api-key': 'k-123456789012' },
    status,
    responseHeaders: { 'content-type': 'application/json', date: 'Fri, 02 Oct 2026 00:00:00 GMT' },
    bodyText: JSON.stringify(body),
    durationMs: 1,
  };
}
const checks = (a: PassiveAuditor, o: ObservedExchange) => a.observe(o).map((f) => f.check);

describe('passive rules of a client first calls', () => {
  it('an unwindowed first page listing nothing beside total > 0 fails requests-v3.unwindowed.first-pages', () => {
    expect(checks(semantic(), answer('/requests/v3?includeTotal=true', 200, { requests: [], total: 2975 }))).toContain('requests-v3.unwindowed.first-pages');
  });

  it('an empty page with total 0, a page that goes on, or a windowed page is not judged by it', () => {
    const a = semantic();
    expect(checks(a, answer('/requests/v3?includeTotal=true', 200, { requests: [], total: 0 }))).not.toContain('requests-v3.unwindowed.first-pages');
    expect(checks(a, answer('/requests/v3?includeTotal=true&limit=5', 200, { requests: [], continuation: 'c', total: 3 }))).not.toContain('requests-v3.unwindowed.first-pages');
    expect(checks(a, answer('/requests/v3?includeTotal=true&endTimestamp=1', 200, { requests: [], total: 3 }))).not.toContain('requests-v3.unwindowed.first-pages');
  });

  it('GET /intents/status answering 201 fails general.success-status; 200 and 404 do not', () => {
    const body = { status: 'success', inTxHashes: [], txHashes: [], time: 1, originChainId: 1, destinationChainId: 10 };
    const a = semantic();
    expect(checks(a, answer('/intents/status?requestId=0x1', 201, body))).toContain('general.success-status');
    expect(checks(a, answer('/intents/status?requestId=0x1', 200, body))).not.toContain('general.success-status');
    expect(checks(a, answer('/intents/status?requestId=0x2', 404, { message: 'no' }))).not.toContain('general.success-status');
  });
});
