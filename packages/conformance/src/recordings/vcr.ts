/**
 * VCR cassettes: vcrpy's `{version: 1, interactions: [...]}` (https://vcrpy.readthedocs.io, YAML
 * or JSON serializer) and Ruby VCR's `{http_interactions: [...], recorded_with}` (the cassette
 * format of https://github.com/vcr/vcr; VCR 1.x wrote a bare list). Bodies are text, `!!binary`
 * bytes (vcrpy) or `base64_string` (Ruby VCR), decompressed per `content-encoding` when recorded
 * compressed. Recorded traffic is concrete; a filtered-out key is taken as sent.
 */
import { bodyText, headerMap, isObject, withAssumedKey, type Interaction } from './interaction.js';

/** The interaction list of a cassette document, or undefined when it is not one. */
export function vcrInteractions(doc: unknown): unknown[] | undefined {
  const isInteraction = (i: unknown) => isObject(i) && isObject(i.request) && typeof i.request.uri === 'string' && isObject(i.response);
  const list = isObject(doc) ? (Array.isArray(doc.http_interactions) ? doc.http_interactions : Array.isArray(doc.interactions) ? doc.interactions : undefined) : Array.isArray(doc) ? doc : undefined;
  if (!list) return undefined;
  if (list.length === 0) return isObject(doc) && ('recorded_with' in doc || doc.version === 1) ? list : undefined;
  return list.every(isInteraction) ? list : undefined;
}

/** A cassette body: a string, `{string}`, `{base64_string}`, or bytes. */
function bodyOf(body: unknown, headers: Record<string, string>): string | undefined {
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return bodyText(body, headers);
  if (isObject(body)) {
    if (typeof body.base64_string === 'string') return bodyText(Buffer.from(body.base64_string.replace(/\s+/g, ''), 'base64'), headers);
    if (body.string instanceof Uint8Array) return bodyText(body.string, headers);
    if (typeof body.string === 'string') return body.string;
  }
  return undefined;
}

/** The interactions of a cassette (`list` from {@link vcrInteractions}); `file` names them. */
export function readVcr(list: readonly unknown[], file: string): Interaction[] {
  return list.map((raw, index): Interaction => {
    const i = raw as { request: Record<string, unknown>; response: Record<string, unknown>; recorded_at?: unknown };
    const req = i.request;
    const res = i.response;
    // Ruby VCR 1.x wrote the method as a symbol (`:get`).
    const method = typeof req.method === 'string' ? req.method.replace(/^:/, '').toUpperCase() : 'GET';
    const uri = req.uri as string;
    const name = `${file} › interaction ${index + 1} (${method} ${uri.split('?')[0]})`;
    const status = isObject(res.status) ? Number(res.status.code) : Number(res.status);
    if (!Number.isInteger(status)) return { name, format: 'vcr', unjudged: 'response.status.code is not a number' };
    const requestHeaders = headerMap(req.headers);
    const responseHeaders = headerMap(res.headers);
    const requestBody = bodyOf(req.body, requestHeaders);
    const text = bodyOf(res.body, responseHeaders);
    // The body is decoded text now: its former encoding and length no longer describe it.
    delete responseHeaders['content-encoding'];
    // Ruby VCR dates each interaction (`recorded_at`): the exchange is judged by the timeline of that date.
    const recordedAt = i.recorded_at instanceof Date ? i.recorded_at.getTime() : Date.parse(String(i.recorded_at ?? ''));
    return {
      name,
      format: 'vcr',
      exchange: {
        method,
        url: uri,
        requestHeaders: withAssumedKey(requestHeaders),
        ...(requestBody ? { requestBody } : {}),
        status,
        responseHeaders,
        bodyText: text ?? '',
        durationMs: 0,
        ...(Number.isFinite(recordedAt) ? { startedAt: recordedAt } : {}),
      },
    };
  });
}
