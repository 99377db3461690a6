/**
 * Store indexes built in background slices (`warm`) equal the ones built at once, a lookup in the
 * middle of a slice build gets the complete postings, and the sort orders follow the documented
 * tie-breaks (GET /requests/v3 sortBy: createdAt/updatedAt desc, amountUsd asc, ties by id).
 */
import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/mock-server.js';
import { Store, type IndexName } from '../../src/store/store.js';

// More rows than one warm slice (8,192), so that an index is seen half built.
const dataset = generateDataset({ records: 30_000, seed: 5, now: '2026-08-15T12:00:00Z' });
const rows = dataset.rows;
const probes: Array<[IndexName, string | number | null]> = [
  ['status', 'refund'],
  ['originChainId', 8453],
  ['failReason', null],
  ['user', rows[29_999].user],
  ['id', rows[12_345].id],
  ['depositTxHash', rows.find((r) => r.inTxHashes.length > 0 && r.idx > 26_000)!.inTxHashes[0]],
];

describe('Store', () => {
  it('a lookup during the background build returns the same ascending postings as a fresh build', async () => {
    const reference = new Store(dataset);
    const expected = probes.map(([name, key]) => [...reference.lookup(name, key)]);
    for (const list of expected) {
      expect(list.length).toBeGreaterThan(0);
      expect([...list].sort((a, b) => a - b)).toEqual(list);
    }
    const warmed = new Store(dataset);
    const done = warmed.warm();
    await new Promise((r) => setImmediate(r)); // one slice of the first index is in
    expect([...warmed.lookup('status', 'refund')]).toEqual(expected[0]);
    await done;
    expect(probes.map(([name, key]) => [...warmed.lookup(name, key)])).toEqual(expected);
  });

  it('stopWarming ends the background build after the slice under way (a closing server lets the process exit); lookups still build on demand', async () => {
    const store = new Store(dataset);
    const built = (): number => (store as unknown as { indexes: Map<string, unknown> }).indexes.size;
    const done = store.warm();
    await new Promise((r) => setImmediate(r));
    store.stopWarming();
    await done;
    expect(built()).toBeLessThan(27);
    const reference = new Store(dataset);
    for (const [name, key] of probes) expect([...store.lookup(name, key)]).toEqual([...reference.lookup(name, key)]);
  });

  it('a background sort that meets a change of updatedAt starts again: the order equals a fresh sort of the current rows', async () => {
    const store = new Store(dataset);
    const sorting = (store as unknown as { sorting: Map<string, unknown> }).sorting;
    const done = store.warm();
    for (let turn = 0; turn < 200 && !sorting.has('updatedAt'); turn++) await new Promise((r) => setImmediate(r));
    expect(sorting.has('updatedAt')).toBe(true);
    const row = store.row(20_000);
    store.update(row, (r) => {
      r.updatedAt = r.createdAt;
    });
    await done;
    const fresh = new Store({ ...dataset, rows: store.rows, table: undefined });
    expect([...store.order.updatedAt]).toEqual([...fresh.order.updatedAt]);
  });

  it('a catalogue index first built after 0, 1 or 2 requests moved files each by its current value (the fast build from the generated columns is for untouched data only)', () => {
    const small = generateDataset({ records: 3_000, seed: 5, now: '2026-08-15T12:00:00Z' });
    for (const moves of [0, 1, 2]) {
      const store = new Store(small);
      const moved = [store.row(10), store.row(1_500)].slice(0, moves);
      for (const row of moved) {
        store.update(row, (r) => {
          r.status = r.status === 'refund' ? 'success' : 'refund';
          r.failReason = r.failReason === 'SLIPPAGE' ? 'UNKNOWN' : 'SLIPPAGE';
        });
      }
      for (const [name, field] of [['status', 'status'], ['failReason', 'failReason']] as const) {
        for (const row of moved) {
          const value = row[field] as string;
          const scan = store.rows.filter((r) => r[field] === value).map((r) => r.idx);
          expect([...store.lookup(name, value)], `${moves} moved, ${name}=${value}`).toEqual(scan);
        }
      }
      expect([...store.lookup('status', 'refund')]).toEqual(store.rows.filter((r) => r.status === 'refund').map((r) => r.idx));
    }
  });

  it('hashed indexes (ids, wallets, hashes) answer like a scan: case-insensitive, null rows, no match', () => {
    const store = new Store(dataset);
    const values: Record<string, (r: (typeof rows)[number]) => (string | null)[]> = {
      id: (r) => [r.id],
      user: (r) => [r.sender, r.depositor, r.user],
      recipient: (r) => [r.recipient],
      depositTxHash: (r) => r.inTxHashes,
      refundTxHash: (r) => r.refundTxHashes,
      parentId: (r) => [r.parentId],
    };
    const scan = (name: string, key: string | null) =>
      rows.flatMap((r) => {
        const vs = values[name](r).filter((v) => v !== null && v !== '');
        const hit = key === null ? vs.length === 0 : vs.some((v) => v!.toLowerCase() === key.toLowerCase());
        return hit ? [r.idx] : [];
      });
    let compared = 0;
    for (const name of Object.keys(values) as IndexName[]) {
      const samples = [rows[7], rows[15_000], rows[29_000]].flatMap((r) => values[name](r)).filter((v): v is string => !!v);
      for (const key of [...samples, ...samples.map((v) => v.toUpperCase()), null, 'no-such-value']) {
        expect([...store.lookup(name, key)], `${name}=${key}`).toEqual(scan(name, key));
        compared++;
      }
      expect([...store.lookup(name, 42)]).toEqual([]);
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('orders follow the sort keys with id tie-breaks', () => {
    const store = new Store(dataset);
    const check = (order: Int32Array, cmp: (a: number, b: number) => number) => {
      const wrong: number[] = [];
      for (let i = 1; i < order.length; i++) if (!(cmp(order[i - 1], order[i]) < 0)) wrong.push(i);
      expect(wrong, 'ranks out of order').toEqual([]);
    };
    const id = (a: number, b: number) => (rows[a].id < rows[b].id ? -1 : rows[a].id > rows[b].id ? 1 : 0);
    check(store.order.createdAt, (a, b) => rows[b].createdAt - rows[a].createdAt || id(b, a));
    check(store.order.updatedAt, (a, b) => rows[b].updatedAt - rows[a].updatedAt || id(b, a));
    check(store.order.amountUsd, (a, b) => rows[a].amountUsd - rows[b].amountUsd || id(a, b));
    for (const sortBy of ['createdAt', 'updatedAt', 'amountUsd'] as const) {
      const inverse = store.order[sortBy].filter((p, rank) => store.rank[sortBy][p] !== rank);
      expect(inverse.length, `${sortBy}: rank is the inverse of order`).toBe(0);
    }
  });
});
