/** A request as the server's core sees it, whatever carried it (node:http, a WHATWG `Request`). */
import { HttpError } from './errors.js';

export interface CoreRequest {
  method: string;
  /** Path and query as sent, e.g. `/requests/v3?limit=2`, or an absolute URL. */
  url: string;
  /** Header values by lower-case name. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as UTF-8, at most `maxBytes` bytes, else rejects with a 413 {@link HttpError}. */
  body(maxBytes: number): Promise<string>;
  /** The client's address, for the v2 throttle of callers without a key. */
  remoteAddress?: string;
}

/** The 413 of a body over `maxBytes` (`size` counted so far). */
export function bodyTooLarge(size: number, maxBytes: number): HttpError {
  return new HttpError(413, `Request body too large: ${size}+ bytes; the maximum is ${maxBytes} bytes`, 'PAYLOAD_TOO_LARGE');
}
