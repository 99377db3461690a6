/**
 * Status changes (live-service-facts §1.2) through the store: after any sequence of steps and
 * arrivals every index, cached bitset and sort order equals a fresh build over the same rows;
 * transitions follow the documented lifecycle with consistent transactions and reasons; the same
 * seed and calls give the same changes; every change shows in /requests/v3, /requests/v2 and
 * /intents/status; continuations survive moves and arrivals.
 */
import { describe, expect, it } from 'vitest';
import type { V3Status } from '../../src/data/catalogue.js';
import { Lifecycle, RECENT, RECENT_FLOOR } from '../../src/lifecycle/lifecycle.js';
import { generateDataset, startMockServer } from '../../src/mock-server.js';
import { Store, type IndexName } from '../../src/store/store.js';

const NOW = '2026-08-15T12:00:00Z';
const T0 = Date.parse(NOW);
const NAMES: IndexName[] = ['status', 'failReason', 'refundFailReason', 'depositTxHash', 'fillTxHash', 'refundTxHash', 'failedTxHash', 'id', 'user'];
const ALLOWED: Record<string, V3Status[]> = {
  waiting: ['pending'], depositing: ['pending'], pending: ['submitted', 'failure'], submitted: ['success'], failure: ['refund', 'pending'],
};

function setup(records = 2000) {
  const dataset = generateDataset({ records, seed: 9, now: NOW });
  const store = new Store(dataset);
  let t = T0;
  const lifecycle = new Lifecycle(store, { seed: 9, now: () => (t += 1000) });
  return { dataset, store, lifecycle };
}

/**
 * A store built afresh over the current rows of `store` (the store keeps its changes and arrivals
 * itself: the generated columns it was given stay as generated).
 */
function rebuilt(store: Store): Store {
  return new Store({ ...store.dataset, rows: store.rows, table: undefined });
}

/** Every key of `name` present in the rows, plus null. */
function keysOf(store: Store, name: IndexName): Array<string | null> {
  const pick: Record<string, (r: any) => unknown> = {
    status: (r) => r.status, failReason: (r) => r.failReason, refundFailReason: (r) => r.refundFailReason, depositTxHash: (r) => r.inTxHashes[0],
    fillTxHash: (r) => r.fillTxHashes[0], refundTxHash: (r) => r.refundTxHashes[0], failedTxHash: (r) => r.failedTxHash, id: (r) => r.id, user: (r) => r.user,
  };
  const keys = new Set<string | null>([null]);
  for (const r of store.rows) {
    const v = pick[name](r);
    if (typeof v === 'string') keys.add(v);
  }
  return [...keys].slice(0, 400);
}

describe('Store.update and Store.prepend keep the indexes right', () => {
  it('equals a fresh build after steps (indexes built before and during the changes) and arrivals', async () => {
    const { store, lifecycle } = setup();
    // Build some indexes and frequent bitsets first, so that the incremental paths are exercised.
    for (const name of NAMES) store.lookup(name, null);
    store.frequentBits('status', 'pending');
    store.frequentBits('status', 'success');
    store.frequentBits('failReason', null);
    for (let i = 0; i < 300; i++) lifecycle.advance();
    const fresh = rebuilt(store);
    for (const name of NAMES) for (const k of keysOf(store, name)) expect([...store.lookup(name, k)], `${name}=${k}`).toEqual([...fresh.lookup(name, k)]);
    for (const [name, k] of [['status', 'pending'], ['status', 'success'], ['failReason', null]] as const) {
      expect(store.frequentBits(name, k)).toEqual(fresh.frequentBits(name, k));
    }
    expect([...store.order.updatedAt]).toEqual([...fresh.order.updatedAt]);
    expect([...store.rank.updatedAt]).toEqual([...fresh.rank.updatedAt]);
    const arrived = lifecycle.arrive(5);
    expect(arrived).toHaveLength(5);
    for (let i = 0; i < 50; i++) lifecycle.advance(arrived[i % 5]);
    const again = rebuilt(store);
    expect(store.size).toBe(2005);
    for (const name of NAMES) for (const k of keysOf(store, name)) expect([...store.lookup(name, k)]).toEqual([...again.lookup(name, k)]);
    expect([...store.order.updatedAt]).toEqual([...again.order.updatedAt]);
  });
});

describe('Store.update past the rebuild threshold of the hashed indexes', () => {
  it('equals a fresh build when more than size/8 rows changed (indexes dropped and rebuilt)', () => {
    const { store, lifecycle } = setup(300);
    for (const name of NAMES) store.lookup(name, null);
    for (let i = 0; i < 600; i++) {
      lifecycle.advance();
      if (i % 50 === 0) for (const name of NAMES) store.lookup(name, null);
    }
    const fresh = rebuilt(store);
    for (const name of NAMES) for (const k of keysOf(store, name)) expect([...store.lookup(name, k)], `${name}=${k}`).toEqual([...fresh.lookup(name, k)]);
  });
});

describe('Lifecycle', () => {
  it('a step moves updatedAt to the time of the change; fault v3-updated-at-not-moved leaves it at createdAt', () => {
    for (const fault of [false, true]) {
      const dataset = generateDataset({ records: 300, seed: 9, now: NOW });
      const store = new Store(dataset);
      let t = T0;
      const lifecycle = new Lifecycle(store, { seed: 9, now: () => (t += 1000), updatedAtNotMoved: fault });
      const changes = Array.from({ length: 20 }, () => lifecycle.advance()).flat();
      expect(changes.length).toBeGreaterThan(0);
      for (const c of changes) {
        const r = store.byId(c.requestId)!;
        if (fault) expect(c.updatedAt).toBe(r.createdAt);
        else expect(c.updatedAt).toBeGreaterThan(T0);
      }
    }
  });

  it('follows the documented transitions with consistent transactions and reasons', () => {
    const { store, lifecycle } = setup(1000);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      for (const c of lifecycle.advance()) {
        expect(ALLOWED[c.from], `${c.from} -> ${c.to}`).toContain(c.to);
        seen.add(`${c.from}->${c.to}`);
        const r = store.byId(c.requestId)!;
        expect(r.status).toBe(c.to);
        expect(r.updatedAt).toBe(c.updatedAt);
        if (c.to !== 'failure' && c.to !== 'refund') expect(r.failReason).toBeNull();
        if (c.to === 'failure') expect(r.failReason).toMatch(/^[A-Z0-9_]+$/);
        if (c.to === 'pending') expect(r.inTxHashes.length).toBe(1);
        if (c.to === 'submitted' || c.to === 'success') expect(r.fillTxHashes.length).toBe(1);
        if (c.to === 'refund') expect(r.refundTxHashes.length).toBe(1);
      }
    }
    for (const t of ['waiting->pending', 'pending->submitted', 'submitted->success', 'pending->failure', 'failure->refund', 'failure->pending']) expect(seen).toContain(t);
    const stuck = store.rows.filter((r) => !['success', 'refund'].includes(r.status));
    expect(stuck.length).toBeLessThan(50);
  });

  it('terminal requests do not move; an unknown id is a clear error', () => {
    const { store, lifecycle } = setup(200);
    const done = store.rows.find((r) => r.status === 'success')!;
    expect(lifecycle.advance(done.id)).toEqual([]);
    expect(() => lifecycle.advance('0xnope')).toThrow(/no request with id "0xnope"/);
    expect(() => lifecycle.arrive(0)).toThrow(/n must be an integer from 1/);
  });

  it('keeps the latest page moving: with every request of it followed, its newest RECENT listed requests keep RECENT_FLOOR in flight, arrivals making up the rest; none arrives above it', () => {
    const dataset = generateDataset({ records: 400, seed: 9, now: NOW });
    const store = new Store(dataset);
    let t = T0;
    const OPEN = ['waiting', 'depositing', 'pending', 'submitted', 'failure'];
    /** The newest RECENT listed requests (a private-chain or child request is listed only on request). */
    const latest = () => store.rows.filter((r) => r.privateChain === null && r.parentId === null).slice(0, RECENT);
    const open = () => latest().filter((r) => OPEN.includes(r.status));
    // Every open request of the latest page followed (as a gate's runs subscribe to them): they move each step.
    const lifecycle = new Lifecycle(store, { seed: 9, now: () => (t += 1000), preferred: () => open().map((r) => r.id), keepInFlight: true });
    expect(lifecycle.recentOpen()).toBe(open().length);
    expect(open().length, 'the generated latest page starts with at least RECENT_FLOOR requests in flight').toBeGreaterThanOrEqual(RECENT_FLOOR);
    const floor = RECENT_FLOOR;
    // Every arrival, with the latest page's requests in flight when it was asked for.
    const asked: Array<{ n: number; open: number }> = [];
    const arrive = lifecycle.arrive.bind(lifecycle);
    lifecycle.arrive = (n = 1) => {
      asked.push({ n, open: lifecycle.recentOpen() });
      return arrive(n);
    };
    let arrivals = 0;
    for (let step = 0; step < 1_000; step++) {
      const size = store.size;
      asked.length = 0;
      lifecycle.advance();
      const arrived = store.size - size;
      const fresh = store.rows.filter((r) => r.createdAt === t);
      expect(fresh.length, `step ${step}: the arrivals are the requests created now`).toBe(arrived);
      for (const r of fresh) expect(['waiting', 'depositing'], `step ${step}: an arrival is in flight`).toContain(r.status);
      if (arrived === 0) {
        // No arrival: the moves left the floor or more in flight.
        expect(asked, `step ${step}`).toEqual([]);
        expect(open().length, `step ${step}`).toBeGreaterThanOrEqual(floor);
      } else {
        // Arrivals only to make up the floor, exactly.
        expect(asked, `step ${step}`).toHaveLength(1);
        expect(asked[0].open, `step ${step}`).toBeLessThan(floor);
        expect(asked[0].n, `step ${step}`).toBe(floor - asked[0].open);
        // The floor holds after the step, unless an arrival was a private-chain or child request (listed only on request).
        const listed = fresh.filter((r) => r.privateChain === null && r.parentId === null).length;
        if (listed === arrived) expect(open().length, `step ${step}`).toBeGreaterThanOrEqual(floor);
      }
      arrivals += arrived;
    }
    expect(arrivals, 'the followers consumed the latest page and new requests arrived').toBeGreaterThan(100);
    // Without keepInFlight (a data-set variant's fixed size) the same followed steps add nothing.
    const fixed = new Store(generateDataset({ records: 400, seed: 9, now: NOW }));
    const follow = () => fixed.rows.filter((r) => OPEN.includes(r.status)).slice(0, 16).map((r) => r.id);
    const still = new Lifecycle(fixed, { seed: 9, now: () => (t += 1000), preferred: follow });
    for (let step = 0; step < 1_000; step++) still.advance();
    expect(fixed.size).toBe(400);
  });

  it('keeps no more in flight than the latest page started with: an empty, all-terminal or nearly settled data set is not raised to the floor', () => {
    const OPEN = ['waiting', 'depositing', 'pending', 'submitted', 'failure'];
    /** A store over `records` generated rows of which only the first `keep` listed open ones stay open. */
    const settled = (records: number, keep: number) => {
      const dataset = generateDataset({ records, seed: 9, now: NOW });
      const rows = dataset.rows;
      let left = keep;
      for (const r of rows) if (OPEN.includes(r.status) && (r.privateChain !== null || r.parentId !== null || left-- <= 0)) r.status = 'success';
      const store = new Store({ ...dataset, rows, table: undefined });
      const lifecycle = new Lifecycle(store, { seed: 9, now: () => T0, keepInFlight: true, preferred: () => store.rows.filter((r) => OPEN.includes(r.status)).map((r) => r.id) });
      return { store, lifecycle };
    };
    for (const records of [1, 40]) {
      const { store, lifecycle } = settled(records, 0);
      for (let step = 0; step < 50; step++) lifecycle.advance();
      expect(store.size, `${records} record(s), none open`).toBe(records);
    }
    const { store, lifecycle } = settled(200, 3);
    expect(lifecycle.recentOpen()).toBe(3);
    for (let step = 0; step < 200; step++) {
      lifecycle.advance();
      expect(lifecycle.recentOpen(), `step ${step}`).toBeLessThanOrEqual(3);
    }
    expect(store.size, 'the three followed to a terminal status, arrivals kept three in flight').toBeGreaterThan(200);
  });

  it('is deterministic given the seed and the calls', () => {
    const run = () => {
      const { lifecycle } = setup(500);
      const ids = lifecycle.arrive(3);
      return [ids, Array.from({ length: 200 }, () => lifecycle.advance().map((c) => `${c.requestId}:${c.to}`))];
    };
    expect(run()).toEqual(run());
  });
});

describe('changes show in every view', () => {
  it('/requests/v3, /requests/v2, /intents/status (refund as fallback) and status filters', async () => {
    const server = await startMockServer({ records: 400, seed: 3, now: NOW, v2RateLimit: 0, quiet: true });
    try {
      const h = { 'x-api-key': 'demo-key' };
      const get = async (path: string) => (await fetch(server.url + path, { headers: h })).json() as Promise<any>;
      let id = '';
      // Drive one request to a terminal status, reading the views after each step (served from cache before).
      const pending = (await get('/requests/v3?status=pending&limit=50')).requests.map((r: any) => r.id);
      for (const candidate of pending) {
        id = candidate;
        for (let step = 0; step < 6; step++) {
          await get(`/requests/v3?id=${id}`);
          const [change] = server.advance(id);
          if (!change) break;
          const v3 = (await get(`/requests/v3?id=${id}`)).requests[0];
          expect(v3.status).toBe(change.to);
          expect(Date.parse(v3.updatedAt)).toBe(change.updatedAt);
          const filtered = (await get(`/requests/v3?status=${change.to === 'submitted' ? 'pending' : change.to}&limit=50&sortBy=updatedAt`)).requests.map((r: any) => r.id);
          if (change.to !== 'submitted') expect(filtered[0]).toBe(id);
          const v2 = (await get(`/requests/v2?id=${id}`)).requests[0];
          expect(v2.status).toBe(change.to === 'submitted' ? 'pending' : change.to);
          const intent = await get(`/intents/status?requestId=${id}`);
          expect(intent.status).toBe({ pending: 'pending', submitted: 'pending', success: 'success', failure: 'failure', refund: 'fallback' }[change.to]);
          expect(intent.time).toBe(change.updatedAt);
        }
        if ((await get(`/requests/v3?id=${id}`)).requests[0].status === 'refund') break;
      }
      expect((await get(`/intents/status?requestId=${id}`)).status).toBe('fallback');
    } finally {
      await server.close();
    }
  });

  it('a continuation keeps working across status changes and arrivals', async () => {
    const server = await startMockServer({ records: 300, seed: 4, now: NOW, quiet: true });
    try {
      const h = { 'x-api-key': 'demo-key' };
      const page = async (q: string) => (await fetch(`${server.url}/requests/v3?limit=20${q}`, { headers: h })).json() as Promise<any>;
      const first = await page('');
      server.arrive(3);
      for (let i = 0; i < 20; i++) server.advance();
      const second = await page(`&continuation=${first.continuation}`);
      expect(second.requests).toHaveLength(20);
      const firstIds = new Set(first.requests.map((r: any) => r.id));
      expect(second.requests.some((r: any) => firstIds.has(r.id))).toBe(false);
      expect(Date.parse(second.requests[0].createdAt)).toBeLessThanOrEqual(Date.parse(first.requests[19].createdAt));
    } finally {
      await server.close();
    }
  });
});

describe('status changes on a served NDJSON file', () => {
  it('patch the stored record: status, updatedAt, transactions', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const source = await startMockServer({ records: 200, seed: 2, now: NOW, quiet: true });
    const h = { 'x-api-key': 'demo-key' };
    const recs = ((await (await fetch(`${source.url}/requests/v3?status=pending&limit=5`, { headers: h })).json()) as any).requests;
    await source.close();
    const file = join(mkdtempSync(join(tmpdir(), 'mock-live-')), 'live.ndjson');
    writeFileSync(file, `${recs.map((r: any) => JSON.stringify(r)).join('\n')}\n`);
    const server = await startMockServer({ data: file, now: NOW, quiet: true });
    try {
      const id = recs[0].id;
      let last = '';
      for (let i = 0; i < 4; i++) {
        const [change] = server.advance(id);
        if (!change) break;
        const rec = ((await (await fetch(`${server.url}/requests/v3?id=${id}`, { headers: h })).json()) as any).requests[0];
        expect(rec.status).toBe(change.to);
        expect(Date.parse(rec.updatedAt)).toBe(change.updatedAt);
        if (change.to === 'submitted') expect(rec.data.outTxs.length).toBeGreaterThan(0);
        last = change.to;
      }
      expect(['success', 'refund', 'pending', 'failure']).toContain(last);
      expect(() => server.arrive(1)).toThrow(/arrive: new requests need generated data/);
    } finally {
      await server.close();
    }
  });
});
