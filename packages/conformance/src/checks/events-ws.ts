/**
 * The Intent Status websocket (AsyncAPI channel `intentStatus`; live-service facts §1.8, SHOULD):
 * ready message, subscribe and unsubscribe acknowledgements, message schemas, event name, pushes
 * for subscribed ids only and none after an unsubscribe, pushed status agreeing with
 * `/requests/v3`, malformed messages answered with an error on a socket that stays open. Each
 * check judges the one session of `ctx.events`.
 */
import { brief, ensure, violate } from '../engine/expect.js';
import type { CheckDefinition } from '../engine/types.js';
import { messageSchemas } from '../events/message-schemas.js';
import type { MessageId } from '../events/message-schemas.js';
import type { WsMessage } from '../events/types.js';
import { EVENT, requestIdOf } from '../events/ws-session.js';
import { noPushReason, pushes, shown, wsCheck } from './events-support.js';
import { pass, skip } from './support/outcome.js';

const SCHEMA_OF: Partial<Record<WsMessage['kind'], MessageId>> = {
  ready: 'connectionReady',
  'subscribe-ack': 'subscribeAck',
  'unsubscribe-ack': 'unsubscribeAck',
  push: 'requestStatusUpdated',
};

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

export const checks: CheckDefinition[] = [
  wsCheck('events.ws.ready', 'The stream opens with the key in ?apiKey= and sends connection/ready with a socket id first', async (obs) => {
    if (obs.problem) violate(`The Intent Status stream at ${obs.url} must open and send its connection/ready message`, 'a connection/ready message', obs.problem);
    const ready = obs.ready!;
    const first = obs.messages[0];
    ensure(first?.seq === ready.seq, 'The connection/ready message must be the first message of the stream', 'connection/ready first', shown(first));
    const id = field(ready, 'data', 'id');
    ensure(typeof id === 'string' && id !== '', 'The ready message must carry the socket id in data.id', '{"type":"connection","status":"ready","data":{"id":"<socket id>"}}', shown(ready));
    return pass(`ready after ${ready.at} ms`);
  }, { needsSession: false }),
  wsCheck('events.ws.subscribe-ack', 'Each subscribe is acknowledged with status success, echoing the event and filters.id', async (obs) => {
    for (const sub of obs.subscriptions) {
      const expected = JSON.stringify({ type: 'subscribe', status: 'success', data: { event: EVENT, filters: { id: sub.id } } });
      ensure(sub.ack !== undefined, `A subscribe to request ${sub.id} must be acknowledged`, expected, `no acknowledgement within ${obs.waitMs} ms`);
      const ack = sub.ack;
      ensure(
        ack.kind === 'subscribe-ack' && field(ack, 'status') === 'success' && field(ack, 'data', 'event') === EVENT && requestIdOf(ack) === sub.id,
        `The acknowledgement of the subscribe to request ${sub.id} must say success and echo the event and filters.id`,
        expected,
        shown(ack),
      );
    }
    return pass(`${obs.subscriptions.length} subscriptions acknowledged`);
  }),
  wsCheck('events.ws.unsubscribe-ack', 'Each unsubscribe is acknowledged with status success, echoing the event', async (obs) => {
    const ended = obs.subscriptions.filter((s) => s.unsubscribe);
    if (ended.length === 0) return skip('the session unsubscribed from nothing (it followed no request)');
    const expected = JSON.stringify({ type: 'unsubscribe', status: 'success', data: { event: EVENT } });
    for (const sub of ended) {
      const ack = sub.unsubscribe!.ack;
      ensure(ack !== undefined, `An unsubscribe from request ${sub.id} must be acknowledged`, expected, `no acknowledgement within ${obs.waitMs} ms`);
      ensure(
        ack.kind === 'unsubscribe-ack' && field(ack, 'status') === 'success' && field(ack, 'data', 'event') === EVENT,
        `The acknowledgement of the unsubscribe from request ${sub.id} must say success and echo the event`,
        expected,
        shown(ack),
      );
    }
    return pass(`${ended.length} unsubscriptions acknowledged`);
  }),
  wsCheck('events.ws.message-schema', 'Every message of the stream is JSON and valid against its AsyncAPI message schema', async (obs) => {
    const schemas = await messageSchemas();
    let validated = 0;
    for (const m of obs.messages) {
      ensure(m.json !== undefined, 'Every message of the stream must be JSON', 'a JSON message', shown(m));
      ensure(m.kind !== 'unknown', 'Every message of the stream must be one of the AsyncAPI messages (connection, subscribe, unsubscribe, error, request.status.updated)', 'a known message', shown(m));
      const id = SCHEMA_OF[m.kind];
      if (!id || field(m, 'status') === 'error') continue;
      const errors = schemas.validate(id, m.json);
      ensure(
        errors.length === 0,
        `A ${m.kind} message must be valid against the AsyncAPI message ${id}`,
        `valid ${id}`,
        () => `${shown(m)}; ${errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')}`,
      );
      validated += 1;
    }
    if (validated === 0) return skip('no message to validate');
    return pass(`${validated} messages valid${obs.dropped > 0 ? ` (${obs.dropped} more not kept)` : ''}`);
  }),
  wsCheck('events.ws.event-name', 'Every push names the event request.status.updated', async (obs) => {
    const all = pushes(obs);
    if (all.length === 0) return skip(noPushReason(obs));
    const wrong = all.find((m) => field(m, 'event') !== EVENT);
    ensure(wrong === undefined, `A status push must name the event ${EVENT}, the only event kind`, `"event": "${EVENT}"`, () => shown(wrong));
    return pass(`${all.length} pushes`);
  }),
  wsCheck('events.ws.only-subscribed', 'Pushes concern only the request ids the client subscribed to', async (obs) => {
    const all = pushes(obs);
    if (all.length === 0) return skip(noPushReason(obs));
    const subscribed = new Set(obs.subscriptions.map((s) => s.id));
    const foreign = all.find((m) => {
      const id = requestIdOf(m);
      return id !== undefined && !subscribed.has(id);
    });
    ensure(
      foreign === undefined,
      `A push must concern a request the client subscribed to (subscribed: ${[...subscribed].join(', ')})`,
      'pushes for subscribed ids only',
      () => shown(foreign),
    );
    const controls = obs.unsubscribedControls.length > 0 ? `; ${obs.unsubscribedControls.length} unsubscribed request(s) changed without a push` : '';
    return pass(`${all.length} pushes${controls}`);
  }),
  wsCheck('events.ws.no-push-after-unsubscribe', 'Nothing is pushed for a request after its unsubscribe acknowledgement', async (obs) => {
    const gone = obs.subscriptions[0];
    const ackSeq = gone?.unsubscribe?.ack?.seq;
    if (!gone || ackSeq === undefined) return skip('no unsubscribe was acknowledged, so there is no "after" to watch');
    const late = pushes(obs).find((m) => m.seq > ackSeq && requestIdOf(m) === gone.id);
    ensure(late === undefined, `No push may arrive for request ${gone.id} after its unsubscribe acknowledgement (message #${ackSeq})`, 'no push for it', () => shown(late));
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
    if (last.size === 0) return skip(noPushReason(obs));
    const movedOn: string[] = [];
    for (const [id, push] of last) {
      const exchange = await ctx.http.send({ method: 'GET', path: '/requests/v3', query: { id } });
      const records = (exchange.response?.json as { requests?: unknown } | undefined)?.requests;
      const record = Array.isArray(records) ? (records.find((r) => (r as { id?: unknown })?.id === id) as { status?: unknown; updatedAt?: unknown } | undefined) : undefined;
      if (exchange.response?.status !== 200 || !record) return skip(`GET /requests/v3?id=${id} did not return the request (${exchange.response?.status ?? exchange.transportError}); cannot compare`);
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
  wsCheck('events.ws.errors', 'A malformed, unknown or unparsable message gets an error message and the socket stays open', async (obs) => {
    const expected = '{"type":"error","status":"error","message":"<what was wrong>"}, socket open';
    for (const probe of obs.errorProbes) {
      const reply = probe.reply;
      const message = reply ? field(reply, 'message') : undefined;
      ensure(
        reply !== undefined && field(reply, 'status') === 'error' && typeof message === 'string' && message.trim() !== '',
        `Sending ${probe.what} (${probe.sent}) must be answered with an error message saying what was wrong`,
        expected,
        reply ? shown(reply) : `no error message within ${obs.waitMs} ms`,
      );
    }
    if (obs.closedByServer) {
      violate('The server must not drop the socket over a bad message', expected, `closed by the server at ${obs.closedByServer.at} ms (code ${obs.closedByServer.code} ${obs.closedByServer.reason})`);
    }
    if (obs.errorProbes.length === 0) return skip('no malformed message was sent (the session ended before)');
    return pass(`${obs.errorProbes.length} malformed messages answered, socket still open`);
  }),
];
