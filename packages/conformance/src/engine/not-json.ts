/**
 * "Not a JSON API: wrong base URL?" (issue 10, item 8): when most answers of the target are neither
 * labelled nor parsable as JSON, the run gives one diagnosis naming what came back instead of a
 * schema failure per check.
 */
import type { Exchange } from './types.js';

/** Fewest answers with a body before the kit judges what the target speaks. */
const MIN_ANSWERS = 2;
/** Characters of the first foreign body quoted in the diagnosis. */
const QUOTE_CHARS = 60;

/** Whether an answer is foreign to a JSON API: not JSON by its media type nor by its body. */
function foreign(exchange: Exchange): boolean {
  const r = exchange.response;
  if (!r || r.bodyText.trim() === '') return false;
  return !r.isJson && !/json/i.test(r.headers['content-type'] ?? '');
}

/**
 * The diagnosis when more than half of the answers with a body are foreign, e.g. `3 of 3 answers
 * were not JSON (first: 200 text/html "<!doctype html>…"): wrong base URL?`; undefined otherwise.
 */
export function notJsonDiagnosis(exchanges: readonly Exchange[]): string | undefined {
  const answered = exchanges.filter((e) => e.response && e.response.bodyText.trim() !== '');
  const others = answered.filter(foreign);
  if (answered.length < MIN_ANSWERS || others.length * 2 <= answered.length) return undefined;
  const first = others[0]!.response!;
  const type = first.headers['content-type'] ?? 'no content-type';
  const quote = JSON.stringify(first.bodyText.trim().replace(/\s+/g, ' ').slice(0, QUOTE_CHARS));
  return `${others.length} of ${answered.length} answers were not JSON (first: ${first.status} ${type} ${quote}): wrong base URL? Point --base-url at the API root (where POST /currencies/v2 answers JSON)`;
}
