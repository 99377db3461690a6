/**
 * Pact contracts, specification v1 to v4 (https://github.com/pact-foundation/pact-specification,
 * JSON schemas https://github.com/pactflow/pact-schemas): each HTTP interaction's request and
 * response examples. Matching rules and generators widen what the provider may answer; the examples
 * are what the consumer's mock served, so they are what is judged (concrete in every version).
 * V4 interactions that are not `Synchronous/HTTP` (messages) are listed as not judged.
 */
import { RecordingError, headerMap, isObject, jsonOrText, looksJson, quoted, withAssumedKey, type Interaction } from './interaction.js';

/** The origin put on Pact requests (a Pact names paths only). */
export const PACT_ORIGIN = 'http://pact.invalid';

/** Whether a parsed JSON document is a Pact file. */
export function isPact(doc: unknown): doc is Record<string, unknown> {
  if (!isObject(doc) || !Array.isArray(doc.interactions)) return false;
  const first = doc.interactions.find(isObject);
  const vcrLike = isObject(first?.request) && typeof first.request.uri === 'string';
  return !vcrLike && (isObject(doc.consumer) || isObject(doc.provider) || isObject(doc.metadata));
}

/** The specification version a Pact file declares (`metadata.pactSpecification.version`, or the v1/v2 spellings). */
export function pactVersion(doc: Record<string, unknown>): string {
  const m = isObject(doc.metadata) ? doc.metadata : {};
  const spec = isObject(m.pactSpecification) ? m.pactSpecification : isObject(m['pact-specification']) ? m['pact-specification'] : undefined;
  const v = spec?.version ?? m.pactSpecificationVersion;
  return typeof v === 'string' ? v : '2.0.0';
}

/** A v2 query string, or a v3/v4 `{name: [values]}` (or `{name: value}`) object. */
function queryOf(q: unknown): string {
  if (typeof q === 'string') return q;
  const params = new URLSearchParams();
  if (isObject(q)) {
    for (const [k, v] of Object.entries(q)) for (const x of Array.isArray(v) ? v : [v]) if (x !== null && x !== undefined) params.append(k, String(x));
  }
  return params.toString();
}

/** A body: v4 `{content, contentType, encoded}`, or a v1-v3 JSON value or text. */
function bodyOf(body: unknown, v4: boolean): { text?: string; contentType?: string } {
  if (body === undefined || body === null) return {};
  if (v4 && isObject(body) && 'content' in body) {
    const contentType = typeof body.contentType === 'string' ? body.contentType : undefined;
    const encoded = body.encoded === true || (typeof body.encoded === 'string' && body.encoded.toLowerCase() === 'base64');
    const text = encoded && typeof body.content === 'string' ? Buffer.from(body.content, 'base64').toString('utf8') : jsonOrText(body.content);
    return { text, ...(contentType ? { contentType } : {}) };
  }
  return { text: jsonOrText(body), ...(typeof body !== 'string' ? { contentType: 'application/json' } : {}) };
}

function interactionName(file: string, i: Record<string, unknown>, index: number): string {
  const description = typeof i.description === 'string' && i.description !== '' ? quoted(i.description) : `interaction ${index + 1}`;
  const states = Array.isArray(i.providerStates) ? i.providerStates.map((s) => (isObject(s) && typeof s.name === 'string' ? s.name : '')).filter(Boolean) : [];
  const state = typeof i.providerState === 'string' ? i.providerState : typeof i.provider_state === 'string' ? i.provider_state : states.join(', ');
  return `${file} › ${description}${state ? ` (given ${quoted(state)})` : ''}`;
}

/** The interactions of a Pact document; `file` names them. */
export function readPact(doc: Record<string, unknown>, file: string): Interaction[] {
  const version = pactVersion(doc);
  const v4 = version.startsWith('4');
  const list = doc.interactions as unknown[];
  return list.map((raw, index): Interaction => {
    if (!isObject(raw)) throw new RecordingError(`${file}: interactions[${index}] is not an object (Pact ${version})`);
    const name = interactionName(file, raw, index);
    if (typeof raw.type === 'string' && raw.type !== 'Synchronous/HTTP') return { name, format: 'pact', unjudged: `an interaction of type ${raw.type}, not an HTTP request and response` };
    const req = raw.request;
    const res = raw.response;
    if (!isObject(req) || !isObject(res)) return { name, format: 'pact', unjudged: 'no request or no response (a message pact?)' };
    if (typeof req.path !== 'string' || typeof res.status !== 'number') return { name, format: 'pact', unjudged: 'request.path or response.status is missing' };
    const method = typeof req.method === 'string' ? req.method.toUpperCase() : 'GET';
    const query = queryOf(req.query);
    const path = req.path.startsWith('/') ? req.path : `/${req.path}`;
    const reqBody = bodyOf(req.body, v4);
    const requestHeaders = withAssumedKey(headerMap(req.headers));
    if (reqBody.contentType && requestHeaders['content-type'] === undefined) requestHeaders['content-type'] = reqBody.contentType;
    const responseHeaders = headerMap(res.headers);
    const resBody = bodyOf(res.body, v4);
    if (resBody.text !== undefined && responseHeaders['content-type'] === undefined) {
      const type = resBody.contentType ?? (looksJson(resBody.text) ? 'application/json' : 'text/plain');
      responseHeaders['content-type'] = type;
    }
    return {
      name,
      format: 'pact',
      exchange: {
        method,
        url: `${PACT_ORIGIN}${path}${query ? `?${query}` : ''}`,
        requestHeaders,
        ...(reqBody.text !== undefined ? { requestBody: reqBody.text } : {}),
        status: res.status,
        responseHeaders,
        bodyText: resBody.text ?? '',
        durationMs: 0,
      },
    };
  });
}
