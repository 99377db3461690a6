/**
 * WireMock stub mappings (https://wiremock.org/docs/stubbing/, https://wiremock.org/docs/request-matching/):
 * a mapping file `{request, response}`, a file of `{mappings: [...]}`, or a `mappings/` folder
 * whose `bodyFileName`s resolve against the sibling `__files/`. Each stub is judged as its answer to
 * the plainest request it matches: the stated path and query values, nothing else. A path given as
 * a pattern is judged when it matches exactly one operation of the API (method `ANY` takes that
 * operation's method); a query, header or body given by a pattern leaves the request unknown, so
 * only the response's schema is judged. Faults, proxies and response templates are not judged.
 */
import { readFile } from 'node:fs/promises';
import { basename, relative, resolve, sep } from 'node:path';
import { RecordingError, headerMap, isObject, jsonOrText, quoted, withAssumedKey, type Interaction } from './interaction.js';

export const WIREMOCK_ORIGIN = 'http://wiremock.invalid';

/** An operation of the API: method and literal path (`GET /requests/v3`). */
export interface OperationKey {
  method: string;
  path: string;
}

/** Whether a parsed JSON document is a WireMock mapping or a `{mappings: [...]}` file. */
export function isWireMock(doc: unknown): doc is Record<string, unknown> {
  if (!isObject(doc)) return false;
  if (isObject(doc.request) && isObject(doc.response)) return true;
  return Array.isArray(doc.mappings) && doc.mappings.every((m) => isObject(m) && isObject(m.request));
}

/** The mappings of a document. */
export function mappingsOf(doc: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(doc.mappings) ? (doc.mappings as Record<string, unknown>[]) : [doc];
}

/** A matcher that pins one value: `{equalTo: v}` (case-sensitive or not), or a bare string. */
function pinned(m: unknown): string | undefined {
  if (typeof m === 'string') return m;
  if (isObject(m) && typeof m.equalTo === 'string') return m.equalTo;
  return undefined;
}

/** A human name of a matcher (`matches "\\d+"`). */
function matcherText(m: unknown): string {
  if (!isObject(m)) return JSON.stringify(m);
  const [k, v] = Object.entries(m)[0] ?? ['?', ''];
  return `${k} ${JSON.stringify(v)}`;
}

/** Whether `regex` (WireMock matches the whole path) matches `path`. */
function fullMatch(regex: string, path: string): boolean {
  try {
    return new RegExp(`^(?:${regex})$`).test(path);
  } catch {
    return false;
  }
}

interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  keyAbsent: boolean;
  body?: string;
  /** Why only the response can be judged. */
  partial: string[];
}

/** The plainest request a stub matches, or why there is none among the API's operations. */
function requestOf(req: Record<string, unknown>, operations: readonly OperationKey[]): Request | string {
  let method = typeof req.method === 'string' ? req.method.toUpperCase() : 'ANY';
  const partial: string[] = [];
  let path: string | undefined;
  const query = new URLSearchParams();
  if (typeof req.url === 'string') {
    const u = new URL(req.url, WIREMOCK_ORIGIN);
    path = u.pathname;
    for (const [k, v] of u.searchParams) query.append(k, v);
  } else if (typeof req.urlPath === 'string') path = req.urlPath;
  else if (typeof req.urlPathTemplate === 'string') path = req.urlPathTemplate;
  const pattern = typeof req.urlPathPattern === 'string' ? req.urlPathPattern : typeof req.urlPattern === 'string' ? req.urlPattern : undefined;
  if (typeof req.urlPattern === 'string') partial.push(`the URL pattern ${JSON.stringify(req.urlPattern)} leaves the query unknown`);
  const methodFits = (op: OperationKey) => method === 'ANY' || op.method === method;
  if (path === undefined) {
    if (pattern === undefined) return 'the request names no url, urlPath, urlPathPattern or urlPattern (it matches any path)';
    const hits = operations.filter((op) => methodFits(op) && fullMatch(pattern, op.path));
    if (hits.length === 0) return `its URL pattern ${JSON.stringify(pattern)} matches no operation of the API`;
    if (hits.length > 1) return `its URL pattern ${JSON.stringify(pattern)} matches several operations (${hits.map((h) => `${h.method} ${h.path}`).join(', ')})`;
    path = hits[0]!.path;
    method = hits[0]!.method;
  } else if (method === 'ANY') {
    const hit = operations.find((op) => op.path === path);
    if (hit) method = hit.method;
  }
  if (method === 'ANY') return `method ANY on ${path}, which is not an operation of the API`;
  if (isObject(req.queryParameters)) {
    for (const [k, m] of Object.entries(req.queryParameters)) {
      if (isObject(m) && m.absent === true) continue;
      const many = isObject(m) && Array.isArray(m.hasExactly) ? m.hasExactly : isObject(m) && Array.isArray(m.includes) ? m.includes : undefined;
      const values = many ? many.map(pinned) : [pinned(m)];
      if (values.every((v) => v !== undefined)) for (const v of values) query.append(k, v!);
      else partial.push(`query parameter ${k} is matched by ${matcherText(m)}`);
    }
  }
  const headers: Record<string, string> = {};
  let keyAbsent = false;
  if (isObject(req.headers)) {
    for (const [k, m] of Object.entries(req.headers)) {
      const name = k.toLowerCase();
      const absent = isObject(m) && m.absent === true;
      if (name === 'x-api-key') {
        keyAbsent = absent;
        const v = pinned(m);
        if (!absent) headers[name] = v ?? '(matched)';
        continue;
      }
      if (absent) continue;
      const v = pinned(m);
      if (v !== undefined) headers[name] = v;
      else partial.push(`header ${k} is matched by ${matcherText(m)}`);
    }
  }
  let body: string | undefined;
  if (Array.isArray(req.bodyPatterns) && req.bodyPatterns.length > 0) {
    const first = req.bodyPatterns[0];
    const exact = isObject(first) ? (first.equalToJson ?? first.equalTo) : undefined;
    if (req.bodyPatterns.length === 1 && exact !== undefined) body = jsonOrText(exact);
    else partial.push(`the body is matched by ${req.bodyPatterns.map(matcherText).join(' and ')}`);
  }
  return { method, path, query, headers, keyAbsent, ...(body !== undefined ? { body } : {}), partial };
}

/** Where a mapping's `bodyFileName` lives: `__files/` beside the `mappings/` folder (or the mapping file). */
export type FilesDir = string;

async function responseBody(res: Record<string, unknown>, filesDir: FilesDir): Promise<{ text?: string; why?: string }> {
  if (typeof res.body === 'string') return { text: res.body };
  if ('jsonBody' in res) return { text: JSON.stringify(res.jsonBody) };
  if (typeof res.base64Body === 'string') return { text: Buffer.from(res.base64Body, 'base64').toString('utf8') };
  if (typeof res.bodyFileName === 'string') {
    const target = resolve(filesDir, res.bodyFileName);
    if (relative(filesDir, target).split(sep)[0] === '..') return { why: `bodyFileName ${JSON.stringify(res.bodyFileName)} points outside ${filesDir}` };
    try {
      return { text: await readFile(target, 'utf8') };
    } catch (err) {
      return { why: `bodyFileName ${JSON.stringify(res.bodyFileName)} cannot be read from ${filesDir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` };
    }
  }
  return { text: '' };
}

/** The interactions of the mappings of one file; `file` names them, `filesDir` resolves `bodyFileName`. */
export async function readWireMock(doc: Record<string, unknown>, file: string, filesDir: FilesDir, operations: readonly OperationKey[]): Promise<Interaction[]> {
  const out: Interaction[] = [];
  const mappings = mappingsOf(doc);
  for (const [index, m] of mappings.entries()) {
    if (!isObject(m) || !isObject(m.request)) throw new RecordingError(`${file}: mapping ${index + 1} has no request object (WireMock stub mapping {"request": {...}, "response": {...}})`);
    const label = typeof m.name === 'string' && m.name !== '' ? quoted(m.name) : typeof m.id === 'string' ? `mapping ${m.id}` : typeof m.uuid === 'string' ? `mapping ${m.uuid}` : Array.isArray(doc.mappings) ? `mapping ${index + 1}` : basename(file);
    const name = `${file} › ${label}`;
    const res = isObject(m.response) ? m.response : {};
    if (typeof res.fault === 'string') {
      out.push({ name, format: 'wiremock', unjudged: `it answers with the network fault ${res.fault}, not an HTTP response` });
      continue;
    }
    if (typeof res.proxyBaseUrl === 'string') {
      out.push({ name, format: 'wiremock', unjudged: `it proxies to ${res.proxyBaseUrl}: the answer is not in the mapping` });
      continue;
    }
    if (res.status !== undefined && typeof res.status !== 'number') {
      out.push({ name, format: 'wiremock', unjudged: `response.status ${JSON.stringify(res.status)} is not a number` });
      continue;
    }
    const transformers = Array.isArray(res.transformers) ? res.transformers : [];
    const request = requestOf(m.request, operations);
    if (typeof request === 'string') {
      out.push({ name, format: 'wiremock', unjudged: request });
      continue;
    }
    const body = await responseBody(res, filesDir);
    if (body.text === undefined) {
      out.push({ name, format: 'wiremock', unjudged: body.why ?? 'no response body' });
      continue;
    }
    if (transformers.includes('response-template') && body.text.includes('{{')) {
      out.push({ name, format: 'wiremock', unjudged: 'its body is a response template: the answer depends on the request' });
      continue;
    }
    const query = request.query.toString();
    const status = typeof res.status === 'number' ? res.status : 200;
    out.push({
      name,
      format: 'wiremock',
      exchange: {
        method: request.method,
        url: `${WIREMOCK_ORIGIN}${request.path}${query ? `?${query}` : ''}`,
        requestHeaders: withAssumedKey(request.headers, request.keyAbsent),
        ...(request.body !== undefined ? { requestBody: request.body } : {}),
        status,
        responseHeaders: headerMap(res.headers),
        bodyText: body.text,
        durationMs: typeof res.fixedDelayMilliseconds === 'number' ? res.fixedDelayMilliseconds : 0,
      },
      ...(request.partial.length > 0 ? { partial: request.partial.join('; ') } : {}),
    });
  }
  return out;
}
