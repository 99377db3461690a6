/**
 * Signed webhooks (live-service-facts §1.9): every status change of a key's requests is POSTed to
 * its URL with a valid HMAC over the raw (non-canonical) body, retried with doubling backoff in
 * order, never slowing the API, with a bounded queue.
 */
import { createHmac } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/mock-server.js';
import { WebhookDispatcher } from '../../src/events/webhooks.js';
import { Faults } from '../../src/faults.js';
import { startMockServer, type MockServer } from '../../src/index.js';
import { Store } from '../../src/store/store.js';
import { validator } from '../helpers/contract.js';
import { startReceiver, type Delivery, type TestReceiver } from '../helpers/webhook-receiver.js';

const NOW = '2026-08-15T12:00:00Z';
const KEY = 'demo-key';
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function setup(answer?: (n: number) => number, extra: Record<string, unknown> = {}): Promise<{ server: MockServer; receiver: TestReceiver }> {
  const receiver = await startReceiver(answer);
  cleanup.push(() => receiver.close());
  const server = await startMockServer({ records: 400, seed: 7, now: NOW, quiet: true, webhooks: { [KEY]: receiver.url }, webhookBackoffMs: 20, ...extra });
  cleanup.push(() => server.close());
  return { server, receiver };
}

/** Ids of open requests created by `key`. */
async function openIdsOf(server: MockServer, key: string, n: number): Promise<string[]> {
  const res = await fetch(`${server.url}/requests/v3?status=pending&limit=50`, { headers: { 'x-api-key': key } });
  const rows = ((await res.json()) as { requests: Array<{ id: string }> }).requests.map((r) => r.id);
  const mine: string[] = [];
  for (const id of rows) {
    const r = await fetch(`${server.url}/requests/v3?id=${id}&apiKey=${key}`, { headers: { 'x-api-key': key } });
    if (((await r.json()) as { requests: unknown[] }).requests.length > 0) mine.push(id);
  }
  return mine.slice(0, n);
}

const sign = (key: string, d: Delivery, body: Buffer | string = d.raw) =>
  createHmac('sha256', key).update(`${d.headers['x-signature-timestamp']}.`).update(body).digest('hex');

describe('webhook deliveries', () => {
  it('POSTs each change of the key\'s requests, signed over the raw body, valid against the schema', async () => {
    const { server, receiver } = await setup();
    const [id] = await openIdsOf(server, KEY, 1);
    const changes = [...server.advance(id), ...server.advance(id)];
    const [first, second] = await receiver.waitFor(2);
    for (const [d, change] of [[first, changes[0]], [second, changes[1]]] as const) {
      expect(d.headers['content-type']).toBe('application/json');
      expect(d.headers['x-signature-timestamp']).toMatch(/^\d{13}$/);
      expect(Math.abs(Number(d.headers['x-signature-timestamp']) - Date.now())).toBeLessThan(60_000);
      expect(d.headers['x-signature-sha256']).toBe(sign(KEY, d));
      const body = JSON.parse(d.raw.toString('utf8'));
      expect(validator('WebhookRequestStatusUpdated')(body), JSON.stringify(validator('WebhookRequestStatusUpdated').errors)).toBe(true);
      expect(body.data).toMatchObject({ requestId: id, status: change.to, updatedAt: change.updatedAt });
      // Compact JSON, as the live service sends: the docs' sample (which signs JSON.stringify of
      // the parsed body) verifies it too.
      expect(JSON.stringify(body)).toBe(d.raw.toString('utf8'));
      expect(sign(KEY, d, JSON.stringify(body))).toBe(d.headers['x-signature-sha256']);
    }
  });

  it('variant webhook-spaced-json: the body has ": " separators, so a signature over JSON.stringify(JSON.parse(body)) differs', async () => {
    const { server, receiver } = await setup(undefined, { variants: ['webhook-spaced-json'] });
    const [id] = await openIdsOf(server, KEY, 1);
    server.advance(id);
    const [d] = await receiver.waitFor(1);
    const text = d.raw.toString('utf8');
    expect(text).toContain('": ');
    expect(d.headers['x-signature-sha256']).toBe(sign(KEY, d));
    expect(JSON.stringify(JSON.parse(text))).not.toBe(text);
    expect(sign(KEY, d, JSON.stringify(JSON.parse(text)))).not.toBe(d.headers['x-signature-sha256']);
  });

  it('sends nothing for requests of other keys', async () => {
    const { server, receiver } = await setup();
    const [theirs] = await openIdsOf(server, 'other-key', 1);
    const [mine] = await openIdsOf(server, KEY, 1);
    server.advance(theirs);
    server.advance(mine);
    await receiver.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.deliveries.map((d) => JSON.parse(d.raw.toString()).data.requestId)).toEqual([mine]);
  });

  it('retries a refused delivery with doubling backoff, keeping the order per URL', async () => {
    const { server, receiver } = await setup((n) => (n < 3 ? 503 : 200));
    const [id] = await openIdsOf(server, KEY, 1);
    server.advance(id);
    server.advance(id);
    const got = await receiver.waitFor(5);
    const statuses = got.map((d) => JSON.parse(d.raw.toString()).data.status);
    expect(statuses.slice(0, 4).every((s) => s === statuses[0])).toBe(true);
    expect(statuses[4]).not.toBe(statuses[0]);
    const gaps = [got[1].at - got[0].at, got[2].at - got[1].at, got[3].at - got[2].at];
    expect(gaps[0]).toBeGreaterThanOrEqual(15);
    expect(gaps[1]).toBeGreaterThanOrEqual(35);
    expect(gaps[2]).toBeGreaterThanOrEqual(75);
    expect(new Set(got.slice(0, 4).map((d) => d.raw.toString())).size).toBe(1);
    for (let i = 0; i < 100 && server.webhookStats().delivered < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(server.webhookStats()).toEqual({ delivered: 2, failed: 0, dropped: 0, pending: 0 });
  });

  it('a receiver that never answers times out and is retried; the API does not wait for it', async () => {
    const { server, receiver } = await setup((n) => (n === 0 ? 0 : 200), { webhookTimeoutMs: 2000 });
    const [id] = await openIdsOf(server, KEY, 1);
    server.advance(id);
    await receiver.waitFor(1);
    // The first delivery hangs; the API still answers, with the change.
    const res = await fetch(`${server.url}/requests/v3?id=${id}`, { headers: { 'x-api-key': KEY } });
    expect(res.status).toBe(200);
    expect(receiver.deliveries).toHaveLength(1);
    expect(server.webhookStats().pending).toBe(1);
    await receiver.waitFor(2, 10_000);
    expect(receiver.deliveries[1].raw.equals(receiver.deliveries[0].raw)).toBe(true);
  });

  it('the timeout of a delivery fires after a garbage collection too (the queue is not blocked by a receiver that never answers)', async () => {
    // A timeout signal held only weakly (AbortSignal.any of AbortSignal.timeout, on Node 20) is collected and never fires.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const { server, receiver } = await setup((n) => (n === 0 ? 0 : 200), { webhookTimeoutMs: 300 });
    const [id] = await openIdsOf(server, KEY, 1);
    server.advance(id);
    await receiver.waitFor(1);
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 20));
    }
    await receiver.waitFor(2, 5_000);
    expect(receiver.deliveries[1].raw.equals(receiver.deliveries[0].raw)).toBe(true);
  });

  it('a queue holds at most maxQueue deliveries; the rest are dropped and counted', () => {
    const store = new Store(generateDataset({ records: 200, seed: 7, now: NOW }));
    const dispatcher = new WebhookDispatcher({ targets: { [KEY]: 'http://127.0.0.1:9/down' }, store, faults: new Faults(), now: () => 0, maxQueue: 2, backoffMs: 60_000 });
    try {
      const row = store.rows.find((r) => r.keyIdx === 0)!;
      const change = { requestId: row.id, from: row.status, to: row.status, updatedAt: row.updatedAt };
      for (let i = 0; i < 5; i++) dispatcher.publish(change, row);
      expect(dispatcher.stats()).toEqual({ delivered: 0, failed: 0, dropped: 3, pending: 2 });
    } finally {
      dispatcher.close();
    }
  });

  it('rejects an unknown key or a non-http URL without printing the key', async () => {
    await expect(startMockServer({ webhooks: { 'sk-secret-123': 'http://127.0.0.1:1/' } })).rejects.toThrow(/is not an active API key/);
    await expect(startMockServer({ webhooks: { 'sk-secret-123': 'http://127.0.0.1:1/' } })).rejects.not.toThrow(/sk-secret/);
    await expect(startMockServer({ webhooks: { [KEY]: 'ftp://x' } })).rejects.toThrow(/not an http\(s\) URL/);
  });
});
