/**
 * A small scripted Intent Status server for unit tests of the events family: the protocol of
 * live-service facts §1.8 on a `ws` server, with switches that break one rule each, and `change(id)`
 * to push a status change (the embedded server's `advance`).
 */
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';

export interface Script {
  key?: string;
  noReady?: boolean;
  noSubscribeAck?: boolean;
  wrongEventName?: boolean;
  pushWithoutRequestId?: boolean;
  pushToEveryone?: boolean;
  pushAfterUnsubscribe?: boolean;
  /** Answer garbage instead of JSON to everything. */
  garbage?: boolean;
  /** Close the socket on the first client message. */
  closeOnMessage?: boolean;
  /** Silently ignore malformed messages. */
  noErrors?: boolean;
  /** Error frames lack `type` (not the AsyncAPI message `error`). */
  untypedErrors?: boolean;
  /** Pushes carry `referrer` (an authenticated field) of every request. */
  pushReferrer?: boolean;
  /** Acknowledges subscriptions but never pushes a change. */
  noPushes?: boolean;
  /** Refuses every subscribe with an error message. */
  refuseSubscribe?: boolean;
  /** Pushes carry neither data.requestId nor data.status. */
  pushWithoutStatusOrId?: boolean;
  /** After the ready message, a message that echoes the key back in each of these spellings (a hostile stream). */
  echoKey?: readonly string[];
}

export interface ScriptedServer {
  url: string;
  statuses: Map<string, string>;
  /** Epoch ms of each request's last change (its `updatedAt`), absent before its first. */
  updatedAt: Map<string, number>;
  change(id: string): void;
  close(): Promise<void>;
}

const NEXT: Record<string, string> = { waiting: 'pending', pending: 'submitted', submitted: 'success', failure: 'pending' };

export async function startScriptedServer(script: Script = {}, initial: Record<string, string> = {}): Promise<ScriptedServer> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const key = script.key ?? 'test-key';
  const statuses = new Map(Object.entries(initial));
  const updatedAt = new Map<string, number>();
  /** Strictly increasing change times, so that a later change always has a later updatedAt. */
  let lastAt = 0;
  const subs = new Map<WebSocket, Set<string>>();
  wss.on('connection', (socket, req) => {
    const given = new URL(req.url ?? '/', 'ws://x').searchParams.get('apiKey');
    if (given !== key) {
      socket.close(4001, 'unknown key');
      return;
    }
    subs.set(socket, new Set());
    if (script.garbage) socket.send('<<garbage>>');
    if (!script.noReady) socket.send(JSON.stringify({ type: 'connection', status: 'ready', data: { id: 'sock-1' } }));
    if (script.echoKey) socket.send(JSON.stringify({ type: 'error', status: 'error', message: `your keys: ${script.echoKey.join(' ')}` }));
    socket.on('message', (raw) => {
      if (script.closeOnMessage) return socket.close(1011, 'bye');
      if (script.garbage) return socket.send('<<garbage>>');
      const error = (message: string) => !script.noErrors && socket.send(JSON.stringify(script.untypedErrors ? { status: 'error', message } : { type: 'error', status: 'error', message }));
      let msg: { type?: string; event?: string; filters?: { id?: string } } | null;
      try {
        msg = JSON.parse(raw.toString());
      } catch {
        return error('not JSON');
      }
      if (msg === null || typeof msg !== 'object') return error('not a message object');
      const id = msg.filters?.id;
      if (msg.type === 'subscribe' && script.refuseSubscribe) return error('subscriptions are closed');
      if (msg.type === 'subscribe' && typeof id === 'string') {
        subs.get(socket)!.add(id);
        if (!script.noSubscribeAck) socket.send(JSON.stringify({ type: 'subscribe', status: 'success', data: { event: msg.event, filters: { id } } }));
      } else if (msg.type === 'unsubscribe' && typeof id === 'string') {
        if (!script.pushAfterUnsubscribe) subs.get(socket)!.delete(id);
        socket.send(JSON.stringify({ type: 'unsubscribe', status: 'success', data: { event: msg.event } }));
      } else error(`bad message type ${String(msg.type)} or missing filters.id`);
    });
    socket.on('close', () => subs.delete(socket));
  });
  const port = (wss.address() as AddressInfo).port;
  return {
    url: `ws://127.0.0.1:${port}/`,
    statuses,
    updatedAt,
    change(id) {
      const status = NEXT[statuses.get(id) ?? 'waiting'] ?? 'success';
      statuses.set(id, status);
      lastAt = Math.max(lastAt + 1, Date.now());
      updatedAt.set(id, lastAt);
      const data: Record<string, unknown> = { status, inTxHashes: [], txHashes: [], updatedAt: lastAt, originChainId: 1, destinationChainId: 8453, requestId: id };
      if (script.pushWithoutRequestId || script.pushWithoutStatusOrId) delete data.requestId;
      if (script.pushWithoutStatusOrId) delete data.status;
      if (script.pushReferrer) data.referrer = 'another.integrator';
      const push = JSON.stringify({ event: script.wrongEventName ? 'request.updated' : 'request.status.updated', data, publishedAt: Date.now() });
      if (!script.noPushes) for (const [socket, ids] of subs) if (script.pushToEveryone || ids.has(id)) socket.send(push);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}
