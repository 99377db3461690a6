/**
 * The generated columns (src/data/table.ts): what an index reads from the columns (`key`,
 * `keyHashes`) equals what it reads from the built row, for every index and every row; strings
 * are a pure function of (seed, index); the default order is createdAt desc, then id desc.
 */
import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/mock-server.js';
import { StringSource } from '../../src/data/table.js';
import { hashKey } from '../../src/hash-key.js';
import { Store, type IndexName } from '../../src/store/store.js';

const NOW = '2026-08-15T12:00:00Z';
const dataset = generateDataset({ records: 6000, seed: 3, now: NOW });
const table = dataset.table!;
/** The same rows as objects: the store then reads every index value from the row. */
const fromColumns = new Store(dataset);
const fromRows = new Store({ ...dataset, rows: dataset.rows, table: undefined });
const NAMES: IndexName[] = [
  'id', 'orderId', 'depositTxHash', 'fillTxHash', 'refundTxHash', 'failedTxHash', 'originChainId', 'destinationChainId', 'user', 'userV2',
  'sender', 'depositAddress', 'recipient', 'status', 'failReason', 'refundFailReason', 'apiKey', 'referrer', 'requestType',
  'currencyInChainId', 'currencyOutChainId', 'currencyInAddress', 'currencyOutAddress', 'currencyInSymbol', 'currencyOutSymbol', 'feature', 'parentId',
];

describe('GeneratedTable', () => {
  it('reads every index value from the columns as the row holds it', () => {
    for (const name of NAMES) {
      for (let p = 0; p < table.size; p++) expect(fromColumns.keyAt(name, p), `${name} at ${p}`).toEqual(fromRows.keyAt(name, p));
    }
  });

  it('hashes the values of the id, hash and wallet indexes without strings as hashKey hashes the strings', () => {
    const out = new Uint32Array(4);
    let hashed = 0;
    for (const name of NAMES) {
      for (let p = 0; p < table.size; p++) {
        const n = table.keyHashes(name, p, out);
        if (n < 0) continue;
        hashed++;
        const v = fromRows.keyAt(name, p);
        const values = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string' && x !== '');
        expect([...new Set(values.map(hashKey))].sort(), `${name} at ${p}`).toEqual([...out.subarray(0, n)].sort());
      }
    }
    expect(hashed).toBe(12 * table.size);
  });

  it('numbers the columns hold for ranges equal the row', () => {
    for (let p = 0; p < table.size; p++) {
      const row = table.row(p);
      expect(table.number('appFeesUsd', p)).toBe(row.appFeesUsd);
      expect(table.number('fillTimeSec', p)).toBe(row.fillTimeSec);
    }
  });

  it('derives strings from the seed and the generation index: a longer data set keeps the first requests', () => {
    const longer = generateDataset({ records: 7000, seed: 3, now: NOW }).table!;
    const ids = new Set(Array.from({ length: longer.size }, (_, p) => longer.id(p)));
    expect(ids.size).toBe(longer.size);
    // Numbers come from one stream in generation order, so the first 6000 requests are the same.
    const first = new Set(Array.from({ length: table.size }, (_, p) => table.id(p)));
    expect([...first].every((id) => ids.has(id))).toBe(true);
  });

  it('keeps the pool wallets it built: the same strings as built afresh, whatever the order or the slots they share', () => {
    const kept = table.strings;
    const afresh = () => new StringSource(kept.seed, kept.stream, kept.poolSize);
    const vms = ['evm', 'svm', 'bvm', 'tvm'] as const;
    // Indexes far apart share slots of the direct-mapped memo (4,096 of them): each read is checked against a source that keeps nothing yet.
    const reads: Array<[(typeof vms)[number], number]> = [];
    for (let k = 0; k < 3_000; k++) reads.push([vms[k % vms.length]!, (k * 7919) % kept.poolSize], [vms[(k + 1) % vms.length]!, (k * 4096) % kept.poolSize]);
    for (const [vm, i] of reads) expect(kept.wallet(vm, i), `${vm} ${i}`).toBe(afresh().wallet(vm, i));
    // Read twice in a row: the second read is the kept string, equal to the first.
    expect(kept.wallet('evm', 1)).toBe(kept.wallet('evm', 1));
  });

  it('orders positions by createdAt desc, then id desc', () => {
    for (let p = 1; p < table.size; p++) {
      const a = table.row(p - 1);
      const b = table.row(p);
      expect(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id), `positions ${p - 1}, ${p}`).toBe(true);
    }
  });
});
