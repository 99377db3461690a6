/**
 * Deterministic data set generator: `generateDataset({ records, seed, now })` always yields the same
 * rows. Covers every request type, status and feature, deposit-address requests with superseded
 * pairs (Bitcoin origin), same-chain swaps, refunds and failures with reasons, app fees, two
 * integrators and requests of no integrator, ties in createdAt and amountUsd.
 */
import { createRng, type Rng } from '../prng.js';
import {
  API_KEYS, CHAIN_BY_ID, INTEGRATORS, CHAINS, CURRENCIES, FAIL_REASONS, FEATURE_BIT, FEATURES, REFUND_FAIL_REASONS,
  REQUEST_TYPES, SAME_CHAIN_TYPES, type CatalogueCurrency, type Feature, type RequestType, type V3Status, type VmType,
} from './catalogue.js';
import type { Row } from './row.js';
import { canonicalWallet, txHash, walletAddress } from './wallets.js';

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
/** Block height at 2026-01-01T00:00:00Z and block time (ms) per chain, for plausible block numbers. */
const BLOCKS: Record<number, [number, number]> = {
  1: [24_100_000, 12_000], 8453: [40_300_000, 2_000], 42161: [415_000_000, 250], 10: [145_800_000, 2_000],
  137: [81_000_000, 2_000], 56: [73_000_000, 750], 792703809: [389_000_000, 400], 8253038: [929_000, 600_000],
  1337: [23_000_000, 1_000], 728126428: [78_500_000, 3_000], 99990001: [1_200_000, 5_000],
};
const BLOCK_EPOCH = Date.UTC(2026, 0, 1);
/** Shared empty list (rows never mutate their lists after generation). */
const NONE: never[] = [];
/** One shared feature list per bitmask. */
const FEATURE_LISTS: Feature[][] = Array.from({ length: 1 << FEATURES.length }, (_, m) => FEATURES.filter((f) => (m & FEATURE_BIT[f]) !== 0));

/** Block number of `chainId` at epoch ms `t`. */
export function blockAt(chainId: number, t: number): number {
  const [base, ms] = BLOCKS[chainId] ?? [1_000_000, 2_000];
  return Math.max(1, base + Math.floor((t - BLOCK_EPOCH) / ms));
}

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

/** Wallet pools per VM type, so that a wallet appears in several requests. */
class WalletPool {
  private readonly pools = new Map<VmType, string[]>();
  constructor(private readonly rng: Rng, private readonly size: number) {}
  pick(vm: VmType): string {
    let pool = this.pools.get(vm);
    if (!pool) {
      pool = Array.from({ length: this.size }, () => walletAddress(this.rng, vm));
      this.pools.set(vm, pool);
    }
    return pool[this.rng.u32() % pool.length];
  }
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
const REFERRER_OF_KEY = API_KEYS.map((k) => INTEGRATORS.find((i) => i.name === k.integrator)!.referrer);
const SAME_CHAIN_ORIGINS = PUBLIC_CHAINS.filter((c) => c.id !== 8253038);
const DEPOSIT_ORIGINS = [1, 8453, 42161, 10, 137, 792703809, 8253038, 728126428];
const FAILURES = FAIL_REASONS.slice(0, -1);
const REFUND_FAILURES = REFUND_FAIL_REASONS.slice(0, -1);

function currencyOn(rng: Rng, chainId: number): CatalogueCurrency {
  const unverified = UNVERIFIED.get(chainId)!;
  if (unverified.length && rng.chance(0.08)) return rng.pick(unverified);
  return rng.pick(VERIFIED.get(chainId)!);
}

function sameAsset(rng: Rng, from: CatalogueCurrency, chainId: number): CatalogueCurrency {
  const list = TRADABLE.get(chainId)!;
  return list.find((c) => c.currencyId === from.currencyId) ?? list.find((c) => c.currencyId === 'usdc') ?? currencyOn(rng, chainId);
}

/** Generates `records` rows in the default order (createdAt desc, id desc), `idx` set. */
export function generateRows(options: GenerateOptions): Row[] {
  const { records, seed, now, stream } = options;
  const rng = stream === undefined ? createRng(seed, 0xda7a) : createRng(seed, 0xda7a, stream);
  const wallets = new WalletPool(stream === undefined ? createRng(seed, 0xa11e7) : createRng(seed, 0xa11e7, stream), Math.max(40, Math.ceil(records / 20)));
  const rows: Row[] = [];
  let lastCreated = now - DAY;
  let lastAmount = 100;
  const statusItems = STATUS_WEIGHTS.map(([s]) => s);
  const statusWeights = STATUS_WEIGHTS.map(([, w]) => w);
  const typeWeights = REQUEST_TYPES.map((t) => TYPE_WEIGHTS[t]);

  const make = (forced?: Partial<{ status: V3Status; deposit: boolean; origin: number; parent: Row; createdAt: number }>): Row => {
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
    const amountUsd = rng.chance(0.04) ? lastAmount : rng.chance(0.15) ? rng.pick(ROUND_AMOUNTS) : Math.round(Math.exp(rng.next() * Math.log(50_000)) * 1e6) / 1e6;
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
    const sender = wallets.pick(originVm);
    const recipient = sameChain || rng.chance(0.3) ? (originVm === destVm ? sender : wallets.pick(destVm)) : wallets.pick(destVm);
    let depositAddress: string | null = null;
    let depositor: string | null = null;
    let user = canonicalWallet(sender);
    let senderOut: string | null = sender;
    if (deposit) {
      depositAddress = walletAddress(rng, originVm);
      depositor = canonicalWallet(sender);
      senderOut = depositAddress;
      user = depositor;
    }
    const hasDeposit = status !== 'waiting' && status !== 'depositing';
    const inTxHashes = hasDeposit ? [txHash(rng, originVm)] : NONE;
    const inBlocks = hasDeposit ? [blockAt(inCur.chainId, createdAt + 1000)] : NONE;
    const filled = status === 'success' || status === 'submitted';
    const fillTxHashes = filled ? [txHash(rng, destVm)] : NONE;
    const fillAt = createdAt + fillTime * 1000;
    const refunded = status === 'refund';
    const outBlocks = filled ? [blockAt(outCur.chainId, fillAt)] : refunded ? [blockAt(inCur.chainId, updatedAt)] : NONE;
    const refundTxHashes = refunded ? [txHash(rng, originVm)] : NONE;
    const failed = status === 'failure' || status === 'refund';
    const failReason = failed ? rng.pick(FAILURES) : null;
    const refundFailReason = status === 'failure' && rng.chance(0.35) ? rng.pick(REFUND_FAILURES) : null;
    const failedTxHash = failed && rng.chance(0.5) ? txHash(rng, destVm) : null;
    const appBps = (features & FEATURE_BIT.app_fees) !== 0 ? rng.pick([5, 10, 25, 50, 100]) : 0;
    const featureList = FEATURE_LISTS[features];
    const privateChain = CHAIN_BY_ID.get(inCur.chainId)!.privateUuid ?? CHAIN_BY_ID.get(outCur.chainId)!.privateUuid ?? null;
    return {
      idx: 0,
      id: rng.hex(64, '0x'),
      status,
      requestType,
      originChainId: inCur.chainId,
      destinationChainId: outCur.chainId,
      inChainId: inCur.chainId,
      inAddress: inCur.address,
      inSymbol: inCur.symbol,
      outChainId: outCur.chainId,
      outAddress: outCur.address,
      outSymbol: outCur.symbol,
      amountUsd,
      createdAt,
      updatedAt,
      user,
      sender: senderOut,
      recipient,
      depositAddress,
      depositor,
      orderId: rng.hex(64, '0x'),
      inTxHashes,
      inBlocks,
      fillTxHashes,
      outBlocks,
      refundTxHashes,
      failedTxHash,
      failReason,
      refundFailReason,
      keyIdx,
      referrer: keyIdx >= 0 ? REFERRER_OF_KEY[keyIdx] : null,
      features,
      featureList,
      appFeesUsd: appBps ? Math.round(amountUsd * appBps * 100) / 1e6 : 0,
      fillTimeSec: filled ? fillTime : Number.NaN,
      supersededByRequestId: null,
      parentId: forced?.parent?.id ?? null,
      privateChain,
    };
  };

  while (rows.length < records) {
    if (records - rows.length >= 2 && rng.chance(0.012)) {
      // Superseded deposit-address pair (document: supersededByRequestId, Bitcoin/BVM only).
      const original = make({ status: 'pending', deposit: true, origin: 8253038 });
      const regenerated = make({ deposit: true, origin: 8253038, parent: original, createdAt: original.createdAt + 3_600_000 });
      regenerated.depositAddress = original.depositAddress;
      regenerated.depositor = original.depositor;
      regenerated.sender = original.sender;
      regenerated.user = original.user;
      if (regenerated.updatedAt < regenerated.createdAt) regenerated.updatedAt = regenerated.createdAt;
      original.supersededByRequestId = regenerated.id;
      original.updatedAt = Math.max(original.updatedAt, Math.min(now, regenerated.createdAt));
      rows.push(original, regenerated);
    } else {
      rows.push(make());
    }
  }
  for (const r of rows) {
    if (r.createdAt > now) r.createdAt = now;
    if (r.updatedAt > now) r.updatedAt = now;
    if (r.updatedAt < r.createdAt) r.updatedAt = r.createdAt;
  }
  // compareDefault on a typed copy of createdAt (rows are touched only on ties): same order, faster at 1M.
  const created = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) created[i] = rows[i].createdAt;
  const order = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) order[i] = i;
  order.sort((a, b) => created[b] - created[a] || (rows[a].id < rows[b].id ? 1 : rows[a].id > rows[b].id ? -1 : 0));
  const sorted = new Array<Row>(rows.length);
  for (let i = 0; i < order.length; i++) {
    sorted[i] = rows[order[i]];
    sorted[i].idx = i;
  }
  return sorted;
}

/** The default order: createdAt desc, then id desc (the deterministic tie-break). */
export function compareDefault(a: Row, b: Row): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
