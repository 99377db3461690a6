/**
 * The Intent Status websocket (live-service-facts §1.8): handshake, subscribe/unsubscribe
 * acknowledgements, pushes of status changes of subscribed requests only, error messages for bad
 * input with the socket kept open, caps, and refused keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../src/index.js';
import { openapi } from '@crosschain/specs';
import { validator } from '../helpers/contract.js';
import { openSocket } from '../helpers/ws-client.js';

const EVENT = 'request.status.updated';
let server: MockServer;
let openIds: string[];

beforeAll(async () => {
  server = await startMockServer({ records: 300, seed: 5, now: '2026-08-15T12:00:00Z', quiet: true });
  const res = await fetch(`${server.url}/requests/v3?status=pending&limit=20`, { headers: { 'x-api-key': 'demo-key' } });
  openIds = ((await res.json()) as { requests: Array<{ id: string }> }).requests.map((r) => r.id);
});
afterAll(() => server.close());

const url = (key = 'demo-key') => `${server.wsUrl}?apiKey=${key}`;
const sub = (id: string, type = 'subscribe') => ({ type, event: EVENT, filters: { id } });

describe('handshake', () => {
  it('sends connection/ready with a socket id first', async () => {
    const ws = await openSocket(url());
    const ready = await ws.next();
    expect(validator('WsConnectionReady')(ready)).toBe(true);
    expect(ready).toMatchObject({ type: 'connection', status: 'ready' });
    expect(typeof ready.data.id).toBe('string');
    expect(ready.data.id.length).toBeGreaterThan(0);
    await ws.close();
  });
  it('accepts a socket without a key (the anonymous tier the SDK uses) and refuses an unknown key with HTTP 401', async () => {
    const ws = await openSocket(server.wsUrl);
    expect(await ws.next()).toMatchObject({ type: 'connection', status: 'ready' });
    await ws.close();
    await expect(openSocket(url('nope'))).rejects.toThrow('HTTP 401');
  });
  it('refuses a revoked key with 403 and another path with 404', async () => {
    await expect(openSocket(url('revoked-key'))).rejects.toThrow('HTTP 403');
    await expect(openSocket(`${server.wsUrl}stream?apiKey=demo-key`)).rejects.toThrow('HTTP 404');
  });
});

/** The fields the AsyncAPI message schema WsRequestStatusData declares. */
const DECLARED = Object.keys((openapi as any).components.schemas.WsRequestStatusData.properties);

describe('subscriptions and pushes', () => {
  it('pushes only declared fields, with no referrer, to an anonymous socket and to a socket of another key', async () => {
    const owned = ((await (await fetch(`${server.url}/requests/v3?status=pending&apiKey=demo-key&limit=1`, { headers: { 'x-api-key': 'demo-key' } })).json()) as { requests: Array<{ id: string }> }).requests[0].id;
    const sockets = [await openSocket(server.wsUrl), await openSocket(url('other-key')), await openSocket(url())];
    for (const ws of sockets) {
      await ws.next();
      ws.send(sub(owned));
      await ws.next((m) => m.type === 'subscribe');
    }
    server.advance(owned);
    for (const ws of sockets) {
      const push = await ws.next((m) => m.event !== undefined);
      expect(Object.keys(push.data).filter((k) => !DECLARED.includes(k))).toEqual([]);
      expect(push.data.referrer).toBeUndefined();
      await ws.close();
    }
  });

  it('acknowledges subscribe and unsubscribe as the live service does', async () => {
    const ws = await openSocket(url());
    await ws.next();
    ws.send(sub(openIds[0]));
    expect(await ws.next()).toEqual({ type: 'subscribe', status: 'success', data: { event: EVENT, filters: { id: openIds[0] } } });
    ws.send(sub(openIds[0], 'unsubscribe'));
    expect(await ws.next()).toEqual({ type: 'unsubscribe', status: 'success', data: { event: EVENT } });
    await ws.close();
  });

  it('pushes each status change of a subscribed request, agreeing with /requests/v3, and nothing after unsubscribe', async () => {
    const [id, other] = openIds;
    const ws = await openSocket(url());
    await ws.next();
    ws.send(sub(id));
    await ws.next((m) => m.type === 'subscribe');
    const changes = server.advance(id);
    expect(changes).toHaveLength(1);
    server.advance(other);
    const push = await ws.next((m) => m.event !== undefined);
    expect(push.event).toBe(EVENT);
    expect(validator('WsRequestStatusUpdated')(push), JSON.stringify(validator('WsRequestStatusUpdated').errors)).toBe(true);
    expect(push.data).toMatchObject({ requestId: id, status: changes[0].to, updatedAt: changes[0].updatedAt });
    expect(typeof push.publishedAt).toBe('number');
    const rec = (await (await fetch(`${server.url}/requests/v3?id=${id}`, { headers: { 'x-api-key': 'demo-key' } })).json()) as { requests: Array<{ status: string; updatedAt: string }> };
    expect(rec.requests[0].status).toBe(push.data.status);
    expect(Date.parse(rec.requests[0].updatedAt)).toBe(push.data.updatedAt);
    ws.send(sub(id, 'unsubscribe'));
    await ws.next((m) => m.type === 'unsubscribe');
    server.advance(id);
    ws.send({ type: 'ping' });
    await ws.next((m) => m.type === 'error');
    expect(ws.received.filter((m) => m.event !== undefined).map((m) => m.data.requestId)).toEqual([id]);
    await ws.close();
  });

  it('advance() without id moves the subscribed requests', async () => {
    const id = openIds[2];
    const ws = await openSocket(url());
    await ws.next();
    ws.send(sub(id));
    await ws.next((m) => m.type === 'subscribe');
    const changes = server.advance();
    expect(changes.map((c) => c.requestId)).toContain(id);
    expect((await ws.next((m) => m.event !== undefined)).data.requestId).toBe(id);
    await ws.close();
  });
});

describe('bad input gets an error message and the socket stays open', () => {
  const cases: Array<[string, unknown]> = [
    ['unparsable JSON', '{"type":'],
    ['a non-object', '[1,2]'],
    ['an unknown type', { type: 'hello' }],
    ['an unknown event', { type: 'subscribe', event: 'request.created', filters: { id: 'x' } }],
    ['missing filters.id', { type: 'subscribe', event: EVENT, filters: {} }],
    ['a binary frame', Buffer.from([1, 2, 3])],
    ['invalid UTF-8 in a text frame', { text: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) }],
    ['a huge message', JSON.stringify({ type: 'subscribe', event: EVENT, filters: { id: 'x'.repeat(20_000) } })],
  ];
  it.each(cases)('%s', async (_label, message) => {
    const ws = await openSocket(url());
    await ws.next();
    if (message && typeof message === 'object' && 'text' in message) ws.socket.send((message as { text: Buffer }).text, { binary: false });
    else ws.send(message);
    const err = await ws.next();
    expect(err).toMatchObject({ type: 'error', status: 'error' });
    expect(err.message.length).toBeGreaterThan(10);
    ws.send(sub(openIds[0]));
    expect((await ws.next()).type).toBe('subscribe');
    await ws.close();
  });

  it('caps subscriptions per socket at 100 with an error message', async () => {
    const ws = await openSocket(url());
    await ws.next();
    for (let i = 0; i < 101; i++) ws.send(sub(`0x${i.toString(16).padStart(64, '0')}`));
    const err = await ws.next((m) => m.type === 'error');
    expect(err.message).toMatch(/limit reached: 100/);
    expect(ws.received.filter((m) => m.type === 'subscribe')).toHaveLength(100);
    await ws.close();
  });
});

describe('rolling restart', () => {
  it('disconnectSockets closes every socket with 1012', async () => {
    const ws = await openSocket(url());
    await ws.next();
    const code = new Promise<number>((resolve) => ws.socket.once('close', (c) => resolve(c)));
    server.disconnectSockets();
    expect(await code).toBe(1012);
  });
});
