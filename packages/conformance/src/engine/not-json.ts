/**
 * "Not a JSON API: wrong base URL?": when most answers of the target are neither
 * labelled nor parsable as JSON, the run gives one diagnosis naming what came back instead of a
 * schema failure per check.
 */
import type { Exchange, ExchangeResponse } from '../contract/types.js';

/** Fewest answers with a body before the kit judges what the target speaks. */
const MIN_ANSWERS = 2;
/** Characters of a title or an error message quoted from a body. */
const QUOTE_CHARS = 80;

function quoted(text: string): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  return JSON.stringify(flat.length > QUOTE_CHARS ? `${flat.slice(0, QUOTE_CHARS)}…` : flat);
}

/**
 * What a body is, never the body itself (raw HTML was dumped into the discovery line):
 * its media type and size, with an HTML page's title or a JSON error's `message`, e.g.
 * `text/html, 215 bytes, title "Welcome to nginx!"`.
 */
export function bodySummary(response: Pick<ExchangeResponse, 'headers' | 'bodyText' | 'json'>): string {
  const type = response.headers['content-type']?.split(';')[0]?.trim() || 'no content-type';
  const size = `${Buffer.byteLength(response.bodyText, 'utf8')} bytes`;
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(response.bodyText)?.[1];
  const message = response.json && typeof response.json === 'object' ? (response.json as { message?: unknown }).message : undefined;
  const detail = title !== undefined && title.trim() !== '' ? `, title ${quoted(title)}` : typeof message === 'string' ? `, message ${quoted(message)}` : '';
  return response.bodyText === '' ? `${type}, empty body` : `${type}, ${size}${detail}`;
}

/** Whether an answer is foreign to a JSON API: not JSON by its media type nor by its body. */
export function isForeign(exchange: Exchange): boolean {
  const r = exchange.response;
  if (!r || r.bodyText.trim() === '') return false;
  return !r.isJson && !/json/i.test(r.headers['content-type'] ?? '');
}

/**
 * The diagnosis when more than half of the answers with a body are foreign, e.g. `3 of 3 answers
 * were not JSON (first: 200 text/html, 48 bytes, title "Welcome to nginx!"): wrong base URL?`;
 * undefined otherwise.
 */
export function notJsonDiagnosis(exchanges: readonly Exchange[], inProcess = false): string | undefined {
  const answered = exchanges.filter((e) => e.response && e.response.bodyText.trim() !== '');
  const others = answered.filter(isForeign);
  if (answered.length < MIN_ANSWERS || others.length * 2 <= answered.length) return undefined;
  const first = others[0]!.response!;
  const advice = inProcess
    ? 'wrong handler? Point --target at the module (and #export) whose fetch handler serves the API, with its routes at the root (POST /currencies/v2 answers JSON)'
    : 'wrong base URL? Point --base-url at the API root (where POST /currencies/v2 answers JSON)';
  return `${others.length} of ${answered.length} answers were not JSON (first: ${first.status} ${bodySummary(first)}): ${advice}`;
}
