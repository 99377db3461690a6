/**
 * Fields the API document's change table (Versioning > Changes from v2 to v3) lists as removed in
 * v3, or moved elsewhere: a v3 record still carrying one of them keeps the v2 shape where the
 * document says v3 no longer has it. One predicate for the active
 * `requests-v3.record.no-removed-fields` check and the passive proxy and `audit`.
 *
 * Not listed: the v2 "`moonpay`-style partner id at root" (the table does not name the field) and
 * `data.appFees` as an array or `status` `delayed` (the v3 schema already refuses them).
 */
import { isObject } from '../contract/outcome.js';
import { recordId } from '../contract/record.js';
import { V3, type Oracle } from './oracle.js';

/** `data.*` fields of v2 that the table removes from v3 (or moves elsewhere). */
export const REMOVED_DATA_FIELDS = [
  'metadata',
  'expandedPriceImpact',
  'feesUsd',
  'currency',
  'currencyObject',
  'feeCurrency',
  'feeCurrencyObject',
  'appFeeCurrencyObject',
  'paidAppFees',
  'subsidizedRequest',
  'subsidizedFee',
  'price',
  'supersededByRequestId',
] as const;

/** Keys of the old wei `data.fees` of v2 ("removed"; v3's `data.fees` is another object). */
export const OLD_FEE_KEYS = ['gas', 'fixed', 'price', 'gateway'] as const;

/** Root fields of v2 that v3 moved (`referrer` to `data.referrer`). */
export const REMOVED_ROOT_FIELDS = ['referrer'] as const;

/** The removed fields a v3 record carries, as dotted paths (`data.metadata`, `data.inTxs[0].hash`). */
export function removedFieldsOf(record: unknown): string[] {
  if (!isObject(record)) return [];
  const out: string[] = REMOVED_ROOT_FIELDS.filter((f) => f in record);
  const data = record.data;
  if (!isObject(data)) return out;
  for (const f of REMOVED_DATA_FIELDS) if (f in data) out.push(`data.${f}`);
  if (isObject(data.fees)) for (const k of OLD_FEE_KEYS) if (k in data.fees) out.push(`data.fees.${k}`);
  for (const list of ['inTxs', 'outTxs'] as const) {
    const txs = data[list];
    if (!Array.isArray(txs)) continue;
    txs.forEach((t, i) => {
      if (isObject(t) && 'hash' in t) out.push(`data.${list}[${i}].hash`);
    });
  }
  return out;
}

export const REMOVED_MESSAGE = 'A v3 record must not carry the v2 fields the change table lists as removed in v3 (Versioning > Changes from v2 to v3)';
export const REMOVED_EXPECTED = 'no data.metadata, data.subsidizedRequest, data.subsidizedFee, data.price, data.feesUsd, old wei data.fees keys, v2 currency fields, data.supersededByRequestId, root referrer, transaction `hash`';

/** `requests-v3.record.no-removed-fields` on each record of a v3 200 page (the active check runs the same predicate). */
export const v3RemovedFields: Oracle = {
  id: 'requests-v3.record.no-removed-fields',
  applies: (s) => s.exchange.operation === V3 && s.exchange.response?.status === 200 && s.records !== undefined,
  judge(s) {
    for (const r of s.records!) {
      const removed = removedFieldsOf(r);
      if (removed.length > 0) return { message: REMOVED_MESSAGE, expected: REMOVED_EXPECTED, received: `id ${recordId(r) ?? '?'}: ${removed.join(', ')}` };
    }
    return undefined;
  },
};
