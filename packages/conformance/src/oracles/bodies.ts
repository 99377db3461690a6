/**
 * Oracles of every response body of the four operations (API document: "All bodies are JSON
 * (application/json)"; live service: an error body is a JSON object with a string `message`).
 * Judged on every exchange of the active run, through the proxy and in `audit`; the active checks
 * `general.json-bodies` and `general.error-body-shape` only make sure the run holds such answers.
 * A v2 answer dated on or after its sunset is left to the retirement rules (a removed route's 404
 * need not be the API's JSON).
 */
import { brief } from '../contract/expect.js';
import { isJsonContentType } from '../contract/outcome.js';
import { isObject } from '../contract/outcome.js';
import type { ExchangeResponse } from '../contract/types.js';
import { V2, status, type Oracle, type Seen } from './oracle.js';
import { V2_SUNSET_MS } from './v2-retirement.js';

/** The four operations of the document. */
export const OPERATIONS: readonly string[] = ['POST /currencies/v2', 'GET /intents/status', 'GET /requests/v3', 'GET /requests/v2'];

/** An answer of one of the four operations (v2 before its sunset, by the exchange's own date). */
const ofTheFour = (s: Seen): boolean =>
  s.exchange.operation !== undefined && OPERATIONS.includes(s.exchange.operation) && status(s) > 0 && !(s.exchange.operation === V2 && s.at !== undefined && s.at >= V2_SUNSET_MS);

/** Whether a response body is JSON; undefined when unknown (cut before it could be read). */
export function parsesAsJson(r: ExchangeResponse): boolean | undefined {
  if (r.isJson !== undefined) return r.isJson;
  if (r.json !== undefined) return true;
  if (r.truncated) return undefined;
  try {
    JSON.parse(r.bodyText);
    return true;
  } catch {
    return false;
  }
}

const MESSAGE = 'All bodies are JSON (application/json)';

export const jsonBodies: Oracle = {
  id: 'general.json-bodies',
  applies: (s) => ofTheFour(s) && (s.exchange.response!.bodyText !== '' ? status(s) !== 204 && status(s) !== 304 : status(s) === 200),
  judge(s) {
    const r = s.exchange.response!;
    const what = `${r.status} of ${s.exchange.operation}`;
    // The 200 of each of the four operations has a JSON body (each operation's "Response 200").
    if (r.bodyText.trim() === '' && r.status === 200 && !r.truncated) return { message: `${MESSAGE}: a 200 of these operations has a JSON body`, expected: 'a JSON body', received: `an empty body on a 200 of ${s.exchange.operation}` };
    if (r.bodyText === '') return undefined;
    const type = r.headers['content-type'];
    if (!isJsonContentType(type)) return { message: MESSAGE, expected: 'Content-Type: application/json', received: `Content-Type: ${type ?? '(none)'} on a ${what}` };
    if (parsesAsJson(r) === false) return { message: MESSAGE, expected: 'a body that parses as JSON', received: `${what}: ${brief(r.bodyText, 200)}` };
    return undefined;
  },
};

export const errorBodyShape: Oracle = {
  id: 'general.error-body-shape',
  applies: (s) => ofTheFour(s) && status(s) >= 400 && status(s) < 500 && !(s.exchange.response!.truncated === true && s.exchange.response!.json === undefined),
  judge(s) {
    const r = s.exchange.response!;
    const body = r.json ?? (parsesAsJson(r) ? (JSON.parse(r.bodyText) as unknown) : undefined);
    return isObject(body) && typeof body.message === 'string'
      ? undefined
      : { message: 'Error responses carry a JSON object with a string `message` (live service)', expected: '{"message": "…", "errorCode"?: "…"}', received: `${r.status} of ${s.exchange.operation}: ${brief(r.bodyText, 200)}` };
  },
};
