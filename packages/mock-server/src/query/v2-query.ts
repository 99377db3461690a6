/**
 * Parses the query of the deprecated GET /requests/v2 (live-service facts §2.4: limit 1-50 default
 * 20, continuation, user = sender or recipient, hash, chain ids, referrer, status, apiKey, sortBy
 * createdAt|updatedAt, ...). Unknown parameters are ignored.
 */
import { badParam } from '../http/errors.js';
import { fnv1a } from '../prng.js';
import type { IndexName, SortBy } from '../store/store.js';
import { decodeCursor } from './cursor.js';
import { FIELDS, normalizeValue, type FieldDef, type NormalizeContext } from './fields.js';
import { boolValue, enumValue, intValue, numValue, single, type Params } from './params.js';
import type { Condition, ListQuery, Range } from './query.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const V2_FIELDS: ReadonlyMap<string, FieldDef> = new Map<string, FieldDef>([
  ['id', FIELDS.get('id')!],
  ['orderId', FIELDS.get('orderId')!],
  ['originChainId', FIELDS.get('originChainId')!],
  ['destinationChainId', FIELDS.get('destinationChainId')!],
  ['chainId', FIELDS.get('chainId')!],
  ['depositAddress', FIELDS.get('depositAddress')!],
  ['status', FIELDS.get('status')!],
  ['apiKey', FIELDS.get('apiKey')!],
  ['user', { name: 'user', kind: 'string', indexes: ['userV2'] }],
  ['hash', { name: 'hash', kind: 'string', indexes: ['depositTxHash', 'fillTxHash', 'refundTxHash', 'failedTxHash'] satisfies IndexName[] }],
  ['referrer', { name: 'referrer', kind: 'string', indexes: ['referrer'] }],
]);

export function parseV2Query(params: Params, integrator: string | null): { query: ListQuery; includeAuthenticatedData: boolean } {
  const ctx: NormalizeContext = { integrator, lenientStatus: false };
  const bool = (name: string): boolean => {
    const raw = single(params, name);
    return raw === undefined ? false : boolValue(name, raw);
  };
  const rawLimit = single(params, 'limit');
  const limit = rawLimit === undefined ? 20 : intValue('limit', rawLimit, 1, 50);
  const sortBy = enumValue<SortBy>('sortBy', single(params, 'sortBy') ?? 'createdAt', ['createdAt', 'updatedAt']);
  const rawDir = single(params, 'sortDirection');
  const direction = rawDir === undefined ? 'desc' : enumValue('sortDirection', rawDir, ['asc', 'desc'] as const);
  const includeChildRequests = bool('includeChildRequests');
  const includeAuthenticatedData = bool('includeAuthenticatedData');
  bool('includeOrderData');
  const top: Condition[] = [];
  for (const [name, def] of V2_FIELDS) {
    const values = params.get(name);
    if (!values) continue;
    const raw = name === 'apiKey' ? values.flatMap((v) => v.split(',')).map((v) => v.trim()) : values;
    const keys = raw.map((v) => normalizeValue(def, name, v, ctx));
    top.push({ field: name, indexes: def.indexes, keys, negate: false, ...(name === 'id' && includeChildRequests ? { withChildren: true } : {}) });
  }
  const ranges: Range[] = [];
  const lo = single(params, 'startTimestamp');
  const hi = single(params, 'endTimestamp');
  if (lo !== undefined || hi !== undefined) {
    ranges.push({ field: sortBy, ...(lo !== undefined ? { min: numValue('startTimestamp', lo) } : {}), ...(hi !== undefined ? { max: numValue('endTimestamp', hi) } : {}) });
  }
  const bl = single(params, 'startBlock');
  const bh = single(params, 'endBlock');
  if (bl !== undefined || bh !== undefined) {
    ranges.push({
      field: 'block',
      originOnly: params.has('originChainId'),
      ...(bl !== undefined ? { min: intValue('startBlock', bl, 0, Number.MAX_SAFE_INTEGER) } : {}),
      ...(bh !== undefined ? { max: intValue('endBlock', bh, 0, Number.MAX_SAFE_INTEGER) } : {}),
    });
  }
  const privateInclude = new Set<string>();
  const rawPrivate = single(params, 'privateChainsToInclude');
  if (rawPrivate !== undefined) {
    for (const part of rawPrivate.split(',').map((s) => s.trim())) {
      if (!UUID_RE.test(part)) throw badParam('privateChainsToInclude', rawPrivate, 'a comma-separated list of UUIDs');
      privateInclude.add(part);
    }
  }
  const entries = [...params.entries()].filter(([k]) => !['continuation', 'limit', 'includeAuthenticatedData', 'includeOrderData'].includes(k)).sort(([a], [b]) => (a < b ? -1 : 1));
  const fingerprint = `v2${fnv1a(JSON.stringify([entries, integrator, direction])).toString(36)}`;
  const rawCursor = single(params, 'continuation');
  const cursor = rawCursor === undefined ? null : decodeCursor(rawCursor, { sortBy, direction, fingerprint });
  return {
    query: { top, groups: null, groupsAnded: false, ranges, features: 0, privateInclude, sortBy, direction, limit, cursor, includeTotal: false, fingerprint },
    includeAuthenticatedData,
  };
}
