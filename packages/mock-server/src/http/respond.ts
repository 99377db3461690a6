/** JSON responses with the server-clock `Date` header. */
import type { ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  body?: unknown;
  /** Pre-serialized JSON body (takes precedence over `body`). */
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

/** Writes `reply` as JSON; `Date` comes from the server clock (`nowMs`). */
export function send(res: ServerResponse, reply: Reply, nowMs: number, head = false): void {
  const payload = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
  res.statusCode = reply.status;
  res.setHeader('Date', new Date(nowMs).toUTCString());
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Access-Control-Allow-Origin', '*');
  for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(head ? undefined : payload);
}

/** `{ message, errorCode }` error reply. */
export function errorReply(status: number, message: string, errorCode: string, headers?: Record<string, string>): Reply {
  return { status, body: { message, errorCode }, ...(headers ? { headers } : {}) };
}
