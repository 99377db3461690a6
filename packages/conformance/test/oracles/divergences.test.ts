/**
 * Each catalogued divergence labels only what it describes: the live form is labelled,
 * a near miss (same field, another shape) is not. Errors come from the kit's own validator.
 */
import { openapi } from '@crosschain/specs';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validatorFor } from '../../src/run/runner.js';
import type { OpenApiDocument } from '../../src/contract/validator.js';
import { schemaDivergence } from '../../src/oracles/divergences.js';
import { failReason } from '../../src/oracles/requests-v3-records.js';
import { isWithheld, type Seen } from '../../src/oracles/index.js';

const validator = validatorFor(openapi as OpenApiDocument);
const RECORD = JSON.parse(readFileSync(new URL('../../../../specs/examples/request-v3/valid-refund-with-fail-reason.json', import.meta.url), 'utf8')) as Record<string, any>;
const published = (name: string): any => JSON.parse(readFileSync(new URL(`../../../../specs/examples/published/${name}`, import.meta.url), 'utf8'));
/** A whole published v2 response, with the deprecation object a v2 200 carries since the signals went live. */
const V2_RECORD = { ...published('requests-v2-example-2.json'), ...published('requests-v2-deprecation-object-example.json') } as { requests: Array<Record<string, any>> };

/** The divergence label of a 200 body of `operation` under `check` ('' when the body is valid, undefined when unlabelled). */
function label(operation: string, check: string, body: unknown): string | undefined {
  const verdict = validator.validate(operation, 200, 'application/json', JSON.stringify(body), body, true)!;
  if (verdict.valid) return '';
  return schemaDivergence(check, verdict.errors, body);
}
const clone = <T>(v: T): T => structuredClone(v);

describe('divergence labels', () => {
  it('intents-status-unknown: only a body whose status is "unknown"', () => {
    expect(label('GET /intents/status', 'intents-status.response.schema', { status: 'unknown' })).toBe('divergence.intents-status-unknown');
    expect(label('GET /intents/status', 'intents-status.response.schema', { status: 'success', txHashes: ['0x1'] })).toBeUndefined();
    expect(label('GET /intents/status', 'intents-status.response.schema', { status: 'pending' })).toBeUndefined();
  });

  it('partner-id-name: a record without partnerId that has moonpayId, not one with neither', () => {
    const live = clone(RECORD);
    live.data.externalMetadata = { moonpayId: 'm-1' };
    expect(label('GET /requests/v3', 'requests-v3.response.schema', { requests: [live] })).toBe('divergence.partner-id-name');
    const bare = clone(RECORD);
    bare.data.externalMetadata = {};
    expect(label('GET /requests/v3', 'requests-v3.response.schema', { requests: [bare] })).toBeUndefined();
  });

  it('route-amount-partial: a route amount with currency and amount only, not one that lacks its amount too', () => {
    const live = clone(RECORD);
    const amount = live.data.route.quoted.origin.inputCurrency;
    delete amount.amountFormatted;
    delete amount.amountUsd;
    expect(label('GET /requests/v3', 'requests-v3.response.schema', { requests: [live] })).toBe('divergence.route-amount-partial');
    const near = clone(live);
    near.data.route.quoted.origin.inputCurrency = { amount: amount.amount };
    expect(label('GET /requests/v3', 'requests-v3.response.schema', { requests: [near] })).toBeUndefined();
  });

  it('same-chain-tx-without-hash: a v2 out-transaction holding only the deposit chain; not another chain, not with other fields', () => {
    const body = clone(V2_RECORD);
    const r = body.requests[0]!;
    const chain = r.data.inTxs[0].chainId as number;
    r.data.outTxs = [{ chainId: chain }];
    expect(label('GET /requests/v2', 'requests-v2.response.schema', body)).toBe('divergence.same-chain-tx-without-hash');
    r.data.outTxs = [{ chainId: chain + 1 }];
    expect(label('GET /requests/v2', 'requests-v2.response.schema', body)).toBeUndefined();
    r.data.outTxs = [{ chainId: chain, fee: '1' }];
    expect(label('GET /requests/v2', 'requests-v2.response.schema', body)).toBeUndefined();
  });

  it('same-chain-tx-without-hash: a v3 Same-chain Swap out-transaction holding only its chain; not a bridge', () => {
    const live = clone(RECORD);
    expect(live.requestType).toBe('Same-chain Swap');
    live.data.outTxs = [{ chainId: 10 }];
    expect(label('GET /requests/v3', 'requests-v3.response.schema', { requests: [live] })).toBe('divergence.same-chain-tx-without-hash');
    const bridge = clone(live);
    bridge.requestType = 'Bridge';
    expect(label('GET /requests/v3', 'requests-v3.response.schema', { requests: [bridge] })).toBeUndefined();
  });

  it('nullable-fields, rent-bucket: only null and only rent', () => {
    const nulled = clone(RECORD);
    nulled.sender = null;
    expect(label('GET /requests/v3', 'requests-v3.response.schema', { requests: [nulled] })).toBe('divergence.nullable-fields');
    nulled.sender = 7;
    expect(label('GET /requests/v3', 'requests-v3.response.schema', { requests: [nulled] })).toBeUndefined();
  });

  it('fail-reason-na-v3: the oracle sets it as a field, for the string "N/A" exactly, not another spelling', () => {
    const divergenceOf = (...records: unknown[]) => {
      const j = failReason.judge({ records } as unknown as Seen);
      if (j === undefined || isWithheld(j)) throw new Error('expected a violation');
      return j.divergence;
    };
    expect(divergenceOf({ id: '0x1', status: 'failure', data: { failReason: 'N/A' } })).toBe('divergence.fail-reason-na-v3');
    expect(divergenceOf({ id: '0x1', status: 'refund', data: { failReason: null, refundFailReason: 'N/A' } })).toBe('divergence.fail-reason-na-v3');
    expect(divergenceOf({ id: '0x1', status: 'failure', data: { failReason: 'n/a' } })).toBeUndefined();
    // The words of the violation no longer decide: a success with a reason that mentions N/A is not the divergence.
    expect(divergenceOf({ id: '0x1', status: 'success', data: { failReason: 'N/A elsewhere' } })).toBeUndefined();
    expect(divergenceOf({ id: '0x2', status: 'success', data: { failReason: 'SLIPPAGE' } }, { id: '0x1', data: { failReason: 'N/A' } })).toBeUndefined();
  });
});
