/**
 * relay-kit-hooks' own query functions (the ones its hooks call), unmodified, with the reference
 * server as their base URL: `queryRequests` walked page by page as `useRequests` walks it
 * (`getNextPageParam: data => data.continuation`), `queryDepositAddressStatus` and
 * `queryExecutionStatus`. In 3.0.24 `queryRequests` calls `GET /requests/v2` and
 * `queryExecutionStatus` calls `GET /intents/status/v2`.
 */
import { generateDataset, type MockServer, type Row } from '@crosschain/mock-server';
import { queryDepositAddressStatus, queryExecutionStatus, queryRequests } from '@relayprotocol/relay-kit-hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allV3Records, intentStatus, NOW, startReferenceServer } from '../helpers/reference-server.js';

let server: MockServer;
let v3: any[];
/** The data set the server serves (same records, seed and clock), minus private-chain requests (listed only on request). */
let rows: Row[];

beforeAll(async () => {
  server = await startReferenceServer({ records: 300, seed: 1 });
  v3 = await allV3Records(server);
  rows = generateDataset({ records: 300, seed: 1, now: NOW }).rows.filter((r) => r.privateChain === null);
});

const newestFirst = (a: Row, b: Row): number => b.createdAt - a.createdAt;
/** The v2 `user` filter: the address is the request's user, sender or recipient. */
const involves = (r: Row, address: string): boolean => [r.user, r.sender, r.recipient].some((a) => a?.toLowerCase() === address.toLowerCase());

afterAll(async () => {
  await server?.close();
});

/** Every page of `queryRequests(options)`, following `continuation` as `useRequests` does. */
async function walk(options: Parameters<typeof queryRequests>[1]): Promise<{ pages: number; requests: any[] }> {
  const requests: any[] = [];
  let pageParam: string | undefined;
  let pages = 0;
  do {
    const page = await queryRequests(server.url, options, pageParam);
    pages += 1;
    requests.push(...(page.requests ?? []));
    pageParam = page.continuation;
    if (pages > 1000) throw new Error('the walk does not end: continuation never runs out');
  } while (pageParam);
  return { pages, requests };
}

describe('relay-kit-hooks queryRequests: the requests list walk', () => {
  it('walks every page to the end: each request once, all of them, newest first', async () => {
    const { pages, requests } = await walk({ limit: 20 });
    expect(pages).toBe(Math.ceil(rows.length / 20));
    expect(requests.map((r) => r.id)).toEqual([...rows].sort(newestFirst).map((r) => r.id));
  });

  it('walks a filtered list (one user, small pages) to exactly the requests of that user', async () => {
    const user = rows.find((r) => r.user && r.depositAddress === null && rows.filter((o) => o.user === r.user).length > 5)!.user!;
    const { pages, requests } = await walk({ user, limit: 2 });
    const expected = rows.filter((r) => involves(r, user)).sort(newestFirst).map((r) => r.id);
    expect(requests.map((r) => r.id)).toEqual(expected);
    expect(pages).toBeGreaterThan(2);
  });

  it('every record of the walk has what the hooks and indexers read: a status, data.inTxs/outTxs, referrer a string or absent (never null)', async () => {
    const { requests } = await walk({ limit: 50 });
    const bad = requests.filter((r) => typeof r.status !== 'string' || !Array.isArray(r.data?.inTxs) || !Array.isArray(r.data?.outTxs) || ('referrer' in r && typeof r.referrer !== 'string'));
    expect(bad.map((r) => ({ id: r.id, status: r.status, referrer: r.referrer }))).toEqual([]);
  });
});

describe('relay-kit-hooks queryDepositAddressStatus', () => {
  it('reports the latest request of a deposit address: status, fail reason and transaction hashes', async () => {
    const address = rows.find((r) => r.depositAddress)!.depositAddress!;
    const latestRow = rows.filter((r) => involves(r, address)).sort(newestFirst)[0];
    const latest = v3.find((r) => r.id === latestRow.id) ?? { ...latestRow, data: { failReason: latestRow.failReason } };
    const status = await queryDepositAddressStatus(server.url, { depositAddress: address });
    const truth = await intentStatus(server, latest.id);
    expect(status).toBeDefined();
    expect(status!.status).toBe(latest.status);
    expect(status!.inTxHashes).toEqual(truth.inTxHashes);
    expect(status!.txHashes).toEqual(truth.txHashes);
    expect(status!.details).toBe(latest.data.failReason ?? 'N/A');
  });

  it('answers undefined for a deposit address with no request', async () => {
    const status = await queryDepositAddressStatus(server.url, { depositAddress: '0x000000000000000000000000000000000000dEaD' });
    expect(status).toBeUndefined();
  });
});

describe('relay-kit-hooks queryExecutionStatus (GET /intents/status/v2)', () => {
  it('answers the status of a request as the v2 status operation defines it', async () => {
    const oneOfEachStatus = v3.filter((r, i, all) => all.findIndex((o) => o.status === r.status) === i);
    expect(oneOfEachStatus.length).toBeGreaterThan(4);
    for (const record of oneOfEachStatus) {
      const truth = await intentStatus(server, record.id);
      const status = await queryExecutionStatus(server.url, { requestId: record.id });
      // The v2 status operation speaks the v3 status names except `submitted` (it says `pending`).
      expect(status.status, record.id).toBe(record.status === 'submitted' ? 'pending' : record.status);
      expect(status.inTxHashes).toEqual(truth.inTxHashes);
      expect(status.txHashes).toEqual(truth.txHashes);
      expect(status.originChainId).toBe(truth.originChainId);
      expect(status.destinationChainId).toBe(truth.destinationChainId);
      expect((status as { request?: unknown }).request).toEqual({ url: `${server.url}/intents/status/v2?requestId=${record.id}`, method: 'get' });
    }
  });
});
