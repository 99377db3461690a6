/**
 * The status of one request through the deprecated and the newer status operations:
 * the shared predicate, and the audit judging GET /intents/status/v2 and /v3 (schema of the live
 * OpenAPI, agreement across operations by the same caller, the live `unknown` labelled only as
 * itself). Dates pinned.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STATUS_DEPRECATED, STATUS_V2, STATUS_V3, statusDisagreement } from '../../src/oracles/intent-status-versions.js';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import type { ObservedExchange } from '../../src/oracles/observed.js';

const published = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`../../../../specs/examples/published/${name}`, import.meta.url), 'utf8'));
const AT = Date.parse('2026-10-01T00:00:00Z');
const T = 1767385462193;

describe('statusDisagreement', () => {
  it('compares readings of the same last update in the coarser vocabulary', () => {
    expect(statusDisagreement({ operation: STATUS_V3, body: { status: 'submitted', updatedAt: T } }, { operation: STATUS_V2, body: { status: 'pending', time: T } })).toBeUndefined();
    expect(statusDisagreement({ operation: STATUS_V3, body: { status: 'refund', updatedAt: T } }, { operation: STATUS_DEPRECATED, body: { status: 'fallback', time: T } })).toBeUndefined();
    expect(statusDisagreement({ operation: STATUS_V3, body: { status: 'waiting', updatedAt: T } }, { operation: STATUS_DEPRECATED, body: { status: 'received', time: T } })).toBeUndefined();
    expect(statusDisagreement({ operation: STATUS_V3, body: { status: 'refund', updatedAt: T } }, { operation: STATUS_DEPRECATED, body: { status: 'failure', time: T } })).toMatch(/says "refund".*says "failure"/);
    expect(statusDisagreement({ operation: STATUS_V3, body: { status: 'success', updatedAt: T } }, { operation: STATUS_V2, body: { status: 'pending', time: T } })).toBeDefined();
  });

  it('never compares readings of different updates, the same operation, or a status outside its enum', () => {
    expect(statusDisagreement({ operation: STATUS_V3, body: { status: 'success', updatedAt: T + 1 } }, { operation: STATUS_DEPRECATED, body: { status: 'pending', time: T } })).toBeUndefined();
    expect(statusDisagreement({ operation: STATUS_V3, body: { status: 'success', updatedAt: T } }, { operation: STATUS_V3, body: { status: 'pending', updatedAt: T } })).toBeUndefined();
    expect(statusDisagreement({ operation: STATUS_V3, body: { status: 'unknown' } }, { operation: STATUS_DEPRECATED, body: { status: 'pending', time: T } })).toBeUndefined();
  });
});

describe('the audit of the newer status operations', () => {
  const status = (path: string, body: unknown, key = 'test-key-abcdef'): ObservedExchange => ({
    method: 'GET',
    url: `http://api.test${path}?requestId=0xabc`,
    requestHeaders: { 'x-api-key': key },
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    bodyText: JSON.stringify(body),
    durationMs: 1,
    startedAt: AT,
  });
  const outcome = (a: PassiveAuditor, id: string) => a.result({ startedAt: new Date(AT), target: 'http://api.test', config: {}, replay: 'x' }).outcomes.find((o) => o.id === id)!;

  it('every published v3 example passes; a HAR of v3 alone is judged (not PASSED on nothing)', () => {
    const a = new PassiveAuditor();
    for (const n of [1, 2, 3]) expect(a.observe(status('/intents/status/v3', published(`intents-status-v3-example-${n}.json`)))).toEqual([]);
    expect(outcome(a, 'intents-status-v3.response.schema')).toMatchObject({ status: 'pass', requests: 3 });
    expect(a.result({ startedAt: new Date(AT), target: 'http://api.test', config: {}, replay: 'x' }).exitCode).toBe(0);
  });

  it('txHashes as objects and a status outside the enum warn (SHOULD); fail with --strict', () => {
    const a = new PassiveAuditor();
    a.observe(status('/intents/status/v3', { status: 'success', txHashes: [{ hash: '0x1' }], updatedAt: T }));
    a.observe(status('/intents/status/v2', { status: 'submitted', time: T }));
    expect(outcome(a, 'intents-status-v3.response.schema')).toMatchObject({ status: 'warn' });
    expect(outcome(a, 'intents-status-v2.response.schema')).toMatchObject({ status: 'warn' });
    expect(a.result({ startedAt: new Date(AT), target: 'http://api.test', config: {}, replay: 'x', strict: true }).exitCode).toBe(1);
  });

  it('the live {"status":"unknown"} is labelled as the divergence; a near miss is not', () => {
    const a = new PassiveAuditor();
    expect(a.observe(status('/intents/status/v3', { status: 'unknown' }))[0]).toMatchObject({ check: 'intents-status-v3.response.schema', divergence: 'divergence.intents-status-unknown' });
    expect(a.observe(status('/intents/status/v3', { status: 'delayed', updatedAt: T }))[0]!.divergence).toBeUndefined();
  });

  it('the deprecated and the newer operation disagreeing on one update is caught; another caller or another update is not compared', () => {
    const a = new PassiveAuditor();
    a.observe(status('/intents/status', { status: 'failure', inTxHashes: [], txHashes: [], time: T, originChainId: 1, destinationChainId: 10 }));
    expect(a.observe(status('/intents/status/v3', { status: 'refund', updatedAt: T + 5 }))).toEqual([]);
    expect(a.observe(status('/intents/status/v3', { status: 'refund', updatedAt: T }, 'another-key-123456'))).toEqual([]);
    const f = a.observe(status('/intents/status/v3', { status: 'refund', updatedAt: T }));
    expect(f.map((x) => x.check)).toEqual(['intents-status.versions-agree']);
    expect(outcome(a, 'intents-status.versions-agree')).toMatchObject({ status: 'warn' });
    const agreeing = new PassiveAuditor();
    agreeing.observe(status('/intents/status', { status: 'fallback', inTxHashes: [], txHashes: [], time: T, originChainId: 1, destinationChainId: 10 }));
    expect(agreeing.observe(status('/intents/status/v3', { status: 'refund', updatedAt: T }))).toEqual([]);
    expect(outcome(agreeing, 'intents-status.versions-agree')).toMatchObject({ status: 'pass' });
  });
});
