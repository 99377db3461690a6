/**
 * Sending where "the server answers" is itself the clause, and JSON content types (API document:
 * "All bodies are JSON (application/json)").
 */
import { violate } from '../../engine/expect.js';
import type { CheckContext, Exchange, RequestSpec } from '../../engine/types.js';
import { OperationStalledError, TargetUnreachableError } from '../../engine/types.js';

/** `application/json`, with parameters, or a `+json` structured suffix (RFC 6839). */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Sends a request whose answer is part of the clause: a transport failure (no answer, timeout) is
 * reported as a violation with the request as the reproduction, not as an unreachable target. An
 * operation the run stopped sending (its circuit open: {@link OperationStalledError}) is the run's
 * finding, said once on its Stalled line: that error goes through unchanged.
 */
export async function sendAnswered(ctx: CheckContext, req: RequestSpec, what: string): Promise<Exchange> {
  try {
    return await ctx.http.send(req);
  } catch (err) {
    if (err instanceof TargetUnreachableError && !(err instanceof OperationStalledError)) {
      violate(`${what}: the server gave no answer`, 'an HTTP response (a 4xx for bad input)', `${err.reason === 'timeout' ? 'timeout' : 'network error'}: ${err.message}`, err.exchange);
    }
    throw err;
  }
}
