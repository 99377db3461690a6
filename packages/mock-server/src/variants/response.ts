/**
 * How a reply goes on the wire under the variants: error body shapes (RFC 9457 problem+json,
 * a bare JSON string, empty), key order, pretty-printing, a charset on the content type, gzip/br/deflate
 * when the request accepts them, chunked transfer coding and `Connection: close`. Without any of
 * these the server uses src/http/respond.ts `send` unchanged.
 */
import { STATUS_CODES } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from 'node:zlib';
import { httpDate, type Reply, type WireReply } from '../http/respond.js';
import type { Variants } from './catalogue.js';

/** Variants that change how every reply is written. */
export const WIRE_VARIANTS: readonly string[] = [
  'error-body-problem-json', 'error-body-string', 'error-body-empty', 'key-order-reversed', 'pretty-json',
  'content-type-charset', 'gzip', 'br', 'deflate', 'chunked', 'connection-close',
];

const CHUNK = 512;
/** Brotli at quality 4, as servers use for dynamic bodies (the default, 11, takes over a second per 50-record page). */
const BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** True for the server's own `{ message, errorCode }` error bodies (not the documented v2 429/410 bodies). */
function isGenericError(reply: Reply): reply is Reply & { body: { message: string; errorCode: string } } {
  const b = reply.body as Record<string, unknown> | undefined;
  return reply.status >= 400 && reply.raw === undefined && typeof b === 'object' && b !== null && Object.keys(b).length === 2 && 'message' in b && 'errorCode' in b;
}

/** Every object of `value` with its keys in reverse order. */
export function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reverseKeys(v)]));
}

/** The coding to apply: the active coding variant when the request's Accept-Encoding accepts it (q > 0). */
export function negotiateCoding(variants: Variants, acceptEncoding: string | undefined): 'gzip' | 'br' | 'deflate' | undefined {
  const coding = (['gzip', 'br', 'deflate'] as const).find((c) => variants.has(c));
  if (!coding || !acceptEncoding) return undefined;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if ((name?.toLowerCase() === coding || name === '*') && (q === undefined || Number(q.slice(2)) > 0)) return coding;
  }
  return undefined;
}

function jsonText(reply: Reply, variants: Variants): string {
  if (!variants.has('key-order-reversed') && !variants.has('pretty-json')) {
    return typeof reply.raw === 'string' ? reply.raw : reply.raw ? reply.raw.toString('utf8') : reply.body === undefined ? '' : JSON.stringify(reply.body);
  }
  let value: unknown = reply.raw !== undefined ? JSON.parse(reply.raw.toString()) : reply.body;
  if (value === undefined) return '';
  if (variants.has('key-order-reversed')) value = reverseKeys(value);
  return JSON.stringify(value, null, variants.has('pretty-json') ? 2 : undefined);
}

/** The body and its media type under the error-body variants and the JSON variants. */
function content(reply: Reply, variants: Variants): { text: string; type: string | undefined } {
  const json = variants.has('content-type-charset') ? 'application/json; charset=utf-8' : 'application/json';
  if (isGenericError(reply)) {
    const { message, errorCode } = reply.body;
    if (variants.has('error-body-empty')) return { text: '', type: undefined };
    if (variants.has('error-body-string')) return { text: JSON.stringify(message), type: json };
    if (variants.has('error-body-problem-json')) {
      const problem = { type: 'about:blank', title: STATUS_CODES[reply.status] ?? 'Error', status: reply.status, detail: message, code: errorCode };
      return { text: jsonText({ status: reply.status, body: problem }, variants), type: 'application/problem+json' };
    }
  }
  return { text: jsonText(reply, variants), type: json };
}

/** The wire form of `reply` under the active wire variants; `Date` comes from the server clock. */
export function variedWireReply(reply: Reply, nowMs: number, head: boolean, variants: Variants, acceptEncoding: string | undefined): WireReply {
  const { text, type } = content(reply, variants);
  let payload = Buffer.from(text, 'utf8');
  const headers: Record<string, string> = { Date: httpDate(nowMs) };
  if (type) headers['Content-Type'] = type;
  headers['Access-Control-Allow-Origin'] = '*';
  Object.assign(headers, reply.headers);
  if (variants.has('connection-close')) headers.Connection = 'close';
  const coding = payload.length > 0 ? negotiateCoding(variants, acceptEncoding) : undefined;
  if (variants.has('gzip') || variants.has('br') || variants.has('deflate')) headers.Vary = 'Accept-Encoding';
  if (coding) {
    payload = coding === 'gzip' ? gzipSync(payload) : coding === 'br' ? brotliCompressSync(payload, BROTLI) : deflateSync(payload);
    headers['Content-Encoding'] = coding;
  }
  if (!variants.has('chunked') || head) {
    headers['Content-Length'] = String(payload.length);
    return { status: reply.status, headers, body: head ? '' : payload };
  }
  return { status: reply.status, headers, body: payload, chunkBytes: CHUNK };
}
