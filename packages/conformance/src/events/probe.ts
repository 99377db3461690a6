/**
 * The events capability of a run (`ctx.events`, engine/types.ts): runs the websocket session once
 * on first use and hands the same observation to every check; against the embedded server it also
 * drives the status changes (`advance(id)` of the reference server, only for the ids it follows and
 * one control id) and collects the deliveries of the in-process webhook receiver.
 */
import { recordsOfBody } from '../engine/list-wrapper.js';
import { authenticatedFieldsIn } from '../oracles/authenticated-fields.js';
import type { Discovery, HttpClient } from '../engine/types.js';
import type { EventsProbe, WebhookObservation, WsObservation } from './types.js';
import type { WebhookReceiver } from './webhook-receiver.js';
import { runWsSession } from './ws-session.js';

/** Whether the embedded server's `advance(id)` moved the request (it returns the changes made). */
function moved(changes: unknown): boolean {
  return !Array.isArray(changes) || changes.length > 0;
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
  // (pending -> submitted or failure -> a further step), so the stream can show it went on.
  const page = await http.send({ method: 'GET', path: '/requests/v3', query: { limit: 50, ...(ownKey !== undefined ? { apiKey: ownKey, status: 'pending' } : {}) } });
  const status = page.response?.status;
  const records = status === 200 ? (recordsOfBody(page.response!.json) ?? []) : [];
  noteStatuses(records as Array<Record<string, unknown>>, statuses);
  const found = [...new Set([...ids, ...idsOf(records as Array<Record<string, unknown>>)])];
  // A lookup the target refused is no evidence that it holds nothing to follow (issue 25: a skip's reason is verified).
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
  const page = await http.send({ method: 'GET', path: '/requests/v3', query: { limit: 50, status: 'pending', includeAuthenticatedData: true } });
  const records = page.response?.status === 200 ? ((recordsOfBody(page.response.json) ?? []) as Array<Record<string, unknown>>) : [];
  const found = records.find((r) => typeof r.id === 'string' && !own.includes(r.id) && authenticatedFieldsIn(r.data).length === 0);
  return found?.id as string | undefined;
}

export function createEventsProbe(options: EventsProbeOptions): EventsProbe {
  let session: Promise<WsObservation> | undefined;
  let hooks: Promise<WebhookObservation> | undefined;
  /** Requests of the key whose status the kit changed (embedded): what the webhook receiver should hear of. */
  const movedOfKey: string[] = [];
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
              const changed = moved(options.embedded!.advance(id));
              // The followed and control ids are the key's own requests (the receiver's key); the foreign one is not.
              if (changed && id !== foreign && !movedOfKey.includes(id)) movedOfKey.push(id);
              return changed;
            },
            controls,
            foreign: foreign ? [foreign] : [],
          }
        : {}),
    });
    if (obs.problem) obs.problem = options.redact(obs.problem);
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
    await receiver.waitUntil(
      (o) => o.deliveries.length > 0 && (o.refused === undefined || (o.refused.retrySeq !== undefined && (o.refused.unansweredSeq === undefined || o.refused.afterUnansweredSeq !== undefined))),
      Date.now() + options.waitMs,
    );
    return { ...receiver.observation(), moved: [...movedOfKey] };
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
