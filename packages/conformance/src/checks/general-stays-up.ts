/**
 * Bad input never takes the server down (clause `general.stays-up`; RFC 9110 §15.5: invalid client
 * input is a client error, and a server that stops answering answers no later client). Every other
 * check judges the answer to its own bad input; none looks at what comes after it. This one runs
 * once the bad-input sweep and the websocket session (its malformed messages, the JSON message
 * `null`, an unsubscribe of an id never subscribed) are over: it asks for the path `//`, then for a
 * plain listing, and fails when either goes unanswered. Whether the server outlived the websocket
 * session is read from the run's record when it holds an answered listing sent after the session
 * ended (the checks that run after the events family send some); a plain listing asks it otherwise.
 */
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, Exchange } from '../contract/types.js';
import { OperationStalledError, TargetUnreachableError } from '../contract/types.js';
import type { WsObservation } from '../contract/events.js';
import { windowQuery } from './support/listing.js';
import { pass, statusLine } from '../contract/outcome.js';

/** A path no route serves, that a naive router or URL parser mishandles (`new URL('//', base)` throws). */
export const DOUBLE_SLASH = '//';

/** What the websocket session sent that could have taken the server down, for the message; empty without a session. */
function wsProbesOf(obs: WsObservation | undefined): string {
  if (!obs || obs.problem) return '';
  const sent = obs.errorProbes.map((p) => p.what);
  if (obs.strayUnsubscribe) sent.push('an unsubscribe of a request id never subscribed');
  if (sent.length === 0) return '';
  const dropped = obs.closedByServer ? `; the server closed the socket at ${obs.closedByServer.at} ms (code ${obs.closedByServer.code})` : '';
  return `the websocket session's ${sent.length} bad messages (${sent.join(', ')}${dropped})`;
}

/** Sends a request; a transport failure becomes the exchange it recorded (no answer), never a thrown error. */
async function sendOrSilence(ctx: CheckContext, req: Parameters<CheckContext['http']['send']>[0]): Promise<{ exchange?: Exchange; silence?: string }> {
  try {
    return { exchange: await ctx.http.send(req) };
  } catch (err) {
    if (err instanceof TargetUnreachableError && !(err instanceof OperationStalledError)) return { ...(err.exchange ? { exchange: err.exchange } : {}), silence: err.message };
    throw err;
  }
}

/** The last answered GET /requests/v3 of the run sent after `endedAtMs` (epoch ms of the kit's clock), if any. */
function answeredAfter(ctx: CheckContext, endedAtMs: number | undefined): Exchange | undefined {
  if (endedAtMs === undefined) return undefined;
  return ctx
    .exchangesFor('GET /requests/v3')
    .filter((e) => e.response !== undefined && e.startedAt !== undefined && Date.parse(e.startedAt) >= endedAtMs)
    .at(-1);
}

const staysUp = {
  id: 'general.stays-up',
  title: 'Bad input never takes the server down: after the bad-input sweep, the websocket\'s malformed messages and a request for //, the server still answers',
  clauses: ['general.stays-up'],
  operation: '*',
  // Once every earlier check has ended (the bad-input sweep among them): what follows bad input.
  exclusive: true,
  readsEvents: true,
  async run(ctx: CheckContext) {
    // The websocket session (run on first use, shared with the events family) sends its bad messages.
    const obs = ctx.events && ctx.config.hasApiKey ? await ctx.events.websocket() : undefined;
    const ws = wsProbesOf(obs);
    const listing = () => sendOrSilence(ctx, { method: 'GET', path: '/requests/v3', query: { ...windowQuery(ctx), limit: 1 }, ...(ctx.config.hasApiKey ? {} : { auth: 'none' as const }) });
    const answered: string[] = [];
    // An answer the run already holds to a request sent after the session ended (the checks that ran
    // after the events family sent some) shows the server outlived it: no request of its own then.
    const seen = ws ? answeredAfter(ctx, obs?.endedAtMs) : undefined;
    if (seen) answered.push(`${seen.operation ?? seen.request.method} answered ${seen.response!.status} after ${ws} (exchange #${seen.seq}, sent after the session)`);
    else if (ws) {
      const afterWs = await listing();
      if (afterWs.silence !== undefined) {
        violate(`After bad input the server must still answer: GET /requests/v3 got no answer after ${ws}`, 'an HTTP response to a plain listing', `no answer: ${afterWs.silence}`, afterWs.exchange);
      }
      answered.push(`GET /requests/v3 answered ${afterWs.exchange!.response!.status} after ${ws}`);
    }
    const slash = await sendOrSilence(ctx, { method: 'GET', path: DOUBLE_SLASH, auth: 'none' });
    if (slash.silence !== undefined) {
      violate(`A request for the path ${DOUBLE_SLASH} must be answered (a 4xx such as 400 or 404): the server gave no answer`, 'an HTTP response', `no answer: ${slash.silence}`, slash.exchange);
    }
    answered.push(`${DOUBLE_SLASH} answered ${slash.exchange!.response!.status}`);
    const after = await listing();
    if (after.silence !== undefined) {
      violate(
        `After bad input the server must still answer: GET /requests/v3 got no answer after a request for ${DOUBLE_SLASH} (answered ${statusLine(slash.exchange!)})`,
        'an HTTP response to a plain listing',
        `no answer: ${after.silence}`,
        after.exchange,
      );
    }
    answered.push(`GET /requests/v3 answered ${after.exchange!.response!.status} after it`);
    return pass(answered.join('; '));
  },
};

export const checks: CheckDefinition[] = withFamilies([staysUp]);
