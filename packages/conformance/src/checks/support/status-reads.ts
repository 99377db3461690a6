/**
 * A status read by request id (`GET /intents/status…?requestId=`), asked once for every check of the
 * run that reads the same id through the same operation with the run's own key (shared-reads.ts):
 * the agreement of the status operations, the consistency with the listing and the optional key all
 * read the first listed requests. Any other key is asked afresh. A check that fails on a shared
 * answer is run again on fresh reads before the failure counts (runner.ts).
 */
import type { AuthChoice, CheckContext, Exchange, HttpClient } from '../../contract/types.js';

export function readStatus(ctx: CheckContext, path: string, requestId: string, auth?: AuthChoice): Promise<Exchange> {
  const send = (http: HttpClient): Promise<Exchange> => http.send({ method: 'GET', path, query: { requestId }, ...(auth !== undefined ? { auth } : {}) });
  const own = ctx.config.hasApiKey && (auth === undefined || auth === 'primary');
  return ctx.shared && own ? ctx.shared.read(`GET ${path} primary ${requestId}`, send) : send(ctx.http);
}
