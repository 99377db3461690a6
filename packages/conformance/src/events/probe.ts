/**
 * The events capability of a run (`ctx.events`, contract/types.ts): runs the websocket session once
 * on first use and hands the same observation to every check; against the embedded server it also
 * drives the status changes (`advance(id)` of the reference server, only for the ids it follows and
 * one control id) and collects the deliveries of the in-process webhook receiver.
 */
import { LIMITS } from '@crosschain/specs';
import { recordsOfBody } from '../contract/list-wrapper.js';
import { authenticatedFieldsIn } from '../oracles/authenticated-fields.js';
import type { Discovery, HttpClient } from '../contract/types.js';
import type { WsTranscript } from '../contract/websocket.js';
import type { EventsProbe, WebhookDelivery, WebhookObservation, WsObservation } from '../contract/events.js';
import type { WebhookReceiver } from './webhook-receiver.js';
import { runWsSession } from './ws-session.js';
import { statusAfterAdvance } from '../contract/advance.js';

/** Whether the embedded server's `advance(id)` moved the request (it returns the changes made). */
function moved(changes: unknown): boolean {
  return !Array.isArray(changes) || changes.length > 0;
}


/**
 * How long after the last delivery the kit waits before its after-drain change (ms): by then the
 * target has long read the answer to its last POST and emptied the key's queue (same process), so
 * the change starts a new round of deliveries rather than joining the round in flight.
 */
export const DRAIN_SETTLE_MS = 100;

/** Whether a delivery for request `id` came (in `status`, when given), whatever the receiver answered. */
export function deliveredFor(deliveries: readonly WebhookDelivery[], id: string, status?: string): boolean {
  return deliveries.some((d) => {
    const [requestId, delivered] = (d.identity ?? '').split('|');
    return requestId === id && (status === undefined || delivered === status);
  });
}

/** Statuses after which a request changes no more (live-service facts §1.2: success and refund end the lifecycle). */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['success', 'refund']);
/** Requests followed on the stream (against a URL, more: natural changes are rarer). */
const FOLLOW_EMBEDDED = 3;
const FOLLOW_EXTERNAL = 5;

export interface EventsProbeOptions {
  http: HttpClient;
  discovery: Discovery;
  /** The key the stream URL carries (`?apiKey=`); without one there is no session. */
  apiKey?: string;
  /** --ws-url, else derived from `baseUrl`. */
  wsUrl?: string;
  baseUrl: string;
  /** True when the target is an in-process fetch (no socket to open unless --ws-url is given). */
  inProcess: boolean;
  waitMs: number;
  redact: (text: string) => string;
  /** Writes the websocket conversation down (`--record`): given redacted, the key in no encoding left. */
  record?: (transcript: WsTranscript) => void;
  /** Set when the target cannot serve events at all (e.g. an embedded server without them): why. */
  unavailable?: string;
  /** The embedded reference server's handles. */
  embedded?: { advance(id: string): unknown; receiver?: WebhookReceiver };
}

/** The stream URL: the base URL with the ws scheme (http→ws, https→wss), the key in `apiKey` (live-service facts §1.8). */
export function streamUrl(base: string, apiKey: string): string {
  const url = new URL(base);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  url.searchParams.set('apiKey', apiKey);
  return url.toString();
}

function idsOf(records: ReadonlyArray<Record<string, unknown>>): string[] {
  const ids = records.filter((r) => typeof r.id === 'string' && typeof r.status === 'string' && !TERMINAL_STATUSES.has(r.status)).map((r) => r.id as string);
  return [...new Set(ids)];
}

/**
 * Non-terminal request ids: the discovered ones, else the latest page of `/requests/v3`. With
 * `ownKey` (embedded target) only the pending requests created with that key (the `apiKey`
 * filter), so their changes are also delivered to the key's webhook.
 */
async function nonTerminalIds(http: HttpClient, discovery: Discovery, wanted: number, ownKey?: string, statuses: Record<string, string> = {}): Promise<{ ids: string[]; refused?: string }> {
  noteStatuses(discovery.records, statuses);
  const ids = ownKey === undefined ? idsOf(discovery.records) : [];
  if (ids.length >= wanted) return { ids };
  // Embedded: `pending` requests, which always have a step left after the first round of changes
  // (pending -> submitted or failure -> a further step), so the stream can show it went on. Read as
  // their owner with includeAuthenticatedData=true: the owner's view before the change, which
  // requests-v3.changed.authenticated-read compares with the reads after it.
  const page = await http.send({ method: 'GET', path: '/requests/v3', query: { limit: LIMITS['GET /requests/v3'].maximum, ...(ownKey !== undefined ? { apiKey: ownKey, status: 'pending', includeAuthenticatedData: true } : {}) } });
  const status = page.response?.status;
  const records = status === 200 ? (recordsOfBody(page.response!.json) ?? []) : [];
  noteStatuses(records as Array<Record<string, unknown>>, statuses);
  const found = [...new Set([...ids, ...idsOf(records as Array<Record<string, unknown>>)])];
  // A lookup the target refused is no evidence that it holds nothing to follow (a skip's reason is verified).
  return status === 200 ? { ids: found } : { ids: found, refused: `GET /requests/v3${ownKey !== undefined ? '?apiKey=<the key>&status=pending' : ''} was answered ${status ?? 'with no response'}` };
}

/** Notes the status of each record (by id) as read before the session: the events checks verify "no change" by REST against it. */
function noteStatuses(records: ReadonlyArray<Record<string, unknown>>, into: Record<string, string>): void {
  for (const r of records) if (typeof r.id === 'string' && typeof r.status === 'string') into[r.id] = r.status;
}

/**
 * A pending request the key does not own (embedded target): followed on the stream beside the
 * key's own, so that a push of another key's authenticated fields has a chance to show. Not owned:
 * `includeAuthenticatedData=true` shows no authenticated field on it.
 */
async function foreignId(http: HttpClient, own: readonly string[]): Promise<string | undefined> {
  const page = await http.send({ method: 'GET', path: '/requests/v3', query: { limit: LIMITS['GET /requests/v3'].maximum, status: 'pending', includeAuthenticatedData: true } });
  const records = page.response?.status === 200 ? ((recordsOfBody(page.response.json) ?? []) as Array<Record<string, unknown>>) : [];
  const found = records.find((r) => typeof r.id === 'string' && !own.includes(r.id) && authenticatedFieldsIn(r.data).length === 0);
  return found?.id as string | undefined;
}

export function createEventsProbe(options: EventsProbeOptions): EventsProbe {
  let session: Promise<WsObservation> | undefined;
  let hooks: Promise<WebhookObservation> | undefined;
  /** Requests of the key whose status the kit changed (embedded): what the webhook receiver should hear of. */
  const movedOfKey: string[] = [];
  /** The latest status the kit's changes gave each of `movedOfKey`, when `advance` said. */
  const movedStatus: Record<string, string> = {};
  /** A pending request of the key the session leaves alone: the kit's after-drain change (embedded). */
  let spare: string | undefined;
  /** Ends a session still running when the run closes (an early session against a URL must not outlive --max-duration). */
  const stop = new AbortController();

  const websocket = async (): Promise<WsObservation> => {
    const base = options.wsUrl ?? (options.inProcess ? undefined : options.baseUrl);
    const empty = (url: string, problem: string): WsObservation => ({
      url,
      problem,
      problemKind: 'setup',
      waitMs: options.waitMs,
      subscriptions: [],
      messages: [],
      dropped: 0,
      errorProbes: [],
      driven: false,
      unsubscribedControls: [],
      changedAfterUnsubscribe: [],
      foreign: [],
      notes: [],
    });
    if (options.unavailable) return empty('(none)', options.unavailable);
    if (!base) return empty('(none)', 'the target is an in-process fetch: there is no websocket to open; pass --ws-url');
    if (!options.apiKey) return empty(options.redact(base), 'no API key: the stream needs one in its apiKey parameter; pass --api-key');
    const url = streamUrl(base, options.apiKey);
    const shownUrl = options.redact(url);
    const follow = options.embedded ? FOLLOW_EMBEDDED : FOLLOW_EXTERNAL;
    const statusBefore: Record<string, string> = {};
    const lookup = await nonTerminalIds(options.http, options.discovery, follow + 1, options.embedded ? options.apiKey : undefined, statusBefore);
    const candidates = lookup.ids;
    if (candidates.length === 0 && lookup.refused !== undefined) return empty(shownUrl, `no request to follow could be looked up: ${lookup.refused}`);
    if (candidates.length === 0) return { ...empty(shownUrl, 'no request in a non-terminal status was found to follow (discovery and the latest page of /requests/v3)'), noData: true };
    const controls = options.embedded ? candidates.slice(follow, follow + 1) : [];
    spare = options.embedded ? candidates[follow + 1] : undefined;
    const foreign = options.embedded ? await foreignId(options.http, candidates) : undefined;
    const ids = [...candidates.slice(0, follow), ...(foreign ? [foreign] : [])];
    if (foreign) statusBefore[foreign] = 'pending'; // found with status=pending
    const obs = await runWsSession({
      url,
      shownUrl,
      waitMs: options.waitMs,
      ids,
      signal: stop.signal,
      ...(options.embedded
        ? {
            advance: (id: string) => {
              const changes = options.embedded!.advance(id);
              const changed = moved(changes);
              // The followed and control ids are the key's own requests (the receiver's key); the foreign one is not.
              if (changed && id !== foreign) {
                if (!movedOfKey.includes(id)) movedOfKey.push(id);
                const status = statusAfterAdvance(changes);
                if (status !== undefined) movedStatus[id] = status;
                else delete movedStatus[id];
              }
              return changed;
            },
            controls,
            foreign: foreign ? [foreign] : [],
          }
        : {}),
    });
    if (obs.problem) obs.problem = options.redact(obs.problem);
    if (obs.transcript && options.record) {
      const t = obs.transcript;
      const redact = options.redact;
      options.record({ ...t, url: redact(t.url), responseHeaders: Object.fromEntries(Object.entries(t.responseHeaders).map(([k, v]) => [k, redact(v)])), frames: t.frames.map((f) => ({ ...f, data: redact(f.data) })), ...(t.error !== undefined ? { error: redact(t.error) } : {}) });
    }
    obs.statusBefore = Object.fromEntries(ids.filter((id) => statusBefore[id] !== undefined).map((id) => [id, statusBefore[id]!]));
    return obs;
  };

  const webhooks = async (): Promise<WebhookObservation> => {
    const receiver = options.embedded?.receiver;
    if (options.unavailable) return { url: '(none)', problem: options.unavailable, waitMs: options.waitMs, deliveries: [], dropped: 0 };
    if (!receiver) {
      return {
        url: '(none)',
        problem: 'webhook deliveries go to the URL registered for the key, outside the run: check them with crosschain-conformance webhook-receiver',
        waitMs: options.waitMs,
        deliveries: [],
        dropped: 0,
      };
    }
    await (session ??= websocket());
    const retried = (o: WebhookObservation) => o.refused === undefined || (o.refused.retrySeq !== undefined && (o.refused.unansweredSeq === undefined || o.refused.afterUnansweredSeq !== undefined));
    // A delivery the receiver refused for its signature (401) is retried with backoff and holds the later ones back: those are not awaited.
    const heldBack = (o: WebhookObservation) => o.deliveries.some((d) => d.answered === 401);
    // Every request of the key the kit changed has its latest change delivered (not just the first change).
    const allDelivered = (o: WebhookObservation) => movedOfKey.every((id) => deliveredFor(o.deliveries, id, movedStatus[id]));
    await receiver.waitUntil((o) => o.deliveries.length > 0 && retried(o) && (heldBack(o) || allDelivered(o)), Date.now() + options.waitMs);
    const afterDrain = await changeAfterDrain(receiver, allDelivered, heldBack);
    return { ...receiver.observation(), moved: [...movedOfKey], movedStatus: { ...movedStatus }, ...(afterDrain ? { afterDrain } : {}) };
  };

  /**
   * Once every change the kit made was delivered, one more (a request of the key the session left
   * alone), made when the key's queue has emptied: deliveries must go on after a queue drained
   * once (the mutant that left its queue marked running heard of the first round only). Its own
   * wait of `waitMs`. No HTTP request: the embedded server's `advance`.
   */
  const changeAfterDrain = async (receiver: WebhookReceiver, allDelivered: (o: WebhookObservation) => boolean, heldBack: (o: WebhookObservation) => boolean): Promise<WebhookObservation['afterDrain']> => {
    const before = receiver.observation();
    const last = before.deliveries[before.deliveries.length - 1];
    if (!options.embedded || spare === undefined || movedOfKey.length === 0 || !last || !allDelivered(before) || heldBack(before) || stop.signal.aborted) return undefined;
    await new Promise<void>((resolve) => setTimeout(resolve, DRAIN_SETTLE_MS));
    const changes = options.embedded.advance(spare);
    if (!moved(changes)) return undefined;
    const status = statusAfterAdvance(changes);
    const id = spare;
    await receiver.waitUntil((o) => deliveredFor(o.deliveries, id, status), Date.now() + options.waitMs);
    return { id, ...(status !== undefined ? { status } : {}), afterSeq: last.seq, settleMs: DRAIN_SETTLE_MS };
  };

  return {
    websocket: () => (session ??= websocket()),
    webhooks: () => (hooks ??= webhooks()),
    close: async () => {
      stop.abort();
      await session?.catch(() => undefined);
      await options.embedded?.receiver?.close();
    },
  };
}
