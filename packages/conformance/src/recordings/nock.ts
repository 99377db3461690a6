/**
 * nock's recorded definitions (https://github.com/nock/nock#recording): the JSON array that
 * `nock.back` writes as its fixture and `nock.recorder.rec({ output_objects: true })` returns
 * from `nock.recorder.play()`. Each definition is `{scope, method, path, body, status, response,
 * rawHeaders | headers, reqheaders, responseIsBinary}`: `response` is JSON (an object or array
 * nock replies as `application/json`), text, a hex string when `responseIsBinary`, or (nock ≤ 12
 * recording a compressed answer) an array of hex chunks, decoded per `content-encoding`.
 * Recorded traffic is concrete; a key the recorder left out (`enable_reqheaders_recording` is off
 * by default) is taken as sent.
 */
import { bodyText, headerMap, isObject, jsonOrText, withAssumedKey, type Interaction } from './interaction.js';

const isDefinition = (d: unknown): boolean =>
  isObject(d) && typeof d.scope === 'string' && typeof d.method === 'string' && typeof d.path === 'string' && ('status' in d || 'response' in d);

/** Whether a parsed file is a list of nock definitions (an empty list is not claimed: it could be anything). */
export function isNock(doc: unknown): doc is unknown[] {
  return Array.isArray(doc) && doc.length > 0 && doc.every(isDefinition);
}

/** Response headers of a definition: `rawHeaders` as a flat `[name, value, ...]` list or an object, else `headers`. */
function responseHeaders(d: Record<string, unknown>): Record<string, string> {
  const raw = d.rawHeaders;
  if (Array.isArray(raw)) {
    const out: Record<string, string> = {};
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = String(raw[i]).toLowerCase();
      out[name] = out[name] === undefined ? String(raw[i + 1]) : `${out[name]}, ${String(raw[i + 1])}`;
    }
    return out;
  }
  return headerMap(isObject(raw) ? raw : d.headers);
}

const HEX = /^(?:[0-9a-f]{2})*$/i;

/** The response body as text, and whether nock would reply it as JSON. */
function responseBody(d: Record<string, unknown>, headers: Record<string, string>): { text: string; json: boolean } {
  const r = d.response;
  const encoded = headers['content-encoding'] !== undefined && headers['content-encoding'] !== 'identity';
  if (r === undefined || r === null) return { text: '', json: false };
  if (typeof r === 'string') {
    if (d.responseIsBinary === true && HEX.test(r)) return { text: bodyText(Buffer.from(r, 'hex'), headers), json: false };
    return { text: r, json: false };
  }
  if (Array.isArray(r) && r.length > 0 && r.every((c) => typeof c === 'string' && HEX.test(c)) && (encoded || d.responseIsBinary === true)) {
    return { text: bodyText(Buffer.concat(r.map((c: string) => Buffer.from(c, 'hex'))), headers), json: false };
  }
  return { text: jsonOrText(r), json: true };
}

/** The interactions of a list of nock definitions; `file` names them. */
export function readNock(list: readonly unknown[], file: string): Interaction[] {
  return list.map((raw, index): Interaction => {
    const d = raw as Record<string, unknown> & { scope: string; method: string; path: string };
    const method = d.method.toUpperCase();
    const scope = d.scope.replace(/\/+$/, '');
    // nock writes the default port (`http://host:80`, `https://host:443`); the URL parser drops it.
    const url = `${scope}${d.path.startsWith('/') ? '' : '/'}${d.path}`;
    const name = `${file} › definition ${index + 1} (${method} ${url.split('?')[0]})`;
    const status = d.status === undefined ? 200 : Number(d.status);
    if (!Number.isInteger(status)) return { name, format: 'nock', unjudged: 'its status is not a number' };
    const headers = responseHeaders(d);
    const body = responseBody(d, headers);
    delete headers['content-encoding'];
    delete headers['content-length'];
    if (body.json && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
    const requestBody = d.body === undefined || d.body === '' || d.body === null ? undefined : jsonOrText(d.body);
    return {
      name,
      format: 'nock',
      exchange: {
        method,
        url,
        requestHeaders: withAssumedKey(headerMap(d.reqheaders)),
        ...(requestBody !== undefined ? { requestBody } : {}),
        status,
        responseHeaders: headers,
        bodyText: body.text,
        durationMs: 0,
      },
    };
  });
}
