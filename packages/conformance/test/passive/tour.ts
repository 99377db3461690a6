/**
 * A scripted tour of the API through a base URL (the proxy), driven by the typed client of
 * @crosschain/types: currencies, intents status, v3 pages with filters, groups, ranges (a block range among them), sorts and a
 * continuation walk with totals (its second page fetched again), a v3 call without a key, v2 calls (ok, bad input, CORS, throttled)
 * and bad input. It asserts nothing itself: the auditor judges what it sends. `fetchImpl` lets a
 * test record the tour (as HAR).
 */
import { createSettlementClient } from '@crosschain/types';

type Query = Record<string, string | number | boolean>;
type Rec = Record<string, unknown>;

export const TOUR_KEY = 'demo-key';

/** Runs the tour against `baseUrl`; resolves to the number of requests it sent. */
export async function tour(baseUrl: string, fetchImpl: typeof fetch = fetch): Promise<number> {
  const client = createSettlementClient({ baseUrl, apiKey: TOUR_KEY, fetch: fetchImpl as never });
  let sent = 0;
  const v3 = async (query: Query): Promise<Rec | undefined> => {
    sent += 1;
    const r = await client.requestsV3(query as never);
    return r.data as Rec | undefined;
  };
  /** Follows `continuation` from the first page of `query`, at most `pages` pages, then fetches the second page again (a refetch). */
  const walk = async (query: Query, pages: number): Promise<void> => {
    let q = query;
    const cursors: string[] = [];
    for (let page = 0; page < pages; page++) {
      const cursor = (await v3(q))?.continuation;
      if ((typeof cursor !== 'string' && typeof cursor !== 'number') || cursor === '') break;
      cursors.push(String(cursor));
      q = { ...query, continuation: String(cursor) };
    }
    if (cursors[0] !== undefined) await v3({ ...query, continuation: cursors[0] });
  };
  const get = async (path: string, headers: Record<string, string> = {}): Promise<void> => {
    sent += 1;
    await (await fetchImpl(`${baseUrl}${path}`, { headers })).arrayBuffer();
  };

  // POST /currencies/v2: default, capped, filtered.
  const all = (await client.currenciesV2({ limit: 100 })).data as Rec[] | undefined;
  await client.currenciesV2({});
  await client.currenciesV2({ limit: 150 } as never);
  await client.currenciesV2({ limit: 1 });
  await client.currenciesV2({ verified: true, limit: 100 });
  const chainId = all?.find((c) => typeof c.chainId === 'number')?.chainId as number | undefined;
  if (chainId !== undefined) await client.currenciesV2({ chainIds: [chainId], limit: 100 });
  sent += 6;

  // GET /requests/v3: default page, limits, sorts.
  const first = await v3({});
  const records = ((first?.requests as Rec[] | undefined) ?? []).slice();
  await v3({ limit: 200 });
  await v3({ limit: 1 });
  await v3({ limit: 30, sortBy: 'amountUsd' });
  await v3({ limit: 30, sortBy: 'updatedAt', sortDirection: 'asc' });
  await v3({ limit: 30, sortBy: 'createdAt', sortDirection: 'desc' });

  // Continuation walks over a window that ended a minute before the newest record (no request can
  // arrive in it, so the walk's pages are judged against each other): with totals on every page,
  // then sorted by amountUsd.
  const newest = Math.floor(Date.parse(String(records[0]?.createdAt ?? '')) / 1000);
  const window: Query = Number.isFinite(newest) ? { endTimestamp: newest - 60 } : {};
  await walk({ ...window, limit: 5, includeTotal: true }, 4);
  await walk({ ...window, limit: 10, sortBy: 'amountUsd', sortDirection: 'desc' }, 3);

  // Top-level filters, ranges, groups.
  const r0 = records[0] ?? {};
  const created = Math.floor(Date.parse(String(r0.createdAt ?? '')) / 1000);
  await v3({ status: 'success', limit: 50 });
  await v3({ requestType: 'Same-chain Swap', limit: 50 });
  if (typeof r0.user === 'string') await v3({ user: r0.user, limit: 50 });
  if (Number.isFinite(created)) await v3({ startTimestamp: created - 3600, endTimestamp: created, limit: 50 });
  await v3({ amountUsdMin: 10, amountUsdMax: 500, limit: 50 });
  // Block ranges whose endBlock lies just below the lowest block of a listed request, whose startBlock just above its highest.
  const txBlocks = (r: Rec): number[] => {
    const data = (r.data ?? {}) as Rec;
    return [...((data.inTxs ?? []) as Rec[]), ...((data.outTxs ?? []) as Rec[])].map((t) => t.block).filter((b): b is number => typeof b === 'number');
  };
  const blocks = records.map(txBlocks).find((list) => list.length > 0 && Math.min(...list) > 1);
  if (blocks) {
    await v3({ startBlock: 1, endBlock: Math.min(...blocks) - 1, limit: 50 });
    await v3({ startBlock: Math.max(...blocks) + 1, limit: 50 });
  }
  await v3({ appFeesAmountUsdMin: 0.01, limit: 50 });
  await v3({ filters: JSON.stringify([{ status: 'success' }, { status: 'refund' }]), limit: 50 });
  await v3({ filters: JSON.stringify([{ 'not:status': 'success' }]), limit: 50 });
  await v3({ filters: JSON.stringify([{ status: ['failure', 'refund'] }]), limit: 50 });
  await v3({ filters: JSON.stringify([{ depositAddress: null }]), limit: 50 });
  await v3({ requestType: 'Same-chain Swap', filters: JSON.stringify([{ status: 'success' }, { status: 'failure' }]), limit: 50 });
  await v3({ features: 'fast_fill', filters: JSON.stringify([{ status: 'success' }]), limit: 50 });
  await v3({ filters: JSON.stringify([{ status: ['success', null] }]), limit: 50 });
  await v3({ status: 'failure', limit: 50 });
  await v3({ status: 'success', sortDirection: 'asc', limit: 50 });

  // GET /intents/status of a listed request.
  if (typeof r0.id === 'string') {
    await client.intentStatus({ requestId: r0.id } as never);
    sent += 1;
  }

  // GET /requests/v3 without a key, and bad input.
  await get('/requests/v3?limit=5');
  await get('/requests/v3?limit=abc', { 'x-api-key': TOUR_KEY });

  // GET /requests/v2: a page, a cross-origin call, bad input, then enough calls to be throttled.
  await client.requestsV2({ limit: 5 } as never);
  sent += 1;
  await get('/requests/v2?limit=5', { origin: 'https://app.example' });
  await get('/requests/v2?limit=-1');
  for (let i = 0; i < 4; i++) await get('/requests/v2?limit=1');
  return sent;
}
