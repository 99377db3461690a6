import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/contract/types.js';
import type { Seen } from '../../src/oracles/oracle.js';
import { featuresFilter, reasonFilters, reasonMismatch, topLevelFilters } from '../../src/oracles/requests-v3-filters.js';

const rec = (id: string, data: Record<string, unknown>) => ({ id, data });

/** A v3 200 page of `records` for `query` (only what the oracle reads). */
function seen(query: string, records: Array<Record<string, unknown>>): Seen {
  const exchange = { operation: 'GET /requests/v3', response: { status: 200 } } as unknown as Exchange;
  return { exchange, query: new URLSearchParams(query), hasKey: true, records };
}

describe('fail-reason filters (failReason, refundFailReason)', () => {
  it('reasonFilters takes one plain value per field; N/A, lists and repeats are not judged', () => {
    expect(reasonFilters(new URLSearchParams('refundFailReason=MANUAL_REFUND_REQUIRED&failReason=SLIPPAGE'))).toEqual([
      ['failReason', 'SLIPPAGE'],
      ['refundFailReason', 'MANUAL_REFUND_REQUIRED'],
    ]);
    expect(reasonFilters(new URLSearchParams('failReason=N/A&refundFailReason=n/a'))).toEqual([]);
    expect(reasonFilters(new URLSearchParams('failReason=A,B'))).toEqual([]);
    expect(reasonFilters(new URLSearchParams('failReason=A&failReason=B'))).toEqual([]);
    expect(reasonFilters(new URLSearchParams('status=failure'))).toEqual([]);
  });

  it('reasonMismatch: the same reason (any case) matches; null, N/A or another reason does not; a record without the field is not judged', () => {
    expect(reasonMismatch(rec('0x1', { refundFailReason: 'MANUAL_REFUND_REQUIRED' }), 'refundFailReason', 'MANUAL_REFUND_REQUIRED')).toBeUndefined();
    expect(reasonMismatch(rec('0x1', { refundFailReason: 'manual_refund_required' }), 'refundFailReason', 'MANUAL_REFUND_REQUIRED')).toBeUndefined();
    expect(reasonMismatch(rec('0x2', { refundFailReason: null }), 'refundFailReason', 'MANUAL_REFUND_REQUIRED')).toBe('data.refundFailReason null, asked MANUAL_REFUND_REQUIRED');
    expect(reasonMismatch(rec('0x3', { failReason: 'N/A' }), 'failReason', 'SLIPPAGE')).toBe('data.failReason "N/A", asked SLIPPAGE');
    expect(reasonMismatch(rec('0x4', { failReason: 'UNKNOWN' }), 'failReason', 'SLIPPAGE')).toContain('"UNKNOWN"');
    expect(reasonMismatch(rec('0x5', {}), 'failReason', 'SLIPPAGE')).toBeUndefined();
    expect(reasonMismatch({ id: '0x6' }, 'failReason', 'SLIPPAGE')).toBeUndefined();
  });

  it('the top-level filter oracle fails a page of refundFailReason=X holding a record without that reason (the null-check answered for a value)', () => {
    const bad = seen('refundFailReason=MANUAL_REFUND_REQUIRED&limit=50', [rec('0xa', { refundFailReason: 'MANUAL_REFUND_REQUIRED' }), rec('0xb', { refundFailReason: null })]);
    expect(topLevelFilters.applies(bad)).toBe(true);
    const problem = topLevelFilters.judge(bad);
    expect(problem).toMatchObject({ check: 'requests-v3.filter.soundness', expected: 'data.refundFailReason MANUAL_REFUND_REQUIRED', received: 'id 0xb: data.refundFailReason null, asked MANUAL_REFUND_REQUIRED' });
  });

  it('passes a page whose records all show the reason, and does not apply to failReason=N/A alone', () => {
    const good = seen('failReason=SLIPPAGE', [rec('0xa', { failReason: 'SLIPPAGE' }), rec('0xc', { failReason: 'slippage' })]);
    expect(topLevelFilters.judge(good)).toBeUndefined();
    expect(topLevelFilters.applies(seen('failReason=N/A', [rec('0xa', { failReason: null })]))).toBe(false);
  });
});

describe('the features oracle (requests-v3.filter.features)', () => {
  const seen = (query: string, records: Array<Record<string, unknown>>) => {
    const q = new URLSearchParams(query);
    return { exchange: { seq: 1, operation: 'GET /requests/v3', request: { method: 'GET', url: `http://x/requests/v3?${query}`, headers: {} }, response: { status: 200, headers: {}, bodyText: '' }, durationMs: 0, curl: '' }, query: q, hasKey: true, records } as unknown as Seen;
  };
  it('fails a listing for features=a,b holding a record with neither, or with no features array; passes one with either', () => {
    expect(featuresFilter.applies(seen('features=fast_fill,app_fees', []))).toBe(true);
    expect(featuresFilter.applies(seen('features=fast_fill&filters=[]', []))).toBe(false);
    expect(featuresFilter.judge(seen('features=fast_fill,app_fees', [{ id: '0x1', features: ['app_fees'] }]))).toBeUndefined();
    expect(featuresFilter.judge(seen('features=fast_fill,app_fees', [{ id: '0x1', features: ['gas_top_up'] }]))).toMatchObject({ received: 'id 0x1: features ["gas_top_up"]' });
    expect(featuresFilter.judge(seen('features=fast_fill', [{ id: '0x2' }]))).toMatchObject({ received: 'id 0x2: features []' });
  });
});
