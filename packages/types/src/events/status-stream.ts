/**
 * `subscribeRequestStatus`: follows one request on the Intent Status websocket
 * (live-service-facts §1.8) as an async iterator of its status pushes. It waits for the
 * `connection`/`ready` message, subscribes and waits for the acknowledgement, reconnects and
 * resubscribes after a disconnect (rolling restarts close sockets; backoff doubling up to
 * `maxReconnectDelayMs`), and ends on a terminal status: `success` or `refund` at once, `failure`
 * only when nothing follows within `failureGraceMs` (facts §1.2: failure may go back to pending).
 * Changes that happen while disconnected are not replayed by the service: read the request once
 * (GET /requests/v3) from `onSubscribed` after a reconnect if you need them. The API key is sent only in the
 * connection URL and never appears in an error message.
 */
import WebSocket from 'ws';
import { EVENT_NAME, type WsRequestStatusUpdated } from '../generated/events.js';

export interface SubscribeRequestStatusOptions {
  /** How long a `failure` must stand before the iterator ends (default 2000 ms, as the SDK waits). */
  failureGraceMs?: number;
  /** Time allowed for the connection, the ready message and the acknowledgement (default 10,000 ms). */
  handshakeTimeoutMs?: number;
  /** First reconnect delay, doubling per failed attempt (default 250 ms). */
  reconnectDelayMs?: number;
  /** Longest reconnect delay (default 10,000 ms). */
  maxReconnectDelayMs?: number;
  /** Consecutive failed connection attempts before the iterator throws (default 10). */
  maxReconnectAttempts?: number;
  /** Ends the iteration (without error) when aborted. */
  signal?: AbortSignal;
  /**
   * Called each time the subscription is in place: after the first acknowledgement
   * (`reconnects` 0) and after each resubscription following a disconnect (1, 2, ...).
   */
  onSubscribed?: (info: { socketId: string; reconnects: number }) => void;
}

/** The stream could not be used: refused key, refused subscription, or too many failed reconnects. */
export class RequestStatusStreamError extends Error {
  override name = 'RequestStatusStreamError';
}

/** Statuses after which nothing follows (facts §1.2: the SDK treats only these as terminal). */
const TERMINAL = new Set(['success', 'refund']);
/** Pushes held for a consumer that does not read; beyond it the oldest are dropped. */
const MAX_QUEUED = 1000;

type Outcome = { kind: 'closed' } | { kind: 'fatal'; error: Error };

/** The connection URL with `apiKey` set, and a form of it safe to print. */
function connectionUrl(wsUrl: string, apiKey: string): { url: string; shown: string } {
  let url: URL;
  try {
    url = new URL(wsUrl);
  } catch {
    throw new TypeError(`subscribeRequestStatus: wsUrl must be a ws:// or wss:// URL, got ${JSON.stringify(wsUrl.slice(0, 200))}. Example: wss://ws.relay.link`);
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    throw new TypeError(`subscribeRequestStatus: wsUrl must be a ws:// or wss:// URL, got the scheme ${url.protocol}. Example: wss://ws.relay.link`);
  }
  url.searchParams.delete('apiKey');
  const shown = url.toString();
  url.searchParams.set('apiKey', apiKey);
  return { url: url.toString(), shown };
}

/** A push message for `requestId`, accepting the wrapped form `{data:{event,data}}` (facts §1.8). */
function pushOf(message: unknown, requestId: string): WsRequestStatusUpdated | undefined {
  if (message === null || typeof message !== 'object') return undefined;
  let m = message as Record<string, unknown>;
  const inner = m.data as Record<string, unknown> | undefined;
  if (m.event === undefined && inner && typeof inner === 'object' && inner.event === EVENT_NAME) m = inner;
  if (m.event !== EVENT_NAME) return undefined;
  const data = m.data as Record<string, unknown> | undefined;
  if (!data || typeof data !== 'object' || data.requestId !== requestId || typeof data.status !== 'string') return undefined;
  return m as unknown as WsRequestStatusUpdated;
}

/**
 * Follows request `requestId`: yields every status push for it and ends after a terminal status.
 * Breaking out of the loop (or aborting `options.signal`) closes the socket.
 */
export function subscribeRequestStatus(wsUrl: string, apiKey: string, requestId: string, options: SubscribeRequestStatusOptions = {}): AsyncIterableIterator<WsRequestStatusUpdated> {
  if (typeof apiKey !== 'string' || apiKey === '') throw new TypeError('subscribeRequestStatus: apiKey must be a non-empty API key');
  if (typeof requestId !== 'string' || requestId === '') throw new TypeError('subscribeRequestStatus: requestId must be a non-empty request id');
  const { url, shown } = connectionUrl(wsUrl, apiKey);
  const failureGraceMs = options.failureGraceMs ?? 2000;
  const handshakeTimeoutMs = options.handshakeTimeoutMs ?? 10_000;
  const baseDelay = options.reconnectDelayMs ?? 250;
  const maxDelay = options.maxReconnectDelayMs ?? 10_000;
  const maxAttempts = options.maxReconnectAttempts ?? 10;

  const queue: WsRequestStatusUpdated[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  let failure: Error | undefined;
  let socket: WebSocket | undefined;
  let graceTimer: NodeJS.Timeout | undefined;
  let started = false;
  /** A terminal status was queued (or a failure stood for the grace period): end once read. */
  let finishAfterDrain = false;

  const notify = (): void => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const finish = (error?: Error): void => {
    if (finished) return;
    finished = true;
    failure = error;
    clearTimeout(graceTimer);
    socket?.removeAllListeners();
    socket?.on('error', () => undefined);
    if (socket && socket.readyState !== WebSocket.CLOSED) socket.terminate();
    options.signal?.removeEventListener('abort', onAbort);
    notify();
  };
  const onAbort = (): void => finish();
  options.signal?.addEventListener('abort', onAbort);

  /** One connection: resolves when it closes (or fails), rejects never. */
  const connect = (onReady: (socketId: string) => void): Promise<Outcome> =>
    new Promise((resolve) => {
      const ws = new WebSocket(url, { handshakeTimeout: handshakeTimeoutMs });
      socket = ws;
      let acknowledged = false;
      let socketId = '';
      const handshake = setTimeout(() => ws.terminate(), handshakeTimeoutMs);
      ws.on('unexpected-response', (_req, res) => {
        clearTimeout(handshake);
        const status = res.statusCode ?? 0;
        res.resume();
        ws.terminate();
        const fatal = status === 401 || status === 403;
        resolve(fatal
          ? { kind: 'fatal', error: new RequestStatusStreamError(`the websocket at ${shown} refused the API key (HTTP ${status}); check the key`) }
          : { kind: 'closed' });
      });
      ws.on('error', () => undefined);
      ws.on('close', () => {
        clearTimeout(handshake);
        resolve({ kind: 'closed' });
      });
      ws.on('message', (raw) => {
        let message: Record<string, unknown>;
        try {
          message = JSON.parse(raw.toString()) as Record<string, unknown>;
        } catch {
          return;
        }
        if (message.type === 'connection' && message.status === 'ready') {
          socketId = String((message.data as Record<string, unknown> | undefined)?.id ?? '');
          ws.send(JSON.stringify({ type: 'subscribe', event: EVENT_NAME, filters: { id: requestId } }));
          return;
        }
        if (message.type === 'subscribe' && message.status === 'success' && !acknowledged) {
          acknowledged = true;
          clearTimeout(handshake);
          onReady(socketId);
          return;
        }
        if (message.type === 'error' && !acknowledged) {
          clearTimeout(handshake);
          ws.terminate();
          resolve({ kind: 'fatal', error: new RequestStatusStreamError(`the websocket refused the subscription to ${requestId}: ${String(message.message ?? 'no reason given').slice(0, 300)}`) });
          return;
        }
        const push = pushOf(message, requestId);
        if (!push) return;
        // A push proves the subscription even when the acknowledgement never came.
        if (!acknowledged) {
          acknowledged = true;
          clearTimeout(handshake);
          onReady(socketId);
        }
        deliver(push);
      });
    });

  const deliver = (push: WsRequestStatusUpdated): void => {
    if (finished) return;
    if (queue.length >= MAX_QUEUED) queue.shift();
    queue.push(push);
    clearTimeout(graceTimer);
    const status = push.data.status;
    if (TERMINAL.has(status)) {
      graceTimer = undefined;
      finishAfterDrain = true;
    } else if (status === 'failure') {
      graceTimer = setTimeout(() => {
        finishAfterDrain = true;
        notify();
      }, failureGraceMs);
    }
    notify();
  };

  const run = async (): Promise<void> => {
    let attempts = 0;
    let connections = 0;
    while (!finished && !finishAfterDrain) {
      let ready = false;
      const outcome = await connect((socketId) => {
        ready = true;
        attempts = 0;
        options.onSubscribed?.({ socketId, reconnects: connections++ });
      });
      if (finished || finishAfterDrain) return;
      if (outcome.kind === 'fatal') return finish(outcome.error);
      if (!ready && ++attempts >= maxAttempts) {
        return finish(new RequestStatusStreamError(`could not (re)connect to ${shown} after ${attempts} attempts`));
      }
      const delay = ready ? baseDelay : Math.min(maxDelay, baseDelay * 2 ** (attempts - 1));
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, delay);
        const stop = (): void => {
          clearTimeout(t);
          resolve();
        };
        options.signal?.addEventListener('abort', stop, { once: true });
      });
    }
  };

  const iterator: AsyncIterableIterator<WsRequestStatusUpdated> = {
    async next(): Promise<IteratorResult<WsRequestStatusUpdated>> {
      if (!started) {
        started = true;
        if (options.signal?.aborted) finish();
        else void run();
      }
      for (;;) {
        if (queue.length > 0) return { value: queue.shift()!, done: false };
        if (finishAfterDrain && !finished) finish();
        if (finished) {
          if (failure) {
            const error = failure;
            failure = undefined;
            throw error;
          }
          return { value: undefined, done: true };
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async return(): Promise<IteratorResult<WsRequestStatusUpdated>> {
      finish();
      queue.length = 0;
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return iterator;
}
