/**
 * One exchange seen passively (through the proxy or in a HAR file), and its conversion into the
 * engine's {@link Exchange}: the API key removed from every text (ARCHITECTURE.md, "Rules that keep
 * the kit honest"), the operation matched, the JSON parsed, the response schema-validated
 * (status and content type aware, contract/validator.ts) and the list wrapper described.
 */
import type { WsFrame } from '../contract/websocket.js';
import { KEY_VARIABLE_OF, curlCommand } from '../engine/http/exchange-factory.js';
import { annotateListWrapper } from '../contract/list-wrapper.js';
import { REDACTED, redactBodyText, sharedRedactor } from '../contract/redact.js';
import type { Exchange } from '../contract/types.js';
import type { ResponseValidator } from '../contract/validator.js';
import { bodyVerdictsOf, type BodyVerdict } from './body-verdicts.js';

/** An exchange as observed. Header names lower-cased. The raw key is read once here and never kept. */
export interface ObservedExchange {
  method: string;
  /** The absolute URL of the request (as forwarded upstream, or as recorded). */
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status: number;
  responseHeaders: Record<string, string>;
  /** The decoded response body; undefined when it was not captured (too large, not text). */
  bodyText?: string;
  durationMs: number;
  /** When the request was sent (epoch ms), as recorded (HAR `startedDateTime`); the response `Date` header stands in when absent. */
  startedAt?: number;
  /** A websocket upgrade (HAR `_resourceType` websocket, or a ws/wss URL): its conversation, frames both ways in order. */
  webSocket?: { frames: WsFrame[] };
}

/**
 * The observation of one of the engine's own exchanges, as its HAR entry reads back (har/har.ts
 * `harEntry`, passive/har.ts): so the active run, the proxy and `audit` of its recording judge the
 * same thing. No response: status 0.
 */
function lowerKeys(h: Record<string, string>): Record<string, string> {
  for (const k in h) if (k !== k.toLowerCase()) return Object.fromEntries(Object.entries(h).map(([n, v]) => [n.toLowerCase(), v]));
  return h;
}

export function observedOf(e: Exchange): ObservedExchange {
  const at = e.startedAt === undefined ? Number.NaN : Date.parse(e.startedAt);
  return {
    method: e.request.method.toUpperCase(),
    url: e.request.url,
    requestHeaders: lowerKeys(e.request.headers),
    ...(e.request.body !== undefined ? { requestBody: e.request.body } : {}),
    status: e.response?.status ?? 0,
    responseHeaders: lowerKeys(e.response?.headers ?? {}),
    bodyText: e.response?.bodyText ?? '',
    durationMs: e.durationMs,
    ...(Number.isFinite(at) ? { startedAt: at } : {}),
  };
}

/** Headers that carry credentials: shown as `<redacted>`. */
const SECRET_HEADERS: ReadonlySet<string> = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
/** Query parameters that carry credentials (the Intent Status websocket takes `apiKey`). */
const SECRET_PARAMS = ['apiKey', 'api_key', 'x-api-key'];

/** The secret values an exchange carries (key headers, key query parameters), to redact them anywhere. */
export function secretsIn(o: Pick<ObservedExchange, 'url' | 'requestHeaders'>, parsed: URL | undefined = parseUrl(o.url)): string[] {
  const out: string[] = [];
  for (const name of SECRET_HEADERS) {
    const v = o.requestHeaders[name];
    if (v) out.push(v, ...v.split(/\s+/).filter((p) => p.length >= 8));
  }
  for (const p of SECRET_PARAMS) {
    const v = parsed?.searchParams.get(p);
    if (v) out.push(v);
  }
  return out.filter((s) => s.length > 0);
}

/** The URL of an observation, or undefined when it is not one. */
export function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** Whether the request carried an API key (`x-api-key`, API document, Authentication rule 1). */
export function hasApiKey(o: Pick<ObservedExchange, 'requestHeaders'>): boolean {
  return (o.requestHeaders['x-api-key'] ?? '') !== '';
}

/**
 * The path relative to the API base: the URL's pathname, or its shortest suffix that names an
 * operation of the document (a base URL with a path prefix, e.g. `/api/requests/v3`).
 */
export function operationOf(validator: ResponseValidator, method: string, pathname: string): { operation?: string; path: string } {
  // Traffic asks few distinct paths again and again: each one is matched once (bounded, per validator).
  let known = matched.get(validator);
  if (known === undefined) matched.set(validator, (known = new Map()));
  const key = `${method} ${pathname}`;
  const hit = known.get(key);
  if (hit !== undefined) return hit;
  const found = Object.freeze(matchOperationOf(validator, method, pathname));
  if (known.size >= MATCHED_MAX) known.clear();
  known.set(key, found);
  return found;
}
/** {@link operationOf} results by validator, then by method and path. */
const matched = new WeakMap<ResponseValidator, Map<string, { operation?: string; path: string }>>();
const MATCHED_MAX = 1_024;

function matchOperationOf(validator: ResponseValidator, method: string, pathname: string): { operation?: string; path: string } {
  const parts = pathname.split('/');
  for (let i = 1; i < parts.length; i++) {
    const path = `/${parts.slice(i).join('/')}`;
    const operation = validator.matchOperation(method, path);
    if (operation) return { operation, path };
  }
  return { path: pathname };
}

/** A URL with its credential query parameters' values removed, and the key's value where it stands whole. */
const SECRET_PARAM_VALUES = new RegExp(`([?&](?:${SECRET_PARAMS.map((p) => p.replace(/[-]/g, '\\-')).join('|')})=)[^&#]*`, 'gi');
const SECRET_PARAM_NAMED = new RegExp(SECRET_PARAM_VALUES.source, 'i');
function redactUrl(url: string, redact: (text: string) => string): string {
  const named = url.includes('?') && SECRET_PARAM_NAMED.test(url) ? url.replace(SECRET_PARAM_VALUES, `$1${REDACTED}`) : url;
  return redact(named);
}

function parseJson(text: string): { json: unknown; isJson: boolean } {
  try {
    return { json: JSON.parse(text), isJson: true };
  } catch {
    return { json: undefined, isJson: false };
  }
}

/**
 * The redactor of what a report keeps of an observation: its secrets removed where they stand
 * whole (never the characters of a short key inside other words), in any encoding.
 */
export function displayRedactor(o: Pick<ObservedExchange, 'url' | 'requestHeaders'>, parsed: URL | undefined = parseUrl(o.url)): (text: string) => string {
  // The credentials, read raw: the same ones as the last exchange's (a client sends its key on
  // every request) give the same redactor, without splitting and serialising them again.
  // Each value with its length first, so that no two sets of credentials read the same.
  let signature = '';
  for (const name of SECRET_HEADERS) {
    const v = o.requestHeaders[name] ?? '';
    signature += `${v.length}:${v}`;
  }
  if (parsed !== undefined && parsed.search !== '')
    for (const p of SECRET_PARAMS) {
      const v = parsed.searchParams.get(p) ?? '';
      signature += `${v.length}:${v}`;
    }
  if (signature === lastDisplay.signature) return lastDisplay.redact;
  const redact = sharedRedactor(secretsIn(o, parsed), { whole: true });
  lastDisplay = { signature, redact };
  return redact;
}
/** The last {@link displayRedactor} built, by the raw credentials it was built from (module memory only, as the redactors themselves). */
let lastDisplay: { signature: string | undefined; redact: (text: string) => string } = { signature: undefined, redact: (text) => text };

/** A kept exchange with the key removed from its response (headers; the body's strings only, so a JSON body stays JSON). */
export function redactResponse(e: Exchange, redact: (text: string) => string): Exchange {
  const r = e.response;
  if (!r) return e;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) headers[k] = redact(v);
  return { ...e, response: { ...r, headers, bodyText: redactBodyText(r.bodyText, redact) } };
}

/**
 * The engine exchange of an observation, schema verdict and list wrapper set. Credentials are
 * removed where they travel (the credential headers and cookies, the key's query parameters) and
 * the key's value where it stands whole in the request; the response is kept as it came, so that
 * what is judged is what the target sent (a key echoed or spelled inside the body never changes a
 * verdict): whatever keeps it redacts it with {@link redactResponse}. `curl` is left
 * empty (built only for a reproduction a report keeps: see {@link withCurl}).
 */
export function toExchange(o: ObservedExchange, seq: number, validator: ResponseValidator, parsed: URL | undefined = parseUrl(o.url)): Exchange {
  const redact = displayRedactor(o, parsed);
  const headers: Record<string, string> = {};
  for (const k in o.requestHeaders) headers[k] = SECRET_HEADERS.has(k) ? REDACTED : redact(o.requestHeaders[k]!);
  const responseHeaders: Record<string, string> = {};
  for (const k in o.responseHeaders) responseHeaders[k] = SECRET_HEADERS.has(k) ? REDACTED : o.responseHeaders[k]!;
  const url = redactUrl(o.url, redact);
  const body = o.requestBody === undefined ? undefined : redactBodyText(o.requestBody, redact);
  const { operation } = operationOf(validator, o.method, parsed?.pathname ?? '/');
  const bodyText = o.bodyText ?? '';
  const request = { method: o.method, url, headers, ...(body !== undefined ? { body } : {}) };
  // Parse, schema verdict and list wrapper are pure in the body: shared by identical bodies (body-verdicts.ts).
  const judged: BodyVerdict =
    o.bodyText === undefined
      ? { json: undefined, isJson: false }
      : bodyVerdictsOf(validator).get(`${operation ?? ''}\n${o.status}\n${o.responseHeaders['content-type'] ?? ''}\n${responseHeaders['content-type'] ?? ''}`, bodyText, () => {
          const { json, isJson } = parseJson(bodyText);
          if (!operation) return { json, isJson };
          const probe: Exchange = { seq, operation, request, response: { status: o.status, headers: responseHeaders, bodyText, json, isJson }, durationMs: 0, curl: '' };
          const verdict = validator.validate(operation, o.status, o.responseHeaders['content-type'], bodyText, json, isJson);
          if (verdict) probe.schema = verdict;
          annotateListWrapper(probe, validator);
          return { json, isJson, ...(probe.schema ? { schema: probe.schema } : {}), ...(probe.listWrapper ? { listWrapper: probe.listWrapper } : {}) };
        });
  return {
    seq,
    ...(operation ? { operation } : {}),
    request,
    response: { status: o.status, headers: responseHeaders, bodyText, json: judged.json, isJson: judged.isJson, ...(o.bodyText === undefined ? { truncated: true } : {}) },
    durationMs: o.durationMs,
    curl: '',
    ...(judged.schema ? { schema: judged.schema } : {}),
    ...(judged.listWrapper ? { listWrapper: judged.listWrapper } : {}),
  };
}

/** Request headers a reproduction does not send: curl sets them for the URL it is given (the proxy's `Host` is not the upstream's). */
const NOT_REPRODUCED: ReadonlySet<string> = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'te', 'upgrade', 'proxy-connection']);

/** The exchange with its curl reproduction (from the already redacted request), sent to the recorded URL itself. */
export function withCurl(e: Exchange): Exchange {
  const headers = Object.fromEntries(Object.entries(e.request.headers).filter(([k]) => !NOT_REPRODUCED.has(k) && !k.startsWith(':')));
  // The key as the variable the kit reads: the line runs as pasted, the key is never printed.
  if (headers['x-api-key'] !== undefined) headers['x-api-key'] = `$${KEY_VARIABLE_OF.primary}`;
  return { ...e, curl: curlCommand(e.request.method, headers, e.request.body, e.request.url) };
}
