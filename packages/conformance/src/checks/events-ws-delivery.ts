/**
 * The Intent Status stream delivers statuses (API document, Events rule 1: "A websocket stream
 * named Intent Status streams transaction statuses"; clause `events.ws.delivers-status`, MUST).
 * The stream's protocol is the live service's (its clauses SHOULD: a refused subscribe or a push
 * without its fields only warns against a URL, under `--events auto`), but a stream that cannot
 * deliver one status breaks the document's own sentence. Judged wherever the session opened (the
 * target serves the stream, whether the run was given its URL or derived it): every subscribe
 * refused, pushes that name no request or no status, or no push at all while the kit moved a
 * followed request (the embedded server), is a failure. A stream that does not open is
 * events.ws.ready's to judge (at MUST when the run was given its URL).
 */
import { brief, violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, CheckResult, Exchange } from '../contract/types.js';
import type { WsMessage, WsObservation } from '../contract/events.js';
import { requestIdOf } from '../events/ws-session.js';
import { recordsOfBody } from '../contract/list-wrapper.js';
import { pushes, shown, wsSession, WS_OP } from './events-support.js';
import { pass, skip } from '../contract/outcome.js';

/** Followed requests read back from GET /requests/v3 when no push came (at most). */
const READ_BACK = 4;

function statusOf(m: WsMessage): unknown {
  const data = (m.json as { data?: { status?: unknown } } | undefined)?.data;
  return data && typeof data === 'object' ? data.status : undefined;
}

/** Whether an acknowledgement refuses its subscribe (an error message, or an ack with status error). */
function refusal(ack: WsMessage | undefined): boolean {
  return ack !== undefined && (ack.kind === 'error' || (ack.json as { status?: unknown } | undefined)?.status === 'error');
}

/** The first followed request GET /requests/v3 shows in another status than before the session, with the read. */
async function movedRequest(ctx: CheckContext, obs: WsObservation, followed: readonly string[]): Promise<{ id: string; from: string; to: string; exchange: Exchange } | undefined> {
  const before = obs.statusBefore ?? {};
  for (const id of followed.filter((x) => before[x] !== undefined).slice(0, READ_BACK)) {
    const exchange = await ctx.http.send({ method: 'GET', path: '/requests/v3', query: { id } });
    const record = (exchange.response?.status === 200 ? recordsOfBody(exchange.response.json) : undefined)?.find((r) => (r as { id?: unknown })?.id === id) as { status?: unknown } | undefined;
    if (typeof record?.status === 'string' && record.status !== before[id]) return { id, from: before[id]!, to: record.status, exchange };
  }
  return undefined;
}

/** A result rather than an observation (observations have no `status`). */
function isResult(value: WsObservation | CheckResult): value is CheckResult {
  return 'status' in value;
}

const deliversStatus = {
  id: 'events.ws.delivers-status',
  title: 'Where the Intent Status stream opens, it delivers statuses: not every subscribe refused, pushes that name their request and its status',
  clauses: ['events.ws.delivers-status'],
  operation: WS_OP,
  exclusive: (config: CheckContext['config']) => config.embedded,
  requires: ['apiKey' as const],
  async run(ctx: CheckContext) {
    const obs = await wsSession(ctx);
    if (isResult(obs)) return obs;
    const subs = obs.subscriptions;
    if (subs.length === 0) return skip('the session followed no request');
    const refused = subs.filter((s) => refusal(s.ack));
    if (refused.length === subs.length) {
      violate(
        `The Intent Status stream must stream transaction statuses (API document, Events rule 1): every one of the ${subs.length} subscribe(s) was refused, so no status can ever be delivered`,
        `a subscribe acknowledged, e.g. for request ${subs[0]!.id}`,
        shown(refused[0]!.ack),
      );
    }
    const followed = new Set(subs.map((s) => s.id));
    const all = pushes(obs);
    const delivering = all.filter((m) => followed.has(requestIdOf(m) ?? '') && typeof statusOf(m) === 'string' && statusOf(m) !== '');
    if (delivering.length > 0) return pass(`${delivering.length} push(es) delivered a status of a followed request`);
    const blind = all.filter((m) => requestIdOf(m) === undefined || typeof statusOf(m) !== 'string');
    if (blind.length > 0) {
      violate(
        `The Intent Status stream must stream transaction statuses (API document, Events rule 1): ${blind.length} push(es) came, none naming a followed request and its status`,
        'a push with data.requestId and data.status',
        shown(blind[0]),
      );
    }
    // Listening only (a URL target): whether a followed request changed during the session is
    // events.ws.pushes-changes' to read back; nothing more is owed here.
    if (!obs.driven) return skip(`no push arrived within ${obs.waitMs} ms while listening: events.ws.pushes-changes reads back whether the followed requests changed`);
    const ids = subs.filter((s) => !refusal(s.ack)).map((s) => s.id).filter((id) => !obs.changedAfterUnsubscribe.includes(id));
    const moved = await movedRequest(ctx, obs, ids);
    if (moved) {
      violate(
        `The Intent Status stream must stream transaction statuses (API document, Events rule 1): the kit moved request ${moved.id} from ${moved.from} to ${moved.to} while subscribed, and no status was pushed`,
        `a request.status.updated push for ${moved.id} within ${obs.waitMs} ms`,
        `no push in ${obs.messages.length} messages; GET /requests/v3 shows status ${brief(moved.to)}`,
        moved.exchange,
      );
    }
    return skip(`no push arrived within ${obs.waitMs} ms and none of the followed requests read back changed status`);
  },
};

export const checks: CheckDefinition[] = withFamilies([deliversStatus]);
