/**
 * Parses the 43 query parameters of GET /requests/v3 (document, Endpoints > GET /requests/v3;
 * types and units from live-service facts §1.4) into a ListQuery. Unknown parameters are ignored.
 */
import { QUERY_PARAMETERS } from '@crosschain/specs';
import { CHAINS, FEATURE_BIT, FEATURES, type Feature } from '../data/catalogue.js';
import { badParam } from '../http/errors.js';
import type { Faults } from '../faults.js';
import type { SortBy } from '../store/store.js';
import { decodeCursor, queryFingerprint } from './cursor.js';
import { FIELDS, normalizeValue, type NormalizeContext } from './fields.js';
import { makeCondition } from './condition.js';
import { parseFilters } from './filters.js';
import { enumValue, flag, intValue, rangeParam, single, uuidList, type Params } from './params.js';
import type { Condition, ListQuery, Range, RangeField } from './query.js';

const V3 = QUERY_PARAMETERS['GET /requests/v3'];
/** Maximum `limit` (document rule 3 / Limits; generated from the OpenAPI document). */
export const V3_MAX_LIMIT: number = V3.limit.maximum;
/** Default `limit` (live-service facts §1.3; generated from the OpenAPI document). */
export const V3_DEFAULT_LIMIT: number = V3.limit.default;
/** Largest limit honoured by the fault `v3-limit-uncapped`. */
const UNCAPPED_MAX = 1000;
/** Valid limits the fault `v3-limit-ignored-at-boundary` ignores (the default page comes back). */
const IGNORED_LIMITS: ReadonlySet<number> = new Set([1, 49]);

const EQUALITY_PARAMS = [...FIELDS.keys()];
/** Parameters that do not change which records a v3 query selects, nor their order. */
const NON_FINGERPRINT = new Set(['continuation', 'limit', 'includeTotal', 'includeAuthenticatedData']);

export interface V3ParseContext {
  integrator: string | null;
  faults: Faults;
}

/** The caller-facing flags parsed beside the query. */
export interface V3Flags {
  includeAuthenticatedData: boolean;
}

export function parseV3Query(params: Params, ctx: V3ParseContext): { query: ListQuery; flags: V3Flags } {
  const faults = ctx.faults;
  const norm: NormalizeContext = { integrator: ctx.integrator, lenientStatus: faults.has('v3-status-filter-lenient'), refundReasonAsNull: faults.has('v3-refund-fail-reason-filter-as-null-check') };
  // limit
  const rawLimit = single(params, 'limit');
  let limit = V3_DEFAULT_LIMIT;
  if (rawLimit !== undefined) {
    if (faults.has('server-error-on-bad-input') && !/^-?\d+$/.test(rawLimit)) {
      throw new Error(`fault server-error-on-bad-input: cannot parse limit ${JSON.stringify(rawLimit)}`);
    }
    limit = intValue('limit', rawLimit, 1, faults.has('v3-limit-uncapped') ? UNCAPPED_MAX : V3_MAX_LIMIT);
    if (faults.has('v3-limit-ignored-at-boundary') && IGNORED_LIMITS.has(limit)) limit = V3_DEFAULT_LIMIT;
  }
  // sort
  const sortBy = enumValue<SortBy>('sortBy', single(params, 'sortBy') ?? V3.sortBy.default, V3.sortBy.enum);
  const rawDir = single(params, 'sortDirection');
  let direction: 'asc' | 'desc';
  if (rawDir !== undefined) direction = enumValue('sortDirection', rawDir, V3.sortDirection.enum);
  else if (sortBy === 'amountUsd') direction = faults.has('v3-amountusd-default-desc') ? 'desc' : 'asc';
  else direction = faults.has('v3-default-sort-asc') ? 'asc' : 'desc';
  const includeTotal = flag(params, 'includeTotal');
  const includeAuthenticatedData = flag(params, 'includeAuthenticatedData');
  const includeChildRequests = flag(params, 'includeChildRequests');

  // equality parameters
  const top: Condition[] = [];
  for (const name of EQUALITY_PARAMS) {
    const values = params.get(name);
    if (!values) continue;
    const def = FIELDS.get(name)!;
    const rawValues = name === 'apiKey' ? values.flatMap((v) => v.split(',')).map((v) => v.trim()) : values;
    const keys = rawValues.map((v) => normalizeValue(def, name, v, norm));
    top.push(makeCondition(def.name, def.indexes, keys, false, rawValues, faults, includeChildRequests));
  }

  // ranges (top level only)
  const ranges: Range[] = [];
  const timeField: RangeField = sortBy === 'updatedAt' ? 'updatedAt' : 'createdAt';
  const range = (field: RangeField, minName: string, maxName: string, integer: boolean, extra: Partial<Range> = {}): void => {
    const r = rangeParam(params, field, minName, maxName, integer, extra);
    if (r) ranges.push(r);
  };
  // Fault v3-updated-window-empty: under sortBy=updatedAt the time window reads a field no record has, so it selects nothing.
  range(timeField === 'updatedAt' && faults.has('v3-updated-window-empty') ? ('' as RangeField) : timeField, 'startTimestamp', 'endTimestamp', false);
  // Fault v3-block-range-empty: the block range reads a field no record has, so it selects nothing.
  // Faults v3-block-start-ignored, v3-block-end-ignored: a bound is read from a parameter named "", so startBlock or endBlock is ignored.
  range(faults.has('v3-block-range-empty') ? ('' as RangeField) : 'block', faults.has('v3-block-start-ignored') ? '' : 'startBlock', faults.has('v3-block-end-ignored') ? '' : 'endBlock', true, { originOnly: params.has('originChainId'), ...(faults.has('v3-block-bounds-or') ? { eitherBound: true } : {}) });
  range('amountUsd', 'amountUsdMin', 'amountUsdMax', false);
  if (faults.has('v3-amountusd-range-ignored')) {
    const at = ranges.findIndex((r) => r.field === 'amountUsd');
    if (at >= 0) ranges.splice(at, 1);
  }
  // Fault v3-numeric-range-reads-amount: the app-fee and fill-time ranges compare the input amount in USD.
  const amountRead = faults.has('v3-numeric-range-reads-amount');
  range(amountRead ? 'amountUsd' : 'appFeesUsd', 'appFeesAmountUsdMin', 'appFeesAmountUsdMax', false);
  range(amountRead ? 'amountUsd' : 'fillTimeSec', 'fillTimeMin', 'fillTimeMax', false);

  // features: comma-separated, any-of
  let features = 0;
  const rawFeatures = single(params, 'features');
  if (rawFeatures !== undefined) {
    for (const part of rawFeatures.split(',').map((s) => s.trim())) {
      if (!(FEATURES as readonly string[]).includes(part)) throw badParam('features', rawFeatures, `a comma-separated list of ${FEATURES.join(', ')}`);
      features |= FEATURE_BIT[part as Feature];
    }
  }
  // private chains
  const privateInclude = new Set(uuidList(params, 'privateChainsToInclude').map((u) => u.toLowerCase()));
  // filters groups
  const rawFilters = single(params, 'filters');
  const groups = rawFilters === undefined ? null : parseFilters(rawFilters, norm, faults);
  // Fault v3-features-ignored-with-filters: only `features` is dropped beside filters groups.
  if (faults.has('v3-features-ignored-with-filters') && rawFilters !== undefined) features = 0;
  const effectiveTop = groups && faults.has('v3-top-level-ignored-with-filters') ? [] : top;
  const effectiveRanges = groups && faults.has('v3-top-level-ignored-with-filters') ? [] : ranges;

  const fingerprint = queryFingerprint(params, NON_FINGERPRINT, ctx.integrator, direction);
  const rawCursor = single(params, 'continuation');
  const cursor = rawCursor === undefined ? null : decodeCursor(rawCursor, { sortBy, direction, fingerprint }, faults);
  return {
    query: {
      top: effectiveTop,
      groups,
      groupsAnded: faults.has('v3-groups-anded'),
      ranges: effectiveRanges,
      features: groups && faults.has('v3-top-level-ignored-with-filters') ? 0 : features,
      privateInclude: new Set([...privateInclude].map((u) => CHAINS.find((c) => c.privateUuid?.toLowerCase() === u)?.privateUuid ?? u)),
      sortBy,
      direction,
      limit,
      cursor,
      includeTotal: includeTotal || faults.has('v3-total-always'),
      fingerprint,
    },
    flags: { includeAuthenticatedData },
  };
}

