/** Parsing of query-string and body values with 400 errors that name the parameter. */
import { badParam } from '../http/errors.js';
import type { Range, RangeField } from './query.js';

/** Query parameters as lists of values (a repeated parameter keeps every value). */
export type Params = Map<string, string[]>;

export function toParams(search: URLSearchParams): Params {
  const out: Params = new Map();
  for (const [k, v] of search) {
    const list = out.get(k);
    if (list) list.push(v);
    else out.set(k, [v]);
  }
  return out;
}

/** The single value of a parameter; a repeated single-valued parameter is a 400. */
export function single(params: Params, name: string): string | undefined {
  const v = params.get(name);
  if (!v) return undefined;
  if (v.length > 1) throw badParam(name, v.join(','), 'a single value (the parameter was repeated)');
  return v[0];
}

const INT_RE = /^-?\d+$/;
const NUM_RE = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** An integer in [min, max]. */
export function intValue(name: string, raw: string, min: number, max: number): number {
  const n = Number(raw);
  if (!INT_RE.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw badParam(name, raw, `an integer from ${min} to ${max}`);
  }
  return n;
}

/** A finite number >= min. */
export function numValue(name: string, raw: string, min = 0): number {
  const n = Number(raw);
  if (!NUM_RE.test(raw.trim()) || !Number.isFinite(n) || n < min) throw badParam(name, raw, `a number >= ${min}`);
  return n;
}

/** `true` or `false`. */
export function boolValue(name: string, raw: string): boolean {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw badParam(name, raw, 'true or false');
}

/** One of `allowed` (exact match, or case-insensitive when `ci`). */
export function enumValue<T extends string>(name: string, raw: string, allowed: readonly T[], ci = false): T {
  const hit = allowed.find((a) => (ci ? a.toLowerCase() === raw.toLowerCase() : a === raw));
  if (hit === undefined) throw badParam(name, raw, `one of ${allowed.join(', ')}`);
  return hit;
}

/** A boolean parameter: `true` or `false`, absent = false. */
export function flag(params: Params, name: string): boolean {
  const raw = single(params, name);
  return raw === undefined ? false : boolValue(name, raw);
}

/** The range `minName`..`maxName` on `field` (numbers >= 0, or integers when `integer`), or null when neither is given. */
export function rangeParam(params: Params, field: RangeField, minName: string, maxName: string, integer: boolean, extra: Partial<Range> = {}): Range | null {
  const lo = single(params, minName);
  const hi = single(params, maxName);
  if (lo === undefined && hi === undefined) return null;
  const parse = (name: string, raw: string): number => (integer ? intValue(name, raw, 0, Number.MAX_SAFE_INTEGER) : numValue(name, raw, 0));
  return { field, ...extra, ...(lo !== undefined ? { min: parse(minName, lo) } : {}), ...(hi !== undefined ? { max: parse(maxName, hi) } : {}) };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A comma-separated list of UUIDs (`privateChainsToInclude`) as given; [] when absent. */
export function uuidList(params: Params, name: string): string[] {
  const raw = single(params, name);
  if (raw === undefined) return [];
  const parts = raw.split(',').map((s) => s.trim());
  for (const part of parts) if (!UUID_RE.test(part)) throw badParam(name, raw, 'a comma-separated list of UUIDs');
  return parts;
}
