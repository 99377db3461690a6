/**
 * What the events family observes: one websocket session (live-service facts §1.8) and the webhook
 * deliveries a receiver got (§1.9). Checks read these through `ctx.events` and judge them; they do
 * no I/O of their own on the socket.
 */
import type { SchemaError } from './schema-error.js';
import type { WsTranscript } from './websocket.js';

/** What a received message is, by its shape (AsyncAPI messages of the `intentStatus` channel). */
export type WsMessageKind = 'ready' | 'subscribe-ack' | 'unsubscribe-ack' | 'error' | 'push' | 'unknown';

export interface WsMessage {
  /** Order of arrival, from 1. */
  seq: number;
  /** ms since the connection was opened. */
  at: number;
  /** The text (cut to 2 KiB for reports). */
  text: string;
  /** Parsed JSON; undefined when the text is not JSON. */
  json: unknown;
  kind: WsMessageKind;
}

/** One subscription the session made. */
export interface WsSubscription {
  id: string;
  /** Seq of the last message received before the subscribe was sent. */
  sentAfterSeq: number;
  /** The answer to the subscribe (a `subscribe` message naming this id, or an error after it). */
  ack?: WsMessage;
  /** Set when the session unsubscribed from this id. */
  unsubscribe?: { sentAfterSeq: number; ack?: WsMessage };
}

/** One malformed message the session sent on purpose, and the answer. */
export interface WsErrorProbe {
  /** What was sent (text), and why it is malformed. */
  sent: string;
  what: string;
  reply?: WsMessage;
}

/** The websocket session of a run. */
export interface WsObservation {
  /** The stream URL, key redacted. */
  url: string;
  /** Set when there was no full session: the reason. */
  problem?: string;
  /**
   * Set (with `problemKind` `setup`) when the target's data left nothing to follow: no request in a
   * non-terminal status. A fact of the data set, as any check's "no data" skip, not an unverified
   * claim about the stream (so never inconclusive under `--events required`).
   */
  noData?: boolean;
  /** `setup`: the kit could not start one (no key, no request to follow); `session`: the target refused, failed or never got ready. */
  problemKind?: 'setup' | 'session';
  /** ms the session waited at most for each step (--events-wait-ms). */
  waitMs: number;
  /** ms the session took from open to the ready message, when it came. */
  ready?: WsMessage;
  subscriptions: WsSubscription[];
  /** Every message received, in order (bounded). */
  messages: WsMessage[];
  /** Messages not kept because the log was full. */
  dropped: number;
  errorProbes: WsErrorProbe[];
  /** The unsubscribe of an id never subscribed, sent last (its answer, when one came within a second). */
  strayUnsubscribe?: { sent: string; reply?: WsMessage };
  /** Set when the server closed the socket during the session. */
  closedByServer?: { code: number; reason: string; at: number };
  /** True when the kit drove status changes of the subscribed ids itself (embedded target). */
  driven: boolean;
  /** Ids the kit changed after unsubscribing from them (their last push is not their status any more). */
  changedAfterUnsubscribe: string[];
  /** Ids whose changes the kit drove without subscribing to them (embedded target). */
  unsubscribedControls: string[];
  /** Subscribed ids of requests the session's key does not own (embedded target): their pushes must not carry the owner's authenticated fields. */
  foreign: string[];
  /** Why ids could not be found or changes not driven, when that happened. */
  notes: string[];
  /** The status of each followed request as read before the session (discovery or the latest page), where known. */
  statusBefore?: Record<string, string>;
  /** The conversation as a recording keeps it (`--record`): the upgrade and the frames both ways, not yet redacted. */
  transcript?: WsTranscript;
  /** The kit's clock (epoch ms) when the subscriptions were sent, and when the session ended. */
  subscribedAtMs?: number;
  endedAtMs?: number;
}

/** The verdict on a webhook signature (live-service facts §1.9). */
export type SignatureVerdict =
  /** The HMAC of `<timestamp>.<raw body>` matches. */
  | 'valid'
  /** Only the HMAC over a re-serialised body (`JSON.stringify(JSON.parse(body))`) matches. */
  | 'reserialised-only'
  | 'invalid'
  | 'missing';

export interface WebhookDelivery {
  seq: number;
  /** ms since the receiver started. */
  at: number;
  method: string;
  path: string;
  /** Header names lower-cased; values cut to 200 characters. */
  headers: Record<string, string>;
  /** Raw body (cut to 4 KiB for reports). */
  body: string;
  bodyBytes: number;
  signature: SignatureVerdict;
  /** `X-Signature-Timestamp` in ms (a seconds value is scaled), and its distance from the receiver's clock. */
  timestampMs?: number;
  skewMs?: number;
  /** Payload schema problems (empty: conforms); undefined when the body is not JSON. */
  payloadErrors?: SchemaError[];
  headerErrors: SchemaError[];
  /** Identity of the delivered change: `requestId|status|updatedAt`. */
  identity?: string;
  /** The status the receiver answered. */
  answered: number;
  /** True for the delivery the receiver refused on purpose to see a retry. */
  refusedOnPurpose: boolean;
}

/** What a webhook receiver saw. */
export interface WebhookObservation {
  /** The receiver's URL. */
  url: string;
  /** Set when no receiver ran: why. */
  problem?: string;
  waitMs: number;
  deliveries: WebhookDelivery[];
  /** Deliveries not kept because the log was full. */
  dropped: number;
  /**
   * The delivery refused on purpose, and the seq of its first redelivery, when one came; that
   * redelivery left unanswered on purpose (`unansweredSeq`: the receiver closed the connection
   * without a response) and the seq of the redelivery after it (`afterUnansweredSeq`).
   */
  refused?: { seq: number; identity?: string; retrySeq?: number; unansweredSeq?: number; afterUnansweredSeq?: number };
  /**
   * The requests of the receiver's key whose status the kit itself changed during the run (the
   * embedded server's `advance`): changes the target had to deliver, so silence is not a quiet target.
   */
  moved?: string[];
  /** The latest status the kit's own change gave each of `moved` (when the target's `advance` told it): the delivery each is owed. */
  movedStatus?: Record<string, string>;
  /**
   * A change the kit made after every change it had made before was delivered (and the queue of
   * the key's URL had emptied): a request of the key the session left alone, moved `settleMs`
   * after the last delivery (`afterSeq`). Its delivery shows that the deliveries go on after a
   * queue drained once.
   */
  afterDrain?: { id: string; status?: string; afterSeq: number; settleMs: number };
}

/** The events capability of the check context (contract/types.ts `CheckContext.events`). */
export interface EventsProbe {
  /** The websocket session, run once on first use and shared by the checks. */
  websocket(): Promise<WsObservation>;
  /** The webhook deliveries (after the websocket session drove changes). */
  webhooks(): Promise<WebhookObservation>;
  close(): Promise<void>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Classifies a message by shape: control messages carry `type`; a push carries `event`/`data` without `type`. */
export function kindOf(json: unknown): WsMessageKind {
  if (!isRecord(json)) return 'unknown';
  if (json.type === 'error' || (json.type === undefined && json.status === 'error')) return 'error';
  if (json.type === 'connection') return 'ready';
  if (json.type === 'subscribe') return 'subscribe-ack';
  if (json.type === 'unsubscribe') return 'unsubscribe-ack';
  if (json.type === undefined && ('event' in json || 'data' in json)) return 'push';
  return 'unknown';
}
