/**
 * Other encodings of the continuation cursor (variants cursor-numeric, cursor-base64-json,
 * cursor-long-signed, cursor-fresh): the document only says "pass `continuation` back"; the live
 * service calls it an opaque cursor (live-service facts §1.4). The codec wraps the server's own
 * base64url token (src/query/cursor.ts): `outward` on the way out, `inward` on the way back in.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Variants } from './catalogue.js';

export interface CursorCodec {
  /** The cursor goes out as a JSON number (not a string). */
  numeric?: boolean;
  outward(token: string): string;
  /** The server's token, or a value the cursor parser rejects with 400 when `raw` is not ours. */
  inward(raw: string): string;
}

const REJECTED = '!';
const TABLE_MAX = 200_000;
const SECRET = 'crosschain-mock-variant';

function numeric(): CursorCodec {
  const byToken = new Map<string, string>();
  const byNumber = new Map<string, string>();
  let next = 1000;
  return {
    numeric: true,
    outward(token) {
      let n = byToken.get(token);
      if (n === undefined) {
        n = String(next++);
        if (byToken.size >= TABLE_MAX) {
          const [oldToken, oldNumber] = byToken.entries().next().value!;
          byToken.delete(oldToken);
          byNumber.delete(oldNumber);
        }
        byToken.set(token, n);
        byNumber.set(n, token);
      }
      return n;
    },
    inward: (raw) => byNumber.get(raw) ?? REJECTED,
  };
}

const base64Json: CursorCodec = {
  outward(token) {
    const text = JSON.stringify({ position: token, issued: 'mock' });
    // Padded so that the base64 always ends in `==`: the client must URL-encode it.
    return Buffer.from(text.padEnd(text.length + ((4 - (text.length % 3)) % 3), ' '), 'utf8').toString('base64');
  },
  inward(raw) {
    try {
      const o = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as { position?: unknown };
      return typeof o.position === 'string' ? o.position : REJECTED;
    } catch {
      return REJECTED;
    }
  },
};

const sign = (payload: string): string => createHmac('sha256', SECRET).update(payload).digest('base64url');

const longSigned: CursorCodec = {
  outward(token) {
    const payload = Buffer.from(JSON.stringify({ position: token, audience: 'requests', padding: 'p'.repeat(900) })).toString('base64url');
    return `${payload}.${sign(payload)}`;
  },
  inward(raw) {
    const dot = raw.lastIndexOf('.');
    if (dot < 0) return REJECTED;
    const payload = raw.slice(0, dot);
    const given = Buffer.from(raw.slice(dot + 1));
    const expected = Buffer.from(sign(payload));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return REJECTED;
    try {
      const o = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { position?: unknown };
      return typeof o.position === 'string' ? o.position : REJECTED;
    } catch {
      return REJECTED;
    }
  },
};

function fresh(): CursorCodec {
  let n = 0;
  return {
    outward: (token) => `${token}~${(n++).toString(36)}`,
    inward: (raw) => (raw.includes('~') ? raw.slice(0, raw.indexOf('~')) : REJECTED),
  };
}

/** The codec of the active cursor variant, or undefined for the server's own tokens. */
export function cursorCodec(variants: Variants): CursorCodec | undefined {
  if (variants.has('cursor-numeric')) return numeric();
  if (variants.has('cursor-base64-json')) return base64Json;
  if (variants.has('cursor-long-signed')) return longSigned;
  if (variants.has('cursor-fresh')) return fresh();
  return undefined;
}

/** The query with its `continuation` value(s) turned back into the server's token. */
export function inwardContinuation(search: URLSearchParams, codec: CursorCodec | undefined): URLSearchParams {
  if (!codec || !search.has('continuation')) return search;
  const out = new URLSearchParams();
  for (const [k, v] of search) out.append(k, k === 'continuation' ? codec.inward(v) : v);
  return out;
}
