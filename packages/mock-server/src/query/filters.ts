/**
 * The `filters` parameter (document, GET /requests/v3 rule 7): a JSON array of groups; AND inside a
 * group, OR across groups; `not:` negates; an array is OR within the field; null is a null check;
 * null mixed with values is a 400; range keys and `features` are top level only (400 in a group).
 */
import { badParam, HttpError } from '../http/errors.js';
import type { Faults } from '../faults.js';
import { FIELDS, normalizeValue, TOP_LEVEL_ONLY, type NormalizeContext, type FieldDef } from './fields.js';
import { makeCondition } from './condition.js';
import type { Condition } from './query.js';

const MAX_LENGTH = 8192;
const MAX_GROUPS = 20;
const MAX_VALUES = 100;
const SHAPE = 'a JSON array of groups, e.g. [{"status":"success"},{"not:chainId":[1,10]}]';

export function parseFilters(raw: string, ctx: NormalizeContext, faults: Faults): Condition[][] {
  if (raw.length > MAX_LENGTH) throw badParam('filters', raw, `at most ${MAX_LENGTH} characters`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badParam('filters', raw, `valid JSON: ${SHAPE}`);
  }
  if (!Array.isArray(parsed)) throw badParam('filters', raw, SHAPE);
  if (parsed.length > MAX_GROUPS) throw badParam('filters', raw, `at most ${MAX_GROUPS} groups`);
  return parsed.map((group, gi) => {
    if (typeof group !== 'object' || group === null || Array.isArray(group)) {
      throw badParam(`filters[${gi}]`, group, 'an object of field: value pairs');
    }
    const conditions: Condition[] = [];
    for (const [rawKey, value] of Object.entries(group as Record<string, unknown>)) {
      const negate = rawKey.startsWith('not:') && !faults.has('v3-not-ignored');
      const name = rawKey.startsWith('not:') ? rawKey.slice(4) : rawKey;
      const where = `filters[${gi}].${rawKey}`;
      if ((TOP_LEVEL_ONLY as readonly string[]).includes(name)) {
        throw new HttpError(400, `Invalid ${where}: ${name} is a top-level parameter only and cannot be used inside filters groups; pass it as a query parameter`, 'INVALID_PARAMETER');
      }
      // Fault v3-filters-unknown-key-500: an unknown key is not refused, so reading its definition throws below.
      const found = FIELDS.get(name);
      if (!found && !faults.has('v3-filters-unknown-key-500')) {
        throw new HttpError(400, `Invalid ${where}: unknown filters key ${JSON.stringify(name)}; expected one of ${[...FIELDS.keys()].join(', ')} (optionally prefixed "not:")`, 'INVALID_PARAMETER');
      }
      const def = found as FieldDef;
      const values = Array.isArray(value) ? value : [value];
      if (values.length === 0) throw badParam(where, value, 'a value, null, or a non-empty array of values');
      if (values.length > MAX_VALUES) throw badParam(where, `${values.length} values`, `at most ${MAX_VALUES} values`);
      const hasNull = values.some((v) => v === null);
      const real = values.filter((v) => v !== null);
      if (hasNull && real.length > 0 && !faults.has('v3-null-mix-accepted')) {
        throw new HttpError(400, `Invalid ${where}: null cannot be combined with other values in one array; use a separate group for the null check`, 'INVALID_FILTERS_NULL_MIX');
      }
      const keys = hasNull && real.length === 0 ? [null] : real.map((v) => normalizeValue(def, where, v, ctx));
      // Fault v3-not-ignored-after-first-key: a negated key after the group's first is dropped (only a group's first key is negated).
      if (faults.has('v3-not-ignored-after-first-key') && negate && conditions.length > 0) continue;
      conditions.push(makeCondition(def.name, def.indexes, keys, negate, real, faults));
    }
    return conditions;
  });
}
