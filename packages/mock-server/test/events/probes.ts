/**
 * Probes of the event faults: each returns true when the server honours the clause the
 * fault breaks. Used by test/events/faults.test.ts (clean passes, the fault fails) and by the
 * completeness check of test/faults.test.ts.
 */
import type { MockServer } from '../../src/index.js';
import { createHmac } from 'node:crypto';
import type { TestReceiver } from '../helpers/webhook-receiver.js';
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

/** Whether the server still answers HTTP (a server the websocket took down refuses the connection). */
async function stillAnswers(server: MockServer): Promise<boolean> {
  const res = await fetch(`${server.url}/requests/v3?limit=1`, { headers: { 'x-api-key': 'demo-key' } }).catch(() => undefined);
  return res?.status === 200;
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
  'ws-push-foreign-referrer': async (s) => {
    // A request of other-key, followed on a demo-key socket: its push must not carry referrer.
    const res = await fetch(`${s.url}/requests/v3?status=pending&apiKey=other-key&limit=1`, { headers: { 'x-api-key': 'other-key' } });
    const [id] = ((await res.json()) as { requests: Array<{ id: string }> }).requests.map((r) => r.id);
    const ws = await subscribed(s, [id]);
    try {
      s.advance(id);
      const push = await ws.next(isPush);
      return push.data.requestId === id && !('referrer' in push.data);
    } finally {
      await ws.close();
    }
  },
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
  'ws-no-upgrade': async (s) => {
    const ws = await openSocket(`${s.wsUrl}?apiKey=demo-key`).catch(() => undefined);
    if (!ws) return false;
    try {
      return (await ws.next((m) => m.type === 'connection', 1000).catch(() => undefined))?.status === 'ready';
    } finally {
      await ws.close();
    }
  },
  'ws-crashes-on-null-filters': async (s) => {
    const ws = await subscribed(s, []);
    try {
      ws.send({ type: 'subscribe', event: EVENT, filters: null });
      const answer = await ws.next((m) => m.type === 'error', 1000).catch(() => undefined);
      return answer?.status === 'error' && typeof answer.message === 'string';
    } finally {
      await ws.close();
    }
  },
  'ws-refuses-subscribe': async (s) => {
    const [id] = await pendingIds(s, 1);
    const ws = await subscribed(s, [], false);
    try {
      ws.send(sub(id));
      const answer = await ws.next((m) => m.type === 'subscribe' || m.type === 'error');
      return answer.type === 'subscribe' && answer.status === 'success';
    } finally {
      await ws.close();
    }
  },
  'ws-dies-on-null-message': async (s) => {
    const ws = await subscribed(s, []);
    try {
      ws.send('null');
      const answer = await ws.next((m) => m.type === 'error', 1000).catch(() => undefined);
      return answer?.status === 'error' && (await stillAnswers(s));
    } finally {
      await ws.close();
    }
  },
  'ws-dies-on-unknown-unsubscribe': async (s) => {
    const ws = await subscribed(s, []);
    try {
      ws.send(sub('0xnever-subscribed', 'unsubscribe'));
      const answer = await ws.next((m) => m.type === 'unsubscribe' || m.type === 'error', 1000).catch(() => undefined);
      return answer !== undefined && (await stillAnswers(s));
    } finally {
      await ws.close();
    }
  },
  'ws-push-without-status-or-id': async (s) => {
    const { push, id } = await onePush(s);
    return push.data?.requestId === id && typeof push.data?.status === 'string';
  },
  'ws-never-pushes': async (s) => {
    const [id] = await pendingIds(s, 1);
    const ws = await subscribed(s, [id]);
    try {
      s.advance(id);
      return (await ws.next(isPush, 1000).catch(() => undefined))?.data?.requestId === id;
    } finally {
      await ws.close();
    }
  },
};

/** The key the webhook probes register (its requests' changes are delivered). */
export const WEBHOOK_KEY = 'demo-key';

/** A webhook probe: the receiver answers the n-th delivery with `answer(n)`. */
export interface WebhookProbe {
  answer: (n: number) => number;
  probe: (server: MockServer, receiver: TestReceiver) => Promise<boolean>;
}

/** Moves one pending request of WEBHOOK_KEY and returns the first delivery. */
/** Whether the first delivery comes again (after the receiver refused it or left it unanswered). */
async function redelivered(server: MockServer, receiver: TestReceiver): Promise<boolean> {
  const first = await oneDelivery(server, receiver);
  try {
    const [, second] = await receiver.waitFor(2, 3000);
    return second.raw.equals(first.raw);
  } catch {
    return false;
  }
}

async function oneDelivery(server: MockServer, receiver: TestReceiver) {
  const ids = await pendingIds(server, 50);
  for (const id of ids) {
    const res = await fetch(`${server.url}/requests/v3?id=${id}&apiKey=${WEBHOOK_KEY}`, { headers: { 'x-api-key': WEBHOOK_KEY } });
    if (((await res.json()) as { requests: unknown[] }).requests.length === 0) continue;
    server.advance(id);
    return (await receiver.waitFor(1))[0];
  }
  throw new Error(`no pending request of ${WEBHOOK_KEY}`);
}

const hmacHex = (timestamp: unknown, body: Buffer | string) => createHmac('sha256', WEBHOOK_KEY).update(`${String(timestamp)}.`).update(body).digest('hex');

export const EVENT_WEBHOOK_PROBES: Record<string, WebhookProbe> = {
  'webhook-wrong-signature': {
    answer: () => 200,
    async probe(s, r) {
      const d = await oneDelivery(s, r);
      const ts = d.headers['x-signature-timestamp'];
      const sig = d.headers['x-signature-sha256'];
      return sig === hmacHex(ts, d.raw) || sig === hmacHex(ts, JSON.stringify(JSON.parse(d.raw.toString('utf8'))));
    },
  },
  'webhook-signature-reserialised': {
    answer: () => 200,
    async probe(s, r) {
      const d = await oneDelivery(s, r);
      const ts = d.headers['x-signature-timestamp'];
      const sig = d.headers['x-signature-sha256'];
      return !(sig !== hmacHex(ts, d.raw) && sig === hmacHex(ts, JSON.stringify(JSON.parse(d.raw.toString('utf8')))));
    },
  },
  'webhook-never-delivers': {
    answer: () => 200,
    async probe(s, r) {
      try {
        await oneDelivery(s, r);
        return true;
      } catch {
        return false;
      }
    },
  },
  'webhook-stops-after-first-drain': {
    answer: () => 200,
    async probe(s, r) {
      await oneDelivery(s, r);
      // The queue has emptied once (its one delivery answered 200): a change made now must still be posted.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await oneDelivery(s, r); // moves another pending request of the key
      try {
        await r.waitFor(2, 2000);
        return true;
      } catch {
        return false;
      }
    },
  },
  'webhook-no-retry': {
    answer: (n) => (n === 0 ? 500 : 200),
    probe: redelivered,
  },
  'webhook-unanswered-delivered': {
    // The first delivery gets no answer (the connection is closed): it must come again.
    answer: (n) => (n === 0 ? -1 : 200),
    probe: redelivered,
  },
};

/** Names of the event faults (probed in test/events/). */
export const EVENT_FAULTS: readonly string[] = [...Object.keys(EVENT_WS_PROBES), ...Object.keys(EVENT_WEBHOOK_PROBES)];
