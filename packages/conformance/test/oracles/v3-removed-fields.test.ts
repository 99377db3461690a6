/**
 * The fields the change table removes in v3 (API document, Versioning > Changes from v2 to v3),
 * found on v3 records by the shared predicate, and reported by the audit (SHOULD: a warning, a
 * failure with --strict).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { removedFieldsOf } from '../../src/oracles/v3-removed-fields.js';
import { PassiveAuditor } from '../../src/oracles/auditor.js';

const RECORD = JSON.parse(readFileSync(new URL('../../../../specs/examples/request-v3/valid-refund-with-fail-reason.json', import.meta.url), 'utf8')) as Record<string, any>;
const AT = Date.parse('2026-10-01T00:00:00Z');

describe('removedFieldsOf', () => {
  it('a valid v3 record has none; each removed field is named by its path', () => {
    expect(removedFieldsOf(RECORD)).toEqual([]);
    const r = structuredClone(RECORD);
    r.referrer = 'x';
    r.data.metadata = { sender: '0x1' };
    r.data.subsidizedRequest = false;
    r.data.fees.gas = '1';
    r.data.inTxs = [{ ...(r.data.inTxs[0] ?? {}), hash: '0x2' }];
    expect(removedFieldsOf(r)).toEqual(['referrer', 'data.metadata', 'data.subsidizedRequest', 'data.fees.gas', 'data.inTxs[0].hash']);
  });

  it('v3 fields of the same names elsewhere are not removed ones (data.referrer, root supersededByRequestId, currency on amounts)', () => {
    const r = structuredClone(RECORD);
    r.data.referrer = 'x';
    r.supersededByRequestId = null;
    expect(removedFieldsOf(r)).toEqual([]);
    expect(removedFieldsOf(null)).toEqual([]);
  });
});

describe('the audit of v3 records carrying removed fields', () => {
  const observe = (strict: boolean) => {
    const a = new PassiveAuditor();
    const r = structuredClone(RECORD);
    r.data.metadata = { sender: r.user };
    r.data.subsidizedRequest = true;
    a.observe({ method: 'GET', url: 'http://api.test/requests/v3?limit=1', requestHeaders: { 'x-api-key': 'test-key-123456' }, status: 200, responseHeaders: { 'content-type': 'application/json' }, bodyText: JSON.stringify({ requests: [r] }), durationMs: 1, startedAt: AT });
    return a.result({ startedAt: new Date(AT), target: 'http://api.test', config: {}, replay: 'x', strict });
  };

  it('warns (SHOULD) and names the fields; with --strict it fails', () => {
    const plain = observe(false);
    const outcome = plain.outcomes.find((o) => o.id === 'requests-v3.record.no-removed-fields')!;
    expect(outcome.status).toBe('warn');
    expect(outcome.violation!.received).toBe(`id ${RECORD.id}: data.metadata, data.subsidizedRequest`);
    expect(plain.outcomes.find((o) => o.id === 'requests-v3.response.schema')!.status).toBe('pass');
    const strict = observe(true);
    expect(strict.outcomes.find((o) => o.id === 'requests-v3.record.no-removed-fields')!.status).toBe('fail');
    expect(strict.exitCode).toBe(1);
  });
});
