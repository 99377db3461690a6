/**
 * Sending where "the server answers" is itself the clause.
 */
import { violate } from '../../contract/expect.js';
import type { CheckContext, Exchange, RequestSpec } from '../../contract/types.js';
import { TargetUnreachableError, isConnectionFailure } from '../../contract/types.js';

/**
 * Sends a request whose answer is part of the clause: no answer (none in time, a malformed HTTP
 * message, a handler that threw) is reported as a violation with the request as the reproduction,
 * not as an unreachable target. A connection that failed before any answer (reset, refused) goes
 * through unchanged: it says nothing of the contract, and
 * the run makes it an `error` with cause `transport` (engine/classify.ts), never a failure. An
 * operation the run stopped sending (its circuit open: an `OperationStalledError`) is the run's
 * finding, said once on its Stalled line: that error goes through unchanged too.
 */
export async function sendAnswered(ctx: CheckContext, req: RequestSpec, what: string): Promise<Exchange> {
  try {
    return await ctx.http.send(req);
  } catch (err) {
    if (err instanceof TargetUnreachableError && err.reason !== 'stalled' && !isConnectionFailure(err)) {
      violate(`${what}: the server gave no answer`, 'an HTTP response (a 4xx for bad input)', `${err.reason === 'timeout' ? 'timeout' : 'network error'}: ${err.message}`, err.exchange);
    }
    throw err;
  }
}
