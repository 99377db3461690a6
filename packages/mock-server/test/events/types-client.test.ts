/**
 * The integrators' stream client of @crosschain/types (`subscribeRequestStatus`) against the
 * reference server: handshake, pushes up to the terminal status, reconnect and resubscribe after
 * the server closes every socket (rolling restart), the failure grace period, a refused key.
 * Imported by path: mock-server may use types, not the other way round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStatusStreamError, subscribeRequestStatus, type SubscribeRequestStatusOptions } from '../../../types/src/index.js';
import { startMockServer, type MockServer, type StatusChange } from '../../src/index.js';

const KEY = 'demo-key';
let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ records: 800, seed: 21, now: '2026-08-15T12:00:00Z', quiet: true });
});
afterAll(() => server.close());

async function idsWithStatus(status: string, n = 50): Promise<string[]> {
  const res = await fetch(`${server.url}/requests/v3?status=${status}&limit=${n}`, { headers: { 'x-api-key': KEY } });
  return ((await res.json()) as { requests: Array<{ id: string }> }).requests.map((r) => r.id);
}

/** Starts following `id`; resolves once subscribed, with the statuses read so far and the end of the reading. */
async function follow(id: string, options: SubscribeRequestStatusOptions = {}) {
  const subscriptions: number[] = [];
  let subscribed!: () => void;
  let first = new Promise<void>((r) => (subscribed = r));
  const stream = subscribeRequestStatus(server.wsUrl, KEY, id, {
    ...options,
    onSubscribed: ({ reconnects }) => {
      subscriptions.push(reconnects);
      subscribed();
    },
  });
  const statuses: string[] = [];
  const done = (async () => {
    for await (const push of stream) statuses.push(push.data.status);
  })();
  await first;
  return {
    statuses,
    done,
    subscriptions,
    stream,
    /** Resolves at the next (re)subscription. */
    nextSubscription: () => (first = new Promise<void>((r) => (subscribed = r))),
  };
}

const until = async (cond: () => boolean, what: string) => {
  for (let i = 0; i < 300 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!cond()) throw new Error(`timed out waiting for ${what}`);
};

describe('subscribeRequestStatus against the reference server', () => {
  it('yields every status push of the request and ends on success or refund', async () => {
    const [id] = await idsWithStatus('pending', 1);
    const f = await follow(id);
    const changes: StatusChange[] = [];
    for (let i = 0; i < 8; i++) changes.push(...server.advance(id));
    await f.done;
    expect(f.statuses).toEqual(changes.map((c) => c.to));
    expect(['success', 'refund']).toContain(f.statuses.at(-1));
  });

  it('reconnects and resubscribes after the server closes every socket, then keeps yielding', async () => {
    const [id] = await idsWithStatus('pending', 1);
    const f = await follow(id);
    const [firstChange] = server.advance(id);
    await until(() => f.statuses.length === 1, 'the first push');
    const again = f.nextSubscription();
    server.disconnectSockets();
    await again;
    expect(f.subscriptions).toEqual([0, 1]);
    const later: StatusChange[] = [];
    for (let i = 0; i < 8; i++) later.push(...server.advance(id));
    await f.done;
    expect(f.statuses).toEqual([firstChange, ...later].map((c) => c.to));
  });

  it('ends after a failure only when nothing follows within the grace period', async () => {
    // Find a pending request whose next step is a failure (the lifecycle is seeded: same result each run).
    for (const id of await idsWithStatus('pending', 50)) {
      const f = await follow(id, { failureGraceMs: 300 });
      const [change] = server.advance(id);
      if (change?.to !== 'failure') {
        await f.stream.return?.();
        continue;
      }
      await f.done;
      expect(f.statuses).toEqual(['failure']);
      return;
    }
    throw new Error('no pending request failed');
  });

  it('a failure followed by pending within the grace period does not end the iteration', async () => {
    for (const id of await idsWithStatus('failure', 50)) {
      const f = await follow(id, { failureGraceMs: 5000 });
      const [change] = server.advance(id);
      if (change?.to !== 'pending') {
        await f.stream.return?.();
        continue;
      }
      await until(() => f.statuses.length === 1, 'the pending push');
      const rest: StatusChange[] = [];
      for (let i = 0; i < 8; i++) rest.push(...server.advance(id));
      const last = rest.at(-1)!.to;
      if (last === 'failure') {
        await f.stream.return?.();
        continue;
      }
      await f.done;
      expect(f.statuses).toEqual(['pending', ...rest.map((c) => c.to)]);
      return;
    }
    throw new Error('no failed request went back to pending');
  });

  it('a refused key throws RequestStatusStreamError without the key', async () => {
    const stream = subscribeRequestStatus(server.wsUrl, 'sk-not-a-key-123', '0xabc');
    const error = await stream.next().then(() => undefined, (e: unknown) => e as Error);
    expect(error).toBeInstanceOf(RequestStatusStreamError);
    expect(error!.message).toMatch(/refused the API key \(HTTP 401\)/);
    expect(error!.message).not.toContain('sk-not-a-key');
  });
});
