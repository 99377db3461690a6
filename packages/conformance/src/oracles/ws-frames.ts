/**
 * Oracles of the Intent Status websocket (AsyncAPI channel `intentStatus`; live-service facts §1.8)
 * that one received message decides, or the opening of the stream: the stream opens (101) and its
 * first message is connection/ready with the socket id, every message is JSON and valid against its
 * AsyncAPI message, every push names the event `request.status.updated`; and the rules of one
 * conversation that need no other source (no REST read): acknowledgements, pushes against the
 * subscriptions, error answers to malformed messages. The active checks
 * (checks/events-ws.ts) judge their session's messages with these predicates, and `audit` judges the
 * frames a recording holds (a HAR entry's `_webSocketMessages`, as Chrome writes them and as the
 * kit's `--record` does) with these oracles: one predicate, one message, both sides.
 */
import { brief } from '../contract/expect.js';
import { messageSchemasNow, type MessageId } from '../contract/message-schemas.js';
import { kindOf, type WsMessage } from '../contract/events.js';
import type { Judgement, Problem } from './oracle.js';

/** The operation a websocket conversation is reported under: the AsyncAPI channel `intentStatus`, upgraded on `/`. */
export const WS_OPERATION = 'WS /';

/** The only event kind (AsyncAPI `EventName`). */
export const EVENT = 'request.status.updated';

/** What a rule of the stream sees of one conversation: how the upgrade was answered and the messages received, in order. */
export interface StreamView {
  /** The stream URL, its key redacted. */
  url: string;
  /** The upgrade's HTTP status (101 when the socket opened). */
  status: number;
  /** The messages received, in order, numbered from 1. */
  messages: readonly WsMessage[];
}

/** An oracle of the opening of a stream (one per conversation). */
export interface StreamOracle {
  id: string;
  applies(v: StreamView): boolean;
  judge(v: StreamView): Judgement;
}

/** An oracle of one received message of a stream. */
export interface FrameOracle {
  id: string;
  applies(m: WsMessage, v: StreamView): boolean;
  judge(m: WsMessage, v: StreamView): Judgement;
}

/** `message #<seq> at <ms> ms: <text>` of a message, for `received`. */
export function shown(m: WsMessage | undefined): string {
  return m ? `message #${m.seq} at ${m.at} ms: ${brief(m.text, 300)}` : 'nothing';
}

function field(m: WsMessage, ...path: string[]): unknown {
  let v: unknown = m.json;
  for (const p of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  return v;
}

/** A received message read back from its text (a recorded frame): JSON parsed, its kind by shape. */
export function messageOf(seq: number, at: number, text: string): WsMessage {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { seq, at, text: text.slice(0, 2048), json, kind: kindOf(json) };
}

/** The stream could not be opened, or sent no ready message: `why` is what happened instead. */
export function notOpened(url: string, why: string): Problem {
  return { message: `The Intent Status stream at ${url} must open and send its connection/ready message`, expected: 'a connection/ready message', received: why };
}

/** Whether the first message of a stream is connection/ready with the socket id in data.id: the problem, or undefined. */
export function firstMessageProblem(first: WsMessage): Problem | undefined {
  if (first.kind !== 'ready') return { message: 'The connection/ready message must be the first message of the stream', expected: 'connection/ready first', received: shown(first) };
  const id = field(first, 'data', 'id');
  if (typeof id !== 'string' || id === '') return { message: 'The ready message must carry the socket id in data.id', expected: '{"type":"connection","status":"ready","data":{"id":"<socket id>"}}', received: shown(first) };
  return undefined;
}

const SCHEMA_OF: Partial<Record<WsMessage['kind'], MessageId>> = {
  ready: 'connectionReady',
  'subscribe-ack': 'subscribeAck',
  'unsubscribe-ack': 'unsubscribeAck',
  push: 'requestStatusUpdated',
  error: 'error',
};

/**
 * One received message against the AsyncAPI document: not JSON, no message of the document, or
 * invalid against its message's schema (a problem); an acknowledgement with status error is the ack
 * checks' to judge (withheld); undefined when valid.
 */
export function messageSchemaJudgement(m: WsMessage): Judgement {
  if (m.json === undefined) return { message: 'Every message of the stream must be JSON', expected: 'a JSON message', received: shown(m) };
  if (m.kind === 'unknown') return { message: 'Every message of the stream must be one of the AsyncAPI messages (connection, subscribe, unsubscribe, error, request.status.updated)', expected: 'a known message', received: shown(m) };
  const id = SCHEMA_OF[m.kind];
  if (!id || (m.kind !== 'error' && field(m, 'status') === 'error')) return { withheld: 'an acknowledgement with status error: judged by the acknowledgement checks' };
  const errors = messageSchemasNow().validate(id, m.json);
  if (errors.length === 0) return undefined;
  return { message: `A ${m.kind} message must be valid against the AsyncAPI message ${id}`, expected: `valid ${id}`, received: `${shown(m)}; ${errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')}` };
}

/** A push that names another event than {@link EVENT}: the problem, or undefined. */
export function eventNameProblem(m: WsMessage): Problem | undefined {
  return field(m, 'event') === EVENT ? undefined : { message: `A status push must name the event ${EVENT}, the only event kind`, expected: `"event": "${EVENT}"`, received: shown(m) };
}

/** The stream opens (the upgrade answered 101) and its first message is connection/ready with the socket id. */
export const wsReady: StreamOracle = {
  id: 'events.ws.ready',
  applies: (v) => v.status > 0,
  judge(v) {
    if (v.status !== 101) return notOpened(v.url, `the upgrade was answered HTTP ${v.status} instead of 101 Switching Protocols`);
    const first = v.messages[0];
    if (first === undefined) return notOpened(v.url, 'the socket opened and sent no message at all');
    return firstMessageProblem(first);
  },
};

/** Every received message is JSON and valid against its AsyncAPI message. */
export const wsMessageSchema: FrameOracle = {
  id: 'events.ws.message-schema',
  applies: () => true,
  judge: (m) => messageSchemaJudgement(m),
};

/** Every push names the event request.status.updated. */
export const wsEventName: FrameOracle = {
  id: 'events.ws.event-name',
  applies: (m) => m.kind === 'push',
  judge: (m) => eventNameProblem(m),
};

// ── The conversation: answers to what the client sent, pushes against its subscriptions ───────

/** `data.requestId` of a push, `data.filters.id` of an acknowledgement. */
export function requestIdOf(m: WsMessage): string | undefined {
  const json = m.json as { data?: { requestId?: unknown; filters?: { id?: unknown } } } | undefined;
  const id = m.kind === 'push' ? json?.data?.requestId : json?.data?.filters?.id;
  return typeof id === 'string' ? id : undefined;
}

/** Whether `m` answers a subscribe (or unsubscribe) of request `id`: an error, or the acknowledgement naming it (any unsubscribe acknowledgement: it need not echo the id). */
export const answerTo =
  (kind: 'subscribe-ack' | 'unsubscribe-ack', id: string) =>
  (m: WsMessage): boolean =>
    m.kind === 'error' || (m.kind === kind && (requestIdOf(m) === id || kind === 'unsubscribe-ack' || (m.json as { status?: unknown }).status === 'error'));

/** One subscription of a conversation and the answers it got (the session's `WsSubscription` is one). */
export interface Subscription {
  id: string;
  ack?: WsMessage;
  /** The unsubscribe, after message `sentAfterSeq`, and its answer. */
  unsubscribe?: { sentAfterSeq?: number; ack?: WsMessage };
}

/** A subscribe's acknowledgement that is missing, or does not say success and echo the event and filters.id: the problem, or undefined. `missing` says how long it was awaited. */
export function subscribeAckProblem(sub: Subscription, missing: string): Problem | undefined {
  const expected = JSON.stringify({ type: 'subscribe', status: 'success', data: { event: EVENT, filters: { id: sub.id } } });
  const ack = sub.ack;
  if (ack === undefined) return { message: `A subscribe to request ${sub.id} must be acknowledged`, expected, received: missing };
  if (ack.kind === 'subscribe-ack' && field(ack, 'status') === 'success' && field(ack, 'data', 'event') === EVENT && requestIdOf(ack) === sub.id) return undefined;
  return { message: `The acknowledgement of the subscribe to request ${sub.id} must say success and echo the event and filters.id`, expected, received: shown(ack) };
}

/** An unsubscribe's acknowledgement that is missing, or does not say success and echo the event: the problem, or undefined. */
export function unsubscribeAckProblem(sub: Subscription, missing: string): Problem | undefined {
  const expected = JSON.stringify({ type: 'unsubscribe', status: 'success', data: { event: EVENT } });
  const ack = sub.unsubscribe?.ack;
  if (ack === undefined) return { message: `An unsubscribe from request ${sub.id} must be acknowledged`, expected, received: missing };
  if (ack.kind === 'unsubscribe-ack' && field(ack, 'status') === 'success' && field(ack, 'data', 'event') === EVENT) return undefined;
  return { message: `The acknowledgement of the unsubscribe from request ${sub.id} must say success and echo the event`, expected, received: shown(ack) };
}

/** A push for a request the client did not subscribe to: the problem, or undefined. */
export function foreignPushProblem(push: WsMessage, subscribed: ReadonlySet<string>): Problem | undefined {
  const id = requestIdOf(push);
  if (id === undefined || subscribed.has(id)) return undefined;
  return { message: `A push must concern a request the client subscribed to (subscribed: ${[...subscribed].join(', ')})`, expected: 'pushes for subscribed ids only', received: shown(push) };
}

/** The first push for `sub`'s request after its unsubscribe acknowledgement: the problem, or undefined. */
export function pushAfterUnsubscribeProblem(sub: Subscription, messages: readonly WsMessage[]): Problem | undefined {
  const ackSeq = sub.unsubscribe?.ack?.seq;
  if (ackSeq === undefined) return undefined;
  const late = messages.find((m) => m.kind === 'push' && m.seq > ackSeq && requestIdOf(m) === sub.id);
  return late === undefined ? undefined : { message: `No push may arrive for request ${sub.id} after its unsubscribe acknowledgement (message #${ackSeq})`, expected: 'no push for it', received: shown(late) };
}

/** What an error answer looks like, for `expected`. */
export const ERROR_EXPECTED = '{"type":"error","status":"error","message":"<what was wrong>"}, socket open';

/** A malformed message the client sent and the answer it got. */
export interface MalformedSent {
  sent: string;
  what: string;
  reply?: WsMessage;
}

/** A malformed message not answered by an error message saying what was wrong: the problem, or undefined. */
export function errorReplyProblem(probe: MalformedSent, missing: string): Problem | undefined {
  const reply = probe.reply;
  const message = reply ? field(reply, 'message') : undefined;
  if (reply !== undefined && field(reply, 'status') === 'error' && typeof message === 'string' && message.trim() !== '') return undefined;
  return { message: `Sending ${probe.what} (${probe.sent}) must be answered with an error message saying what was wrong`, expected: ERROR_EXPECTED, received: reply ? shown(reply) : missing };
}

/** The server dropped the socket over a bad message. */
export function droppedProblem(received: string): Problem {
  return { message: 'The server must not drop the socket over a bad message', expected: ERROR_EXPECTED, received };
}

/** What is malformed in a message a client sent (no JSON object, an unknown type, a (un)subscribe without a string filters.id), or undefined. */
export function malformed(text: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'a message that is not JSON';
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return `the JSON message ${brief(json, 40)}`;
  const m = json as { type?: unknown; filters?: unknown };
  if (m.type !== 'subscribe' && m.type !== 'unsubscribe') return 'an unknown message type';
  const id = m.filters !== null && typeof m.filters === 'object' ? (m.filters as { id?: unknown }).id : undefined;
  if (typeof id !== 'string') return `a ${m.type} without a string filters.id`;
  return undefined;
}

/** A recorded conversation read back: the subscriptions with their answers, the malformed messages sent with theirs, the server's close. */
export interface Conversation {
  subscriptions: Array<Subscription & { sentAfterSeq: number }>;
  malformed: Array<MalformedSent & { sentAfterSeq: number }>;
  /** The seq of the last message received; the server's close (code and reason) after it, when it closed the socket. */
  lastSeq: number;
  closedByServer?: string;
}

/**
 * A recorded conversation (frames both ways, in order; received ones numbered as `messages`) read
 * as the kit's session pairs them (events/ws-session.ts): each subscribe and unsubscribe of a
 * request with the first answer after it ({@link answerTo}), each malformed message with the first
 * error after it.
 */
export function conversationOf(frames: ReadonlyArray<{ type: 'send' | 'receive'; data: string; opcode: number }>, messages: readonly WsMessage[]): Conversation {
  const c: Conversation = { subscriptions: [], malformed: [], lastSeq: 0 };
  let seq = 0;
  for (const f of frames) {
    if (f.type === 'receive') {
      if (f.opcode === 8) c.closedByServer = f.data;
      else seq += 1;
      continue;
    }
    const what = malformed(f.data);
    if (what !== undefined) {
      c.malformed.push({ sent: brief(f.data, 120), what, sentAfterSeq: seq });
      continue;
    }
    const m = JSON.parse(f.data) as { type: string; filters: { id: string } };
    const id = m.filters.id;
    if (m.type === 'subscribe') c.subscriptions.push({ id, sentAfterSeq: seq });
    else {
      const sub = c.subscriptions.find((s) => s.id === id && s.unsubscribe === undefined);
      if (sub) sub.unsubscribe = { sentAfterSeq: seq };
    }
  }
  c.lastSeq = seq;
  for (const sub of c.subscriptions) {
    const ack = messages.find((m) => m.seq > sub.sentAfterSeq && answerTo('subscribe-ack', sub.id)(m));
    if (ack) sub.ack = ack;
    const un = sub.unsubscribe;
    if (un) {
      const unAck = messages.find((m) => m.seq > (un.sentAfterSeq ?? 0) && answerTo('unsubscribe-ack', sub.id)(m));
      if (unAck) un.ack = unAck;
    }
  }
  for (const p of c.malformed) {
    const reply = messages.find((m) => m.seq > p.sentAfterSeq && m.kind === 'error');
    if (reply) p.reply = reply;
  }
  return c;
}

/** The check ids of the rules of one conversation: the active checks of checks/events-ws.ts are defined under them. */
export const CONVERSATION_IDS = {
  subscribeAck: 'events.ws.subscribe-ack',
  unsubscribeAck: 'events.ws.unsubscribe-ack',
  onlySubscribed: 'events.ws.only-subscribed',
  noPushAfterUnsubscribe: 'events.ws.no-push-after-unsubscribe',
  errors: 'events.ws.errors',
} as const;

/**
 * The rules of a recorded conversation (one verdict each per conversation, under the active
 * checks' ids): every subscribe and unsubscribe acknowledged, pushes for subscribed requests only
 * and none after an unsubscribe acknowledgement, every malformed message answered with an error on
 * a socket the server keeps open. An answer is owed only where the conversation went on after the
 * message (a later message received): a client that closed at once waited for nothing.
 */
export function conversationProblems(c: Conversation, messages: readonly WsMessage[]): Array<{ id: string; problem: Problem | undefined }> {
  const out: Array<{ id: string; problem: Problem | undefined }> = [];
  const wentOn = (after: number) => c.lastSeq > after;
  const missing = (after: number) => `no answer in the ${c.lastSeq - after} message(s) received after it`;
  const subs = c.subscriptions.filter((s) => s.ack !== undefined || wentOn(s.sentAfterSeq));
  if (subs.length > 0) out.push({ id: CONVERSATION_IDS.subscribeAck, problem: subs.map((s) => subscribeAckProblem(s, missing(s.sentAfterSeq))).find((p) => p !== undefined) });
  const ended = c.subscriptions.filter((s) => s.unsubscribe !== undefined && (s.unsubscribe.ack !== undefined || wentOn(s.unsubscribe.sentAfterSeq ?? 0)));
  if (ended.length > 0) out.push({ id: CONVERSATION_IDS.unsubscribeAck, problem: ended.map((s) => unsubscribeAckProblem(s, missing(s.unsubscribe!.sentAfterSeq ?? 0))).find((p) => p !== undefined) });
  const pushes = messages.filter((m) => m.kind === 'push');
  if (pushes.length > 0 && c.subscriptions.length > 0) {
    const subscribed = new Set(c.subscriptions.map((s) => s.id));
    out.push({ id: CONVERSATION_IDS.onlySubscribed, problem: pushes.map((m) => foreignPushProblem(m, subscribed)).find((p) => p !== undefined) });
  }
  const gone = c.subscriptions.filter((s) => s.unsubscribe?.ack !== undefined);
  if (gone.length > 0) out.push({ id: CONVERSATION_IDS.noPushAfterUnsubscribe, problem: gone.map((s) => pushAfterUnsubscribeProblem(s, messages)).find((p) => p !== undefined) });
  const probes = c.malformed.filter((p) => p.reply !== undefined || wentOn(p.sentAfterSeq) || c.closedByServer !== undefined);
  if (probes.length > 0) {
    const unanswered = probes.map((p) => errorReplyProblem(p, c.closedByServer !== undefined && !wentOn(p.sentAfterSeq) ? `the server closed the socket (${c.closedByServer})` : missing(p.sentAfterSeq))).find((p) => p !== undefined);
    out.push({ id: CONVERSATION_IDS.errors, problem: unanswered ?? (c.closedByServer !== undefined ? droppedProblem(`closed by the server (${c.closedByServer})`) : undefined) });
  }
  return out;
}

/** The oracles of a stream's opening, in report order. */
export const STREAM_ORACLES: readonly StreamOracle[] = [wsReady];
/** The oracles of one received message, in report order. */
export const FRAME_ORACLES: readonly FrameOracle[] = [wsMessageSchema, wsEventName];

/** The ids of the rules of one conversation ({@link conversationProblems}). */
export const CONVERSATION_RULE_IDS: readonly string[] = Object.values(CONVERSATION_IDS);

/** Every check id `audit` judges in a recorded websocket conversation. */
export const STREAM_RULE_IDS: readonly string[] = [...STREAM_ORACLES.map((r) => r.id), ...FRAME_ORACLES.map((r) => r.id), ...CONVERSATION_RULE_IDS];
