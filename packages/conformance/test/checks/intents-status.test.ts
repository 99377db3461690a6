import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/intents-status.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { fakeContext, json, queryOf, route, type FakeResponse } from '../support/fake-context.js';
import { discoveryOf, fakeRequestsV3, makeRecords, type Rec } from '../support/fake-requests-v3.js';
import { checkById, passesThenFailsOn } from '../support/check-cases.js';
import { settle } from '../support/settle.js';

type Fault = 'key-required' | 'refund-as-failure' | 'time-seconds' | 'param-named-id' | 'wrong-origin' | 'extra-hash';

const RECORDS = makeRecords(30);
const get = (v: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((cur, k) => (cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined), v);

const STATUS: Record<string, string> = { refund: 'fallback', success: 'success', failure: 'failure' };

/** A conformant GET /intents/status over RECORDS (requestId, time in ms), with one optional fault. */
function intentsStatus(fault?: Fault) {
  return (req: RequestSpec): FakeResponse => {
    if (fault === 'key-required' && req.auth === 'none') return json(401, { message: 'key required' });
    const q = queryOf(req);
    const id = fault === 'param-named-id' ? q.id : q.requestId;
    if (id === undefined) return json(400, { message: 'id required' });
    const r = RECORDS.find((x) => x.id === id);
    if (!r) return json(404, { message: 'not found' });
    const txs = (list: string) => (get(r, 'data', list) as Rec[]).map((t) => t.txHash as string);
    const origin = get(r, 'data', 'route', 'actual', 'origin', 'inputCurrency', 'currency', 'chainId') as number;
    const dest = (get(r, 'data', 'route', 'actual', 'destination', 'outputCurrency', 'currency', 'chainId') ?? origin) as number;
    const ms = Date.parse(r.updatedAt as string);
    return json(200, {
      status: fault === 'refund-as-failure' && r.status === 'refund' ? 'failure' : (STATUS[r.status as string] ?? 'pending'),
      inTxHashes: txs('inTxs'),
      txHashes: fault === 'extra-hash' ? [...txs('outTxs'), '0xdeadbeef'] : txs('outTxs'),
      time: fault === 'time-seconds' ? Math.floor(ms / 1000) : ms,
      originChainId: fault === 'wrong-origin' ? 999 : origin,
      destinationChainId: dest,
    });
  };
}

function ctxFor(fault?: Fault, records: Rec[] = RECORDS) {
  return fakeContext({
    handler: route({ 'GET /intents/status': intentsStatus(fault), 'GET /requests/v3': fakeRequestsV3(RECORDS) }),
    discovery: discoveryOf(records),
  });
}

const byId = (id: string) => checkById(checks, id);

describe('intents-status checks', () => {
  passesThenFailsOn(
    checks,
    [
      ['intents-status.auth.optional', 'key-required', 'optional'],
      ['intents-status.fallback-on-refund', 'refund-as-failure', '`fallback`'],
      ['intents-status.request-id-param', 'param-named-id', '`requestId`'],
      ['intents-status.consistent-with-listing', 'time-seconds', 'milliseconds'],
      ['intents-status.consistent-with-listing', 'wrong-origin', 'originChainId'],
      ['intents-status.consistent-with-listing', 'extra-hash', 'txHashes'],
    ],
    ctxFor,
    { in: 'url', text: '/intents/status' },
  );

  it('fallback-on-refund skips without refunded requests', async () => {
    const result = await settle(byId('intents-status.fallback-on-refund'), ctxFor(undefined, RECORDS.filter((r) => r.status !== 'refund')));
    expect(result).toMatchObject({ status: 'skip', reason: expect.stringContaining('no refunded request') });
  });

  it('fallback-on-refund and consistency skip (not fail) when the server does not know requestId', async () => {
    expect(await settle(byId('intents-status.fallback-on-refund'), ctxFor('param-named-id'))).toMatchObject({ status: 'skip' });
    expect(await settle(byId('intents-status.consistent-with-listing'), ctxFor('param-named-id'))).toMatchObject({ status: 'skip' });
  });

  it.each(['intents-status.request-id-param', 'intents-status.consistent-with-listing'])('%s skips without discovered ids', async (id) => {
    expect(await settle(byId(id), ctxFor(undefined, []))).toMatchObject({ status: 'skip' });
  });

  it('auth.optional skips (not fails) when the anonymous request is rate limited', async () => {
    const ctx = fakeContext({ handler: route({ 'GET /intents/status': (req) => (req.auth === 'none' ? json(429, { message: 'slow' }) : json(200, { status: 'success' })) }) });
    expect(await settle(byId('intents-status.auth.optional'), ctx)).toMatchObject({ status: 'skip', reason: expect.stringContaining('429') });
  });

  it('auth.optional works without discovered ids (a made-up id answered alike)', async () => {
    expect(await settle(byId('intents-status.auth.optional'), ctxFor(undefined, []))).toMatchObject({ status: 'pass' });
    expect((await settle(byId('intents-status.auth.optional'), ctxFor('key-required', []))).status).toBe('fail');
  });
});
