/**
 * Oracles of any operation: bad input is answered with a 4xx, never a server error (API document,
 * Errors), and a request the document accepts is neither rejected (400, 422) nor failed (5xx).
 * What one exchange shows to be bad input: a numeric parameter that is not a number, a value
 * outside its parameter's enum, a boolean other than true/false, `filters` that are not a JSON array
 * of groups keyed by the document's parameters (or `not:` of one), a continuation that is no cursor
 * a server hands out (not URL-safe text, or base64url of JSON other than an object), and a
 * POST /currencies/v2 body that is not a JSON object or has a field of the wrong type.
 */
import { BODY_PROPERTIES, QUERY_PARAMETERS } from '@crosschain/specs';
import { brief } from '../contract/expect.js';
import { num, status, type Judgement, type Oracle, type Seen } from './oracle.js';
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

// ── Valid input ────────────────────────────────────────────────────────────────────────────────

/** The longest string value taken as valid (longer ones a server may refuse as abuse). */
const MAX_TEXT = 200;

/**
 * Parameters whose valid values one exchange cannot tell: strings the service restricts to lists
 * the document does not give (reasons, request types, features, UUIDs of private chains), the
 * caller-scoped `apiKey`, the JSON `filters` (its groups have rules of their own) and the opaque
 * cursor (only one the server handed out is valid, and it may expire).
 */
const UNDECIDED_PARAMS: ReadonlySet<string> = new Set(['failReason', 'refundFailReason', 'requestType', 'features', 'privateChainsToInclude', 'apiKey', 'filters', 'continuation']);

type Bounds = ParamSchema & { minimum?: number; maximum?: number };

/** A chain id (a parameter named `chainId` or `…ChainId`) is a non-negative integer; other numbers non-negative decimals. */
const isChain = (name: string): boolean => name === 'chainId' || name.endsWith('ChainId');

/** Why one query value is valid for its schema (e.g. "an integer from 1 to 50"), or undefined when it is not, or cannot be told. */
function validValue(name: string, value: string, p: Bounds): string | undefined {
  if (value === '' || value.length > MAX_TEXT) return undefined;
  if (p.enum !== undefined) return p.enum.includes(value) ? `one of ${p.enum.join(', ')}` : undefined;
  if (p.type === 'boolean') return value === 'true' || value === 'false' ? 'true or false' : undefined;
  if (p.type === 'integer' || ((p.type === 'number' || p.type === 'string') && isChain(name)) || name.endsWith('Block')) {
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) return undefined;
    const n = Number(value);
    if ((p.minimum !== undefined && n < p.minimum) || (p.maximum !== undefined && n > p.maximum)) return undefined;
    return p.minimum !== undefined || p.maximum !== undefined ? `an integer from ${p.minimum ?? 0} to ${p.maximum ?? '∞'}` : 'a non-negative integer';
  }
  if (p.type === 'number') return /^\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value)) ? 'a non-negative number' : undefined;
  if (p.type === 'string') return 'a string';
  return undefined;
}

/** Why a POST /currencies/v2 body field is valid, or undefined. */
function validField(name: string, v: unknown, p: Bounds & { items?: { type?: string; pattern?: string } }): string | undefined {
  if (p.type === 'boolean') return typeof v === 'boolean' ? 'a boolean' : undefined;
  if (p.type === 'string') return typeof v === 'string' && v !== '' && v.length <= MAX_TEXT ? 'a string' : undefined;
  if (p.type === 'number') {
    // The limit: an integer from 1 to its maximum (a limit of 0 or less asks for nothing; the document gives no minimum).
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1 || (p.maximum !== undefined && v > p.maximum)) return undefined;
    return `an integer from 1 to ${p.maximum ?? '∞'}`;
  }
  if (p.type === 'array' && Array.isArray(v) && v.length >= 1 && v.length <= 100) {
    const item = p.items;
    if (item?.type === 'number' && v.every((x) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0)) return `an array of ${name === 'chainIds' ? 'chain ids' : 'numbers'}`;
    if (item?.type === 'string' && v.every((x) => typeof x === 'string' && x.length <= MAX_TEXT && (item.pattern === undefined || new RegExp(item.pattern).test(x)))) {
      return `an array of strings${item.pattern !== undefined ? ` matching ${item.pattern}` : ''}`;
    }
  }
  return undefined;
}

/**
 * What makes the request of one exchange valid by the document (each parameter or body field and
 * why it is valid), or undefined when one exchange cannot tell it valid: a parameter or field the
 * document does not list, a repeated parameter, a value outside its schema, a value only the service
 * can judge ({@link UNDECIDED_PARAMS}), GET /requests/v3 without a key (the key is required), or
 * GET /intents/status without exactly one requestId.
 */
export function validInput(s: Pick<Seen, 'exchange' | 'query' | 'hasKey' | 'requestJson'>): string | undefined {
  const op = s.exchange.operation;
  const params = op === 'GET /requests/v3' || op === 'GET /requests/v2' || op === 'GET /intents/status' ? (QUERY_PARAMETERS[op] as Readonly<Record<string, Bounds>>) : undefined;
  if (params !== undefined) {
    if (op === 'GET /requests/v3' && !s.hasKey) return undefined;
    if (op === 'GET /intents/status' && s.query.getAll('requestId').length !== 1) return undefined;
    const why: string[] = [];
    for (const name of new Set(s.query.keys())) {
      const values = s.query.getAll(name);
      const p = params[name];
      if (p === undefined || UNDECIDED_PARAMS.has(name) || values.length !== 1) return undefined;
      const valid = validValue(name, values[0]!, p);
      if (valid === undefined) return undefined;
      why.push(`${name}=${brief(values[0], 60)} (${valid})`);
    }
    return why.length === 0 ? 'no parameter (every one is optional)' : why.join(', ');
  }
  if (op === 'POST /currencies/v2') {
    const text = s.exchange.request.body;
    if (text === undefined || text.trim() === '') return 'no body (every field is optional)';
    const body = s.requestJson;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
    const props = BODY_PROPERTIES['POST /currencies/v2'] as Readonly<Record<string, Bounds>>;
    const why: string[] = [];
    for (const [name, v] of Object.entries(body)) {
      const p = props[name];
      const valid = p === undefined ? undefined : validField(name, v, p);
      if (valid === undefined) return undefined;
      why.push(`${name}: ${brief(v, 60)} (${valid})`);
    }
    return why.length === 0 ? 'the empty object (every field is optional)' : why.join(', ');
  }
  return undefined;
}

/** The `message` of an error body, when it has one. */
function bodyMessage(s: Seen): string {
  const json = s.exchange.response?.json;
  const m = json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as { message?: unknown }).message : undefined;
  return typeof m === 'string' ? `: ${JSON.stringify(m.length > 200 ? `${m.slice(0, 200)}…` : m)}` : s.exchange.response?.bodyText ? `: ${brief(s.exchange.response.bodyText, 200)}` : '';
}

/**
 * The operations whose 5xx answers the document names: GET /requests/v2 ("Every v2 response,
 * including 4xx and 5xx, carries the deprecation headers"). A 5xx of another operation is
 * documented nowhere, so a 5xx to a valid request there is the server failing.
 */
export const SERVER_ERROR_DOCUMENTED: readonly string[] = ['GET /requests/v2'];

/**
 * A valid request answered 400 or 422 (the server rejected what the document accepts), or an
 * undocumented 5xx (the server failed on it): the problem, or undefined. A 503 is the answer of a
 * server that is unavailable or throttling (the kit retries it), not of one that failed on the
 * request, and a 502 or 504 a gateway's: withheld. `valid` is what {@link validInput} says of the request.
 */
export function validInputProblem(s: Seen, valid: string): Judgement {
  const code = status(s);
  const op = s.exchange.operation!;
  if (code === 400 || code === 422) {
    return {
      message: `A request the document accepts must not be rejected: ${op} answered ${code} to a valid request`,
      expected: `an answer other than ${code} (the request is valid: ${valid})`,
      received: `${code}${bodyMessage(s)}`,
    };
  }
  if (code === 503) return { withheld: 'answered 503 (unavailable or throttled, not a failure on this request)' };
  // 502 and 504 are a gateway's answers (an upstream that failed or did not answer in time: the
  // kit's own enforcing proxy answers 502 for an upstream that broke the contract), not the API
  // server's: whatever failed is judged where its own answer is seen.
  if (code === 502 || code === 504) return { withheld: `answered ${code} (a gateway's answer, not the API server's)` };
  if (code >= 500 && !SERVER_ERROR_DOCUMENTED.includes(op)) {
    return {
      message: `A request the document accepts must not fail with a server error: ${op} answered ${code}, a status the document gives for no answer of this operation`,
      expected: `the document's answer (200; the request is valid: ${valid})`,
      received: `${code}${bodyMessage(s)}`,
    };
  }
  return undefined;
}

export const validInputAccepted: Oracle = {
  id: 'general.valid-input-accepted',
  applies: (s) => status(s) > 0 && validInput(s) !== undefined,
  judge: (s) => validInputProblem(s, validInput(s)!),
};
