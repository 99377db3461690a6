/**
 * Parses the query of the deprecated GET /requests/v2 (live-service facts §2.4: limit 1-50 default
 * 20, continuation, user = sender or recipient, hash, chain ids, referrer, status, apiKey, sortBy
 * createdAt|updatedAt, ...). Unknown parameters are ignored.
 */
import { QUERY_PARAMETERS } from '@crosschain/specs';
import type { IndexName, SortBy } from '../store/store.js';
import type { Faults } from '../faults.js';
import { HttpError } from '../http/errors.js';
import { decodeCursor, queryFingerprint } from './cursor.js';
import { FIELDS, normalizeValue, type FieldDef, type NormalizeContext } from './fields.js';
import { enumValue, flag, intValue, rangeParam, single, uuidList, type Params } from './params.js';
import type { Condition, ListQuery, Range } from './query.js';

/** Parameters that do not change which records a v2 query selects, nor their order. */
const NON_FINGERPRINT = new Set(['continuation', 'limit', 'includeAuthenticatedData', 'includeOrderData']);

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

/** GET /requests/v2's query parameters, generated from the OpenAPI document (limit bounds and default, sort enums). */
const V2 = QUERY_PARAMETERS['GET /requests/v2'];

/** Valid limits the fault `v2-limit-ignored-at-boundary` ignores (the default page comes back). */
const IGNORED_LIMITS: ReadonlySet<number> = new Set([1, 49]);

export function parseV2Query(params: Params, integrator: string | null, faults?: Faults): { query: ListQuery; includeAuthenticatedData: boolean } {
  const ctx: NormalizeContext = { integrator, lenientStatus: false };
  const rawLimit = single(params, 'limit');
  let limit = rawLimit === undefined ? V2.limit.default : intValue('limit', rawLimit, V2.limit.minimum, V2.limit.maximum);
  // Fault v2-default-limit-50: a page asked without limit holds the maximum.
  if (rawLimit === undefined && faults?.has('v2-default-limit-50')) limit = V2.limit.maximum;
  if (faults?.has('v2-limit-ignored-at-boundary') && IGNORED_LIMITS.has(limit)) limit = V2.limit.default;
  const sortBy = enumValue<SortBy>('sortBy', single(params, 'sortBy') ?? V2.sortBy.default, V2.sortBy.enum);
  const rawDir = single(params, 'sortDirection');
  if (rawDir === undefined && faults?.has('v2-sortdirection-required')) throw new HttpError(400, 'Missing sortDirection: pass sortDirection=asc or sortDirection=desc', 'INVALID_PARAMETER');
  const direction = rawDir === undefined ? 'desc' : enumValue('sortDirection', rawDir, V2.sortDirection.enum);
  const includeChildRequests = flag(params, 'includeChildRequests');
  const includeAuthenticatedData = flag(params, 'includeAuthenticatedData');
  flag(params, 'includeOrderData');
  const top: Condition[] = [];
  for (const [name, def] of V2_FIELDS) {
    const values = params.get(name);
    if (!values) continue;
    const raw = name === 'apiKey' ? values.flatMap((v) => v.split(',')).map((v) => v.trim()) : values;
    const keys = raw.map((v) => normalizeValue(def, name, v, ctx));
    top.push({ field: name, indexes: def.indexes, keys, negate: false, ...(name === 'id' && includeChildRequests ? { withChildren: true } : {}) });
  }
  const ranges = [
    rangeParam(params, sortBy, 'startTimestamp', 'endTimestamp', false),
    rangeParam(params, 'block', 'startBlock', 'endBlock', true, { originOnly: params.has('originChainId') }),
  ].filter((r): r is Range => r !== null);
  const privateInclude = new Set(uuidList(params, 'privateChainsToInclude'));
  const fingerprint = `v2${queryFingerprint(params, NON_FINGERPRINT, integrator, direction)}`;
  const rawCursor = single(params, 'continuation');
  const cursor = rawCursor === undefined ? null : decodeCursor(rawCursor, { sortBy, direction, fingerprint });
  return {
    query: { top, groups: null, groupsAnded: false, ranges, features: 0, privateInclude, sortBy, direction, limit, cursor, includeTotal: false, fingerprint },
    includeAuthenticatedData,
  };
}
