/**
 * Deterministic data set generator: `generateDataset({ records, seed, now })` always yields the same
 * rows, generated into columns (`GeneratedTable`, src/data/table.ts). Covers every request type, status and feature, deposit-address requests with superseded
 * pairs (Bitcoin origin), same-chain swaps, refunds and failures with reasons, app fees, two
 * integrators and requests of no integrator, ties in createdAt and amountUsd.
 */
import { createRng, type Rng } from '../prng.js';
import {
  CHAIN_BY_ID, CHAINS, CURRENCIES, FEATURE_BIT, REQUEST_TYPES, SAME_CHAIN_TYPES, V3_STATUSES,
  type CatalogueCurrency, type RequestType, type V3Status,
} from './catalogue.js';
import type { Row } from './row.js';
import {
  APP_BPS, Columns, F_DEPOSIT, F_FAILED_TX, F_FILLED, F_IN_TX, F_REFUNDED, F_REGENERATED, F_SUPERSEDED,
  FAILURES, GeneratedTable, NO_CODE, REFUND_FAILURES, StringSource,
} from './table.js';

export { blockAt } from './table.js';

export interface GenerateOptions {
  records: number;
  seed: number;
  /** Epoch ms of "now": every timestamp is in the ~6 months before it. */
  now: number;
  /** A further random stream (requests arriving later: `Lifecycle.arrive`); none for the data set. */
  stream?: number;
}

const DAY = 86_400_000;
const SPAN = 180 * DAY;
const STATUS_WEIGHTS: Array<[V3Status, number]> = [
  ['success', 60], ['failure', 8], ['refund', 8], ['pending', 8], ['waiting', 5], ['depositing', 4], ['submitted', 7],
];
const TYPE_WEIGHTS: Record<RequestType, number> = {
  Bridge: 34, 'Crosschain Swap': 24, 'Same-chain Swap': 12, Send: 8, Wrap: 5, Unwrap: 5, Call: 12,
};
const ROUND_AMOUNTS = [10, 25, 50, 100, 250, 500, 1000];
/** Amounts in USD are log-uniform up to 50,000. */
const LOG_MAX_AMOUNT = Math.log(50_000);

const PUBLIC_CHAINS = CHAINS.filter((c) => !c.privateUuid);
const PRIVATE_CHAIN = CHAINS.find((c) => c.privateUuid)!;
const TRADABLE = new Map<number, CatalogueCurrency[]>();
for (const c of CURRENCIES) {
  if (!TRADABLE.has(c.chainId)) TRADABLE.set(c.chainId, []);
  TRADABLE.get(c.chainId)!.push(c);
}
const WRAP_PAIRS: Array<[CatalogueCurrency, CatalogueCurrency]> = [];
for (const [chainId, wrapped] of [[1, 'WETH'], [8453, 'WETH'], [42161, 'WETH'], [10, 'WETH'], [137, 'WPOL'], [56, 'WBNB']] as const) {
  const list = TRADABLE.get(chainId)!;
  WRAP_PAIRS.push([list.find((c) => c.metadata.isNative)!, list.find((c) => c.symbol === wrapped)!]);
}

const VERIFIED = new Map<number, CatalogueCurrency[]>();
const UNVERIFIED = new Map<number, CatalogueCurrency[]>();
const DEPOSITABLE = new Map<number, CatalogueCurrency[]>();
const SAME_CHAIN_OUT = new Map<CatalogueCurrency, { verified: CatalogueCurrency[]; all: CatalogueCurrency[] }>();
for (const [chainId, list] of TRADABLE) {
  VERIFIED.set(chainId, list.filter((c) => c.metadata.verified));
  UNVERIFIED.set(chainId, list.filter((c) => !c.metadata.verified));
  DEPOSITABLE.set(chainId, list.filter((c) => c.depositAddress));
  for (const c of list) {
    const all = list.filter((o) => o !== c);
    const verified = all.filter((o) => o.metadata.verified);
    SAME_CHAIN_OUT.set(c, { all, verified: verified.length ? verified : all });
  }
}
const SAME_CHAIN_ORIGINS = PUBLIC_CHAINS.filter((c) => c.id !== 8253038);
const DEPOSIT_ORIGINS = [1, 8453, 42161, 10, 137, 792703809, 8253038, 728126428];

function currencyOn(rng: Rng, chainId: number): CatalogueCurrency {
  const unverified = UNVERIFIED.get(chainId)!;
  if (unverified.length && rng.chance(0.08)) return rng.pick(unverified);
  return rng.pick(VERIFIED.get(chainId)!);
}

function sameAsset(rng: Rng, from: CatalogueCurrency, chainId: number): CatalogueCurrency {
  const list = TRADABLE.get(chainId)!;
  return list.find((c) => c.currencyId === from.currencyId) ?? list.find((c) => c.currencyId === 'usdc') ?? currencyOn(rng, chainId);
}

/** The rows a `forced` make() call pins (deposit-address pairs). */
interface Forced {
  status?: V3Status;
  deposit?: boolean;
  origin?: number;
  createdAt?: number;
}

/** The index of a value in a catalogue list (columns hold indexes, not strings). */
const STATUS_CODE = new Map<V3Status, number>(V3_STATUSES.map((s, i) => [s, i]));
const TYPE_CODE = new Map<RequestType, number>(REQUEST_TYPES.map((t, i) => [t, i]));
const CURRENCY_CODE = new Map<CatalogueCurrency, number>(CURRENCIES.map((c, i) => [c, i]));

/**
 * Generates `records` requests into columns (`GeneratedTable`), in the default order (createdAt
 * desc, id desc). Numbers come from one seeded stream, in generation order; strings (ids, order
 * ids, wallets, deposit addresses, transaction hashes) from the seed and the generation index, so
 * that a row is built only when it is read.
 */
export function generateTable(options: GenerateOptions): GeneratedTable {
  const { records, seed, now, stream } = options;
  const rng = stream === undefined ? createRng(seed, 0xda7a) : createRng(seed, 0xda7a, stream);
  const poolSize = Math.max(40, Math.ceil(records / 20));
  const c = new Columns(records);
  let lastCreated = now - DAY;
  let lastAmount = 100;
  const statusItems = STATUS_WEIGHTS.map(([s]) => s);
  const statusWeights = STATUS_WEIGHTS.map(([, w]) => w);
  const typeWeights = REQUEST_TYPES.map((t) => TYPE_WEIGHTS[t]);

  /** Writes request `g` into the columns. */
  const make = (g: number, forced?: Forced): void => {
    const requestType: RequestType = forced?.deposit ? 'Bridge' : rng.weighted(REQUEST_TYPES, typeWeights);
    const sameChain = SAME_CHAIN_TYPES.has(requestType);
    let status: V3Status = forced?.status ?? rng.weighted(statusItems, statusWeights);
    const deposit = forced?.deposit ?? (!sameChain && rng.chance(0.1));
    // A deposit-address record names its deposit transaction (document: depositAddress.depositTxHash).
    if (deposit && (status === 'waiting' || status === 'depositing')) status = 'pending';
    let inCur: CatalogueCurrency;
    let outCur: CatalogueCurrency;
    if (requestType === 'Wrap' || requestType === 'Unwrap') {
      const [native, wrapped] = rng.pick(WRAP_PAIRS);
      [inCur, outCur] = requestType === 'Wrap' ? [native, wrapped] : [wrapped, native];
    } else {
      let origin: number;
      if (forced?.origin) origin = forced.origin;
      else if (deposit) origin = rng.pick(DEPOSIT_ORIGINS);
      else if (rng.chance(0.01)) origin = PRIVATE_CHAIN.id;
      else origin = rng.pick(sameChain ? SAME_CHAIN_ORIGINS : PUBLIC_CHAINS).id;
      inCur = deposit ? rng.pick(DEPOSITABLE.get(origin)!) : currencyOn(rng, origin);
      if (sameChain) {
        const others = SAME_CHAIN_OUT.get(inCur)!;
        outCur = rng.pick(rng.chance(0.9) ? others.verified : others.all);
      } else {
        let dest = rng.pick(PUBLIC_CHAINS).id;
        while (dest === origin) dest = rng.pick(PUBLIC_CHAINS).id;
        outCur = requestType === 'Bridge' || requestType === 'Send' ? sameAsset(rng, inCur, dest) : currencyOn(rng, dest);
      }
    }
    const originVm = CHAIN_BY_ID.get(inCur.chainId)!.vmType;
    const destVm = CHAIN_BY_ID.get(outCur.chainId)!.vmType;
    const amountUsd = rng.chance(0.04) ? lastAmount : rng.chance(0.15) ? rng.pick(ROUND_AMOUNTS) : Math.round(Math.exp(rng.next() * LOG_MAX_AMOUNT) * 1e6) / 1e6;
    lastAmount = amountUsd;
    let createdAt = forced?.createdAt ?? (rng.chance(0.04) ? lastCreated : now - Math.floor(rng.next() * SPAN));
    createdAt = Math.min(createdAt, now);
    lastCreated = createdAt;
    const keyRoll = rng.next();
    const keyIdx = keyRoll < 0.38 ? 0 : keyRoll < 0.46 ? 1 : keyRoll < 0.74 ? 2 : keyRoll < 0.77 ? 3 : -1;
    let features = 0;
    if (deposit) features |= FEATURE_BIT.deposit_address;
    if (keyIdx >= 0 && rng.chance(0.35)) features |= FEATURE_BIT.app_fees;
    if (!sameChain && rng.chance(0.15)) features |= FEATURE_BIT.fast_fill;
    if (rng.chance(status === 'depositing' ? 0.9 : 0.08)) features |= FEATURE_BIT.gasless_execution;
    if (rng.chance(0.05)) features |= FEATURE_BIT.gasless_swap;
    if (!sameChain && rng.chance(0.08)) features |= FEATURE_BIT.gas_top_up;
    if (rng.chance(0.05)) features |= FEATURE_BIT.fixed_rate;
    const fast = (features & FEATURE_BIT.fast_fill) !== 0;
    const fillTime = fast ? rng.int(1, 5) : rng.int(4, 900);
    const updatedAt = Math.min(now, createdAt + (fillTime + rng.int(0, 40)) * 1000 + rng.int(0, 999));
    const sender = rng.u32() % poolSize;
    const recipient = sameChain || rng.chance(0.3) ? (originVm === destVm ? sender : rng.u32() % poolSize) : rng.u32() % poolSize;
    const failed = status === 'failure' || status === 'refund';
    const failReason = failed ? rng.int(0, FAILURES.length - 1) : NO_CODE;
    const refundFailReason = status === 'failure' && rng.chance(0.35) ? rng.int(0, REFUND_FAILURES.length - 1) : NO_CODE;
    const failedTx = failed && rng.chance(0.5);
    const appBps = (features & FEATURE_BIT.app_fees) !== 0 ? rng.pick(APP_BPS) : 0;
    let flags = 0;
    if (deposit) flags |= F_DEPOSIT;
    if (status !== 'waiting' && status !== 'depositing') flags |= F_IN_TX;
    if (status === 'success' || status === 'submitted') flags |= F_FILLED;
    if (status === 'refund') flags |= F_REFUNDED;
    if (failedTx) flags |= F_FAILED_TX;
    c.status[g] = STATUS_CODE.get(status)!;
    c.type[g] = TYPE_CODE.get(requestType)!;
    c.inCur[g] = CURRENCY_CODE.get(inCur)!;
    c.outCur[g] = CURRENCY_CODE.get(outCur)!;
    c.amountUsd[g] = amountUsd;
    c.createdAt[g] = createdAt;
    c.updatedAt[g] = updatedAt;
    c.keyIdx[g] = keyIdx;
    c.features[g] = features;
    c.fillTime[g] = fillTime;
    c.appBps[g] = appBps;
    c.failReason[g] = failReason;
    c.refundFailReason[g] = refundFailReason;
    c.flags[g] = flags;
    c.sender[g] = sender;
    c.recipient[g] = recipient;
    c.link[g] = -1;
  };

  let g = 0;
  while (g < records) {
    if (records - g >= 2 && rng.chance(0.012)) {
      // Superseded deposit-address pair (document: supersededByRequestId, Bitcoin/BVM only): the
      // regenerated request keeps the original's deposit address and wallet.
      make(g, { status: 'pending', deposit: true, origin: 8253038 });
      make(g + 1, { deposit: true, origin: 8253038, createdAt: c.createdAt[g] + 3_600_000 });
      c.sender[g + 1] = c.sender[g];
      c.flags[g] |= F_SUPERSEDED;
      c.flags[g + 1] |= F_REGENERATED;
      c.link[g] = g + 1;
      c.link[g + 1] = g;
      if (c.updatedAt[g + 1] < c.createdAt[g + 1]) c.updatedAt[g + 1] = c.createdAt[g + 1];
      c.updatedAt[g] = Math.max(c.updatedAt[g], Math.min(now, c.createdAt[g + 1]));
      g += 2;
    } else {
      make(g++);
    }
  }
  for (let i = 0; i < records; i++) {
    if (c.createdAt[i] > now) c.createdAt[i] = now;
    if (c.updatedAt[i] > now) c.updatedAt[i] = now;
    if (c.updatedAt[i] < c.createdAt[i]) c.updatedAt[i] = c.createdAt[i];
  }
  return new GeneratedTable(c, new StringSource(seed, stream ?? 0, poolSize));
}

/** Generates `records` rows (materialised objects) in the default order, `idx` set. */
export function generateRows(options: GenerateOptions): Row[] {
  const table = generateTable(options);
  return Array.from({ length: table.size }, (_, p) => table.row(p));
}

/** The default order: createdAt desc, then id desc (the deterministic tie-break). */
export function compareDefault(a: Row, b: Row): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
