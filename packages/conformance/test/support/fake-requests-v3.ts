/**
 * A tiny in-memory GET /requests/v3 for unit tests of the listing checks: a conformant
 * implementation over generated records (window, sort, limit, continuation, total, equality
 * filters, term, ranges, features, `filters` groups), with named faults that each break one clause.
 */
import type { RequestSpec } from '../../src/contract/types.js';
import { json, queryOf, type FakeResponse } from './fake-context.js';

export type Rec = Record<string, unknown>;

const STATUSES = ['success', 'failure', 'refund', 'pending', 'depositing', 'waiting', 'submitted'] as const;
const TYPES = ['Bridge', 'Crosschain Swap', 'Same-chain Swap', 'Send'] as const;
const CHAINS = [1, 10, 137, 8453] as const;
const SYMBOLS = ['USDC', 'ETH', 'WETH'] as const;
const FEATURES = ['fast_fill', 'app_fees', 'gas_top_up', 'deposit_address'] as const;

/** Base of the generated records' createdAt: 2026-01-01T00:00:00Z (inside the fake discovery window). */
export const BASE_SEC = 1767225600 + 3600;

const hex = (n: number, width = 40): string => `0x${n.toString(16).padStart(width, '0')}`;

/** `n` deterministic v3 records, createdAt descending (the default order). */
export function makeRecords(n: number): Rec[] {
  const out: Rec[] = [];
  for (let i = 0; i < n; i++) {
    const origin = CHAINS[i % CHAINS.length]!;
    const type = TYPES[i % TYPES.length]!;
    const same = type === 'Same-chain Swap';
    const dest = same ? origin : CHAINS[(i + 1 + (i % 3)) % CHAINS.length]!;
    const destination = dest === origin && !same ? CHAINS[(CHAINS.indexOf(origin) + 1) % CHAINS.length]! : dest;
    const symIn = SYMBOLS[i % SYMBOLS.length]!;
    const symOut = SYMBOLS[(i + 1) % SYMBOLS.length]!;
    const created = BASE_SEC + i * 97;
    const hasDeposit = i % 5 === 0;
    const cur = (chainId: number, symbol: string) => ({ chainId, address: hex(chainId * 1000 + symbol.length), symbol, decimals: 6 });
    const amount = (chainId: number, symbol: string, usd: number) => ({ currency: cur(chainId, symbol), amount: '1000', amountFormatted: '0.001', amountUsd: usd.toFixed(2) });
    const usd = ((i * 37) % 101) + 0.5;
    const side = {
      origin: { inputCurrency: amount(origin, symIn, usd), outputCurrency: amount(origin, same ? symOut : symIn, usd), router: 'relay' },
      ...(same ? {} : { destination: { inputCurrency: amount(destination, symOut, usd), outputCurrency: amount(destination, symOut, usd), router: 'relay' } }),
    };
    out.push({
      id: hex(0x1000 + i, 64),
      status: STATUSES[i % STATUSES.length],
      user: hex(0xa0 + (i % 6)),
      sender: hex(0xa0 + (i % 6)),
      recipient: hex(0xb0 + (i % 4)),
      refundTo: null,
      depositAddress: hasDeposit ? { address: hex(0xd000 + i), type: 'open', depositor: hex(0xa0 + (i % 6)), depositTxHash: hex(0xe000 + i, 64), recoveryAddress: null } : null,
      requestType: type,
      data: {
        failReason: null,
        refundFailReason: null,
        failedTxHash: null,
        inTxs: [{ txHash: hex(0xe000 + i, 64), chainId: origin, block: 1_000 + i * 10, timestamp: created, status: 'success', type: 'onchain' }],
        outTxs: i % 7 === 3 ? [] : [{ txHash: hex(0xf000 + i, 64), chainId: destination, timestamp: created + 5, status: 'success', type: 'onchain' }],
        route: { quoted: side, actual: { rate: '1', ...side } },
      },
      protocol: {
        orderId: hex(0xc000 + i, 64),
        deposit: { origin: { chainId: origin, transactionId: hex(0xe000 + i, 64), depositor: hex(0xa0 + (i % 6)) } },
        settlement: { destination: { fills: i % 7 === 3 ? [] : [{ chainId: destination, transactionId: hex(0xf000 + i, 64) }], refunds: [] } },
      },
      features: FEATURES.filter((_, k) => (i >> k) % 2 === 1),
      supersededByRequestId: null,
      createdAt: new Date(created * 1000).toISOString(),
      updatedAt: new Date((created + ((i * 53) % 400)) * 1000).toISOString(),
    });
  }
  return out.reverse();
}

/** Faults, each breaking one clause. */
export type Fault =
  | 'no-limit-cap'
  | 'default-limit-10'
  | 'default-sort-asc'
  | 'updated-at-default-asc'
  | 'amount-default-desc'
  | 'ignore-direction'
  | 'repeat-cursor'
  | 'endless-cursor'
  | 'cursor-field-next'
  | 'skip-on-page-2'
  | 'duplicate-on-page-2'
  | 'total-off-by-one'
  | 'total-always'
  | 'total-capped'
  | 'status-total-unfiltered'
  | 'block-bounds-or'
  | 'filter-ignored'
  | 'filter-misses-one'
  | 'chain-id-origin-only'
  | 'symbol-case-sensitive'
  | 'term-id-only'
  | 'status-waiting-accepted'
  | 'range-off'
  | 'features-all-of'
  | 'groups-and'
  | 'group-or-within'
  | 'later-group-last-field'
  | 'asc-unwindowed-end-500'
  | 'not-ignored'
  | 'array-first-only'
  | 'null-ignored'
  | 'null-mix-200'
  | 'groups-override-top-level'
  | 'features-ignored-with-filters';

const get = (v: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((cur, k) => (cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined), v);

function route(r: Rec): Rec {
  return get(r, 'data', 'route', 'actual') as Rec;
}
function currencyIn(r: Rec): Rec {
  return get(route(r), 'origin', 'inputCurrency', 'currency') as Rec;
}
function currencyOut(r: Rec): Rec {
  return (get(route(r), 'destination', 'outputCurrency', 'currency') ?? get(route(r), 'origin', 'outputCurrency', 'currency')) as Rec;
}
function originChain(r: Rec): number {
  return currencyIn(r).chainId as number;
}
function destChain(r: Rec): number {
  return currencyOut(r).chainId as number;
}

/** The value(s) of a filter key on a record; null when empty. */
function fieldValues(r: Rec, key: string): Array<string | number> | null {
  const one = (v: unknown): Array<string | number> | null => (v === undefined || v === null || v === '' ? null : [v as string | number]);
  switch (key) {
    case 'id':
      return one(r.id);
    case 'orderId':
      return one(get(r, 'protocol', 'orderId'));
    case 'user': {
      const vs = [r.sender, get(r, 'depositAddress', 'depositor')].filter((v): v is string => typeof v === 'string');
      return vs.length ? vs : null;
    }
    case 'recipient':
      return one(r.recipient);
    case 'depositAddress':
      return one(get(r, 'depositAddress', 'address'));
    case 'originChainId':
      return [originChain(r)];
    case 'destinationChainId':
      return [destChain(r)];
    case 'chainId':
      return [originChain(r), destChain(r)];
    case 'status':
      return one(r.status);
    case 'requestType':
      return one(r.requestType);
    case 'currencyInChainId':
      return [currencyIn(r).chainId as number];
    case 'currencyOutChainId':
      return [currencyOut(r).chainId as number];
    case 'currencyInAddress':
      return one(currencyIn(r).address);
    case 'currencyOutAddress':
      return one(currencyOut(r).address);
    case 'currencyInSymbol':
      return one(currencyIn(r).symbol);
    case 'currencyOutSymbol':
      return one(currencyOut(r).symbol);
    case 'depositTxHash': {
      const vs = (get(r, 'data', 'inTxs') as Rec[]).map((t) => t.txHash as string);
      return vs.length ? vs : null;
    }
    case 'fillTxHash': {
      const vs = (get(r, 'data', 'outTxs') as Rec[]).map((t) => t.txHash as string);
      return vs.length ? vs : null;
    }
    case 'refundTxHash':
      return null;
    default:
      return undefined as never;
  }
}

const KEYS = new Set([
  'id', 'orderId', 'user', 'recipient', 'depositAddress', 'originChainId', 'destinationChainId', 'chainId', 'status',
  'requestType', 'currencyInChainId', 'currencyOutChainId', 'currencyInAddress', 'currencyOutAddress', 'currencyInSymbol',
  'currencyOutSymbol', 'depositTxHash', 'fillTxHash', 'refundTxHash',
]);

function eq(key: string, a: string | number, b: string | number, fault?: Fault): boolean {
  if (key.endsWith('ChainId') || key === 'chainId') return Number(a) === Number(b);
  if ((key.endsWith('Symbol') || key === 'requestType') && fault !== 'symbol-case-sensitive') return String(a).toLowerCase() === String(b).toLowerCase();
  return String(a).toLowerCase() === String(b).toLowerCase();
}

function matchesParam(r: Rec, key: string, value: string | number, fault?: Fault): boolean {
  if (key === 'chainId' && fault === 'chain-id-origin-only') return originChain(r) === Number(value);
  if (key === 'user' && fault === 'filter-misses-one' && r.id === FAULT_VICTIM.id) return false;
  const vs = fieldValues(r, key);
  if (key.endsWith('Symbol') && fault === 'symbol-case-sensitive') return (vs ?? []).some((v) => String(v) === String(value));
  return (vs ?? []).some((v) => eq(key, v, value, fault));
}

/** Set by the fault `filter-misses-one`: the record the server forgets. */
export const FAULT_VICTIM: { id?: string } = {};

type Group = Record<string, unknown>;

function matchesGroup(r: Rec, group: Group, fault?: Fault): boolean {
  const results = Object.entries(group).map(([rawKey, value]) => {
    const negated = rawKey.startsWith('not:');
    const key = negated ? rawKey.slice(4) : rawKey;
    let hit: boolean;
    if (value === null) {
      hit = fault === 'null-ignored' ? true : fieldValues(r, key) === null;
      if (fault === 'null-ignored') return true;
    } else if (Array.isArray(value)) {
      const vals = fault === 'array-first-only' ? value.slice(0, 1) : value;
      hit = vals.some((v) => matchesParam(r, key, v as string | number, fault));
    } else {
      hit = matchesParam(r, key, value as string | number, fault);
    }
    if (negated && fault === 'not-ignored') return hit;
    return negated ? !hit : hit;
  });
  return fault === 'group-or-within' ? results.some(Boolean) : results.every(Boolean);
}

const encode = (offset: number): string => Buffer.from(`o:${offset}`).toString('base64url');
const decode = (cursor: string): number | undefined => {
  const s = Buffer.from(cursor, 'base64url').toString();
  return s.startsWith('o:') ? Number(s.slice(2)) : undefined;
};

const bad = (message: string): FakeResponse => json(400, { message });

/** The handler of GET /requests/v3 over `records`, with an optional fault. */
export function fakeRequestsV3(records: readonly Rec[], fault?: Fault): (req: RequestSpec) => FakeResponse {
  if (fault === 'filter-misses-one') FAULT_VICTIM.id = records[0]?.id as string;
  return (req) => {
    if (req.auth === 'none') return json(401, { message: 'missing key' });
    const q = queryOf(req);
    let limit = q.limit === undefined ? (fault === 'default-limit-10' ? 10 : 20) : Number(q.limit);
    if (!Number.isInteger(limit) || limit < 1) return bad('limit must be an integer 1-50');
    if (limit > 50 && fault !== 'no-limit-cap') limit = 50;
    const sortBy = q.sortBy ?? 'createdAt';
    if (!['createdAt', 'updatedAt', 'amountUsd'].includes(sortBy)) return bad('bad sortBy');
    let direction = q.sortDirection ?? (sortBy === 'amountUsd' ? 'asc' : 'desc');
    if (q.sortDirection === undefined && fault === 'default-sort-asc' && sortBy === 'createdAt') direction = 'asc';
    if (q.sortDirection === undefined && fault === 'updated-at-default-asc' && sortBy === 'updatedAt') direction = 'asc';
    if (q.sortDirection === undefined && fault === 'amount-default-desc' && sortBy === 'amountUsd') direction = 'desc';
    if (fault === 'ignore-direction') direction = sortBy === 'amountUsd' ? 'asc' : 'desc';
    const timeField = sortBy === 'updatedAt' ? 'updatedAt' : 'createdAt';
    const sec = (r: Rec) => Math.floor(Date.parse(r[timeField] as string) / 1000);
    let rows = [...records];
    if (q.startTimestamp !== undefined) rows = rows.filter((r) => sec(r) >= Number(q.startTimestamp) + (fault === 'range-off' ? 1 : 0));
    if (q.endTimestamp !== undefined) rows = rows.filter((r) => sec(r) <= Number(q.endTimestamp));
    const usd = (r: Rec) => Number(get(route(r), 'origin', 'inputCurrency', 'amountUsd'));
    if (q.amountUsdMin !== undefined) rows = rows.filter((r) => usd(r) >= Number(q.amountUsdMin));
    if (q.amountUsdMax !== undefined) rows = rows.filter((r) => usd(r) <= Number(q.amountUsdMax) + (fault === 'range-off' ? 50 : 0));
    const blocks = (r: Rec) => (get(r, 'data', 'inTxs') as Rec[]).map((tx) => tx.block).filter((b): b is number => typeof b === 'number');
    const lo = q.startBlock === undefined ? undefined : Number(q.startBlock);
    const hi = q.endBlock === undefined ? undefined : Number(q.endBlock);
    if (lo !== undefined || hi !== undefined) {
      rows = rows.filter((r) =>
        fault === 'block-bounds-or' && lo !== undefined && hi !== undefined
          ? blocks(r).some((b) => b >= lo) || blocks(r).some((b) => b <= hi)
          : blocks(r).some((b) => (lo === undefined || b >= lo) && (hi === undefined || b <= hi)),
      );
    }
    /** The rows before the status filter (fault status-total-unfiltered counts them). */
    let beforeStatus = rows;
    if (q.status !== undefined) {
      if (!['success', 'failure', 'refund', 'pending', 'depositing'].includes(q.status) && fault !== 'status-waiting-accepted') return bad('bad status');
    }
    for (const key of KEYS) {
      const v = q[key];
      if (v === undefined || fault === 'filter-ignored') continue;
      rows = rows.filter((r) => matchesParam(r, key, v, fault));
      if (key !== 'status') beforeStatus = beforeStatus.filter((r) => matchesParam(r, key, v, fault));
    }
    if (q.features !== undefined && !(fault === 'features-ignored-with-filters' && q.filters !== undefined)) {
      const wanted = q.features.split(',');
      rows = rows.filter((r) => {
        const fs = r.features as string[];
        return fault === 'features-all-of' ? wanted.every((f) => fs.includes(f)) : wanted.some((f) => fs.includes(f));
      });
    }
    if (q.term !== undefined) {
      const t = q.term.toLowerCase();
      rows = rows.filter((r) => {
        const fields = fault === 'term-id-only' ? [r.id] : [r.id, r.user, r.sender, r.recipient, get(r, 'depositAddress', 'address'), ...((fieldValues(r, 'depositTxHash') ?? []) as string[]), ...((fieldValues(r, 'fillTxHash') ?? []) as string[])];
        return fields.some((f) => typeof f === 'string' && f.toLowerCase() === t);
      });
    }
    if (q.filters !== undefined) {
      let groups: unknown;
      try {
        groups = JSON.parse(q.filters);
      } catch {
        return bad('filters must be JSON');
      }
      if (!Array.isArray(groups) || !groups.every((g) => g && typeof g === 'object' && !Array.isArray(g))) return bad('filters must be an array of groups');
      for (const g of groups as Group[]) {
        for (const [k, v] of Object.entries(g)) {
          if (!KEYS.has(k.replace(/^not:/, ''))) return bad(`unknown filters key ${k}`);
          if (Array.isArray(v) && v.includes(null) && v.some((x) => x !== null) && fault !== 'null-mix-200') return bad('null mixed with values');
        }
      }
      const base = fault === 'groups-override-top-level' ? [...records] : rows;
      rows = base.filter((r) => {
        // later-group-last-field: a group after the first keeps only its last field.
        const hits = (groups as Group[]).map((g, i) => matchesGroup(r, fault === 'later-group-last-field' && i > 0 ? Object.fromEntries(Object.entries(g).slice(-1)) : g, fault));
        return fault === 'groups-and' ? hits.every(Boolean) : hits.some(Boolean);
      });
    }
    const key = (r: Rec): number => (sortBy === 'amountUsd' ? usd(r) : Date.parse(r[sortBy] as string));
    rows.sort((a, b) => {
      const d = direction === 'asc' ? key(a) - key(b) : key(b) - key(a);
      return d !== 0 ? d : String(a.id).localeCompare(String(b.id));
    });
    const offset = q.continuation === undefined ? 0 : decode(q.continuation);
    if (offset === undefined || !Number.isInteger(offset) || offset < 0) return bad('bad continuation');
    // asc-unwindowed-end-500: an ascending filtered page without a window that reaches the newest match fails.
    if (fault === 'asc-unwindowed-end-500' && direction === 'asc' && sortBy === 'createdAt' && q.startTimestamp === undefined && q.endTimestamp === undefined && [...KEYS].some((k) => q[k] !== undefined) && offset + limit >= rows.length) {
      return json(500, { message: 'Internal server error' });
    }
    let page = rows.slice(offset, offset + limit);
    let next = offset + limit < rows.length ? encode(offset + limit) : undefined;
    if (offset > 0 && fault === 'skip-on-page-2') page = page.slice(1);
    if (offset > 0 && fault === 'duplicate-on-page-2') page = [rows[offset - 1]!, ...page.slice(0, -1)];
    if (fault === 'repeat-cursor' && offset > 0) next = q.continuation;
    if (fault === 'endless-cursor') next = encode(offset + limit);
    const body: Record<string, unknown> = { requests: page };
    if (next !== undefined) body[fault === 'cursor-field-next' ? 'next' : 'continuation'] = next;
    if (q.includeTotal === 'true' || fault === 'total-always') {
      let total = rows.length + (fault === 'total-off-by-one' ? 1 : 0);
      if (fault === 'total-capped') total = Math.min(total, 40);
      if (fault === 'status-total-unfiltered' && q.status !== undefined) total = beforeStatus.length;
      body.total = total;
    }
    return json(200, body);
  };
}

/** A complete discovery of `records` (the fake window), with the values drawn from them. */
export function discoveryOf(records: Rec[]): Parameters<typeof import('./fake-context.js').fakeDiscovery>[0] {
  const uniq = <T>(xs: T[]): T[] => [...new Set(xs)];
  const strs = (f: (r: Rec) => unknown[]): string[] => uniq(records.flatMap(f).filter((v): v is string => typeof v === 'string'));
  return {
    records,
    complete: true,
    values: {
      ids: strs((r) => [r.id]),
      wallets: strs((r) => [r.user, r.sender, r.recipient]),
      chainIds: uniq(records.flatMap((r) => [originChain(r), destChain(r)])),
      statuses: strs((r) => [r.status]),
      requestTypes: strs((r) => [r.requestType]),
      symbols: strs((r) => [currencyIn(r).symbol, currencyOut(r).symbol]),
      currencyAddresses: strs((r) => [currencyIn(r).address, currencyOut(r).address]),
      txHashes: strs((r) => [...(fieldValues(r, 'depositTxHash') ?? []), ...(fieldValues(r, 'fillTxHash') ?? [])]),
      depositAddresses: strs((r) => [get(r, 'depositAddress', 'address')]),
      orderIds: strs((r) => [get(r, 'protocol', 'orderId')]),
      features: strs((r) => r.features as unknown[]),
      amountsUsd: records.map((r) => Number(get(route(r), 'origin', 'inputCurrency', 'amountUsd'))),
    },
  };
}
