/**
 * The deprecated v2 record, derived from the v3 record by reversing the document's "Changes from
 * v2 to v3" table (hash in tx entries, `N/A` fail reasons, data.metadata, wei fees, feesUsd,
 * depositAddressType, root referrer and moonpayId) and live-service facts §2.4.
 */
import type { Json } from '../data/record-v3.js';
import type { Row } from '../data/row.js';

/** v2 status of a v3 status: v2 has no `depositing`/`submitted`. */
export function v2Status(status: string): string {
  if (status === 'depositing') return 'waiting';
  if (status === 'submitted') return 'pending';
  return status;
}

function txV2(tx: Json): Json {
  const { txHash, ...rest } = tx;
  return { ...rest, hash: txHash };
}

function weiOf(amount: unknown): string {
  return typeof amount === 'string' ? amount : '0';
}

/**
 * Value rule: the root `referrer` is a string or absent, never null, as in every
 * published recording of the live service (test/fixtures/live/: the cassette of
 * valory-xyz/olas-operate-middleware has no `referrer` key on a request without one).
 */
export function v2Referrer(row: Row): { referrer?: string } {
  return row.referrer === null ? {} : { referrer: row.referrer };
}

/**
 * Value rule: the root `moonpayId` is a string or absent (the live schema, SDK
 * `/requests/v2`, types it `string`; the live cassette in test/fixtures/live/ has no such key on a
 * request without one), not null.
 */
export function v2MoonpayId(partnerId: unknown): { moonpayId?: string } {
  return typeof partnerId === 'string' ? { moonpayId: partnerId } : {};
}

/** Builds the v2 record of `v3` (its authenticated fields, if any, become the v2 ones). */
export function toV2(row: Row, v3: Json, platformFee: unknown | undefined): Json {
  const data = v3.data as Json;
  const route = (data.route ?? {}) as Json;
  const actual = (route.actual ?? route.quoted ?? {}) as Json;
  const origin = (actual.origin ?? {}) as Json;
  const destination = (actual.destination ?? null) as Json | null;
  const currencyIn = (origin.inputCurrency ?? null) as Json | null;
  const currencyOut = ((destination ?? origin).outputCurrency ?? null) as Json | null;
  const fees = (data.fees ?? {}) as Json;
  const quotedFees = (fees.quoted ?? {}) as Record<string, Json>;
  const appFees = (data.appFees ?? {}) as Json;
  const feeCurrency = (fees.currency ?? null) as Json | null;
  const dep = v3.depositAddress as Json | null;
  const sponsorship = (data.feeSponsorship ?? {}) as Json;
  const sponsoredUsd = Number(((sponsorship.actual as Json | undefined)?.sponsoredTotal as Json | undefined)?.amountUsd ?? 0);
  const ext = (data.externalMetadata ?? {}) as Json;
  const v2Data: Json = {
    slippageTolerance: data.slippageTolerance,
    failReason: data.failReason ?? 'N/A',
    refundFailReason: data.refundFailReason ?? 'N/A',
    subsidizedRequest: sponsoredUsd > 0,
    fees: {
      gas: weiOf(quotedFees.execution?.amount),
      fixed: weiOf(quotedFees.platform?.amount),
      price: weiOf(quotedFees.swap?.amount),
      gateway: '0',
    },
    feesUsd: {
      gas: String(quotedFees.execution?.usd ?? '0').replace('-', ''),
      fixed: String(quotedFees.platform?.usd ?? '0').replace('-', ''),
      price: String(quotedFees.swap?.usd ?? '0').replace('-', ''),
      gateway: '0.000000',
    },
    inTxs: ((data.inTxs ?? []) as Json[]).map(txV2),
    outTxs: ((data.outTxs ?? []) as Json[]).map(txV2),
    currency: typeof currencyOut?.currency === 'object' ? String((currencyOut.currency as Json).symbol ?? '').toLowerCase() : '',
    currencyObject: (currencyOut?.currency ?? {}) as Json,
    feeCurrency: String(feeCurrency?.symbol ?? '').toLowerCase(),
    feeCurrencyObject: feeCurrency ?? {},
    appFeeCurrencyObject: (appFees.currency ?? {}) as Json,
    appFees: ((appFees.quoted ?? []) as Json[]).map((a) => ({ recipient: a.recipient, bps: a.bps, amount: a.amount })),
    paidAppFees: ((appFees.actual ?? []) as Json[]).map((a) => ({ recipient: a.recipient, bps: a.bps, amount: a.amount, amountUsd: a.amountUsd })),
    usesExternalLiquidity: data.usesExternalLiquidity,
    timeEstimate: data.timeEstimate,
    metadata: {
      sender: v3.sender,
      recipient: v3.recipient,
      currencyIn,
      currencyOut,
      rate: actual.rate ?? null,
      route: { origin: actual.origin ?? null, ...(destination ? { destination } : {}) },
    },
    price: typeof (destination?.inputCurrency as Json | undefined)?.amount === 'string' ? (destination!.inputCurrency as Json).amount : (currencyOut?.amount ?? '0'),
    supersededByRequestId: v3.supersededByRequestId ?? null,
  };
  if (platformFee !== undefined) v2Data.platformFee = platformFee;
  return {
    id: v3.id,
    status: v2Status(String(v3.status)),
    user: v3.user,
    recipient: v3.recipient,
    depositAddress: dep
      ? { address: dep.address, depositAddressType: dep.type, depositor: dep.depositor, depositTxHash: dep.depositTxHash }
      : null,
    ...v2MoonpayId(ext.partnerId),
    ...v2Referrer(row),
    data: v2Data,
    protocol: v3.protocol,
    createdAt: v3.createdAt,
    updatedAt: v3.updatedAt,
  };
}
