/**
 * The generated data set in columns: one typed array per field (catalogue values as small codes),
 * strings derived from the seed and the generation index, a `Row` built only when one is read.
 * 1,000,000 requests hold about 40 bytes each here instead of about 1 KB as row objects.
 */
import { firstU32, keyedRng, keyedU32, mixKey } from '../prng.js';
import {
  API_KEYS, CHAIN_BY_ID, CURRENCIES, FAIL_REASONS, FEATURE_BIT, FEATURES, INTEGRATORS, REFUND_FAIL_REASONS,
  REQUEST_TYPES, V3_STATUSES, type Feature, type VmType,
} from './catalogue.js';
import type { Row } from './row.js';
import { HASHED_CHARS, hashKey } from '../hash-key.js';
import { sortPositions } from '../radix.js';
import { canonicalWallet, txHash, walletAddress } from './wallets.js';

/** Block height at 2026-01-01T00:00:00Z and block time (ms) per chain, for plausible block numbers. */
const BLOCKS: Record<number, [number, number]> = {
  1: [24_100_000, 12_000], 8453: [40_300_000, 2_000], 42161: [415_000_000, 250], 10: [145_800_000, 2_000],
  137: [81_000_000, 2_000], 56: [73_000_000, 750], 792703809: [389_000_000, 400], 8253038: [929_000, 600_000],
  1337: [23_000_000, 1_000], 728126428: [78_500_000, 3_000], 99990001: [1_200_000, 5_000],
};
const BLOCK_EPOCH = Date.UTC(2026, 0, 1);

/** Block number of `chainId` at epoch ms `t`. */
export function blockAt(chainId: number, t: number): number {
  const [base, ms] = BLOCKS[chainId] ?? [1_000_000, 2_000];
  return Math.max(1, base + Math.floor((t - BLOCK_EPOCH) / ms));
}

const REFERRER_OF_KEY = API_KEYS.map((k) => INTEGRATORS.find((i) => i.name === k.integrator)!.referrer);

/** Value rule: the referrer of a request created with API key `keyIdx` (-1: none). */
export function referrerOfKey(keyIdx: number): string | null {
  return keyIdx >= 0 ? REFERRER_OF_KEY[keyIdx] : null;
}

/** Value rule: app fees in USD of an amount at `bps` basis points (0 when none). */
export function appFeesUsd(amountUsd: number, bps: number): number {
  return bps ? Math.round(amountUsd * bps * 100) / 1e6 : 0;
}

/** Fail reasons a generated failure or refund carries (the last one of each list is left out). */
export const FAILURES = FAIL_REASONS.slice(0, -1);
export const REFUND_FAILURES = REFUND_FAIL_REASONS.slice(0, -1);
/** App fee rates (bps) of requests with the app_fees feature. */
export const APP_BPS = [5, 10, 25, 50, 100];
/** A code column's "none" (null fail reason). */
export const NO_CODE = 255;

/** `flags` bits: facts fixed at generation that decide which strings a row has. */
export const F_DEPOSIT = 1;
export const F_IN_TX = 2;
export const F_FILLED = 4;
export const F_REFUNDED = 8;
export const F_FAILED_TX = 16;
export const F_SUPERSEDED = 32;
export const F_REGENERATED = 64;

/** Shared empty list (rows never mutate their lists: a lifecycle step assigns new ones). */
const NONE: never[] = [];
/** One shared feature list per bitmask. */
const FEATURE_LISTS: Feature[][] = Array.from({ length: 1 << FEATURES.length }, (_, m) => FEATURES.filter((f) => (m & FEATURE_BIT[f]) !== 0));
const VM_OF_CURRENCY: VmType[] = CURRENCIES.map((c) => CHAIN_BY_ID.get(c.chainId)!.vmType);
const PRIVATE_OF_CURRENCY: (string | null)[] = CURRENCIES.map((c) => CHAIN_BY_ID.get(c.chainId)!.privateUuid ?? null);
const VM_CODE = new Map<VmType, number>([...new Set([...CHAIN_BY_ID.values()].map((c) => c.vmType))].map((vm, i) => [vm, i + 1]));

/** The columns of a generated data set, indexed by generation index (the key of its strings too). */
export class Columns {
  status: Uint8Array;
  type: Uint8Array;
  inCur: Uint16Array;
  outCur: Uint16Array;
  amountUsd: Float64Array;
  createdAt: Float64Array;
  updatedAt: Float64Array;
  keyIdx: Int8Array;
  features: Uint8Array;
  fillTime: Uint16Array;
  appBps: Uint8Array;
  failReason: Uint8Array;
  refundFailReason: Uint8Array;
  flags: Uint8Array;
  /** Wallet pool indexes: sender on the origin VM, recipient on the destination VM. */
  sender: Int32Array;
  recipient: Int32Array;
  /** Generation index of the other request of a superseded pair, or -1. */
  link: Int32Array;

  constructor(readonly size: number) {
    this.status = new Uint8Array(size);
    this.type = new Uint8Array(size);
    this.inCur = new Uint16Array(size);
    this.outCur = new Uint16Array(size);
    this.amountUsd = new Float64Array(size);
    this.createdAt = new Float64Array(size);
    this.updatedAt = new Float64Array(size);
    this.keyIdx = new Int8Array(size);
    this.features = new Uint8Array(size);
    this.fillTime = new Uint16Array(size);
    this.appBps = new Uint8Array(size);
    this.failReason = new Uint8Array(size);
    this.refundFailReason = new Uint8Array(size);
    this.flags = new Uint8Array(size);
    this.sender = new Int32Array(size);
    this.recipient = new Int32Array(size);
    this.link = new Int32Array(size);
  }
}

/** Indexes of wallet values (`walletKeyHashes`), by kind. */
const WALLET_INDEXES: readonly string[] = ['user', 'userV2', 'sender', 'recipient', 'depositAddress'];
const W_USER_V2 = 1;
const W_SENDER = 2;
const W_RECIPIENT = 3;
const W_DEPOSIT = 4;

/** Appends hash `h` to the first `n` of `out` unless it is there; returns the new count. */
function put(out: Uint32Array, n: number, h: number): number {
  for (let i = 0; i < n; i++) if (out[i] === h) return n;
  out[n] = h;
  return n + 1;
}

/** Character codes of the hex digits. */
const HEX_CHAR = [...'0123456789abcdef'].map((ch) => ch.charCodeAt(0));

/** Salts of the keyed string streams. */
const S_ID = 1;
const S_ORDER = 2;
const S_DEPOSIT = 3;
const S_TX = 16;
const S_WALLET = 64;
/** Transaction kinds (their stream salts: S_TX + kind). */
const TX_IN = 0;
const TX_FILL = 1;
const TX_REFUND = 2;
const TX_FAILED = 3;

/** Nibbles of `v` reversed: the number the first 8 hex characters of `hex()` spell (v's low nibble first). */
function nibbleReverse(v: number): number {
  let out = 0;
  for (let k = 0; k < 8; k++) {
    out = (out << 4) | (v & 15);
    v >>>= 4;
  }
  return out >>> 0;
}

/** Pool wallets whose strings a {@link StringSource} keeps (a power of two; about 0.4 MB at most). */
const WALLET_SLOTS = 4096;

/** The strings of generated requests, each a pure function of (seed, stream, index, kind). */
export class StringSource {
  private readonly rng = keyedRng();

  constructor(readonly seed: number, readonly stream: number, readonly poolSize: number) {}

  private key(g: number, salt: number): number {
    return mixKey(this.seed, this.stream, g, salt);
  }

  id(g: number): string {
    return this.rng.at(this.key(g, S_ID)).hex(64, '0x');
  }

  /**
   * `hashKey` of a 64-digit `hex()` string (ids, order ids, hex transaction hashes) of index `g`
   * and `salt`, computed from the stream's words without building the string: FNV-1a of the last
   * 24 digits (words 6 to 8, low nibble first; hex digits are already lowercase).
   */
  hexHash(g: number, salt: number): number {
    const key = this.key(g, salt);
    let h = 0x811c9dc5;
    for (let i = 64 - HASHED_CHARS; i < 64; i++) {
      const nibble = (keyedU32(key, (i >>> 3) + 1) >>> ((i & 7) * 4)) & 15;
      h = Math.imul(h ^ HEX_CHAR[nibble], 0x01000193);
    }
    return h >>> 0;
  }

  /** `hashKey(tx(g, kind, vm))`. */
  txHash(g: number, kind: number, vm: VmType): number {
    return vm === 'svm' ? hashKey(this.tx(g, kind, vm)) : this.hexHash(g, S_TX + kind);
  }

  /** The first 8 hex digits of `id(g)` as a number: ascending ids have non-decreasing keys. */
  idKey(g: number): number {
    return nibbleReverse(firstU32(this.key(g, S_ID)));
  }

  orderId(g: number): string {
    return this.rng.at(this.key(g, S_ORDER)).hex(64, '0x');
  }

  /**
   * Wallet `i` of the pool of `vm` (a wallet appears in several requests). Built rows read two or
   * three pool wallets each, so the last {@link WALLET_SLOTS} built are kept, one per slot of the
   * wallet's (VM, index) (direct-mapped: bounded whatever the pool's size).
   */
  wallet(vm: VmType, i: number): string {
    const code = VM_CODE.get(vm)!;
    const key = code * this.poolSize + i;
    const slot = key & (WALLET_SLOTS - 1);
    if (this.walletKeys[slot] === key + 1) return this.walletTexts[slot]!;
    const text = walletAddress(this.rng.at(this.key(i, S_WALLET + code)), vm);
    this.walletKeys[slot] = key + 1;
    this.walletTexts[slot] = text;
    return text;
  }
  /** {@link wallet}'s kept strings and the key + 1 of each (0: empty slot). */
  private readonly walletKeys = new Float64Array(WALLET_SLOTS);
  private readonly walletTexts: (string | undefined)[] = new Array<string | undefined>(WALLET_SLOTS).fill(undefined);

  depositAddress(g: number, vm: VmType): string {
    return walletAddress(this.rng.at(this.key(g, S_DEPOSIT)), vm);
  }

  tx(g: number, kind: number, vm: VmType): string {
    return txHash(this.rng.at(this.key(g, S_TX + kind)), vm);
  }
}

/** The wallet fields of a row (the `user` indexes read three of them). */
interface Wallets {
  user: string;
  sender: string;
  recipient: string;
  depositAddress: string | null;
  depositor: string | null;
}

/**
 * A generated data set: columns and strings by generation index, read by position (`order`: the
 * generation index of each position in the default order); rows built on demand.
 */
export class GeneratedTable {
  readonly size: number;

  /** Generation index of each position (the default order: createdAt desc, then id desc). */
  readonly order: Int32Array;
  /** Hashes (`hashKey`) of the pool wallets, per VM (0: not computed yet). */
  private readonly walletHashes = new Map<VmType, Uint32Array>();

  constructor(readonly c: Columns, readonly strings: StringSource) {
    this.size = c.size;
    const keys = new Uint32Array(this.size);
    for (let g = 0; g < this.size; g++) keys[g] = strings.idKey(g);
    this.idKeys = keys;
    this.order = sortPositions(c.createdAt, true, keys, (a, b) => cmpDesc(strings.id(a), strings.id(b)));
  }

  /** The first 8 hex digits of each id as a number (see `StringSource.idKey`), by generation index. */
  readonly idKeys: Uint32Array;

  /** The first 8 hex digits of the id at position `p` as a number. */
  idKey(p: number): number {
    return this.idKeys[this.order[p]];
  }

  id(p: number): string {
    return this.strings.id(this.order[p]);
  }

  /** UUID of the private chain the request at position `p` touches, or null. */
  privateChain(p: number): string | null {
    return this.privateOf(this.order[p]);
  }

  /** Ascending positions of the requests on a private chain. */
  privateRows(): number[] {
    const out: number[] = [];
    for (let p = 0; p < this.size; p++) {
      const g = this.order[p];
      if (PRIVATE_OF_CURRENCY[this.c.inCur[g]] !== null || PRIVATE_OF_CURRENCY[this.c.outCur[g]] !== null) out.push(p);
    }
    return out;
  }

  private privateOf(g: number): string | null {
    return PRIVATE_OF_CURRENCY[this.c.inCur[g]] ?? PRIVATE_OF_CURRENCY[this.c.outCur[g]];
  }

  /** The deposit address of a deposit-address request (the regenerated request of a superseded pair keeps the original's). */
  private depositAddress(g: number): string {
    const c = this.c;
    return this.strings.depositAddress((c.flags[g] & F_REGENERATED) !== 0 ? c.link[g] : g, VM_OF_CURRENCY[c.inCur[g]]);
  }

  private wallets(g: number): Wallets {
    const c = this.c;
    const originVm = VM_OF_CURRENCY[c.inCur[g]];
    const wallet = this.strings.wallet(originVm, c.sender[g]);
    const recipient = this.strings.wallet(VM_OF_CURRENCY[c.outCur[g]], c.recipient[g]);
    if ((c.flags[g] & F_DEPOSIT) === 0) return { user: canonicalWallet(wallet), sender: wallet, recipient, depositAddress: null, depositor: null };
    const depositAddress = this.depositAddress(g);
    const depositor = canonicalWallet(wallet);
    return { user: depositor, sender: depositAddress, recipient, depositAddress, depositor };
  }

  private txs(g: number, flag: number, kind: number, onDest: boolean): string[] {
    const c = this.c;
    if ((c.flags[g] & flag) === 0) return NONE;
    return [this.strings.tx(g, kind, VM_OF_CURRENCY[onDest ? c.outCur[g] : c.inCur[g]])];
  }

  private failedTxHash(g: number): string | null {
    const c = this.c;
    return (c.flags[g] & F_FAILED_TX) !== 0 ? this.strings.tx(g, TX_FAILED, VM_OF_CURRENCY[c.outCur[g]]) : null;
  }

  private linked(g: number, flag: number): string | null {
    return (this.c.flags[g] & flag) !== 0 ? this.strings.id(this.c.link[g]) : null;
  }

  /** `hashKey` of pool wallet `i` of `vm` (cached: a wallet appears in about 20 requests). */
  private walletHash(vm: VmType, i: number): number {
    let cache = this.walletHashes.get(vm);
    if (!cache) this.walletHashes.set(vm, (cache = new Uint32Array(this.strings.poolSize)));
    return cache[i] || (cache[i] = hashKey(this.strings.wallet(vm, i)));
  }

  /**
   * For an index of catalogue values: the column of codes (by generation index) and the value of
   * each code, as `key` gives it; null for other indexes (a store builds the index by counting).
   */
  codes(name: string): { column: ArrayLike<number>; value: (code: number) => string | number | null } | null {
    const c = this.c;
    const code = (column: ArrayLike<number>, list: readonly string[]) => ({ column, value: (k: number) => (k === NO_CODE ? null : list[k]) });
    const currency = (column: Uint16Array, field: 'chainId' | 'address' | 'symbol') => ({ column, value: (k: number) => CURRENCIES[k][field] });
    switch (name) {
      case 'status': return code(c.status, V3_STATUSES);
      case 'requestType': return code(c.type, REQUEST_TYPES);
      case 'failReason': return code(c.failReason, FAILURES);
      case 'refundFailReason': return code(c.refundFailReason, REFUND_FAILURES);
      case 'apiKey': return { column: c.keyIdx, value: (k) => (k >= 0 ? k : null) };
      case 'referrer': return { column: c.keyIdx, value: referrerOfKey };
      case 'originChainId': case 'currencyInChainId': return currency(c.inCur, 'chainId');
      case 'destinationChainId': case 'currencyOutChainId': return currency(c.outCur, 'chainId');
      case 'currencyInAddress': return currency(c.inCur, 'address');
      case 'currencyOutAddress': return currency(c.outCur, 'address');
      case 'currencyInSymbol': return currency(c.inCur, 'symbol');
      case 'currencyOutSymbol': return currency(c.outCur, 'symbol');
      default: return null;
    }
  }

  /**
   * Writes to `out` the distinct hashes (`hashKey`, case-insensitive) of the values the hashed
   * index `name` reads at position `p` and returns how many (0: the null value), without building
   * strings where it can (cached wallet hashes, hex digits from the stream); -1 for another index.
   */
  keyHashes(name: string, p: number, out: Uint32Array): number {
    const c = this.c;
    const g = this.order[p];
    const kind = WALLET_INDEXES.indexOf(name);
    if (kind < 0) return this.stringKeyHashes(name, g, out);
    const deposit = (c.flags[g] & F_DEPOSIT) !== 0;
    if (kind === W_RECIPIENT) return put(out, 0, this.walletHash(VM_OF_CURRENCY[c.outCur[g]], c.recipient[g]));
    if (kind === W_DEPOSIT) return deposit ? put(out, 0, hashKey(this.depositAddress(g))) : 0;
    const wallet = this.walletHash(VM_OF_CURRENCY[c.inCur[g]], c.sender[g]);
    // As EXTRACT reads them: user [sender, depositor, user], userV2 [sender, recipient, user]; a
    // deposit-address request's sender is its deposit address, its depositor and user the wallet.
    let n = put(out, 0, wallet);
    if (deposit) {
      const address = hashKey(this.depositAddress(g));
      if (kind === W_SENDER) return put(out, 0, address);
      n = put(out, n, address);
    } else if (kind === W_SENDER) return n;
    if (kind === W_USER_V2) n = put(out, n, this.walletHash(VM_OF_CURRENCY[c.outCur[g]], c.recipient[g]));
    return n;
  }

  /** `keyHashes` of the id and transaction indexes (generation index `g`). */
  private stringKeyHashes(name: string, g: number, out: Uint32Array): number {
    const c = this.c;
    const flags = c.flags[g];
    const tx = (flag: number, kind: number, cur: Uint16Array): number =>
      (flags & flag) === 0 ? 0 : put(out, 0, this.strings.txHash(g, kind, VM_OF_CURRENCY[cur[g]]));
    switch (name) {
      case 'id': return put(out, 0, this.strings.hexHash(g, S_ID));
      case 'orderId': return put(out, 0, this.strings.hexHash(g, S_ORDER));
      case 'parentId': return (flags & F_REGENERATED) === 0 ? 0 : put(out, 0, this.strings.hexHash(c.link[g], S_ID));
      case 'depositTxHash': return tx(F_IN_TX, TX_IN, c.inCur);
      case 'fillTxHash': return tx(F_FILLED, TX_FILL, c.outCur);
      case 'refundTxHash': return tx(F_REFUNDED, TX_REFUND, c.inCur);
      case 'failedTxHash': return tx(F_FAILED_TX, TX_FAILED, c.outCur);
      default: return -1;
    }
  }

  /**
   * The value(s) the store's index `name` reads from position `p` (as `EXTRACT[name]` reads them
   * from the row), computing only the strings that index needs.
   */
  key(name: string, p: number): string | number | null | readonly (string | number | null)[] {
    const c = this.c;
    const g = this.order[p];
    switch (name) {
      case 'id': return this.strings.id(g);
      case 'orderId': return this.strings.orderId(g);
      case 'depositTxHash': return this.txs(g, F_IN_TX, TX_IN, false);
      case 'fillTxHash': return this.txs(g, F_FILLED, TX_FILL, true);
      case 'refundTxHash': return this.txs(g, F_REFUNDED, TX_REFUND, false);
      case 'failedTxHash': return this.failedTxHash(g);
      case 'originChainId': case 'currencyInChainId': return CURRENCIES[c.inCur[g]].chainId;
      case 'destinationChainId': case 'currencyOutChainId': return CURRENCIES[c.outCur[g]].chainId;
      case 'user': { const w = this.wallets(g); return [w.sender, w.depositor, w.user]; }
      case 'userV2': { const w = this.wallets(g); return [w.sender, w.recipient, w.user]; }
      case 'sender': return this.wallets(g).sender;
      case 'depositAddress': return this.wallets(g).depositAddress;
      case 'recipient': return this.strings.wallet(VM_OF_CURRENCY[c.outCur[g]], c.recipient[g]);
      case 'status': return V3_STATUSES[c.status[g]];
      case 'failReason': return c.failReason[g] === NO_CODE ? null : FAILURES[c.failReason[g]];
      case 'refundFailReason': return c.refundFailReason[g] === NO_CODE ? null : REFUND_FAILURES[c.refundFailReason[g]];
      case 'apiKey': return c.keyIdx[g] >= 0 ? c.keyIdx[g] : null;
      case 'referrer': return referrerOfKey(c.keyIdx[g]);
      case 'requestType': return REQUEST_TYPES[c.type[g]];
      case 'currencyInAddress': return CURRENCIES[c.inCur[g]].address;
      case 'currencyOutAddress': return CURRENCIES[c.outCur[g]].address;
      case 'currencyInSymbol': return CURRENCIES[c.inCur[g]].symbol;
      case 'currencyOutSymbol': return CURRENCIES[c.outCur[g]].symbol;
      case 'feature': return FEATURE_LISTS[c.features[g]];
      case 'parentId': return this.linked(g, F_REGENERATED);
      default: throw new Error(`no index ${name}`);
    }
  }

  /** `fillTimeSec` (NaN when not filled) or `appFeesUsd` at position `p`. */
  number(field: 'fillTimeSec' | 'appFeesUsd', p: number): number {
    const c = this.c;
    const g = this.order[p];
    if (field === 'appFeesUsd') return appFeesUsd(c.amountUsd[g], c.appBps[g]);
    return (c.flags[g] & F_FILLED) !== 0 ? c.fillTime[g] : Number.NaN;
  }

  /** The row at position `p` (a fresh object, `idx` = p). */
  row(p: number): Row {
    const c = this.c;
    const g = this.order[p];
    const inCur = CURRENCIES[c.inCur[g]];
    const outCur = CURRENCIES[c.outCur[g]];
    const flags = c.flags[g];
    const createdAt = c.createdAt[g];
    const updatedAt = c.updatedAt[g];
    const filled = (flags & F_FILLED) !== 0;
    const fillTime = c.fillTime[g];
    const w = this.wallets(g);
    const amountUsd = c.amountUsd[g];
    return {
      idx: p,
      id: this.strings.id(g),
      status: V3_STATUSES[c.status[g]],
      requestType: REQUEST_TYPES[c.type[g]],
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
      user: w.user,
      sender: w.sender,
      recipient: w.recipient,
      depositAddress: w.depositAddress,
      depositor: w.depositor,
      orderId: this.strings.orderId(g),
      inTxHashes: this.txs(g, F_IN_TX, TX_IN, false),
      inBlocks: (flags & F_IN_TX) !== 0 ? [blockAt(inCur.chainId, createdAt + 1000)] : NONE,
      fillTxHashes: this.txs(g, F_FILLED, TX_FILL, true),
      outBlocks: filled ? [blockAt(outCur.chainId, createdAt + fillTime * 1000)] : (flags & F_REFUNDED) !== 0 ? [blockAt(inCur.chainId, updatedAt)] : NONE,
      refundTxHashes: this.txs(g, F_REFUNDED, TX_REFUND, false),
      failedTxHash: this.failedTxHash(g),
      failReason: c.failReason[g] === NO_CODE ? null : FAILURES[c.failReason[g]],
      refundFailReason: c.refundFailReason[g] === NO_CODE ? null : REFUND_FAILURES[c.refundFailReason[g]],
      keyIdx: c.keyIdx[g],
      referrer: referrerOfKey(c.keyIdx[g]),
      features: c.features[g],
      featureList: FEATURE_LISTS[c.features[g]],
      appFeesUsd: appFeesUsd(amountUsd, c.appBps[g]),
      fillTimeSec: filled ? fillTime : Number.NaN,
      supersededByRequestId: this.linked(g, F_SUPERSEDED),
      parentId: this.linked(g, F_REGENERATED),
      privateChain: this.privateOf(g),
    };
  }
}

function cmpDesc(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}
