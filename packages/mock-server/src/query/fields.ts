/**
 * Equality fields of GET /requests/v3 (document, Endpoints > GET /requests/v3, categories Search,
 * Chain, Address, Status / routing, Currency) and how each maps to store indexes.
 */
import { API_KEY_BY_KEY, API_KEYS, FAIL_REASONS, REFUND_FAIL_REASONS, REQUEST_TYPES, STATUS_FILTER_VALUES, V3_STATUSES } from '../data/catalogue.js';
import { badParam, HttpError } from '../http/errors.js';
import type { IndexName, Key } from '../store/store.js';

export type FieldKind = 'string' | 'chain' | 'status' | 'failReason' | 'refundFailReason' | 'apiKey' | 'requestType' | 'symbol';

export interface FieldDef {
  name: string;
  /** Indexes whose union is the field (e.g. `chainId` = origin or destination). */
  indexes: IndexName[];
  kind: FieldKind;
}

const f = (name: string, kind: FieldKind, ...indexes: IndexName[]): FieldDef => ({ name, kind, indexes: indexes.length ? indexes : [name as IndexName] });

/** Equality fields allowed at top level and inside `filters` groups. */
export const FIELDS: ReadonlyMap<string, FieldDef> = new Map(
  [
    f('term', 'string', 'id', 'user', 'sender', 'recipient', 'depositAddress', 'depositTxHash', 'fillTxHash', 'refundTxHash', 'failedTxHash'),
    f('id', 'string'),
    f('orderId', 'string'),
    f('depositTxHash', 'string'),
    f('fillTxHash', 'string'),
    f('refundTxHash', 'string'),
    f('originChainId', 'chain'),
    f('destinationChainId', 'chain'),
    f('chainId', 'chain', 'originChainId', 'destinationChainId'),
    f('user', 'string'),
    f('depositAddress', 'string'),
    f('recipient', 'string'),
    f('status', 'status'),
    f('failReason', 'failReason'),
    f('refundFailReason', 'refundFailReason'),
    f('apiKey', 'apiKey'),
    f('requestType', 'requestType'),
    f('currencyInChainId', 'chain'),
    f('currencyOutChainId', 'chain'),
    f('currencyInAddress', 'string'),
    f('currencyOutAddress', 'string'),
    f('currencyInSymbol', 'symbol'),
    f('currencyOutSymbol', 'symbol'),
  ].map((d) => [d.name, d]),
);

/** Range and feature parameters: top level only (document rule 7). */
export const TOP_LEVEL_ONLY = [
  'startTimestamp', 'endTimestamp', 'startBlock', 'endBlock', 'amountUsdMin', 'amountUsdMax',
  'appFeesAmountUsdMin', 'appFeesAmountUsdMax', 'fillTimeMin', 'fillTimeMax', 'features',
] as const;

export interface NormalizeContext {
  /** Caller's integrator (owner check of `apiKey`), or null for anonymous. */
  integrator: string | null;
  /** Accept `waiting`/`submitted` in `status` (fault v3-status-filter-lenient). */
  lenientStatus: boolean;
  /** Read a refundFailReason value as the null-check and `N/A` as a value (fault v3-refund-fail-reason-filter-as-null-check). */
  refundReasonAsNull?: boolean;
}

/** Converts one filter value to an index key; throws 400 with the accepted values. */
export function normalizeValue(def: FieldDef, where: string, raw: unknown, ctx: NormalizeContext): Key | null {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string') throw badParam(where, raw, expectedOf(def, ctx));
  switch (def.kind) {
    case 'chain': {
      const n = Number(text);
      if (!/^\d+$/.test(text) || !Number.isSafeInteger(n)) throw badParam(where, raw, 'a chain id (non-negative integer)');
      return n;
    }
    case 'status': {
      const allowed: readonly string[] = ctx.lenientStatus ? V3_STATUSES : STATUS_FILTER_VALUES;
      if (!allowed.includes(text)) throw badParam(where, raw, `one of ${allowed.join(', ')}`);
      return text;
    }
    case 'failReason':
      if (!(FAIL_REASONS as readonly string[]).includes(text)) throw badParam(where, raw, `a failReason value (${FAIL_REASONS.slice(0, 4).join(', ')}, … or N/A)`);
      return text === 'N/A' ? null : text;
    case 'refundFailReason':
      if (!(REFUND_FAIL_REASONS as readonly string[]).includes(text)) throw badParam(where, raw, `one of ${REFUND_FAIL_REASONS.join(', ')}`);
      // Fault v3-refund-fail-reason-filter-as-null-check: a reason is taken for "none" (and N/A for a value).
      return (text === 'N/A') !== (ctx.refundReasonAsNull === true) ? null : text;
    case 'requestType': {
      const hit = REQUEST_TYPES.find((t) => t.toLowerCase() === text.toLowerCase());
      if (!hit) throw badParam(where, raw, `one of ${REQUEST_TYPES.join(', ')} (case-insensitive)`);
      return hit;
    }
    case 'apiKey': {
      const key = API_KEY_BY_KEY.get(text);
      if (!key || key.integrator !== ctx.integrator) {
        throw new HttpError(403, `apiKey filter: the key ${JSON.stringify(redact(text))} is not owned by the caller; only keys of your own integrator may be used`, 'FORBIDDEN');
      }
      return API_KEYS.indexOf(key);
    }
    default:
      if (text.length === 0 || text.length > 200) throw badParam(where, raw, 'a non-empty string of at most 200 characters');
      return text;
  }
}

function expectedOf(def: FieldDef, ctx: NormalizeContext): string {
  switch (def.kind) {
    case 'chain':
      return 'a chain id (non-negative integer)';
    case 'status':
      return `one of ${(ctx.lenientStatus ? V3_STATUSES : STATUS_FILTER_VALUES).join(', ')}`;
    default:
      return 'a string';
  }
}

/** Shows only the first characters of a key in messages (never echo API keys whole). */
export function redact(key: string): string {
  return key.length <= 4 ? '****' : `${key.slice(0, 4)}…`;
}
