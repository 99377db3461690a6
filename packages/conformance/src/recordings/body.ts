/**
 * A bare response body (a mock's JSON, a fixture file) as an interaction the passive oracles judge:
 * the operation named by the caller (`GET /intents/status/v3`, a query allowed), the status and
 * headers given or 200 with `application/json`, the request taken as sent with a key (a mock's body
 * says nothing about the request's headers).
 */
import { operationOf, type ObservedExchange } from '../oracles/observed.js';
import type { ResponseValidator } from '../contract/validator.js';
import { RecordingError, UNSTATED_KEY, type Interaction } from './interaction.js';

/** The origin a bare body is taken as coming from (no network is involved; reports name it). */
export const BODY_ORIGIN = 'https://api.invalid';

/** An operation as a caller names it: method, path and the query it was asked with. */
export interface NamedOperation {
  method: string;
  /** The path as given (`/intents/status/v3`), query excluded. */
  path: string;
  /** The query as given, with its `?`, or empty. */
  search: string;
  /** The document's key of the operation (`GET /intents/status/v3`). */
  operation: string;
}

/** What a bare body is served with. */
export interface BodyResponse {
  /** The response status (default 200). */
  status?: number;
  /** Response headers (default `content-type: application/json`). */
  headers?: Record<string, string> | Headers;
}

/**
 * Reads `GET /intents/status/v3` or `get /requests/v3?limit=5` into a {@link NamedOperation}, or
 * throws a {@link RecordingError} naming the operations of the API.
 */
export function parseOperation(text: string, validator: ResponseValidator): NamedOperation {
  const match = /^\s*([A-Za-z]+)\s+(\/\S*)\s*$/.exec(typeof text === 'string' ? text : '');
  const known = () => validator.operationKeys().join(', ');
  if (!match) throw new RecordingError(`${JSON.stringify(text)} names no operation: expected a method and a path, e.g. 'GET /intents/status/v3' (operations: ${known()})`);
  const method = match[1]!.toUpperCase();
  const [path, ...query] = match[2]!.split('?');
  const found = operationOf(validator, method, path!);
  if (!found.operation || found.path !== path) throw new RecordingError(`${method} ${path} is not an operation of the API (operations: ${known()})`);
  return { method, path: path!, search: query.length > 0 ? `?${query.join('?')}` : '', operation: found.operation };
}

function headerRecord(h: BodyResponse['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (h === undefined) return out;
  const entries: Iterable<[string, string]> = typeof (h as Headers).forEach === 'function' && typeof (h as Headers).get === 'function' ? (h as Headers).entries() : Object.entries(h as Record<string, unknown>).map(([k, v]) => [k, String(v)] as [string, string]);
  for (const [k, v] of entries) out[k.toLowerCase()] = v;
  return out;
}

/**
 * The text a body is served as: a string as it is (the raw text of the response), anything else
 * as its JSON. A value JSON cannot write (a function, a cycle, a bigint) is a {@link RecordingError}.
 */
export function bodyTextOf(body: unknown): string {
  if (typeof body === 'string') return body;
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch (err) {
    throw new RecordingError(`the body cannot be written as JSON (${(err as Error).message})`);
  }
  if (text === undefined) throw new RecordingError(`the body cannot be written as JSON (${typeof body})`);
  return text;
}

/** The interaction of a body served for `op`; `name` is how reports name it, `format` what it came from (a matcher's value, a fixture file). */
export function bodyInteraction(name: string, bodyText: string, op: NamedOperation, response: BodyResponse = {}, format: 'recorder' | 'fixture' = 'recorder'): Interaction {
  const status = response.status ?? 200;
  if (!Number.isInteger(status) || status < 100 || status > 599) throw new RecordingError(`${name}: status ${JSON.stringify(response.status)} is not an HTTP status (100-599)`);
  const exchange: ObservedExchange = {
    method: op.method,
    url: `${BODY_ORIGIN}${op.path}${op.search}`,
    requestHeaders: { 'x-api-key': UNSTATED_KEY },
    status,
    responseHeaders: { 'content-type': 'application/json', ...headerRecord(response.headers) },
    bodyText,
    durationMs: 0,
  };
  return { name, format, exchange };
}
