/**
 * The Intent Status websocket (API document, Events 1; live-service-facts §1.8) on the HTTP port:
 * upgrade on `/`, with `?apiKey=<key>` or without a key (the live service's anonymous tier: its
 * websocket guide says the stream "is available for anyone with strict rate limits" and a key
 * raises them; the SDK connects without one); `connection`/`ready` with a socket id; `subscribe` and
 * `unsubscribe` to `request.status.updated` filtered by request id, each acknowledged; a push of
 * every status change of a subscribed request. A malformed, unknown, binary or oversized message
 * gets `{type:"error",status:"error",message}` and the socket stays open. Bounded: subscriptions
 * per socket, message size, and bytes buffered for a slow reader (beyond which it is closed, 1013).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { identify } from '../auth.js';
import type { Json } from '../data/record-v3.js';
import type { Row } from '../data/row.js';
import type { Faults } from '../faults.js';
import type { StatusChange } from '../lifecycle/lifecycle.js';
import type { Store } from '../store/store.js';
import { EVENT_NAME, pushData } from './payloads.js';

/** Subscriptions one socket may hold. */
export const MAX_SUBSCRIPTIONS = 100;
/** Largest client message answered normally (bytes); larger ones get an error message. */
export const MAX_MESSAGE_BYTES = 16 * 1024;
/** Frames above this are refused by `ws` itself (close 1009), so a frame never buffers more. */
const MAX_FRAME_BYTES = 1024 * 1024;
/** A socket whose unsent bytes exceed this is closed (1013): a slow reader never grows memory. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** The event name pushed by fault `ws-wrong-event-name` (the misspelling of one prose example, facts §1.8). */
const WRONG_EVENT_NAME = 'equest.status.updated';

export interface StatusStreamOptions {
  store: Store;
  faults: Faults;
  now: () => number;
  /** Takes the whole server down (the faults that kill it on a bad message). */
  crash?: () => void;
}

interface Client {
  socket: WebSocket;
  subscriptions: Set<string>;
}

/** Sockets, subscriptions and pushes of the Intent Status stream. */
export class StatusStream {
  /** UTF-8 is checked by JSON parsing (an error message) rather than by `ws` (close 1007). */
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, skipUTF8Validation: true });
  private readonly clients = new Set<Client>();
  /** request id -> clients subscribed to it. */
  private readonly byRequest = new Map<string, Set<Client>>();

  constructor(private readonly options: StatusStreamOptions) {}

  /** Handles upgrades on `server` (path `/`, an active `apiKey`), refusing the rest with a JSON status. */
  attach(server: Server): void {
    // Fault ws-no-upgrade: no upgrade handled, so a websocket handshake gets the HTTP answer of its path.
    if (this.options.faults.has('ws-no-upgrade')) return;
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
  }

  /** Request ids somebody is subscribed to (for `advance()`). */
  subscribedIds(): string[] {
    return [...this.byRequest.keys()];
  }

  /** Number of open sockets. */
  get size(): number {
    return this.clients.size;
  }

  /** Pushes a status change to its subscribers (fault `ws-push-unsubscribed`: to every socket). */
  publish(change: StatusChange, row: Row): void {
    const { faults, now, store } = this.options;
    const targets = faults.has('ws-push-unsubscribed') ? this.clients : this.byRequest.get(change.requestId);
    if (!targets || targets.size === 0) return;
    if (faults.has('ws-never-pushes')) return;
    const data = pushData(store, row);
    if (faults.has('ws-push-without-request-id')) delete data.requestId;
    // Fault ws-push-without-status-or-id: pushes name neither the request nor its status.
    if (faults.has('ws-push-without-status-or-id')) {
      delete data.requestId;
      delete data.status;
    }
    if (faults.has('ws-status-disagrees')) data.status = change.from;
    // Fault ws-push-foreign-referrer: the push carries `referrer`, an authenticated field the
    // message schema does not declare, to every socket, whichever key owns the request.
    if (faults.has('ws-push-foreign-referrer')) data.referrer = row.referrer;
    const text = JSON.stringify({ event: faults.has('ws-wrong-event-name') ? WRONG_EVENT_NAME : EVENT_NAME, data, publishedAt: now() });
    for (const client of targets) this.send(client, text);
  }

  /** Drops every socket and stops accepting upgrades (server shutdown). */
  close(): void {
    for (const c of this.clients) c.socket.terminate();
    this.clients.clear();
    this.byRequest.clear();
    this.wss.close();
  }

  /** Closes every open socket from the server side (a rolling restart), code 1012. */
  disconnectAll(): void {
    for (const c of this.clients) c.socket.close(1012, 'service restart');
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return refuse(socket, 400, 'Malformed request URL', 'INVALID_URL');
    }
    if (url.pathname !== '/') return refuse(socket, 404, `No websocket at ${url.pathname.slice(0, 100)}; connect to / (with ?apiKey=<key> for higher limits)`, 'NOT_FOUND');
    if ((req.headers.upgrade ?? '').toLowerCase() !== 'websocket') return refuse(socket, 400, 'Only websocket upgrades are supported', 'BAD_REQUEST');
    // No key: the anonymous tier. A key that is given must be known and active.
    const caller = identify(url.searchParams.get('apiKey') ?? undefined);
    if (caller.kind === 'unknown') return refuse(socket, 401, 'Invalid apiKey: the key is not known; use an active key from the dashboard, or connect without apiKey', 'UNAUTHORIZED');
    if (caller.kind === 'revoked') return refuse(socket, 403, 'Inactive apiKey: the key was revoked; use an active key, or connect without apiKey', 'FORBIDDEN');
    this.wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws));
  }

  private connected(socket: WebSocket): void {
    const client: Client = { socket, subscriptions: new Set() };
    this.clients.add(client);
    socket.on('message', (data: RawData, isBinary: boolean) => this.receive(client, data, isBinary));
    socket.on('close', () => this.drop(client));
    socket.on('error', () => socket.terminate());
    this.send(client, JSON.stringify({ type: 'connection', status: 'ready', data: { id: randomUUID() } }));
  }

  private drop(client: Client): void {
    this.clients.delete(client);
    for (const id of client.subscriptions) this.unindex(client, id);
    client.subscriptions.clear();
  }

  private unindex(client: Client, id: string): void {
    const set = this.byRequest.get(id);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.byRequest.delete(id);
  }

  private receive(client: Client, data: RawData, isBinary: boolean): void {
    const bytes = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
    if (isBinary) return this.error(client, 'Binary frames are not supported: send JSON text messages');
    if (bytes > MAX_MESSAGE_BYTES) return this.error(client, `Message too large: ${bytes} bytes; the maximum is ${MAX_MESSAGE_BYTES} bytes`);
    const text = (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)).toString('utf8');
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return this.error(client, 'Invalid JSON: expected a message such as {"type":"subscribe","event":"request.status.updated","filters":{"id":"<requestId>"}}');
    }
    // Fault ws-dies-on-null-message: the JSON message null takes the whole server down.
    if (msg === null && this.options.faults.has('ws-dies-on-null-message')) return this.options.crash?.();
    if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) return this.error(client, 'Invalid message: expected a JSON object with type, event and filters');
    const { type, event, filters } = msg as Json;
    // Fault ws-refuses-subscribe: a subscribe is answered as a message type the stream does not know.
    if ((type !== 'subscribe' && type !== 'unsubscribe') || (type === 'subscribe' && this.options.faults.has('ws-refuses-subscribe'))) {
      return this.error(client, `Unknown message type ${JSON.stringify(String(type)).slice(0, 80)}: expected "subscribe" or "unsubscribe"`);
    }
    if (event !== EVENT_NAME) return this.error(client, `Unknown event ${JSON.stringify(String(event)).slice(0, 80)}: the only event is "${EVENT_NAME}"`);
    // Fault ws-crashes-on-null-filters: as a handler that reads null.id and throws, the connection is dropped without an answer.
    if (this.options.faults.has('ws-crashes-on-null-filters') && filters === null) return void client.socket.terminate();
    const id = filters !== null && typeof filters === 'object' ? (filters as Json).id : undefined;
    if (typeof id !== 'string' || id === '') return this.error(client, 'Missing filters.id: pass the request id as {"filters":{"id":"<requestId>"}}');
    if (type === 'subscribe') this.subscribe(client, id);
    else this.unsubscribe(client, id);
  }

  private subscribe(client: Client, id: string): void {
    if (!client.subscriptions.has(id)) {
      if (client.subscriptions.size >= MAX_SUBSCRIPTIONS) {
        return this.error(client, `Subscription limit reached: ${MAX_SUBSCRIPTIONS} per socket; unsubscribe from a request first or open another socket`);
      }
      client.subscriptions.add(id);
      let set = this.byRequest.get(id);
      if (!set) this.byRequest.set(id, (set = new Set()));
      set.add(client);
    }
    if (this.options.faults.has('ws-no-subscribe-ack')) return;
    this.send(client, JSON.stringify({ type: 'subscribe', status: 'success', data: { event: EVENT_NAME, filters: { id } } }));
  }

  private unsubscribe(client: Client, id: string): void {
    // Fault ws-dies-on-unknown-unsubscribe: an unsubscribe of an id the socket never subscribed to takes the whole server down.
    if (!client.subscriptions.has(id) && this.options.faults.has('ws-dies-on-unknown-unsubscribe')) return this.options.crash?.();
    if (!this.options.faults.has('ws-push-after-unsubscribe')) {
      client.subscriptions.delete(id);
      this.unindex(client, id);
    }
    this.send(client, JSON.stringify({ type: 'unsubscribe', status: 'success', data: { event: EVENT_NAME } }));
  }

  private error(client: Client, message: string): void {
    this.send(client, JSON.stringify({ type: 'error', status: 'error', message }));
  }

  private send(client: Client, text: string): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(1013, 'reader too slow');
      return;
    }
    socket.send(text);
  }
}

/** Answers a refused upgrade with an HTTP status and a JSON `{ message, errorCode }`, then closes. */
function refuse(socket: Duplex, status: number, message: string, errorCode: string): void {
  const body = JSON.stringify({ message, errorCode });
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status] ?? 'Error';
  if (socket.writable) {
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  } else socket.destroy();
}
