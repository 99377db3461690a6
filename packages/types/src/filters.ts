import type { components } from './generated/api.js';

/**
 * The range parameters of `GET /requests/v3` (API document, Query parameters > Ranges). Rule 7:
 * "range filters and `features` are top-level only", so none of them may appear in a group.
 */
export const REQUESTS_V3_RANGE_KEYS = [
  'startTimestamp',
  'endTimestamp',
  'startBlock',
  'endBlock',
  'amountUsdMin',
  'amountUsdMax',
  'appFeesAmountUsdMin',
  'appFeesAmountUsdMax',
  'fillTimeMin',
  'fillTimeMax',
] as const;

/** Keys that are top-level query parameters only, never `filters` keys (GET /requests/v3 rule 7). */
export type RequestsV3TopLevelOnlyKey = (typeof REQUESTS_V3_RANGE_KEYS)[number] | 'features';

const TOP_LEVEL_ONLY: ReadonlySet<string> = new Set<string>([...REQUESTS_V3_RANGE_KEYS, 'features']);

/**
 * The type of a range key or `features` inside a group: no value has it, and the compiler's error
 * names it. Pass these as query parameters of `requestsV3` (GET /requests/v3 rule 7).
 */
export interface RangeFiltersAndFeaturesAreTopLevelOnly {
  readonly 'range filters and features are top-level query parameters, not filters keys (GET /requests/v3 rule 7)': never;
}

/**
 * One group as {@link encodeRequestsV3Filters} accepts it: the contract's group, where a range key
 * or `features` (negated or not) has a type no value has, so the compiler rejects it (rule 7).
 */
export type RequestsV3FilterGroupInput = components['schemas']['RequestsV3FilterGroup'] & {
  [K in RequestsV3TopLevelOnlyKey | `not:${RequestsV3TopLevelOnlyKey}`]?: RangeFiltersAndFeaturesAreTopLevelOnly;
};

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return JSON.stringify(value) ?? typeof value;
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * Encodes the `filters` query parameter of `GET /requests/v3`: a JSON-encoded array of groups
 * (API document, GET /requests/v3 rule 7). Fields inside a group are AND-ed, groups are OR-ed, a
 * `not:` key prefix negates, an array is an OR within the field, and null is a null-check.
 *
 * Refuses, with a TypeError naming the group and key, what the document rejects or JSON cannot
 * carry: a range key or `features` inside a group (top-level only, rule 7), null combined with
 * real values in one array (a 400 per rule 7), an empty array, nested objects, and non-finite numbers.
 *
 * @example client.requestsV3({ filters: encodeRequestsV3Filters([{ status: 'refund' }, { 'not:depositAddress': null }]) })
 */
export function encodeRequestsV3Filters(groups: readonly RequestsV3FilterGroupInput[]): string {
  if (!Array.isArray(groups)) throw new TypeError(`filters must be an array of groups, got ${describe(groups)}`);
  groups.forEach((group: unknown, index) => {
    const where = `filters[${index}]`;
    if (typeof group !== 'object' || group === null || Array.isArray(group)) {
      throw new TypeError(`${where} must be an object of field: value, got ${describe(group)}`);
    }
    const entries = Object.entries(group);
    if (entries.length === 0) throw new TypeError(`${where} is empty: an empty group would match every request`);
    for (const [key, value] of entries) {
      if (key === '' || key === 'not:') throw new TypeError(`${where} has an empty field name`);
      const field = key.startsWith('not:') ? key.slice(4) : key;
      if (TOP_LEVEL_ONLY.has(field)) {
        throw new TypeError(
          `${where}.${key} is not allowed in a group: range filters and features are top-level only, which the API rejects with 400 (GET /requests/v3 rule 7); pass ${field} as a query parameter of requestsV3 instead`,
        );
      }
      if (value === null || isScalar(value)) continue;
      if (!Array.isArray(value)) throw new TypeError(`${where}.${key} must be a string, number, boolean, null or an array of them, got ${describe(value)}`);
      if (value.length === 0) throw new TypeError(`${where}.${key} is an empty array: it would match nothing`);
      if (value.includes(null)) {
        throw new TypeError(`${where}.${key} combines null with values in one array, which the API rejects with 400 (GET /requests/v3 rule 7); use a separate group for the null-check`);
      }
      const bad = value.find((item) => !isScalar(item));
      if (bad !== undefined) throw new TypeError(`${where}.${key} contains ${describe(bad)}: array items must be strings, numbers or booleans`);
    }
  });
  return JSON.stringify(groups);
}
