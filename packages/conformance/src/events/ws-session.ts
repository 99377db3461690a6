/**
 * The websocket session of the events family (live-service facts §1.8; AsyncAPI channel
 * `intentStatus`): connect, wait for `connection`/`ready`, subscribe to the chosen requests, check
 * nothing yet but record everything: the acknowledgements, the pushes (the kit drives status
 * changes itself against the embedded server), an unsubscribe and what follows it, and malformed
 * messages with their answers. Every step waits at most `waitMs`; a closed socket ends every wait.
 */
import { EVENT, answerTo } from '../oracles/ws-frames.js';
import type { WsObservation } from '../contract/events.js';
import { WsConnection } from './ws-connection.js';

export { requestIdOf } from '../oracles/ws-frames.js';

export interface WsSessionPlan {
  /** The stream URL with the key. */
  url: string;
  /** The same URL as reports may show it (key redacted). */
  shownUrl: string;
  waitMs: number;
  /** Request ids to subscribe to (non-terminal). */
  ids: readonly string[];
  /**
   * Moves one request one lifecycle step now (the embedded server's `advance(id)`); false when it
   * could not move (terminal). Absent against a URL, where the session waits for natural changes.
   */
  advance?: (id: string) => boolean;
  /** Ids to change without subscribing (embedded), to see that their pushes do not reach the session. */
  controls?: readonly string[];
  /** Those of `ids` that belong to another key (or to none). */
  foreign?: readonly string[];
  /** Ends the session early (the run is over): the socket closes, which ends every wait. */
  signal?: AbortSignal;
}

/** Malformed messages sent on purpose, each with what is wrong with it. */
export const ERROR_PROBES: ReadonlyArray<{ sent: string; what: string }> = [
  { sent: '{"type":"subscribe",', what: 'a message that is not JSON' },
  { sent: JSON.stringify({ type: 'conformance-unknown-type' }), what: 'an unknown message type' },
  { sent: JSON.stringify({ type: 'subscribe', event: EVENT }), what: 'a subscribe without filters.id' },
  // A handler that reads filters.id without looking drops the connection here (mutation of the reference server).
  { sent: JSON.stringify({ type: 'subscribe', event: EVENT, filters: null }), what: 'a subscribe whose filters is null' },
  { sent: JSON.stringify({ type: 'subscribe', event: EVENT, filters: { id: 42 } }), what: 'a subscribe whose filters.id is not a string' },
  // Valid JSON that is no message at all: a handler that reads a field of it without looking dies here.
  { sent: 'null', what: 'the JSON message null' },
];

/**
 * An unsubscribe of a request id this socket never subscribed to: no malformed message (an
 * acknowledgement or an error both answer it), sent last to show the server survives it
 * (`general.stays-up`). The id is no request id of any target.
 */
export const STRAY_UNSUBSCRIBE = JSON.stringify({ type: 'unsubscribe', event: EVENT, filters: { id: '0xconformance-never-subscribed' } });
/** The longest the session waits for an answer to {@link STRAY_UNSUBSCRIBE} (none is owed). */
const STRAY_WAIT_MS = 1_000;

/** Runs the session; never throws for the target's behaviour. */
export async function runWsSession(plan: WsSessionPlan): Promise<WsObservation> {
  const conn = new WsConnection();
  const obs: WsObservation = {
    url: plan.shownUrl,
    waitMs: plan.waitMs,
    subscriptions: [],
    messages: conn.messages,
    dropped: 0,
    errorProbes: [],
    driven: plan.advance !== undefined,
    unsubscribedControls: [],
    changedAfterUnsubscribe: [],
    foreign: [...(plan.foreign ?? [])],
    notes: [],
  };
  const deadline = () => Date.now() + plan.waitMs;
  if (plan.signal?.aborted) {
    obs.problem = 'the run ended before the session could start';
    obs.problemKind = 'session';
    return obs;
  }
  plan.signal?.addEventListener('abort', () => void conn.close(), { once: true });
  try {
    const opened = await conn.open(plan.url, plan.waitMs);
    if (!opened.ok) {
      obs.problem = opened.problem;
      obs.problemKind = 'session';
      return obs;
    }
    obs.ready = await conn.waitFor((m) => m.kind === 'ready', deadline());
    if (!obs.ready) {
      obs.problem = conn.closed ? `the server closed the websocket (code ${conn.closed.code}) before its ready message` : `no connection/ready message within ${plan.waitMs} ms`;
      obs.problemKind = 'session';
      return obs;
    }

    obs.subscribedAtMs = Date.now();
    for (const id of plan.ids) {
      obs.subscriptions.push({ id, sentAfterSeq: conn.lastSeq });
      conn.send({ type: 'subscribe', event: EVENT, filters: { id } });
    }
    const ackDeadline = deadline();
    for (const sub of obs.subscriptions) sub.ack = await conn.waitFor(answerTo('subscribe-ack', sub.id), ackDeadline, sub.sentAfterSeq);

    const pushesAfter = (seq: number) => conn.messages.filter((m) => m.seq > seq && m.kind === 'push').length;
    const beforeChanges = conn.lastSeq;
    const [gone, fence] = obs.subscriptions;
    if (!plan.advance) {
      // Listening only (a URL target, whose changes come when they come): the first request is
      // unsubscribed at once and one window serves both rounds, pushes for the requests still
      // followed and silence for the one that is not (half the session's waiting).
      if (gone) {
        gone.unsubscribe = { sentAfterSeq: conn.lastSeq };
        conn.send({ type: 'unsubscribe', event: EVENT, filters: { id: gone.id } });
        gone.unsubscribe.ack = await conn.waitFor(answerTo('unsubscribe-ack', gone.id), deadline(), gone.unsubscribe.sentAfterSeq);
      }
      const afterAck = gone?.unsubscribe?.ack?.seq ?? conn.lastSeq;
      const followed = obs.subscriptions.length - (gone ? 1 : 0);
      await conn.waitFor(() => pushesAfter(afterAck) >= Math.max(1, followed), deadline());
    } else {
      for (const id of plan.controls ?? []) {
        plan.advance(id);
        obs.unsubscribedControls.push(id);
      }
      for (const id of plan.ids) plan.advance(id);
      await conn.waitFor(() => pushesAfter(beforeChanges) >= plan.ids.length, deadline());
    }

    if (gone && plan.advance) {
      gone.unsubscribe = { sentAfterSeq: conn.lastSeq };
      conn.send({ type: 'unsubscribe', event: EVENT, filters: { id: gone.id } });
      gone.unsubscribe.ack = await conn.waitFor(answerTo('unsubscribe-ack', gone.id), deadline(), gone.unsubscribe.sentAfterSeq);
      const afterAck = gone.unsubscribe.ack?.seq ?? gone.unsubscribe.sentAfterSeq;
      const advance = plan.advance;
      advance(gone.id);
      obs.changedAfterUnsubscribe.push(gone.id);
      // A request still followed moves too, so a later push shows the stream went on (the first
      // one tried may have reached a terminal status with the first round of changes).
      if (!fence) obs.notes.push('only one request to follow: no later push shows that the stream went on after the unsubscribe');
      else if (!obs.subscriptions.slice(1).some((s) => advance(s.id))) obs.notes.push('every other followed request is terminal: no later push shows that the stream went on after the unsubscribe');
      await conn.waitFor(() => pushesAfter(afterAck) >= 1, deadline());
    }

    const probeDeadline = deadline();
    for (const probe of ERROR_PROBES) {
      const after = conn.lastSeq;
      if (!conn.send(probe.sent)) break;
      obs.errorProbes.push({ ...probe, reply: await conn.waitFor((m) => m.kind === 'error', probeDeadline, after) });
    }
    if (fence) {
      fence.unsubscribe = { sentAfterSeq: conn.lastSeq };
      if (conn.send({ type: 'unsubscribe', event: EVENT, filters: { id: fence.id } })) {
        fence.unsubscribe.ack = await conn.waitFor(answerTo('unsubscribe-ack', fence.id), deadline(), fence.unsubscribe.sentAfterSeq);
      }
    }
    const beforeStray = conn.lastSeq;
    if (conn.send(STRAY_UNSUBSCRIBE)) {
      const reply = await conn.waitFor((m) => m.seq > beforeStray && (m.kind === 'unsubscribe-ack' || m.kind === 'error'), Math.min(deadline(), Date.now() + STRAY_WAIT_MS), beforeStray);
      obs.strayUnsubscribe = { sent: STRAY_UNSUBSCRIBE, ...(reply ? { reply } : {}) };
    }
    return obs;
  } finally {
    obs.endedAtMs = Date.now();
    if (conn.closed && !conn.closed.byKit) obs.closedByServer = { code: conn.closed.code, reason: conn.closed.reason, at: conn.closed.at };
    await conn.close();
    obs.dropped = conn.dropped;
    obs.transcript = {
      url: plan.shownUrl,
      startedAt: conn.startedAt,
      status: conn.upgrade?.status ?? 0,
      responseHeaders: conn.upgrade?.headers ?? {},
      frames: conn.frames,
      durationMs: Date.now() - conn.startedAt,
      ...(conn.upgrade === undefined && obs.problem !== undefined ? { error: obs.problem } : {}),
    };
  }
}
