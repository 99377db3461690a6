/**
 * Oracles of any operation: bad input is answered with a 4xx, never a server error (API document,
 * Errors). What one exchange shows to be bad input: a numeric parameter that is not a number, a value
 * outside its parameter's enum, a boolean other than true/false, `filters` that are not a JSON array
 * of groups keyed by the document's parameters (or `not:` of one), a continuation that is no cursor
 * a server hands out (not URL-safe text, or base64url of JSON other than an object), and a
 * POST /currencies/v2 body that is not a JSON object or has a field of the wrong type.
 */
import { BODY_PROPERTIES, QUERY_PARAMETERS } from '@crosschain/specs';
import { brief } from '../contract/expect.js';
import { num, status, type Oracle, type Seen } from './oracle.js';
import { numericParams } from './parameters.js';

/** The first numeric parameter of the operation (oracles/parameters.ts) whose value is not a number: bad input (a 4xx, never a 5xx). */
export const badNumber = (q: URLSearchParams, operation: string | undefined): string | undefined => numericParams(operation).find((p) => q.has(p) && num(q.get(p)) === undefined);

type ParamSchema = { type?: string; enum?: readonly unknown[] };
const paramsOf = (operation: string | undefined): Readonly<Record<string, ParamSchema>> | undefined =>
  operation === 'GET /requests/v3' || operation === 'GET /requests/v2' ? (QUERY_PARAMETERS[operation] as Readonly<Record<string, ParamSchema>>) : undefined;

/** Whether `filters` is not a JSON array of objects whose keys (less `not:`) are parameters of the listing. */
function badFilters(raw: string, params: Readonly<Record<string, ParamSchema>>): boolean {
  let groups: unknown;
  try {
    groups = JSON.parse(raw);
  } catch {
    return true;
  }
  if (!Array.isArray(groups)) return true;
  return groups.some((g) => g === null || typeof g !== 'object' || Array.isArray(g) || Object.keys(g as object).some((k) => !(k.replace(/^not:/, '') in params) || k.replace(/^not:/, '') === 'filters'));
}

/** Whether a continuation is no cursor a server hands out: not URL-safe text, or base64url of JSON that is not an object. */
function badCursor(raw: string): boolean {
  if (raw === '' || !/^[A-Za-z0-9_\-+/=.~]+$/.test(raw)) return true;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return false;
  }
  return decoded === null || typeof decoded !== 'object' || Array.isArray(decoded);
}

const typeOk = (v: unknown, type: string | undefined): boolean =>
  type === undefined || (type === 'number' || type === 'integer' ? typeof v === 'number' && Number.isFinite(v) : type === 'boolean' ? typeof v === 'boolean' : type === 'string' ? typeof v === 'string' : type === 'array' ? Array.isArray(v) : true);

/** What of a request one exchange shows to be bad input (e.g. `status=bogus`), else undefined. */
export function badInput(s: Seen): string | undefined {
  const op = s.exchange.operation;
  const params = paramsOf(op);
  if (params !== undefined) {
    const n = badNumber(s.query, op);
    if (n !== undefined) return `${n}=${brief(s.query.get(n))}`;
    for (const [name, value] of s.query) {
      const p = params[name];
      if (name === 'filters' && badFilters(value, params)) return `filters=${brief(value)}`;
      if (name === 'continuation' && badCursor(value)) return `continuation=${brief(value)}`;
      if (p?.enum !== undefined && !p.enum.includes(value)) return `${name}=${brief(value)}`;
      if (p?.type === 'boolean' && value !== 'true' && value !== 'false') return `${name}=${brief(value)}`;
    }
    return undefined;
  }
  if (op === 'POST /currencies/v2' && s.exchange.request.body !== undefined) {
    const body = s.requestJson;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return `the body ${brief(s.exchange.request.body)}`;
    const props = BODY_PROPERTIES['POST /currencies/v2'] as Readonly<Record<string, ParamSchema>>;
    for (const [name, v] of Object.entries(body)) if (props[name] !== undefined && !typeOk(v, props[name].type)) return `${name}: ${brief(v)}`;
  }
  return undefined;
}

export const noServerError: Oracle = {
  id: 'general.no-server-error-on-bad-input',
  applies: (s) => s.exchange.operation !== undefined && status(s) > 0 && badInput(s) !== undefined,
  judge(s) {
    return status(s) >= 500 ? { message: 'Bad input must be answered with a 4xx, not a server error', expected: `a 4xx for ${badInput(s)!}`, received: `${status(s)}` } : undefined;
  },
};
