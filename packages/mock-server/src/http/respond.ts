/**
 * Replies and their wire form. A {@link Reply} is what a route answers; a {@link WireReply} is the
 * status, headers and bytes that go out, the same whatever carries them (node:http in server.ts,
 * a WHATWG `Response` in fetch-handler.ts).
 */

export interface Reply {
  status: number;
  body?: unknown;
  /** Pre-serialized JSON body (takes precedence over `body`). */
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

/** What goes on the wire: the status, every header (`Date` from the server clock) and the body bytes. */
export interface WireReply {
  status: number;
  headers: Record<string, string>;
  /** The payload; empty for HEAD (its `Content-Length` still counts the GET body). */
  body: string | Buffer;
  /** Send the body in chunks of this many bytes with chunked transfer coding (variant `chunked`). */
  chunkBytes?: number;
}

/** The last `Date` value written and the second it names (a server answers many requests a second). */
let lastDate = { second: Number.NaN, text: '' };

/** The HTTP date (RFC 9110 §5.6.7, IMF-fixdate) of `nowMs`, formatted once per second of the server clock. */
export function httpDate(nowMs: number): string {
  const second = Math.floor(nowMs / 1000);
  if (second !== lastDate.second) lastDate = { second, text: new Date(nowMs).toUTCString() };
  return lastDate.text;
}

/** The wire form of `reply` as plain JSON; `Date` comes from the server clock (`nowMs`). */
export function wireReply(reply: Reply, nowMs: number, head = false): WireReply {
  const payload = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
  const headers: Record<string, string> = {
    Date: httpDate(nowMs),
    'Content-Type': 'application/json',
    'Access-Control-Allow-Origin': '*',
    ...reply.headers,
  };
  headers['Content-Length'] = String(Buffer.byteLength(payload));
  return { status: reply.status, headers, body: head ? '' : payload };
}

/** `{ message, errorCode }` error reply. */
export function errorReply(status: number, message: string, errorCode: string, headers?: Record<string, string>): Reply {
  return { status, body: { message, errorCode }, ...(headers ? { headers } : {}) };
}
