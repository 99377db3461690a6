/**
 * Accessors over v3 request records (API document, "Request record (v3)"; live-service facts §1.4).
 *
 * Where the document leaves the field behind a filter open (which field carries the origin chain,
 * whom `user` names, ...) an accessor returns every plausible candidate. The filter oracle
 * ({@link matchesSound}, {@link matchesComplete}) then lets a record pass soundness when ANY candidate
 * matches and counts it for completeness only when ALL candidates agree, so a conformant server can
 * never fail on an open mapping.
 */
import { QUERY_PARAMETERS } from '@crosschain/specs';
import { isObject } from './outcome.js';

/** A v3 record as received: untyped JSON. */
export type RecordJson = Record<string, unknown>;

/** `get(r, 'data', 'route', 'actual')`: undefined as soon as a step is missing. */
export function get(value: unknown, ...path: Array<string | number>): unknown {
  let cur: unknown = value;
  for (const step of path) {
    if (typeof step === 'number') {
      if (!Array.isArray(cur)) return undefined;
      cur = cur[step];
    } else {
      if (!isObject(cur)) return undefined;
      cur = cur[step];
    }
  }
  return cur;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function num(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function defined<T>(values: Array<T | undefined>): T[] {
  return values.filter((v): v is T => v !== undefined);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

const PHASES = ['actual', 'quoted'] as const;

/** Request id (`id`). */
export function recordId(r: RecordJson): string | undefined {
  return str(r.id);
}

/** `status`. */
export function recordStatus(r: RecordJson): string | undefined {
  return str(r.status);
}

/** `requestType`. */
export function recordRequestType(r: RecordJson): string | undefined {
  return str(r.requestType);
}

/** `createdAt` in epoch milliseconds (ISO 8601 per the document). */
export function createdAtMs(r: RecordJson): number | undefined {
  return isoMs(r.createdAt);
}

/** `updatedAt` in epoch milliseconds. */
export function updatedAtMs(r: RecordJson): number | undefined {
  return isoMs(r.updatedAt);
}

function isoMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * USD amount the `amountUsd` sort and the `amountUsdMin/Max` range use: the deposited amount,
 * `data.route.actual.origin.inputCurrency.amountUsd` (live facts §1.4: "compared with currencyIn.amountUsd").
 */
export function amountUsd(r: RecordJson): number | undefined {
  return num(get(r, 'data', 'route', 'actual', 'origin', 'inputCurrency', 'amountUsd'));
}

/** Every plausible USD input amount (actual, then quoted), for lenient range checks. */
export function amountUsdCandidates(r: RecordJson): number[] {
  return unique(defined(PHASES.map((p) => num(get(r, 'data', 'route', p, 'origin', 'inputCurrency', 'amountUsd')))));
}

/** Deposit address `depositAddress.address` (null/absent when not a deposit-address request). */
export function depositAddressOf(r: RecordJson): string | undefined {
  return str(get(r, 'depositAddress', 'address'));
}

/** Wallets the `user` filter may match: `user`, `sender`, `depositAddress.depositor` (live facts §1.4). */
export function userCandidates(r: RecordJson): string[] {
  return unique(defined([str(r.user), str(r.sender), str(get(r, 'depositAddress', 'depositor'))]));
}

/** Every wallet of the record (`term` matches any wallet). */
export function walletsOf(r: RecordJson): string[] {
  return unique(
    defined([
      str(r.user),
      str(r.sender),
      str(r.recipient),
      str(r.refundTo),
      str(get(r, 'depositAddress', 'depositor')),
      str(get(r, 'depositAddress', 'recoveryAddress')),
      str(get(r, 'protocol', 'deposit', 'origin', 'depositor')),
    ]),
  );
}

/** Origin chain candidates: `inTxs[].chainId`, route origin input currency chain, `protocol.deposit.origin.chainId`. */
export function originChainIds(r: RecordJson): number[] {
  return unique(
    defined([
      ...arr(get(r, 'data', 'inTxs')).map((tx) => num(get(tx, 'chainId'))),
      ...PHASES.map((p) => num(get(r, 'data', 'route', p, 'origin', 'inputCurrency', 'currency', 'chainId'))),
      num(get(r, 'protocol', 'deposit', 'origin', 'chainId')),
    ]),
  );
}

/** Whether the record is a same-chain swap (no destination side; API document, `data.route`). */
export function isSameChain(r: RecordJson): boolean {
  if (recordRequestType(r)?.toLowerCase() === 'same-chain swap') return true;
  return PHASES.every((p) => {
    const side = get(r, 'data', 'route', p);
    return side === undefined || side === null || get(side, 'destination') == null;
  });
}

/**
 * Destination chain candidates: route destination output currency chain, `outTxs[].chainId`,
 * `protocol.settlement.destination.fills[].chainId`; for a same-chain swap, the origin output currency chain.
 */
export function destinationChainIds(r: RecordJson): number[] {
  const values = [
    ...PHASES.map((p) => num(get(r, 'data', 'route', p, 'destination', 'outputCurrency', 'currency', 'chainId'))),
    ...arr(get(r, 'data', 'outTxs')).map((tx) => num(get(tx, 'chainId'))),
    ...arr(get(r, 'protocol', 'settlement', 'destination', 'fills')).map((f) => num(get(f, 'chainId'))),
  ];
  if (isSameChain(r)) {
    values.push(...PHASES.map((p) => num(get(r, 'data', 'route', p, 'origin', 'outputCurrency', 'currency', 'chainId'))));
  }
  return unique(defined(values));
}

/** A currency as seen on a record: any of its fields may be missing (nested occurrences are partial). */
export interface CurrencyRef {
  chainId?: number;
  address?: string;
  symbol?: string;
}

function currencyAt(value: unknown): CurrencyRef | undefined {
  if (!isObject(value)) return undefined;
  const ref: CurrencyRef = {};
  const chainId = num(value.chainId);
  const address = str(value.address);
  const symbol = str(value.symbol);
  if (chainId !== undefined) ref.chainId = chainId;
  if (address !== undefined) ref.address = address;
  if (symbol !== undefined) ref.symbol = symbol;
  return Object.keys(ref).length > 0 ? ref : undefined;
}

/** currencyIn candidates: `data.route.(actual|quoted).origin.inputCurrency.currency` (live facts §1.4). */
export function currencyInCandidates(r: RecordJson): CurrencyRef[] {
  const refs = defined(PHASES.map((p) => currencyAt(get(r, 'data', 'route', p, 'origin', 'inputCurrency', 'currency'))));
  const depositCurrency = str(get(r, 'protocol', 'deposit', 'origin', 'currency'));
  const depositChain = num(get(r, 'protocol', 'deposit', 'origin', 'chainId'));
  if (depositCurrency !== undefined) {
    refs.push(depositChain === undefined ? { address: depositCurrency } : { address: depositCurrency, chainId: depositChain });
  }
  return refs;
}

/**
 * currencyOut candidates: `data.route.(actual|quoted).destination.outputCurrency.currency`, or
 * `origin.outputCurrency` for a same-chain swap (API document, `data.route`).
 */
export function currencyOutCandidates(r: RecordJson): CurrencyRef[] {
  const refs = defined(PHASES.map((p) => currencyAt(get(r, 'data', 'route', p, 'destination', 'outputCurrency', 'currency'))));
  if (isSameChain(r)) {
    refs.push(...defined(PHASES.map((p) => currencyAt(get(r, 'data', 'route', p, 'origin', 'outputCurrency', 'currency')))));
  }
  return refs;
}

/** Deposit transaction hashes: `inTxs[].txHash`, `depositAddress.depositTxHash`, `protocol.deposit.origin.transactionId`. */
export function depositTxHashes(r: RecordJson): string[] {
  return unique(
    defined([
      ...arr(get(r, 'data', 'inTxs')).map((tx) => str(get(tx, 'txHash'))),
      str(get(r, 'depositAddress', 'depositTxHash')),
      str(get(r, 'protocol', 'deposit', 'origin', 'transactionId')),
    ]),
  );
}

/** Fill transaction hashes: `outTxs[].txHash`, `protocol.settlement.destination.fills[].transactionId`. */
export function fillTxHashes(r: RecordJson): string[] {
  return unique(
    defined([
      ...arr(get(r, 'data', 'outTxs')).map((tx) => str(get(tx, 'txHash'))),
      ...arr(get(r, 'protocol', 'settlement', 'destination', 'fills')).map((f) => str(get(f, 'transactionId'))),
    ]),
  );
}

/**
 * Refund transaction hashes: `protocol.settlement.destination.refunds[]` (string or `{transactionId}`,
 * live facts §2.3), and, on a refunded request, its `outTxs[].txHash` (a refund is an outgoing
 * transaction; the document does not say which list carries it).
 */
export function refundTxHashes(r: RecordJson): string[] {
  const outgoing = recordStatus(r) === 'refund' ? arr(get(r, 'data', 'outTxs')).map((tx) => str(get(tx, 'txHash'))) : [];
  return unique([...protocolRefundTxHashes(r), ...defined(outgoing)]);
}

/** Refund hashes named explicitly by `protocol.settlement.destination.refunds[]`. */
export function protocolRefundTxHashes(r: RecordJson): string[] {
  return unique(defined(arr(get(r, 'protocol', 'settlement', 'destination', 'refunds')).map((x) => str(x) ?? str(get(x, 'transactionId')))));
}

/** Every transaction hash `term` matches: deposit, fill, refund, failed (API document, `term`). */
export function allTxHashes(r: RecordJson): string[] {
  return unique([
    ...depositTxHashes(r),
    ...fillTxHashes(r),
    ...refundTxHashes(r),
    ...defined([str(get(r, 'data', 'failedTxHash'))]),
  ]);
}

/** `protocol.orderId`. */
export function orderIdOf(r: RecordJson): string | undefined {
  return str(get(r, 'protocol', 'orderId'));
}

/** `features[]`. */
export function featuresOf(r: RecordJson): string[] {
  return arr(r.features).filter((f): f is string => typeof f === 'string');
}

/** Every string the `term` filter may match on this record (id, wallets, deposit address, tx hashes). */
export function termFields(r: RecordJson): string[] {
  return unique(defined([recordId(r), ...walletsOf(r), depositAddressOf(r), ...allTxHashes(r)]));
}

// ── The filter oracle ───────────────────────────────────────────────────────────────────────────

/** The equality filters of GET /requests/v3 the oracle knows (API document, parameter table). */
export const EQUALITY_PARAMS = [
  'id',
  'orderId',
  'user',
  'recipient',
  'depositAddress',
  'originChainId',
  'destinationChainId',
  'chainId',
  'status',
  'requestType',
  'currencyInChainId',
  'currencyOutChainId',
  'currencyInAddress',
  'currencyOutAddress',
  'currencyInSymbol',
  'currencyOutSymbol',
  'depositTxHash',
  'fillTxHash',
  'refundTxHash',
] as const;

export type EqualityParam = (typeof EQUALITY_PARAMS)[number];

type Kind = 'exact' | 'caseless' | 'number';

/** How a parameter's values compare: chain ids as numbers, symbols and request types ignoring case. */
function kindOf(param: EqualityParam): Kind {
  if (param.endsWith('ChainId') || param === 'chainId') return 'number';
  if (param.endsWith('Symbol') || param === 'requestType') return 'caseless';
  return 'exact';
}

/** Candidates already computed, per record (records are parsed JSON no check changes). */
const candidateMemo = new WeakMap<RecordJson, Map<EqualityParam, ReadonlyArray<string | number>>>();

/**
 * The values of a record that a filter on `param` may compare with (all plausible fields). Computed
 * once per record and parameter (kit CPU: the filter checks ask them of every discovered
 * record, many times over); the list is frozen.
 */
export function candidates(r: RecordJson, param: EqualityParam): ReadonlyArray<string | number> {
  let known = candidateMemo.get(r);
  if (!known) {
    known = new Map();
    candidateMemo.set(r, known);
  }
  let values = known.get(param);
  if (!values) {
    values = Object.freeze(candidatesOf(r, param));
    known.set(param, values);
  }
  return values;
}

function candidatesOf(r: RecordJson, param: EqualityParam): Array<string | number> {
  switch (param) {
    case 'id':
      return defined([recordId(r)]);
    case 'orderId':
      return defined([orderIdOf(r)]);
    case 'user':
      return userCandidates(r);
    case 'recipient':
      return defined([str(r.recipient)]);
    case 'depositAddress':
      return defined([depositAddressOf(r)]);
    case 'originChainId':
      return originChainIds(r);
    case 'destinationChainId':
      return destinationChainIds(r);
    case 'chainId':
      return unique([...originChainIds(r), ...destinationChainIds(r)]);
    case 'status':
      return defined([recordStatus(r)]);
    case 'requestType':
      return defined([recordRequestType(r)]);
    case 'currencyInChainId':
      return unique(defined(currencyInCandidates(r).map((c) => c.chainId)));
    case 'currencyOutChainId':
      return unique(defined(currencyOutCandidates(r).map((c) => c.chainId)));
    case 'currencyInAddress':
      return unique(defined(currencyInCandidates(r).map((c) => c.address)));
    case 'currencyOutAddress':
      return unique(defined(currencyOutCandidates(r).map((c) => c.address)));
    case 'currencyInSymbol':
      return unique(defined(currencyInCandidates(r).map((c) => c.symbol)));
    case 'currencyOutSymbol':
      return unique(defined(currencyOutCandidates(r).map((c) => c.symbol)));
    case 'depositTxHash':
      return depositTxHashes(r);
    case 'fillTxHash':
      return fillTxHashes(r);
    case 'refundTxHash':
      return refundTxHashes(r);
  }
}

function sameLoose(kind: Kind, a: string | number, b: string | number): boolean {
  if (kind === 'number') return Number(a) === Number(b);
  return String(a).toLowerCase() === String(b).toLowerCase();
}

function sameStrict(kind: Kind, a: string | number, b: string | number): boolean {
  if (kind === 'number') return Number(a) === Number(b);
  if (kind === 'caseless') return String(a).toLowerCase() === String(b).toLowerCase();
  return String(a) === String(b);
}

/**
 * Soundness oracle: may a server that implements `param=value` return this record? True when ANY
 * plausible field matches (addresses and hashes compared ignoring case, since EVM hex is case-free).
 * For `chainId` (either direction) the origin and destination candidates are both plausible.
 */
export function matchesSound(r: RecordJson, param: EqualityParam, value: string | number): boolean {
  const kind = kindOf(param);
  return candidates(r, param).some((c) => sameLoose(kind, c, value));
}

/**
 * Completeness oracle: must every conformant server return this record for `param=value`? True only
 * when the record has candidates and ALL of them equal the value exactly (case only ignored where
 * the document says so). `chainId` is "either direction": one side matching is enough, provided
 * every candidate of that side agrees.
 */
export function matchesComplete(r: RecordJson, param: EqualityParam, value: string | number): boolean {
  const kind = kindOf(param);
  const all = (values: ReadonlyArray<string | number>): boolean =>
    values.length > 0 && values.every((c) => sameStrict(kind, c, value));
  if (param === 'chainId') return all(originChainIds(r)) || all(destinationChainIds(r));
  // An outgoing transaction of a refunded request may be its refund rather than a fill.
  if (param === 'fillTxHash' && refundTxHashes(r).some((h) => sameLoose('exact', h, value))) return false;
  // Only a refund the record names explicitly is certainly found by refundTxHash.
  if (param === 'refundTxHash' && !protocolRefundTxHashes(r).some((h) => sameStrict('exact', h, value))) return false;
  return all(candidates(r, param));
}

/** Ids of records, in order (records without an id are shown as `?`). */
export function idsOf(records: readonly RecordJson[]): string[] {
  return records.map((r) => recordId(r) ?? '?');
}

/** Ids of the first `n` entries of a list, for messages. */
export function sample(ids: readonly string[], n = 5): string {
  const head = ids.slice(0, n).map((id) => (id.length > 14 ? `${id.slice(0, 12)}…` : id));
  return ids.length > n ? `${head.join(', ')} … (${ids.length})` : head.join(', ');
}

/** Values the `status` filter accepts (API document, States and transitions; generated from the OpenAPI document). */
export const FILTERABLE_STATUSES: readonly string[] = QUERY_PARAMETERS['GET /requests/v3'].status.enum;
