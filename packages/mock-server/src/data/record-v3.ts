/**
 * Builds the full v3 request record (document, Resources > Request record (v3)) of a generated row.
 * Everything a filter reads comes from the row; the rest is derived deterministically from the id.
 */
import { createRng, fnv1a, type Rng } from '../prng.js';
import { API_KEYS, CHAIN_BY_ID, CURRENCIES, FEATURE_BIT, INTEGRATORS, SAME_CHAIN_TYPES, type CatalogueCurrency } from './catalogue.js';
import { formatUnits, unitsFromUsd, usd } from './amounts.js';
import type { Row } from './row.js';
import { walletAddress } from './wallets.js';

/** A JSON object (records are plain JSON). */
export type Json = Record<string, unknown>;

const BY_CHAIN_ADDRESS = new Map<string, CatalogueCurrency>(CURRENCIES.map((c) => [`${c.chainId}:${c.address.toLowerCase()}`, c]));

/** The catalogue currency of a row side. */
export function catalogueCurrency(chainId: number, address: string): CatalogueCurrency {
  const c = BY_CHAIN_ADDRESS.get(`${chainId}:${address.toLowerCase()}`);
  if (!c) throw new Error(`unknown currency ${chainId}:${address}`);
  return c;
}

/** Full currency object (document: `chainId`, `address`, `symbol`, `name`, `decimals`, `metadata`). */
function fullCurrency(c: CatalogueCurrency): Json {
  return { chainId: c.chainId, address: c.address, symbol: c.symbol, name: c.name, decimals: c.decimals, metadata: { ...c.metadata } };
}
/** Short nested currency (document: "some nested occurrences carry only chainId, symbol, decimals"). */
function shortCurrency(c: CatalogueCurrency): Json {
  return { chainId: c.chainId, symbol: c.symbol, decimals: c.decimals };
}

function amountObject(c: CatalogueCurrency, usdValue: number, full: boolean, minimum: boolean): Json {
  const units = unitsFromUsd(usdValue, c.priceUsd, c.decimals);
  const out: Json = {
    currency: full ? fullCurrency(c) : shortCurrency(c),
    amount: units.toString(),
    amountFormatted: formatUnits(units, c.decimals),
    amountUsd: usd(usdValue),
  };
  if (minimum) out.minimumAmount = ((units * 995n) / 1000n).toString();
  return out;
}

function txEntry(rng: Rng, hash: string, chainId: number, block: number, timestampMs: number, status: 'success' | 'failure'): Json {
  return {
    txHash: hash,
    fee: String(rng.int(1_000, 900_000) * 1_000_000),
    block,
    type: 'onchain',
    chainId,
    timestamp: Math.floor(timestampMs / 1000),
    status,
    data: {},
    stateChanges: [],
  };
}

function feeComponent(c: CatalogueCurrency, usdValue: number, sign: number): Json {
  const units = unitsFromUsd(Math.abs(usdValue), c.priceUsd, c.decimals);
  return { usd: usd(sign * Math.abs(usdValue)), amount: units.toString(), amountFormatted: formatUnits(units, c.decimals) };
}

function sponsorshipPart(c: CatalogueCurrency, fees: Record<string, number>, sponsored: boolean, actual: boolean, sponsorChain: number, sponsor: string): Json {
  const names = ['execution', 'swap', 'platform', 'app'] as const;
  const components: Json = {};
  let total = 0;
  for (const n of names) {
    const v = fees[n];
    const units = unitsFromUsd(v, c.priceUsd, c.decimals).toString();
    const part = { amount: units, amountUsd: usd(v) };
    components[n] = {
      selected: sponsored,
      total: { ...part },
      sponsored: sponsored ? { ...part } : { amount: '0', amountUsd: usd(0) },
      userPays: sponsored ? { amount: '0', amountUsd: usd(0) } : { ...part },
    };
    total += v;
  }
  const totalUnits = unitsFromUsd(total, c.priceUsd, c.decimals);
  const totalObj = { amount: totalUnits.toString(), amountFormatted: formatUnits(totalUnits, c.decimals), amountUsd: usd(total) };
  const zero = { amount: '0', amountFormatted: '0', amountUsd: usd(0) };
  const out: Json = {
    selectedComponents: sponsored ? [...names] : [],
    capHit: false,
    components,
    sponsoredTotal: sponsored ? totalObj : zero,
    userPaysTotal: sponsored ? zero : totalObj,
  };
  if (!actual) out.maxSubsidizationAmount = null;
  if (actual) out.sponsorPayment = { amount: sponsored ? totalObj.amount : '0', address: sponsor, chainId: sponsorChain };
  return out;
}

/** Builds the v3 record of a generated row (without authenticated fields; see `presentV3`). */
export function buildV3Record(row: Row, seed: number): Json {
  const rng = createRng(seed, fnv1a(row.id));
  const inCur = catalogueCurrency(row.inChainId, row.inAddress);
  const outCur = catalogueCurrency(row.outChainId, row.outAddress);
  const sameChain = row.requestType !== null && SAME_CHAIN_TYPES.has(row.requestType);
  const originVm = CHAIN_BY_ID.get(row.originChainId)!.vmType;
  const key = row.keyIdx >= 0 ? API_KEYS[row.keyIdx] : null;
  const sponsored = row.keyIdx === 0 && rng.chance(0.5);
  const feesUsd: Record<string, number> = {
    execution: Math.round(row.amountUsd * 0.0004 * 1e6) / 1e6 + 0.01,
    swap: row.requestType === 'Bridge' || row.requestType === 'Send' ? 0 : Math.round(row.amountUsd * 0.001 * 1e6) / 1e6,
    platform: platformFeeUsd(row),
    app: row.appFeesUsd,
  };
  const totalFees = feesUsd.execution + feesUsd.swap + feesUsd.platform + feesUsd.app;
  const outUsd = Math.max(0, row.amountUsd - (sponsored ? 0 : totalFees));
  const solver = rng.hex(40, '0x');
  const depository = rng.hex(40, '0x');
  const side = (actual: boolean, which: 'origin' | 'destination'): Json => {
    if (which === 'origin') {
      return {
        inputCurrency: amountObject(inCur, row.amountUsd, actual, !actual),
        outputCurrency: amountObject(sameChain ? outCur : inCur, sameChain ? outUsd : row.amountUsd, actual, !actual),
        router: actual ? rng.pick(['relay', 'uniswap', '0x', 'jupiter']) : 'relay',
      };
    }
    return {
      inputCurrency: amountObject(outCur, outUsd, actual, !actual),
      outputCurrency: amountObject(outCur, outUsd, actual, !actual),
      router: 'relay',
    };
  };
  const quoted: Json = { origin: side(false, 'origin') };
  const actual: Json = { rate: (outUsd / Math.max(row.amountUsd, 1e-9) * (inCur.priceUsd / outCur.priceUsd)).toFixed(6), origin: side(true, 'origin') };
  if (!sameChain) {
    quoted.destination = side(false, 'destination');
    actual.destination = side(true, 'destination');
  }
  const inTxs = row.inTxHashes.map((h, i) => txEntry(rng, h, row.originChainId, row.inBlocks[i] ?? 0, row.createdAt + 1000, 'success'));
  const outTxs = [
    ...row.fillTxHashes.map((h, i) => txEntry(rng, h, row.destinationChainId, row.outBlocks[i] ?? 0, row.createdAt + (Number.isNaN(row.fillTimeSec) ? 0 : row.fillTimeSec * 1000), 'success')),
    ...row.refundTxHashes.map((h) => txEntry(rng, h, row.originChainId, row.outBlocks[row.outBlocks.length - 1] ?? 0, row.updatedAt, 'success')),
  ];
  const appBps = row.appFeesUsd > 0 ? String(Math.round((row.appFeesUsd / row.amountUsd) * 10_000)) : null;
  const appRecipient = appFeeRecipient(row, key ? rng.hex(40, '0x') : null);
  const appUnits = unitsFromUsd(row.appFeesUsd, inCur.priceUsd, inCur.decimals);
  const appItem = appBps ? { recipient: appRecipient, bps: appBps, amount: appUnits.toString(), amountFormatted: formatUnits(appUnits, inCur.decimals) } : null;
  const fixedRate = (row.features & FEATURE_BIT.fixed_rate) !== 0;
  const record: Json = {
    id: row.id,
    status: row.status,
    user: row.user,
    sender: row.sender,
    recipient: row.recipient,
    refundTo: row.depositAddress ? (rng.chance(0.5) ? row.depositor : null) : null,
    depositAddress: row.depositAddress
      ? {
          address: row.depositAddress,
          type: fnv1a(row.depositAddress) % 5 < 3 ? 'strict' : 'open',
          depositor: row.depositor,
          depositTxHash: row.inTxHashes[0] ?? null,
          recoveryAddress: rng.chance(0.3) ? walletAddress(rng, originVm) : null,
        }
      : null,
    requestType: row.requestType,
    data: {
      slippageTolerance: String(rng.pick([0, 5, 50, 100])),
      failReason: row.failReason,
      refundFailReason: row.refundFailReason,
      failedTxHash: row.failedTxHash,
      failedTxBlockNumber: row.failedTxHash ? blockFor(row) : null,
      failedCallData: row.failedTxHash ? rng.hex(72, '0x') : null,
      usesExternalLiquidity: rng.chance(0.1),
      timeEstimate: (row.features & FEATURE_BIT.fast_fill) !== 0 ? 2 : rng.pick([4, 10, 30, 60]),
      triggeredByFastFill: (row.features & FEATURE_BIT.fast_fill) !== 0 ? true : null,
      inTxs,
      outTxs,
      appFees: {
        quoted: appItem ? [{ ...appItem }] : [],
        actual: appItem && row.status === 'success' ? [{ ...appItem, amountUsd: usd(row.appFeesUsd) }] : [],
        currency: fullCurrency(inCur),
      },
      fees: {
        quoted: {
          swap: feeComponent(inCur, feesUsd.swap, -1),
          execution: feeComponent(inCur, feesUsd.execution, -1),
          platform: feeComponent(inCur, feesUsd.platform, -1),
          app: feeComponent(inCur, feesUsd.app, -1),
          sponsored: feeComponent(inCur, sponsored ? totalFees : 0, 1),
        },
        actual: {
          swap: { usd: usd(-feesUsd.swap) },
          execution: { usd: usd(-feesUsd.execution) },
          platform: { usd: usd(-feesUsd.platform) },
          app: { usd: usd(-feesUsd.app) },
          sponsored: { usd: usd(sponsored ? totalFees : 0) },
        },
        currency: fullCurrency(inCur),
      },
      feeSponsorship: {
        quoted: sponsorshipPart(inCur, feesUsd, sponsored, false, row.destinationChainId, solver),
        actual: sponsorshipPart(inCur, feesUsd, sponsored, true, row.destinationChainId, solver),
        currency: fullCurrency(inCur),
      },
      route: {
        includedSwapSources: [],
        includedOriginSwapSources: [],
        includedDestinationSwapSources: [],
        quoted,
        actual,
      },
      quoteOraclePrice: fixedRate
        ? oraclePrice(row, inCur, outCur)
        : null,
      refundCurrencyData: row.status === 'refund' ? amountObject(inCur, Math.max(0, row.amountUsd - feesUsd.execution), true, false) : null,
      externalMetadata: { partnerId: rng.chance(0.03) ? `mp_${rng.hex(24)}` : null },
    },
    protocol: {
      orderId: row.orderId,
      hubType: 'onchain',
      isWithdrawable: false,
      solver: { address: solver, protocolChainId: String(row.destinationChainId), chainId: row.destinationChainId },
      deposit: {
        origin: {
          amount: unitsFromUsd(row.amountUsd, inCur.priceUsd, inCur.decimals).toString(),
          chainId: row.originChainId,
          currency: inCur.address,
          depositor: row.depositor ?? row.user ?? '',
          depository,
          onchainId: rng.hex(64, '0x'),
          transactionId: row.inTxHashes[0] ?? '',
        },
      },
      settlement: {
        destination: {
          fills: row.fillTxHashes.map((h) => ({ chainId: row.destinationChainId, transactionId: h })),
          refunds: row.refundTxHashes.map((h) => ({ chainId: row.originChainId, transactionId: h })),
        },
      },
    },
    features: [...row.featureList],
    supersededByRequestId: row.supersededByRequestId,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
  return record;
}

/**
 * Value rule: the platform (Relay API) fee in USD is zero. Every published record of
 * the live service shows it zero: the migration guide's v3 record (`fees.quoted.platform` and
 * `fees.actual.platform` "0.000000") and its v2 twin (`expandedPriceImpact.relay` "0.000000",
 * `feesUsd.fixed` "0.000000"); no recording shows a charged one (test/fixtures/live/README.md).
 */
export function platformFeeUsd(_row: Row): number {
  return 0;
}

/**
 * Value rule: an app fee always names its recipient (the SDK types `recipient` as a
 * string, never null): the key's fee wallet, or for a keyless request an address derived from its id.
 */
export function appFeeRecipient(row: Row, keyWallet: string | null): string {
  return keyWallet ?? `0x${row.id.replace(/^0x/, '').padEnd(40, '0').slice(0, 40)}`;
}

/**
 * Value rule: `quoteOraclePrice.inputCurrency`/`outputCurrency` are amount objects
 * ({currency, amount, amountFormatted, amountUsd}), as the live schema types them (SDK
 * `/requests/v3`), not bare currencies.
 */
function oraclePrice(row: Row, inCur: CatalogueCurrency, outCur: CatalogueCurrency): Json {
  return {
    rate: (inCur.priceUsd / outCur.priceUsd).toFixed(8),
    observedAt: new Date(row.createdAt - 2000).toISOString(),
    inputCurrency: amountObject(inCur, row.amountUsd, true, false),
    outputCurrency: amountObject(outCur, row.amountUsd, true, false),
  };
}

function blockFor(row: Row): number {
  return row.outBlocks[0] ?? row.inBlocks[0] ?? 1;
}

/** Authenticated fields of a generated row (document rule 6): referrer, platformFee, apiKeyName. */
export function authenticatedFields(row: Row, seed: number): Json {
  const key = row.keyIdx >= 0 ? API_KEYS[row.keyIdx] : null;
  const integrator = key ? INTEGRATORS.find((i) => i.name === key.integrator) : undefined;
  const rng = createRng(seed, fnv1a(row.id), 7);
  return {
    referrer: integrator ? integrator.referrer : null,
    platformFee: key ? { bucket: 'default', relayFeeBps: 0, integratorFeeBps: rng.pick([0, 5, 10]), totalFeeBps: 0 } : null,
    apiKeyName: key ? key.keyName : null,
  };
}
