/**
 * Probes of the event faults (issue 9): each returns true when the server honours the clause the
 * fault breaks. Used by test/events/faults.test.ts (clean passes, the fault fails) and by the
 * completeness check of test/faults.test.ts.
 */
import type { MockServer } from '../../src/index.js';
import { openSocket, type TestSocket } from '../helpers/ws-client.js';

export const EVENT = 'request.status.updated';
export type EventProbe = (server: MockServer) => Promise<boolean>;

const sub = (id: string, type = 'subscribe') => ({ type, event: EVENT, filters: { id } });
const isPush = (m: any): boolean => m.type === undefined;

/** `n` ids of requests that are pending now. */
export async function pendingIds(server: MockServer, n: number): Promise<string[]> {
  const res = await fetch(`${server.url}/requests/v3?status=pending&limit=${n}`, { headers: { 'x-api-key': 'demo-key' } });
  const ids = ((await res.json()) as { requests: Array<{ id: string }> }).requests.map((r) => r.id);
  if (ids.length < n) throw new Error(`only ${ids.length} pending requests left`);
  return ids;
}

/** A socket past the ready message, subscribed to `ids` (acknowledgements awaited when `ack`). */
async function subscribed(server: MockServer, ids: string[], ack = true): Promise<TestSocket> {
  const ws = await openSocket(`${server.wsUrl}?apiKey=demo-key`);
  await ws.next((m) => m.type === 'connection');
  for (const id of ids) {
    ws.send(sub(id));
    if (ack) await ws.next((m) => m.type === 'subscribe');
  }
  return ws;
}

/** Subscribes to one pending request, moves it, returns the first push and the request id. */
async function onePush(server: MockServer): Promise<{ push: any; id: string }> {
  const [id] = await pendingIds(server, 1);
  const ws = await subscribed(server, [id]);
  try {
    server.advance(id);
    return { push: await ws.next(isPush), id };
  } finally {
    await ws.close();
  }
}

export const EVENT_WS_PROBES: Record<string, EventProbe> = {
  'ws-no-subscribe-ack': async (s) => {
    const [id] = await pendingIds(s, 1);
    const ws = await subscribed(s, [], false);
    try {
      ws.send(sub(id));
      ws.send('not json');
      const first = await ws.next();
      return first.type === 'subscribe' && first.status === 'success' && first.data?.filters?.id === id;
    } finally {
      await ws.close();
    }
  },
  'ws-wrong-event-name': async (s) => (await onePush(s)).push.event === EVENT,
  'ws-push-without-request-id': async (s) => {
    const { push, id } = await onePush(s);
    return push.data?.requestId === id;
  },
  'ws-status-disagrees': async (s) => {
    const { push, id } = await onePush(s);
    const res = await fetch(`${s.url}/requests/v3?id=${id}`, { headers: { 'x-api-key': 'demo-key' } });
    return ((await res.json()) as { requests: Array<{ status: string }> }).requests[0].status === push.data.status;
  },
  'ws-push-unsubscribed': async (s) => {
    const [mine, other] = await pendingIds(s, 2);
    const ws = await subscribed(s, [mine]);
    try {
      s.advance(other);
      s.advance(mine);
      return (await ws.next(isPush)).data.requestId === mine;
    } finally {
      await ws.close();
    }
  },
  'ws-push-after-unsubscribe': async (s) => {
    const [left, kept] = await pendingIds(s, 2);
    const ws = await subscribed(s, [left, kept]);
    try {
      ws.send(sub(left, 'unsubscribe'));
      await ws.next((m) => m.type === 'unsubscribe');
      s.advance(left);
      s.advance(kept);
      return (await ws.next(isPush)).data.requestId === kept;
    } finally {
      await ws.close();
    }
  },
};

/** Names of the event faults (probed in test/events/). */
export const EVENT_FAULTS: readonly string[] = Object.keys(EVENT_WS_PROBES);
