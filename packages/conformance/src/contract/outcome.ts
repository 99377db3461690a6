/**
 * Small helpers that build check results (the engine's contract, contract/types.ts).
 */
import { brief } from './expect.js';
import type { CheckResult, Exchange, ExchangeResponse, OutcomeCause, PropertyOutcome } from './types.js';

/** A `pass`, with an optional note. */
export function pass(note?: string): CheckResult {
  return note === undefined ? { status: 'pass' } : { status: 'pass', note };
}

/** A `skip` with its reason (never a vacuous pass). */
export function skip(reason: string, cause?: OutcomeCause): CheckResult {
  return cause ? { status: 'skip', reason, cause } : { status: 'skip', reason };
}

/** `pass` (noting the number of runs) or `fail` with the shrunk counterexample and its replay path. */
export function fromProperty(outcome: PropertyOutcome, note?: string): CheckResult {
  if (outcome.ok) return pass(note ?? `${outcome.numRuns} runs`);
  return {
    status: 'fail',
    violation: outcome.violation,
    counterexample: outcome.counterexample,
    ...(outcome.path !== undefined ? { path: outcome.path } : {}),
  };
}

/** A plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The parsed body of a response: its `json`, or else its text parsed (a body the engine kept whole);
 * undefined when there is no response, compaction cut the body, or it is not JSON.
 */
export function parsedBody(r: ExchangeResponse | undefined): unknown {
  if (!r) return undefined;
  if (r.json !== undefined) return r.json;
  if (r.truncated) return undefined;
  try {
    return JSON.parse(r.bodyText);
  } catch {
    return undefined;
  }
}

/** `<status>: <body, truncated>` of an exchange, or its transport error, for `received`. */
export function statusLine(exchange: Exchange): string {
  if (!exchange.response) return `no response (${exchange.transportError ?? 'unknown error'})`;
  return `${exchange.response.status}: ${brief(exchange.response.bodyText, 200)}`;
}

/**
 * What a response body was, for `received`: its JSON (short), or else that it is empty or not JSON
 * (with the content type and the start of the text), so a report never reads `undefined`.
 */
export function bodyShown(exchange: Exchange): string {
  const r = exchange.response;
  if (!r) return `no response (${exchange.transportError ?? 'unknown error'})`;
  if (r.json !== undefined) return brief(r.json);
  if (r.bodyText.trim() === '') return `an empty body (status ${r.status})`;
  if (r.isJson) return brief(r.bodyText);
  return `a body that is not JSON (status ${r.status}, Content-Type ${r.headers['content-type'] ?? '(none)'}): ${brief(r.bodyText, 200)}`;
}

/** `application/json`, with parameters, or a `+json` structured suffix (RFC 6839). */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}
