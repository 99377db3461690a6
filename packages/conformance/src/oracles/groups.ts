/**
 * Soundness of a record against the `filters` groups of GET /requests/v3 (API document, GET
 * /requests/v3 rule 7: AND within a group, OR across groups, `not:` negates a key, an array is an OR
 * of its values, `null` asks for an absent field). A record is sound when ANY group may hold it; the
 * per-field comparison is the filter oracle of `contract/record.ts` (ANY plausible field).
 * A `null` mixed with values is a 400 (see {@link mixesNull}) and is not judged here.
 */
import { EQUALITY_PARAMS, candidates, matchesComplete, matchesSound, type EqualityParam, type RecordJson } from '../contract/record.js';

/** The kind of a condition a record failed, named after the rule it tests. */
export type GroupRule = 'not' | 'null' | 'array' | 'and';

/** One condition of a group that a record does not satisfy. */
export interface GroupMismatch {
  key: string;
  value: unknown;
  rule: GroupRule;
}

const KNOWN: ReadonlySet<string> = new Set(EQUALITY_PARAMS);
const isParam = (k: string): k is EqualityParam => KNOWN.has(k);
/** Keys whose emptiness is unambiguous on a record (one plausible field), as in `requests-v3.filters.null-check`. */
const NULL_KEYS: ReadonlySet<string> = new Set(['depositAddress']);
const isValue = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/**
 * The first condition of `group` the record surely fails, or undefined when a conformant server may
 * return it. Keys the oracle does not know are not judged.
 */
export function groupMismatch(r: RecordJson, group: Record<string, unknown>): GroupMismatch | undefined {
  for (const [rawKey, value] of Object.entries(group)) {
    const negated = rawKey.startsWith('not:');
    const key = negated ? rawKey.slice(4) : rawKey;
    if (!isParam(key)) continue;
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => v !== null && !isValue(v))) continue;
    const concrete = values.filter(isValue);
    const wantsNull = values.includes(null);
    if (negated) {
      if (concrete.some((v) => matchesComplete(r, key, v))) return { key: rawKey, value, rule: 'not' };
      if (wantsNull && concrete.length === 0 && NULL_KEYS.has(key) && candidates(r, key).length === 0) return { key: rawKey, value, rule: 'null' };
      continue;
    }
    if (wantsNull) {
      if (concrete.length === 0 && NULL_KEYS.has(key) && candidates(r, key).length > 0) return { key: rawKey, value, rule: 'null' };
      continue;
    }
    if (concrete.some((v) => matchesSound(r, key, v))) continue;
    return { key: rawKey, value, rule: Array.isArray(value) ? 'array' : 'and' };
  }
  return undefined;
}

/** Parses the `filters` query value: a JSON array of objects, else undefined (not judged). */
export function parseGroups(raw: string | null | undefined): Array<Record<string, unknown>> | undefined {
  if (raw === null || raw === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.every((g) => typeof g === 'object' && g !== null && !Array.isArray(g)) ? (list as Array<Record<string, unknown>>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the groups mix `null` with values in one array (rule 7: a 400). Shared by the active
 * `requests-v3.filters.null-mix-400` relation and the passive oracle.
 */
export function mixesNull(groups: ReadonlyArray<Record<string, unknown>>): boolean {
  return groups.some((g) => Object.values(g).some((v) => Array.isArray(v) && v.includes(null) && v.some((x) => x !== null)));
}

/**
 * The mismatch of a record against every group (one per group), or undefined when some group may
 * hold it. The first group's mismatch names the rule.
 */
export function filtersMismatch(r: RecordJson, groups: ReadonlyArray<Record<string, unknown>>): GroupMismatch | undefined {
  let first: GroupMismatch | undefined;
  for (const g of groups) {
    const m = groupMismatch(r, g);
    if (m === undefined) return undefined;
    first ??= m;
  }
  return first;
}
