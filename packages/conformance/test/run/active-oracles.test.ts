/**
 * The active run's exchanges judged by the oracle registry (run/active-oracles.ts): a violation
 * on another check's exchange fails the oracle's own check, with that exchange and a replay of
 * both checks; the exchanges a check sent are judged by its own oracle too, and a defect fails its
 * check once.
 */
import { openapi } from '@crosschain/specs';
import { describe, expect, it } from 'vitest';
import { ActiveOracles } from '../../src/run/active-oracles.js';
import type { CheckOutcome, Exchange } from '../../src/contract/types.js';
import { validatorFor, type OpenApiDocument } from '../../src/contract/validator.js';

const validator = validatorFor(openapi as OpenApiDocument);

/** A v3 page of `n` records for `query`, sent with a key. */
function v3Page(seq: number, query: string, n: number): Exchange {
  const records = Array.from({ length: n }, (_, i) => ({ id: `0x${seq}-${i}`, status: 'success', createdAt: new Date(Date.UTC(2026, 9, 1, 0, 0, 60 - i)).toISOString() }));
  const bodyText = JSON.stringify({ requests: records });
  return {
    seq,
    startedAt: '2026-10-02T00:00:00.000Z',
    operation: 'GET /requests/v3',
    request: { method: 'GET', url: `http://api.test/requests/v3?${query}`, headers: { 'x-api-key': '<redacted>' } },
    response: { status: 200, headers: { 'content-type': 'application/json' }, bodyText, json: JSON.parse(bodyText), isJson: true },
    durationMs: 1,
    curl: '',
  };
}

const outcome = (id: string, status: CheckOutcome['status'] = 'pass'): CheckOutcome => ({ id, family: id.split('.').slice(0, 2).join('.'), title: id, operation: 'GET /requests/v3', clauses: [], level: 'MUST', seed: 1, replay: `replay --only ${id}`, status, durationMs: 1, requests: 1 });
const replayOf = (ids: string) => `replay --only ${ids}`;

describe('ActiveOracles', () => {
  it('a page the sort check fetched with 3 records for limit=2 fails requests-v3.limit.max, with that exchange and a replay of both checks', () => {
    const owners = new Map<number, string>([[1, 'requests-v3.sort.default']]);
    const o = new ActiveOracles(validator, (e) => owners.get(e.seq));
    o.observe([v3Page(1, 'limit=2', 3)]);
    const [limit, sort] = o.amend([outcome('requests-v3.limit.max'), outcome('requests-v3.sort.default')], { strict: false, replayOf });
    expect(limit!.status).toBe('fail');
    expect(limit!.violation?.request?.url).toBe('http://api.test/requests/v3?limit=2');
    expect(limit!.violation?.received).toBe('3 records');
    expect(limit!.replay).toBe('replay --only requests-v3.sort.default,requests-v3.limit.max');
    expect(limit!.reason).toMatch(/check requests-v3\.sort\.default/);
    expect(sort!.status).toBe('pass');
  });

  it("the check that sent an exchange is judged on it by its own oracle: its pass fails, replayed alone", () => {
    const o = new ActiveOracles(validator, () => 'requests-v3.limit.max');
    o.observe([v3Page(1, 'limit=2', 3)]);
    const [limit] = o.amend([outcome('requests-v3.limit.max')], { strict: false, replayOf });
    expect(limit!.status).toBe('fail');
    expect(limit!.violation?.received).toBe('3 records');
    expect(limit!.reason).toMatch(/this check/);
    expect(limit!.replay).toBe('replay --only requests-v3.limit.max');
  });

  it('a check that failed on its own keeps its one failure: the oracle adds no second one', () => {
    const o = new ActiveOracles(validator, () => 'requests-v3.limit.max');
    o.observe([v3Page(1, 'limit=2', 3)]);
    const failed = { ...outcome('requests-v3.limit.max', 'fail'), reason: 'its own failure' };
    expect(o.amend([failed], { strict: false, replayOf })).toEqual([failed]);
  });

  it('only checks that passed are amended: an error, a skip (the kit could not decide, e.g. data moving) and a kept outcome stay', () => {
    const o = new ActiveOracles(validator, () => undefined);
    o.observe([v3Page(1, 'limit=2', 3)]);
    const error = outcome('requests-v3.limit.max', 'error');
    expect(o.amend([error], { strict: false, replayOf })).toEqual([error]);
    const skipped = { ...outcome('requests-v3.limit.max', 'skip'), reason: 'unstable' };
    expect(o.amend([skipped], { strict: false, replayOf })).toEqual([skipped]);
    const kept = { ...outcome('requests-v3.limit.max'), reason: 'max failures' };
    expect(o.amend([kept], { strict: false, replayOf, keep: (x) => x.reason === 'max failures' })).toEqual([kept]);
    const [fromDiscovery] = o.amend([outcome('requests-v3.limit.max')], { strict: false, replayOf });
    expect(fromDiscovery!.status).toBe('fail');
    expect(fromDiscovery!.reason).toMatch(/discovery/);
    expect(fromDiscovery!.replay).toBe('replay --only requests-v3.limit.max');
  });

  it('a clean page changes nothing', () => {
    const o = new ActiveOracles(validator, () => undefined);
    o.observe([v3Page(1, 'limit=5', 3)]);
    const list = [outcome('requests-v3.limit.max'), outcome('requests-v3.sort.default')];
    expect(o.amend(list, { strict: false, replayOf })).toEqual(list);
  });
});
