/**
 * Oracles of the Intent Status websocket (AsyncAPI channel `intentStatus`; live-service facts §1.8)
 * that one received message decides, or the opening of the stream: the stream opens (101) and its
 * first message is connection/ready with the socket id, every message is JSON and valid against its
 * AsyncAPI message, every push names the event `request.status.updated`. The active checks
 * (checks/events-ws.ts) judge their session's messages with these predicates, and `audit` judges the
 * frames a recording holds (a HAR entry's `_webSocketMessages`, as Chrome writes them and as the
 * kit's `--record` does) with these oracles: one predicate, one message, both sides.
 */
import { brief } from '../engine/expect.js';
import { messageSchemasNow, type MessageId } from '../events/message-schemas.js';
import { kindOf, type WsMessage } from '../events/ws-connection.js';
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

/** The oracles of a stream's opening, in report order. */
export const STREAM_ORACLES: readonly StreamOracle[] = [wsReady];
/** The oracles of one received message, in report order. */
export const FRAME_ORACLES: readonly FrameOracle[] = [wsMessageSchema, wsEventName];
