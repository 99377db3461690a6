/**
 * The live service's forms of a v3 record where they diverge from the API document (variants of
 * profile `live`, each a `divergence.*` entry of specs/clauses.yaml): `moonpay-id`, `rent-bucket`,
 * `tx-fee-usd`, `superseded-omitted`, `failed-call-data-object`. Applied to a record as it is presented.
 */
import { CURRENCIES, type CatalogueCurrency } from '../data/catalogue.js';
import { usd } from '../data/amounts.js';
import type { Json } from '../data/record-v3.js';
import type { Variants } from './catalogue.js';

const NATIVE = new Map<number, CatalogueCurrency>(CURRENCIES.filter((c) => c.metadata.isNative).map((c) => [c.chainId, c]));

/** USD value (six decimals) of a fee in the smallest unit of the chain's native currency. */
export function feeUsd(fee: unknown, chainId: unknown): string {
  const native = typeof chainId === 'number' ? NATIVE.get(chainId) : undefined;
  if (typeof fee !== 'string' || !/^\d+$/.test(fee) || !native) return usd(0);
  return usd((Number(fee) / 10 ** native.decimals) * native.priceUsd);
}

/** The zero `rent` component of feeSponsorship (no Solana account rent paid), as the live schema requires it. */
function rentComponent(): Json {
  const zero = { amount: '0', amountUsd: usd(0) };
  return { selected: false, total: { ...zero }, sponsored: { ...zero }, userPays: { ...zero } };
}

/** Rewrites `rec` (a presented v3 record) into the live forms the active variants ask for. */
export function applyLiveRecordForms(rec: Json, variants: Variants): void {
  const data = rec.data as Json | undefined;
  if (variants.has('moonpay-id') && data && data.externalMetadata && typeof data.externalMetadata === 'object') {
    const ext = data.externalMetadata as Json;
    data.externalMetadata = { moonpayId: ext.partnerId ?? null };
  }
  if (variants.has('rent-bucket') && data?.feeSponsorship && typeof data.feeSponsorship === 'object') {
    for (const phase of ['quoted', 'actual'] as const) {
      const components = ((data.feeSponsorship as Json)[phase] as Json | undefined)?.components as Json | undefined;
      if (components) components.rent = rentComponent();
    }
  }
  if (variants.has('tx-fee-usd') && data) {
    for (const list of ['inTxs', 'outTxs'] as const) {
      const txs = data[list];
      if (!Array.isArray(txs)) continue;
      data[list] = (txs as Json[]).map((tx) => insertAfter(tx, 'fee', 'feeUsd', feeUsd(tx.fee, tx.chainId)));
    }
  }
  if (variants.has('superseded-omitted') && rec.supersededByRequestId === null) delete rec.supersededByRequestId;
  if (variants.has('failed-call-data-object') && data && typeof data.failedCallData === 'string') data.failedCallData = failedCall(rec, data.failedCallData);
}

/** The failed call `{from, to, data, value}` (SDK `/requests/v3`): from the solver to the depository, no native value. */
function failedCall(rec: Json, calldata: string): Json {
  const protocol = (rec.protocol ?? {}) as { solver?: { address?: unknown }; deposit?: { origin?: { depository?: unknown } } };
  return { from: protocol.solver?.address ?? null, to: protocol.deposit?.origin?.depository ?? null, data: calldata, value: '0' };
}

/** A copy of `obj` with `key: value` right after `after` (the live key order: fee, feeUsd). */
function insertAfter(obj: Json, after: string, key: string, value: unknown): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(obj)) {
    out[k] = v;
    if (k === after) out[key] = value;
  }
  if (!(key in out)) out[key] = value;
  return out;
}
