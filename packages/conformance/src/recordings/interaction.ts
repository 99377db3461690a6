/**
 * What every recording reader (Pact, WireMock, VCR, Polly.js, HAR) turns a file into: named
 * interactions, each either an exchange the passive oracles judge, or the reason it cannot be judged.
 */
import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';
import type { ObservedExchange } from '../oracles/observed.js';

/** The formats `audit` reads. */
export type RecordingFormat = 'har' | 'polly' | 'pact' | 'wiremock' | 'vcr' | 'nock' | 'recorder' | 'fixture';

/** One interaction of a recording. */
export interface Interaction {
  /** How reports name it: the file and the format's own name (Pact description, mapping name, entry). */
  name: string;
  format: RecordingFormat;
  /** The exchange to judge; absent when the interaction cannot be judged ({@link unjudged} says why). */
  exchange?: ObservedExchange;
  unjudged?: string;
  /**
   * Set when a part of the request is a matcher rather than a value (a regex query parameter, a
   * body pattern): only the response's schema is judged, since no concrete request is known.
   */
  partial?: string;
}

/** A recording that cannot be read: a usage error (exit 2) whose message says what is wrong and where. */
export class RecordingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordingError';
  }
}

/**
 * The value of `x-api-key` put on a request whose recording does not state the key: stubs match
 * with or without it (Pact and WireMock requests list only the headers they require) and recorders
 * filter it out (VCR `filter_headers`, Polly.js header exclusion), so its absence proves nothing.
 */
export const UNSTATED_KEY = '(unstated)';

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Headers given as `{name: value}` or `{name: [values]}` (Pact v3+, VCR), names lower-cased. */
export function headerMap(h: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObject(h)) return out;
  for (const [k, v] of Object.entries(h)) {
    const values = Array.isArray(v) ? v : [v];
    const text = values.filter((x) => typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean').map(String);
    if (text.length > 0) out[k.toLowerCase()] = text.join(', ');
  }
  return out;
}

/** The text of a body given as bytes, decoded per its `content-encoding` (gzip, deflate, br) when it is compressed. */
export function bodyText(bytes: Uint8Array, headers: Record<string, string>): string {
  const encoding = (headers['content-encoding'] ?? '').toLowerCase().trim();
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(bytes).toString('utf8');
    if (encoding === 'deflate') return inflateSync(bytes).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  } catch {
    // Recorded already decoded (vcrpy decode_compressed_response): read as is.
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The body of a stub given as a JSON value: text as is, anything else serialised. */
export function jsonOrText(body: unknown): string {
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** Whether a text is JSON (a stub's body without a content type: Pact's mock server then serves it as JSON). */
export function looksJson(text: string): boolean {
  const t = text.trim();
  if (!/^[[{"]/.test(t)) return false;
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
}

/** Adds the {@link UNSTATED_KEY} when the request states no key and `absent` is not known. */
export function withAssumedKey(headers: Record<string, string>, keyAbsent = false): Record<string, string> {
  return keyAbsent || headers['x-api-key'] !== undefined ? headers : { ...headers, 'x-api-key': UNSTATED_KEY };
}

/** A short quoted name. */
export const quoted = (s: string): string => JSON.stringify(s.length > 120 ? `${s.slice(0, 117)}...` : s);
