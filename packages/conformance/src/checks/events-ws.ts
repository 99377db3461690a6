/**
 * The Intent Status websocket (AsyncAPI channel `intentStatus`; live-service facts §1.8, SHOULD):
 * ready message, subscribe and unsubscribe acknowledgements, message schemas, event name, pushes
 * for subscribed ids only and none after an unsubscribe, pushed status agreeing with
 * `/requests/v3`, malformed messages answered with an error on a socket that stays open. Each
 * check judges the one session of `ctx.events`.
 */
import { allInOrder } from '../engine/concurrent.js';
import { brief, ensure, violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckDefinition, Exchange } from '../contract/types.js';
import type { WsMessage } from '../contract/events.js';
import { requestIdOf } from '../events/ws-session.js';
import { recordsOfBody } from '../contract/list-wrapper.js';
import { noPushSkip, pushes, shown, unverified, wsCheck } from './events-support.js';
import { pass, skip } from '../contract/outcome.js';
import { authenticatedFieldsIn } from '../oracles/authenticated-fields.js';
import { isWithheld, type Problem } from '../oracles/oracle.js';
import { CONVERSATION_IDS, droppedProblem, errorReplyProblem, eventNameProblem, firstMessageProblem, foreignPushProblem, messageSchemaJudgement, notOpened, pushAfterUnsubscribeProblem, subscribeAckProblem, unsubscribeAckProblem, wsEventName, wsMessageSchema, wsReady } from '../oracles/ws-frames.js';

/** A violation of an oracle's predicate (oracles/ws-frames.ts), in its words; nothing when it holds. */
function fail(problem: Problem | undefined): void {
  if (problem !== undefined) violate(problem.message, problem.expected, problem.received);
}

function field(m: WsMessage, ...path: string[]): unknown {
  let v: unknown = m.json;
  for (const p of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  return v;
}

/** Epoch ms of an `updatedAt` (ISO 8601, or epoch ms or seconds as a number) and its precision in ms; undefined when unreadable. */
export function instantOf(value: unknown): { ms: number; precisionMs: number } | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value < 1e11 ? { ms: value * 1000, precisionMs: 1000 } : { ms: value, precisionMs: 1 };
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return undefined;
  return { ms, precisionMs: /[T ]\d{2}:\d{2}:\d{2}[.,]\d/.test(value) ? 1 : 1000 };
}

/**
 * Whether a record read after a push can show the state the push announced: its `updatedAt` is not
 * later than the push's `data.updatedAt`, both read at the coarser precision of the two. False when
 * either cannot be read.
 */
export function sameMoment(recordUpdatedAt: unknown, pushUpdatedAt: unknown): boolean {
  const rec = instantOf(recordUpdatedAt);
  const push = instantOf(pushUpdatedAt);
  if (!rec || !push) return false;
  const unit = Math.max(rec.precisionMs, push.precisionMs);
  return Math.floor(rec.ms / unit) <= Math.floor(push.ms / unit);
}

export const checks: CheckDefinition[] = withFamilies([
  wsCheck(wsReady.id, 'The stream opens with the key in ?apiKey= and sends connection/ready with a socket id first', async (obs) => {
    if (obs.problem) fail(notOpened(obs.url, obs.problem));
    const ready = obs.ready!;
    fail(firstMessageProblem(obs.messages[0]!));
    return pass(`ready after ${ready.at} ms`);
  }, { needsSession: false }),
  wsCheck(CONVERSATION_IDS.subscribeAck, 'Each subscribe is acknowledged with status success, echoing the event and filters.id', async (obs) => {
    for (const sub of obs.subscriptions) fail(subscribeAckProblem(sub, `no acknowledgement within ${obs.waitMs} ms`));
    return pass(`${obs.subscriptions.length} subscriptions acknowledged`);
  }),
  wsCheck(CONVERSATION_IDS.unsubscribeAck, 'Each unsubscribe is acknowledged with status success, echoing the event', async (obs, ctx) => {
    const ended = obs.subscriptions.filter((s) => s.unsubscribe);
    if (ended.length === 0) return unverified(ctx, 'the session unsubscribed from nothing (it followed no request)');
    for (const sub of ended) fail(unsubscribeAckProblem(sub, `no acknowledgement within ${obs.waitMs} ms`));
    return pass(`${ended.length} unsubscriptions acknowledged`);
  }),
  wsCheck(wsMessageSchema.id, 'Every message of the stream is JSON and valid against its AsyncAPI message schema', async (obs) => {
    let validated = 0;
    for (const m of obs.messages) {
      const judged = messageSchemaJudgement(m);
      // An acknowledgement with status error is judged by the ack checks; error frames by their schema.
      if (isWithheld(judged)) continue;
      fail(judged);
      validated += 1;
    }
    if (validated === 0) return skip('no message to validate');
    return pass(`${validated} messages valid${obs.dropped > 0 ? ` (${obs.dropped} more not kept)` : ''}`);
  }),
  wsCheck(wsEventName.id, 'Every push names the event request.status.updated', async (obs) => {
    const all = pushes(obs);
    if (all.length === 0) return noPushSkip(obs);
    for (const m of all) fail(eventNameProblem(m));
    return pass(`${all.length} pushes`);
  }),
  wsCheck(CONVERSATION_IDS.onlySubscribed, 'Pushes concern only the request ids the client subscribed to', async (obs) => {
    const all = pushes(obs);
    if (all.length === 0) return noPushSkip(obs);
    const subscribed = new Set(obs.subscriptions.map((s) => s.id));
    for (const m of all) fail(foreignPushProblem(m, subscribed));
    const controls = obs.unsubscribedControls.length > 0 ? `; ${obs.unsubscribedControls.length} unsubscribed request(s) changed without a push` : '';
    return pass(`${all.length} pushes${controls}`);
  }),
  wsCheck(CONVERSATION_IDS.noPushAfterUnsubscribe, 'Nothing is pushed for a request after its unsubscribe acknowledgement', async (obs, ctx) => {
    const gone = obs.subscriptions[0];
    const ackSeq = gone?.unsubscribe?.ack?.seq;
    if (!gone || ackSeq === undefined) return unverified(ctx, 'no unsubscribe was acknowledged, so there is no "after" to watch');
    fail(pushAfterUnsubscribeProblem(gone, obs.messages));
    const later = pushes(obs).filter((m) => m.seq > ackSeq);
    if (later.length === 0) return skip(`no push for any request arrived after the unsubscribe acknowledgement within ${obs.waitMs} ms, so silence proves nothing; raise --events-wait-ms`);
    return pass(`${later.length} later push(es) for other requests, none for ${gone.id}`);
  }),
  wsCheck('events.ws.status-agrees', 'The last pushed status of a request agrees with GET /requests/v3?id= read after it, where the record has not changed since the push', async (obs, ctx) => {
    const last = new Map<string, WsMessage>();
    const followed = new Set(obs.subscriptions.map((s) => s.id).filter((id) => !obs.changedAfterUnsubscribe.includes(id)));
    for (const m of pushes(obs)) {
      const id = requestIdOf(m);
      if (id !== undefined && followed.has(id) && typeof field(m, 'data', 'status') === 'string') last.set(id, m);
    }
    if (last.size === 0) return noPushSkip(obs);
    const movedOn: string[] = [];
    for (const [id, push] of last) {
      const exchange = await ctx.http.send({ method: 'GET', path: '/requests/v3', query: { id } });
      const records = (exchange.response?.json as { requests?: unknown } | undefined)?.requests;
      const record = Array.isArray(records) ? (records.find((r) => (r as { id?: unknown })?.id === id) as { status?: unknown; updatedAt?: unknown } | undefined) : undefined;
      if (exchange.response?.status !== 200 || !record) return unverified(ctx, `GET /requests/v3?id=${id} did not return the request (${exchange.response?.status ?? exchange.transportError}); cannot compare`);
      // The REST read comes after the session: the request may have moved on since its last push.
      // Only a record not updated after the push shows the state the push announced.
      if (!sameMoment(record.updatedAt, field(push, 'data', 'updatedAt'))) {
        movedOn.push(id);
        continue;
      }
      const pushed = field(push, 'data', 'status');
      ensure(
        record.status === pushed,
        `The status pushed for request ${id} must be its status in /requests/v3 (the record was not updated after the push)`,
        `status ${brief(record.status)} (as /requests/v3 says, updatedAt ${brief(record.updatedAt)})`,
        `pushed ${brief(pushed)} in ${shown(push)}`,
        exchange,
      );
    }
    const compared = last.size - movedOn.length;
    const later = movedOn.length > 0 ? `; ${movedOn.length} changed again after the push (not compared): ${movedOn.join(', ')}` : '';
    if (compared === 0) return skip(`every followed request was updated after its last push, or its updatedAt cannot be read, so no REST read shows a pushed state${later}`);
    return pass(`${compared} request(s) compared${later}`);
  }),
  wsCheck(CONVERSATION_IDS.errors, 'A malformed, unknown or unparsable message gets an error message and the socket stays open', async (obs, ctx) => {
    for (const probe of obs.errorProbes) fail(errorReplyProblem(probe, `no error message within ${obs.waitMs} ms`));
    if (obs.closedByServer) fail(droppedProblem(`closed by the server at ${obs.closedByServer.at} ms (code ${obs.closedByServer.code} ${obs.closedByServer.reason})`));
    if (obs.errorProbes.length === 0) return unverified(ctx, 'no malformed message was sent (the session ended before)');
    return pass(`${obs.errorProbes.length} malformed messages answered, socket still open`);
  }),
  wsCheck('events.ws.no-foreign-authenticated-fields', "A push carries no authenticated field of a request the socket's key does not own", async (obs, ctx) => {
    const all = pushes(obs);
    if (all.length === 0) return noPushSkip(obs);
    /** The first push of each request that carries an authenticated field. */
    const carrying = new Map<string, WsMessage>();
    for (const m of all) {
      const id = requestIdOf(m);
      if (id !== undefined && !carrying.has(id) && authenticatedFieldsIn(field(m, 'data')).length > 0) carrying.set(id, m);
    }
    for (const [id, push] of carrying) {
      // Whether the key owns the request: its own authenticated view shows the fields only then.
      const exchange = await ctx.http.send({ method: 'GET', path: '/requests/v3', query: { id, includeAuthenticatedData: true } });
      const records = exchange.response?.status === 200 ? recordsOfBody(exchange.response.json) : undefined;
      const record = records?.find((r) => (r as { id?: unknown })?.id === id) as { data?: unknown } | undefined;
      if (!record) return unverified(ctx, `GET /requests/v3?id=${id}&includeAuthenticatedData=true did not return the request (${exchange.response?.status ?? exchange.transportError}); cannot tell whether the key owns it`);
      const carried = authenticatedFieldsIn(field(push, 'data')).map((f) => `data.${f}`);
      ensure(
        authenticatedFieldsIn(record.data).length > 0,
        `A push for request ${id} must not carry authenticated fields: the socket's key does not own the request (its authenticated view in /requests/v3 shows none)`,
        'no referrer, platformFee or apiKeyName in the push data',
        `${carried.join(', ')} in ${shown(push)}`,
        exchange,
      );
    }
    const foreign = all.filter((m) => obs.foreign.includes(requestIdOf(m) ?? '')).length;
    const seen = carrying.size > 0 ? `${carrying.size} request(s) pushed with authenticated fields, each owned by the key` : 'none with an authenticated field';
    return pass(`${all.length} pushes, ${seen}${foreign > 0 ? `; ${foreign} push(es) for a request of another key` : ''}`);
  }),
  wsCheck('events.ws.pushes-changes', 'A status change of a followed request is pushed: "no push" is verified against GET /requests/v3 before the push checks may skip', async (obs, ctx) => {
    // Listening only, the first request is unsubscribed at once (ws-session.ts): its changes are not owed a push.
    const goneAtOnce = !obs.driven && obs.subscriptions[0]?.unsubscribe ? obs.subscriptions[0].id : undefined;
    const followed = obs.subscriptions.map((s) => s.id).filter((id) => id !== goneAtOnce && !obs.changedAfterUnsubscribe.includes(id));
    if (followed.length === 0) return unverified(ctx, 'the session followed no request');
    const pushedFor = new Set(pushes(obs).map(requestIdOf).filter((id): id is string => id !== undefined && followed.includes(id)));
    if (pushedFor.size > 0) return pass(`${pushedFor.size} of ${followed.length} followed request(s) pushed`);
    // No push at all: the statuses read before the session set against REST now (the
    // push checks' "did not change status" is a claim about the target, verified here).
    const before = obs.statusBefore ?? {};
    const moved: Array<{ id: string; from: string; to: string; updatedAt: unknown; exchange: Exchange }> = [];
    let read = 0;
    // Independent reads, asked at once (they end the run's events family: one round trip, not four).
    const ids = followed.filter((x) => before[x] !== undefined).slice(0, 4);
    const readBack = await allInOrder(ids.map((id) => () => ctx.http.send({ method: 'GET', path: '/requests/v3', query: { id } })));
    for (const [i, id] of ids.entries()) {
      const exchange = readBack[i]!;
      const records = exchange.response?.status === 200 ? recordsOfBody(exchange.response.json) : undefined;
      const record = records?.find((r) => (r as { id?: unknown })?.id === id) as { status?: unknown; updatedAt?: unknown } | undefined;
      if (!record || typeof record.status !== 'string') continue;
      read += 1;
      if (record.status !== before[id]) moved.push({ id, from: before[id]!, to: record.status, updatedAt: record.updatedAt, exchange });
    }
    if (read === 0) return unverified(ctx, `no push arrived within ${obs.waitMs} ms, and the followed requests could not be read back from GET /requests/v3 to tell whether they changed`);
    const during = moved.filter((m) => obs.driven || changedDuringSession(obs, m.updatedAt, m.exchange));
    const change = during[0];
    if (change) {
      violate(
        `A status change of a subscribed request must be pushed on the stream: request ${change.id} went from ${change.from} to ${change.to} ${obs.driven ? '(the kit changed it while subscribed)' : `during the session (updatedAt ${brief(change.updatedAt)})`}, and no push came for any followed request`,
        `a request.status.updated push for ${change.id} within ${obs.waitMs} ms`,
        `no push in ${obs.messages.length} messages; GET /requests/v3 shows status ${change.to}`,
        change.exchange,
      );
    }
    const later = moved.length > 0 ? `; ${moved.length} changed after the session (updatedAt past its end)` : '';
    return skip(`no push arrived within ${obs.waitMs} ms, and GET /requests/v3 shows that none of the ${read} followed request(s) read back changed status during the session${later}`, obs.driven ? undefined : 'static-data');
  }),
]);

/**
 * Whether a record's `updatedAt` lies inside the session, on the target's clock: the offset of that
 * clock is read from the REST answer's Date header (second precision, so a second of margin each
 * side, and two more at the end for the push to travel).
 */
function changedDuringSession(obs: { subscribedAtMs?: number; endedAtMs?: number }, updatedAt: unknown, exchange: Exchange): boolean {
  const at = instantOf(updatedAt);
  const date = Date.parse(exchange.response?.headers.date ?? '');
  if (!at || Number.isNaN(date) || obs.subscribedAtMs === undefined || obs.endedAtMs === undefined) return false;
  const sent = Date.parse(exchange.startedAt ?? '');
  const offset = date - (Number.isNaN(sent) ? Date.now() : sent);
  return at.ms >= obs.subscribedAtMs + offset + 1000 + at.precisionMs && at.ms <= obs.endedAtMs + offset - 3000;
}
