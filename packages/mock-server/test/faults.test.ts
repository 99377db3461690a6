/**
 * Every fault of the catalogue changes the behaviour it claims: each probe returns true when the
 * server honours the clause; it must hold on the clean server and fail with the fault switched on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultCatalogue, startMockServer, type MockServer } from '../src/index.js';
import { Faults, SCALE_FAULTS, scaleTotal } from '../src/faults.js';
import { EVENT_FAULTS } from './events/probes.js';
import { call, qs } from './helpers/contract.js';
import { THROTTLE_MONTHS, v2Quota } from './helpers/v2-quota.js';

const NOW = '2026-08-15T12:00:00Z';
/** `server` is the server probed, for the probes that move its requests (`advance`). */
type Probe = (base: string, server: MockServer) => Promise<boolean>;
const K = 'demo-key';
const v3 = (base: string, p: Record<string, string | number | boolean>, key: string | null = K) =>
  fetch(`${base}/requests/v3${qs(p)}`, { headers: key ? { 'x-api-key': key } : {} }).then(async (r) => ({ status: r.status, headers: r.headers, body: await r.json() }));
const ids = (b: any): string[] => b.requests.map((r: any) => r.id);
const count = async (base: string, filters: unknown, extra: Record<string, string | number> = {}) =>
  (await v3(base, { filters: JSON.stringify(filters), includeTotal: true, limit: 1, ...extra })).body.total as number;
const total = async (base: string, p: Record<string, string | number>) => (await v3(base, { ...p, includeTotal: true, limit: 1 })).body.total as number;
const v2 = (base: string, path = '/requests/v2?limit=2', key?: string) => fetch(base + path, { headers: key ? { 'x-api-key': key } : {} });
const currencies = (base: string, body: unknown) =>
  fetch(`${base}/currencies/v2`, { method: 'POST', body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));
const sameChain = (r: any) => r.requestType === 'Same-chain Swap';
/** The distinct ids of a complete walk of `p` (pages of 50), in the order listed. */
const walkIds = async (base: string, p: Record<string, string | number>): Promise<string[]> => {
  const seen = new Set<string>();
  let continuation: string | undefined;
  do {
    const body = (await v3(base, { ...p, limit: 50, ...(continuation ? { continuation } : {}) })).body;
    for (const id of ids(body)) seen.add(id);
    continuation = body.continuation;
  } while (continuation);
  return [...seen];
};
/** How many distinct ids a complete walk of `p` lists. */
const walked = async (base: string, p: Record<string, string | number>) => (await walkIds(base, p)).length;
const byId = async (base: string, id: string) => (await v3(base, { id })).body.requests[0];
const around = (r: any) => {
  const sec = Math.floor(Date.parse(r.createdAt) / 1000);
  return { startTimestamp: sec - 1, endTimestamp: sec + 1 };
};
/** Moves the oldest pending request step by step until its status is one of `to`; the record then (undefined when it never gets there). */
const moveUntil = async (base: string, server: MockServer, to: readonly string[]) => {
  const r = (await v3(base, { status: 'pending', sortDirection: 'asc', limit: 1 })).body.requests[0];
  for (let i = 0; i < 8; i++) {
    server.advance(r.id);
    const now = await byId(base, r.id);
    if (to.includes(now.status)) return now;
  }
  return undefined;
};

const PROBES: Record<string, Probe> = {
  'v3-no-auth': async (b) => (await v3(b, {}, null)).status === 401,
  'v3-limit-uncapped': async (b) => {
    const r = await v3(b, { limit: 200 });
    return r.status === 400 || r.body.requests.length <= 50;
  },
  'v3-default-sort-asc': async (b) => {
    const r = (await v3(b, { limit: 10 })).body.requests;
    return r[0].createdAt > r[9].createdAt;
  },
  'v3-amountusd-default-desc': async (b) => {
    const r = (await v3(b, { sortBy: 'amountUsd', limit: 2 })).body.requests.map((x: any) => Number(x.data.route.actual.origin.inputCurrency.amountUsd));
    return r[0] <= r[1];
  },
  'v3-groups-anded': async (b) => (await count(b, [{ status: 'refund' }, { status: 'failure' }])) > 0,
  'v3-not-ignored': async (b) => (await v3(b, { filters: JSON.stringify([{ 'not:status': 'success' }]), limit: 50 })).body.requests.every((r: any) => r.status !== 'success'),
  'v3-null-mix-accepted': async (b) => (await v3(b, { filters: JSON.stringify([{ failReason: ['SLIPPAGE', null] }]) })).status === 400,
  'v3-total-page-count': async (b) => (await v3(b, { includeTotal: true, limit: 5 })).body.total > 5,
  'v3-total-always': async (b) => (await v3(b, { limit: 5 })).body.total === undefined,
  'v3-page-overlap': async (b) => {
    const p1 = await v3(b, { limit: 10 });
    const p2 = await v3(b, { limit: 10, continuation: p1.body.continuation });
    return !ids(p2.body).some((id) => ids(p1.body).includes(id));
  },
  'v3-page-gap': async (b) => {
    const both = ids((await v3(b, { limit: 20 })).body);
    const p1 = await v3(b, { limit: 10 });
    const p2 = await v3(b, { limit: 10, continuation: p1.body.continuation });
    return JSON.stringify([...ids(p1.body), ...ids(p2.body)]) === JSON.stringify(both);
  },
  'v3-repeated-cursor': async (b) => {
    const given: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 4; i++) {
      const page = (await v3(b, { limit: 3, ...(cursor ? { continuation: cursor } : {}) })).body;
      cursor = page.continuation;
      if (cursor === undefined) return true;
      if (given.includes(cursor)) return false;
      given.push(cursor);
    }
    return true;
  },
  'v3-term-ignores-hashes': async (b) => {
    const rec = (await v3(b, { status: 'success', limit: 1 })).body.requests[0];
    const hash = rec.data.inTxs[0].txHash;
    if (typeof hash !== 'string') throw new Error('no deposit transaction hash on a success record');
    return ids((await v3(b, { term: hash })).body).includes(rec.id);
  },
  'v3-amountusd-range-ignored': async (b) =>
    (await v3(b, { amountUsdMin: 100, amountUsdMax: 200, limit: 50 })).body.requests.every((r: any) => {
      const usd = Number(r.data.route.actual.origin.inputCurrency.amountUsd);
      return usd >= 100 && usd <= 200;
    }),
  'v3-failreason-na': async (b) => (await v3(b, { status: 'success', limit: 5 })).body.requests.every((r: any) => r.data.failReason === null),
  'v3-chainid-origin-only': async (b) => (await count(b, [{ chainId: 8453 }])) > (await count(b, [{ originChainId: 8453 }])),
  'v3-symbol-case-sensitive': async (b) => (await v3(b, { currencyInSymbol: 'usdc', includeTotal: true })).body.total > 0,
  'v3-authenticated-leak': async (b) =>
    (await v3(b, { includeAuthenticatedData: true, limit: 50 })).body.requests.every((r: any) => !('referrer' in r.data) || r.data.referrer === 'demo.app'),
  'v3-status-filter-lenient': async (b) => (await v3(b, { status: 'waiting' })).status === 400,
  'v3-refund-fail-reason-filter-as-null-check': async (b) => {
    const page = (await v3(b, { refundFailReason: 'MANUAL_REFUND_REQUIRED', limit: 50 })).body.requests;
    return page.length > 0 && page.every((r: any) => r.data.refundFailReason === 'MANUAL_REFUND_REQUIRED');
  },
  'v3-amount-number': async (b) => (await v3(b, { limit: 5 })).body.requests.every((r: any) => typeof r.data.route.actual.origin.inputCurrency.amount === 'string'),
  'v3-missing-requesttype': async (b) => (await v3(b, { limit: 5 })).body.requests.every((r: any) => typeof r.requestType === 'string'),
  'v3-top-level-ignored-with-filters': async (b) => (await v3(b, { originChainId: 10, filters: JSON.stringify([{ status: 'success' }]), limit: 50 })).body.requests.every((r: any) => r.data.route.actual.origin.inputCurrency.currency.chainId === 10),
  'v3-features-ignored-with-filters': async (b) =>
    (await v3(b, { features: 'fast_fill', filters: JSON.stringify([{ status: 'success' }]), limit: 50 })).body.requests.every((r: any) => r.features.includes('fast_fill')),
  'v3-same-chain-destination': async (b) => (await v3(b, { requestType: 'Same-chain Swap', limit: 10 })).body.requests.every((r: any) => sameChain(r) && !r.data.route.actual.destination && !r.data.route.quoted.destination),
  'v2-no-deprecation-on-errors': async (b) => (await v2(b, '/requests/v2?limit=abc')).headers.get('deprecation') !== null,
  'v2-deprecation-header-format': async (b) => /^@\d+$/.test((await v2(b)).headers.get('deprecation') ?? ''),
  'v2-link-missing-sunset-rel': async (b) => ((await v2(b)).headers.get('link') ?? '').includes('rel="sunset"'),
  'v2-no-deprecation-object': async (b) => typeof (await (await v2(b)).json()).deprecation === 'object',
  'v2-429-retry-after': async (b) => {
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) last = await v2(b, '/requests/v2?limit=1', 'other-key');
    return last!.status === 429 && last!.headers.get('retry-after') === null;
  },
  'currencies-limit-uncapped': async (b) => {
    const r = await currencies(b, { limit: 150 });
    return r.status === 400 || r.body.length <= 100;
  },
  'currencies-default-limit-50': async (b) => (await currencies(b, {})).body.length === 20,
  'currencies-include-all-chains-any': async (b) => {
    const usdc = (await currencies(b, { term: 'USDC', chainIds: [1], limit: 100 })).body.find((c: any) => c.symbol === 'USDC');
    const r = await currencies(b, { address: usdc.address, chainIds: [1], includeAllChains: true, limit: 100 });
    return r.body.length > 1 && r.body.every((c: any) => c.symbol === 'USDC');
  },
  'currencies-lookup-empty': async (b) => {
    const all = (await currencies(b, { limit: 100 })).body;
    const one = all[0];
    return all.length > 0 && (await currencies(b, { address: one.address, limit: 100 })).body.some((c: any) => c.chainId === one.chainId);
  },
  'currencies-tokens-upper-cased': async (b) => {
    const one = (await currencies(b, { limit: 100 })).body.find((c: any) => /^0x[0-9]*[a-f]/i.test(c.address));
    return (await currencies(b, { tokens: [`${one.chainId}:${one.address}`], limit: 100 })).body.some((c: any) => c.address === one.address && c.chainId === one.chainId);
  },
  'v2-referrer-dropped': async (b) => {
    const body = await (await v2(b, '/requests/v2?limit=50&includeAuthenticatedData=true')).json();
    return body.requests.some((r: any) => typeof r.referrer === 'string');
  },
  'v3-status-index-stale-after-change': async (b, s) => {
    const now = await moveUntil(b, s, ['success', 'failure']);
    return now !== undefined && ids((await v3(b, { status: now.status, ...around(now), limit: 50 })).body).includes(now.id);
  },
  'v3-status-posting-drops-neighbour': async (b, s) => {
    // Every success request created up to the one that moved is listed by status=success.
    const now = await moveUntil(b, s, ['success']);
    if (!now) return false;
    const end = Math.floor(Date.parse(now.createdAt) / 1000);
    const all = (await v3(b, { endTimestamp: end, limit: 50 })).body.requests.filter((r: any) => r.status === 'success');
    const listed = ids((await v3(b, { status: 'success', endTimestamp: end, limit: 50 })).body);
    return all.length > 1 && all.every((r: any) => listed.includes(r.id));
  },
  'v3-fail-reason-index-stale-after-change': async (b, s) => {
    // The failReason index (and its "none" bitset) is built before the change.
    await v3(b, { filters: JSON.stringify([{ failReason: null }]), limit: 1 });
    const pending = (await v3(b, { status: 'pending', sortDirection: 'asc', limit: 50 })).body.requests;
    for (const r of pending) {
      if (s.advance(r.id)[0]?.to !== 'failure') continue;
      const now = await byId(b, r.id);
      if (typeof now.data.failReason !== 'string') return false;
      return !ids((await v3(b, { id: r.id, filters: JSON.stringify([{ failReason: null }]) })).body).includes(r.id);
    }
    throw new Error('no pending request of the first page moved to failure');
  },
  'v3-new-tx-hash-unindexed': async (b, s) => {
    // The hash indexes are built before the change (a fresh server builds them on first use, from the current values).
    for (const param of ['fillTxHash', 'refundTxHash']) await v3(b, { [param]: '0x00', limit: 1 });
    const now = await moveUntil(b, s, ['success', 'refund']);
    if (!now) return false;
    const hash = now.data.outTxs[now.data.outTxs.length - 1].txHash;
    return ids((await v3(b, { [now.status === 'success' ? 'fillTxHash' : 'refundTxHash']: hash, ...around(now), limit: 50 })).body).includes(now.id);
  },
  'v3-updated-order-stale': async (b, s) => {
    await v3(b, { sortBy: 'updatedAt', limit: 1 }); // the updatedAt order is built before the change
    const now = await moveUntil(b, s, ['submitted', 'failure', 'success', 'refund']);
    return now !== undefined && ids((await v3(b, { sortBy: 'updatedAt', limit: 5 })).body)[0] === now.id;
  },
  'v3-asc-filter-ignored': async (b) => (await v3(b, { status: 'refund', sortDirection: 'asc', limit: 20 })).body.requests.every((r: any) => r.status === 'refund'),
  'v3-updated-at-not-moved': async (b, s) => {
    const now = await moveUntil(b, s, ['submitted', 'failure', 'success', 'refund']);
    return now !== undefined && Date.parse(now.updatedAt) > Date.parse(now.createdAt);
  },
  'v3-numeric-range-reads-amount': async (b) => {
    const rows = (await v3(b, { appFeesAmountUsdMin: 0.01, limit: 50 })).body.requests;
    return rows.length > 0 && rows.every((r: any) => r.data.appFees.quoted.length > 0);
  },
  'v3-asc-filtered-misses-newest': async (b) => {
    // The two newest requests, by a filters group of both statuses, ascending from the second one's second on.
    const [a, c] = (await v3(b, { limit: 2 })).body.requests;
    const sec = Math.floor(Date.parse(c.createdAt) / 1000);
    const r = await v3(b, { filters: JSON.stringify([{ id: [a.id, c.id] }]), startTimestamp: sec, sortDirection: 'asc', limit: 50 });
    return ids(r.body).includes(a.id);
  },
  'v3-not-ignored-after-first-key': async (b) => {
    // A not: after another key of its group: no record of the group has the negated status.
    const r = (await v3(b, { filters: JSON.stringify([{ requestType: 'Same-chain Swap', 'not:status': 'success' }]), limit: 50 })).body.requests;
    return r.length > 0 && r.every((x: any) => x.status !== 'success' && sameChain(x));
  },
  'v3-asc-filtered-block-edge': async (b) => {
    // A user of one request listed ascending: whatever comes back is that user's (a sparse filter: blocks of 32 without a match).
    const user = (await v3(b, { limit: 1 })).body.requests[0].user;
    const r = (await v3(b, { user, sortDirection: 'asc', limit: 50 })).body.requests;
    return r.length > 0 && r.every((x: any) => [x.user, x.data?.sender, x.data?.depositor].some((v) => typeof v === 'string' && v.toLowerCase() === user.toLowerCase()));
  },
  'currencies-verified-ignored': async (b) => (await currencies(b, { verified: false, limit: 100 })).body.every((c: any) => !c.metadata.verified),
  'intents-status-refund-as-failure': async (b) => {
    const id = (await v3(b, { status: 'refund', limit: 1 })).body.requests[0].id;
    return (await (await fetch(`${b}/intents/status?requestId=${id}`)).json()).status === 'fallback';
  },
  'server-error-on-bad-input': async (b) => (await v3(b, { limit: 'ten' })).status === 400,
  'v3-cursor-shape-500': async (b) => (await v3(b, { continuation: Buffer.from('null').toString('base64url') })).status === 400,
  'v3-filters-unknown-key-500': async (b) => (await v3(b, { filters: '[{"not:notAFilterKey":["x"]}]' })).status === 400,
  'v3-filter-ignored-on-other-sorts': async (b) => {
    // A record filtered by its id under sortBy=updatedAt, in a window a month before its creation: nothing.
    const r = (await v3(b, { limit: 1 })).body.requests[0];
    const sec = Math.floor(Date.parse(r.createdAt) / 1000);
    return (await v3(b, { id: r.id, sortBy: 'updatedAt', startTimestamp: sec - 31 * 86_400, endTimestamp: sec - 30 * 86_400 })).body.requests.length === 0;
  },
  'v3-block-range-empty': async (b) => {
    // A record with blocks on both sides, listed by a block range spanning them.
    const r = (await v3(b, { status: 'success', limit: 1 })).body.requests[0];
    const blocks = [...r.data.inTxs, ...r.data.outTxs].map((t: any) => t.block as number);
    return (await v3(b, { id: r.id, startBlock: Math.min(...blocks), endBlock: Math.max(...blocks) })).body.requests.length === 1;
  },
  'v3-block-end-ignored': async (b) => {
    // endBlock just below a record's lowest block leaves it out, though startBlock alone would list it.
    const r = (await v3(b, { status: 'success', limit: 1 })).body.requests[0];
    const low = Math.min(...[...r.data.inTxs, ...r.data.outTxs].map((t: any) => t.block as number));
    return (await v3(b, { id: r.id, startBlock: 1, endBlock: low - 1 })).body.requests.length === 0 && (await v3(b, { id: r.id, startBlock: 1 })).body.requests.length === 1;
  },
  'v3-block-start-ignored': async (b) => {
    // startBlock just above a record's highest block leaves it out, though endBlock alone would list it.
    const r = (await v3(b, { status: 'success', limit: 1 })).body.requests[0];
    const high = Math.max(...[...r.data.inTxs, ...r.data.outTxs].map((t: any) => t.block as number));
    return (await v3(b, { id: r.id, startBlock: high + 1, endBlock: 2 * high })).body.requests.length === 0 && (await v3(b, { id: r.id, endBlock: 2 * high })).body.requests.length === 1;
  },
  'v3-limit-ignored-at-boundary': async (b) => {
    for (const limit of [1, 2, 48, 49, 50]) if ((await v3(b, { limit })).body.requests.length !== limit) return false;
    return true;
  },
  'v3-cursor-changes-meaning': async (b) => {
    const cursor = (await v3(b, { limit: 3 })).body.continuation;
    const once = ids((await v3(b, { limit: 3, continuation: cursor })).body);
    const twice = ids((await v3(b, { limit: 3, continuation: cursor })).body);
    return JSON.stringify(once) === JSON.stringify(twice);
  },
  'v3-total-stale-after-first-read': async (b) => {
    const p = { status: 'refund', includeTotal: true };
    const first = (await v3(b, { ...p, limit: 1 })).body.total;
    const again = (await v3(b, { ...p, limit: 7 })).body.total;
    const third = (await v3(b, { ...p, limit: 1 })).body.total;
    return first === again && again === third;
  },
  // The scale faults of `total` show only on a large data set (SCALE below): a partition of the
  // whole by `status=success` / `not:status=success` adds up to its total; disjoint statuses never
  // count more together than the whole.
  'v3-total-capped': async (b) => (await total(b, {})) === (await total(b, { status: 'success' })) + (await count(b, [{ 'not:status': 'success' }])),
  'v3-total-estimated': async (b) => (await total(b, {})) === (await total(b, { status: 'success' })) + (await count(b, [{ 'not:status': 'success' }])),
  'v3-count-cache-ignores-status': async (b) => {
    let sum = 0;
    for (const status of ['success', 'failure', 'refund', 'pending', 'depositing']) sum += await total(b, { status });
    return sum <= (await total(b, {}));
  },
  'v3-block-bounds-or': async (b) => {
    const both = await total(b, { startBlock: 1_000_000, endBlock: 1_000_000 });
    return both <= (await total(b, { startBlock: 1_000_000 })) && both <= (await total(b, { endBlock: 1_000_000 }));
  },
  'v2-default-limit-50': async (b) => (((await (await v2(b, '/requests/v2')).json()) as any).requests.length === 20),
  'v2-limit-ignored-at-boundary': async (b) => {
    for (const limit of [1, 2, 49, 50]) if (((await (await v2(b, `/requests/v2?limit=${limit}`)).json()) as any).requests.length !== limit) return false;
    return true;
  },
  // The listing without a time window: a client's first calls.
  'v3-pages-empty': async (b) => {
    // A window's pages list its requests: the first page of a window holding some is not empty.
    const body = (await v3(b, { includeTotal: 'true', limit: 5 })).body;
    return body.total > 0 && body.requests.length > 0;
  },
  'v3-unwindowed-empty-page': async (b) => {
    const r = (await v3(b, { includeTotal: true })).body;
    return r.total === 0 || r.requests.length > 0;
  },
  'v3-one-record-repeated': async (b) => {
    const page = ids((await v3(b, { limit: 10 })).body);
    return page.length === 10 && new Set(page).size === 10;
  },
  'v3-unwindowed-short-pages': async (b) => {
    const p1 = await v3(b, { limit: 10 });
    const p2 = await v3(b, { limit: 10, continuation: p1.body.continuation });
    return ids(p1.body).length === 10 && JSON.stringify([...ids(p1.body), ...ids(p2.body)]) === JSON.stringify(ids((await v3(b, { limit: 20 })).body));
  },
  'v3-unwindowed-asc-skips-earliest': async (b) => {
    const first = (await v3(b, { sortDirection: 'asc', limit: 5 })).body.requests[0];
    return (await total(b, { endTimestamp: Math.floor(Date.parse(first.createdAt) / 1000) - 1 })) === 0;
  },
  'v3-unwindowed-total-miscount': async (b) => (await total(b, {})) >= (await total(b, { startTimestamp: 0, endTimestamp: 4_000_000_000 })),
  'v3-authenticated-withheld': async (b) => (await v3(b, { apiKey: K, includeAuthenticatedData: true, limit: 5 })).body.requests.some((r: any) => typeof r.data.referrer === 'string'),
  'intents-status-201': async (b) => {
    const id = (await v3(b, { limit: 1 })).body.requests[0].id;
    return (await fetch(`${b}/intents/status?requestId=${id}`)).status === 200;
  },
  'v2-throttle-430': async (b) => {
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) last = await v2(b, '/requests/v2?limit=1', 'other-key');
    return last!.status === 429;
  },
  'v2-always-throttled': async (b) => (await v2(b, '/requests/v2?limit=1', 'other-key')).status === 200,
  'v2-sortdirection-required': async (b) => (await v2(b, '/requests/v2?limit=1')).status === 200,
  'dies-on-double-slash': async (b) => {
    const slash = await fetch(`${b}//`).catch(() => undefined);
    const after = await v3(b, { limit: 1 }).catch(() => undefined);
    return slash !== undefined && slash.status >= 400 && slash.status < 500 && after?.status === 200;
  },
  'v3-unwindowed-equality-total-off': async (b) => {
    // A query of equality filters alone, without a window: its total equals what its walk lists.
    const q = { requestType: 'Bridge', originChainId: 8453 };
    return (await total(b, q)) === (await walked(b, q));
  },
  'v3-unwindowed-features-total-ignored': async (b) => {
    const q = { requestType: 'Bridge', originChainId: 8453, features: 'fast_fill' };
    return (await total(b, q)) === (await walked(b, q));
  },
  'v3-unwindowed-total-inflated': async (b) => {
    const all = { startTimestamp: 0, endTimestamp: Math.floor(Date.parse(NOW) / 1000) + 86_400 };
    return (await total(b, {})) === (await total(b, all));
  },
  'v3-few-matches-empty-on-other-sorts': async (b) => {
    // A filter with few matches, sorted by updatedAt: the first page lists what total counts.
    const q = { requestType: 'Bridge', originChainId: 8453, destinationChainId: 10, sortBy: 'updatedAt', includeTotal: true, limit: 50 };
    const body = (await v3(b, q)).body;
    return body.total > 0 && body.requests.length === Math.min(body.total, 50);
  },
  'v2-no-limit-500': async (b) => (await v2(b, '/requests/v2', K)).status === 200,
  'v2-throttle-per-address': async (b) => {
    // The other key spends its quota of 3 a minute (the other throttle probes spend it too); the
    // demo key, on the same address, is still served.
    for (let i = 0; i < 4; i++) await v2(b, '/requests/v2?limit=1', 'other-key');
    const spent = (await v2(b, '/requests/v2?limit=1', 'other-key')).status === 429;
    return spent && (await v2(b, '/requests/v2?limit=1', K)).status === 200;
  },
  'v3-empty-group-stale': async (b) => {
    // The same query with an empty group, asked after two different queries, counts the same.
    const q = [{}, { requestType: 'Send' }];
    await count(b, [{ requestType: 'Bridge' }]);
    const first = await count(b, q);
    await count(b, [{ requestType: 'Send', originChainId: 10 }]);
    return first === (await count(b, q)) && first === (await total(b, {}));
  },
  'v3-no-groups-stale': async (b) => {
    // filters=[] counts the same after two different queries.
    await count(b, [{ requestType: 'Bridge' }]);
    const first = await count(b, []);
    await count(b, [{ requestType: 'Send', originChainId: 10 }]);
    return first === (await count(b, []));
  },
  'v3-reverse-walk-loses-first': async (b) => {
    // The smallest amounts, asked descending with a range alone, are all listed (a page that ends the walk holds total).
    const smallest = (await v3(b, { sortBy: 'amountUsd', limit: 3 })).body.requests;
    const max = smallest[2].data.route.actual.origin.inputCurrency.amountUsd;
    const page = (await v3(b, { sortBy: 'amountUsd', sortDirection: 'desc', amountUsdMax: max, includeTotal: true, limit: 50 })).body;
    return page.requests.length === page.total && page.requests.some((r: any) => r.id === smallest[0].id);
  },
  'v3-newest-move-unlisted': async (_b, s) => {
    // On a server of its own: the newest request, moved one step (into pending), leads status=pending.
    const own = await startMockServer({ ...options(''), faults: [...s.faults] });
    try {
      const [id] = own.arrive(1);
      await v3(own.url, { status: 'pending', limit: 1 });
      own.advance(id!);
      return ids((await v3(own.url, { status: 'pending', limit: 1 })).body)[0] === id;
    } finally {
      await own.close();
    }
  },
  'v3-one-id-unfindable': async (b) => {
    // The requests around the middle of the data set (newest first) are each found by their ids.
    const all = await walkIds(b, {});
    const around = all.slice((all.length >>> 1) - 100, (all.length >>> 1) + 100);
    for (let i = 0; i < around.length; i += 50) {
      const chunk = around.slice(i, i + 50);
      const found = new Set(ids((await v3(b, { filters: JSON.stringify([{ id: chunk }]), limit: 50 })).body));
      if (!chunk.every((id: string) => found.has(id))) return false;
    }
    return true;
  },
  'v3-lone-arrival-dropped': async (_b, s) => {
    // On a server of its own (as v3-arrivals-stale-cache): a request that arrives alone is found by its id.
    const own = await startMockServer({ ...options(''), faults: [...s.faults] });
    try {
      const [id] = own.arrive(1);
      return (await v3(own.url, { id: id!, includeTotal: true })).body.total === 1;
    } finally {
      await own.close();
    }
  },
  'v3-later-group-last-field': async (b) => {
    // A group OR-ed with itself has the group's total, in second place too.
    const page = (await v3(b, { limit: 50 })).body.requests;
    const x = page[0];
    const y = page.find((r: any) => ![r.user, r.recipient].some((w: string) => w.toLowerCase() === x.user.toLowerCase()));
    const g = { user: x.user, recipient: y.recipient };
    return (await count(b, [g])) === (await count(b, [g, g]));
  },
  'v3-asc-unwindowed-end-500': async (b) => {
    // A wallet's requests read oldest first without a window, in one page, answer 200.
    const page = (await v3(b, { limit: 50 })).body.requests;
    const r = page.find((x: any) => x.recipient.toLowerCase() !== page[0].recipient.toLowerCase());
    return (await v3(b, { recipient: r.recipient, sortDirection: 'asc', limit: 50 })).status === 200;
  },
  'v3-arrivals-stale-cache': async (_b, s) => {
    // On a server of its own (arrivals would change the shared clean one under the other probes):
    // after requests arrive, the newest page starts with them.
    const own = await startMockServer({ ...options(''), faults: [...s.faults] });
    try {
      await v3(own.url, { limit: 50 }); // the serialized records of the newest page, cached
      const ids = own.arrive(5);
      const page = (await v3(own.url, { limit: 50 })).body.requests.map((r: any) => r.id);
      return ids.every((id) => page.includes(id));
    } finally {
      await own.close();
    }
  },
  'v3-updated-window-empty': async (b) => {
    // A window of the last 30 days sorted by updatedAt lists requests, as it does sorted by createdAt.
    const newest = (await v3(b, { limit: 1 })).body.requests[0];
    const end = Math.floor(Date.parse(newest.createdAt) / 1000);
    return (await v3(b, { sortBy: 'updatedAt', startTimestamp: end - 30 * 86_400, endTimestamp: end, limit: 5 })).body.requests.length > 0;
  },
  'v3-first-cursor-refused': async (b) => {
    // The cursor of a page of one at the top of the order gives the next page.
    const first = (await v3(b, { limit: 1 })).body;
    return (await v3(b, { limit: 1, continuation: first.continuation })).status === 200;
  },
  'v3-empty-group-matches-none': async (b) => (await count(b, [{}, { requestType: 'Send' }])) === (await total(b, {})),
  'v3-not-tail-word-shifted': async (b) => (await total(b, { status: 'success' })) + (await count(b, [{ 'not:status': 'success' }])) === (await total(b, {})),
  'currencies-default-list-empty': async (b) => (await currencies(b, { defaultList: true })).body.length > 0,
  'currencies-address-default-only': async (b) => {
    // A currency outside the default list is found by its own address.
    const defaults = new Set((await currencies(b, { defaultList: true, limit: 100 })).body.map((c: any) => `${c.chainId}:${c.address}`));
    const other = (await currencies(b, { limit: 100 })).body.find((c: any) => !defaults.has(`${c.chainId}:${c.address}`));
    const found = (await currencies(b, { address: other.address, chainIds: [other.chainId] })).body;
    return found.some((c: any) => c.address === other.address && c.chainId === other.chainId);
  },
  'v3-not-drops-oldest': async (b) => {
    // The oldest request is listed by a not: filter it passes.
    const oldest = (await v3(b, { sortDirection: 'asc', limit: 1 })).body.requests[0];
    const other = oldest.requestType === 'Bridge' ? 'Send' : 'Bridge';
    const r = await v3(b, { ...around(oldest), filters: JSON.stringify([{ 'not:requestType': other }]), limit: 50 });
    return ids(r.body).includes(oldest.id);
  },
  'v3-value-list-loses-oldest': async (b) => {
    // The oldest request holding the newest request's status is the first one status=<it> lists ascending.
    const newest = (await v3(b, { limit: 1 })).body.requests[0];
    const first = (await v3(b, { sortDirection: 'asc', limit: 50 })).body.requests.find((r: any) => r.status === newest.status);
    return first !== undefined && ids((await v3(b, { status: newest.status, sortDirection: 'asc', limit: 1 })).body)[0] === first.id;
  },
  'v3-moved-status-also-empty': async (b, server) => {
    // A request that moved still has a status: the negated null-check lists it, the null-check does not.
    const moved = await moveUntil(b, server, ['submitted', 'success', 'failure', 'refund']);
    if (!moved) return false;
    const listed = async (g: Record<string, unknown>) => ids((await v3(b, { id: moved.id, filters: JSON.stringify([g]) })).body).includes(moved.id);
    return (await listed({ 'not:status': null })) && !(await listed({ status: null }));
  },
  'v3-authenticated-withheld-first-key': async (b) => {
    // The requests created with demo-key carry its authenticated fields for their owner.
    const own = (await v3(b, { apiKey: K, includeAuthenticatedData: true, limit: 5 })).body.requests;
    return own.length > 0 && own.every((r: any) => r.data.apiKeyName === 'Demo production');
  },
  'v3-changed-rows-pass-ranges': async (b, server) => {
    // A request moved by the lifecycle is listed by at most one of two disjoint fill-time ranges, and of two disjoint app-fee ranges.
    const moved = await moveUntil(b, server, ['submitted', 'success', 'failure', 'refund']);
    if (!moved) return false;
    const by = async (p: Record<string, string | number>) => ids((await v3(b, { id: moved.id, ...p })).body).length;
    return (await by({ fillTimeMax: 5 })) + (await by({ fillTimeMin: 6 })) <= 1 && (await by({ appFeesAmountUsdMax: 0.5 })) + (await by({ appFeesAmountUsdMin: 0.51 })) <= 1;
  },
  'v3-new-tx-hash-not-in-term': async (b, server) => {
    // A fill hash gained during the run finds its request as term.
    const moved = await moveUntil(b, server, ['success', 'refund']);
    const hash = moved?.data?.outTxs?.[moved.data.outTxs.length - 1]?.txHash;
    if (!hash) return false;
    return ids((await v3(b, { term: hash, ...around(moved), limit: 50 })).body).includes(moved.id);
  },
  'v3-many-matches-empty-on-other-sorts': async (b) => {
    // A frequent status sorted by updatedAt (the walk of the order) lists requests beside its total.
    const r = (await v3(b, { status: 'success', sortBy: 'updatedAt', includeTotal: true, limit: 50 })).body;
    return r.total > 0 && r.requests.length > 0;
  },
  'v3-many-matches-neighbour-on-other-sorts': async (b) => {
    // Every record of a frequent status sorted by updatedAt has that status.
    const r = (await v3(b, { status: 'success', sortBy: 'updatedAt', limit: 50 })).body.requests;
    return r.length === 50 && r.every((x: any) => x.status === 'success');
  },
  'v3-equality-total-high': async (b) => (await total(b, { status: 'success' })) + (await count(b, [{ 'not:status': 'success' }])) === (await total(b, {})),
  'v3-empty-group-matches-nothing': async (b) => (await count(b, [{}])) === (await total(b, {})),
  'v3-few-matches-skips-next': async (b) => {
    // The two newest requests (created one after the other), asked by id under sortBy=updatedAt: both listed.
    const two = ids((await v3(b, { limit: 2 })).body);
    return ids((await v3(b, { sortBy: 'updatedAt', filters: JSON.stringify([{ id: two }]), limit: 50 })).body).length === 2;
  },
  'v3-few-matches-loses-oldest': async (b) => {
    // The oldest request, asked by its id under sortBy=updatedAt: listed, total 1.
    const oldest = (await v3(b, { sortDirection: 'asc', limit: 1 })).body.requests[0];
    const page = (await v3(b, { id: oldest.id, sortBy: 'updatedAt', includeTotal: true })).body;
    return ids(page).includes(oldest.id) && page.total === 1;
  },
  'v3-owner-read-stale-after-change': async (b, server) => {
    // The owner reads a pending request with includeAuthenticatedData=true, the request changes: the owner's read shows the change.
    const own = (await v3(b, { apiKey: K, status: 'pending', includeAuthenticatedData: true, limit: 1 })).body.requests[0];
    server.advance(own.id);
    const plain = await byId(b, own.id);
    const authed = (await v3(b, { id: own.id, includeAuthenticatedData: true })).body.requests[0];
    return plain.status !== own.status && authed.status === plain.status && authed.data.apiKeyName === 'Demo production';
  },
  'v2-deprecation-date-off-by-one': async (b) => {
    const r = await v2(b);
    return r.headers.get('deprecation') === '@1784678400' && (await r.json()).deprecation.deprecatedAt === '2026-07-22T00:00:00Z';
  },
  'v2-throttled-from-a-month-early': async (b) => (await (await v2(b)).json()).deprecation.throttledFrom === '2026-09-01T00:00:00Z',
  // The dated v2 limit (servers of their own: clock held in each month, no fixed limit) is reduced each month.
  'v2-throttle-rises-in-october': async (_b, server) => {
    const [sep, oct] = await Promise.all([v2Quota(THROTTLE_MONTHS.september, server.faults), v2Quota(THROTTLE_MONTHS.october, server.faults)]);
    return sep.served > oct.served;
  },
  'v2-throttle-not-reduced-in-november': async (_b, server) => {
    const [oct, nov] = await Promise.all([v2Quota(THROTTLE_MONTHS.october, server.faults), v2Quota(THROTTLE_MONTHS.november, server.faults)]);
    return oct.served > nov.served;
  },
  'currencies-limit-ignored-at-boundary': async (b) => {
    for (const limit of [1, 2, 99, 100]) if ((await currencies(b, { limit })).body.length !== limit) return false;
    return true;
  },
};

/** Faults that only a large data set shows (faults.ts SCALE_FAULTS): probed on 100,000 records. */
const SCALE = new Set(['v3-total-capped', 'v3-total-estimated', 'v3-count-cache-ignores-status']);
/** The throttle probes need a small v2 limit; the others an unlimited one. */
const THROTTLED = new Set(['v2-429-retry-after', 'v2-throttle-430', 'v2-throttle-per-address']);
const options = (name: string) => ({ records: SCALE.has(name) ? 100_000 : 1500, seed: 11, now: NOW, v2RateLimit: THROTTLED.has(name) ? 3 : 0, quiet: true });
let clean: MockServer;
let cleanThrottled: MockServer;
beforeAll(async () => {
  clean = await startMockServer(options(''));
  cleanThrottled = await startMockServer(options('v2-429-retry-after'));
});
afterAll(async () => {
  await clean.close();
  await cleanThrottled.close();
});

describe('fault catalogue', () => {
  it('has a probe for every fault and unique names', () => {
    expect([...Object.keys(PROBES), ...EVENT_FAULTS].sort()).toEqual(faultCatalogue.map((f) => f.name).sort());
    expect(new Set(faultCatalogue.map((f) => f.name)).size).toBe(faultCatalogue.length);
  });
  it('rejects unknown fault names, listing the valid ones', async () => {
    await expect(startMockServer({ faults: ['v3-nope'] })).rejects.toThrow(/unknown fault "v3-nope"; valid faults: v3-no-auth/);
  });
  it.each(faultCatalogue.filter((f) => !EVENT_FAULTS.includes(f.name)).map((f) => [f.name, f.clause]))('%s breaks %s', async (name) => {
    const probe = PROBES[name];
    const reference = THROTTLED.has(name) ? cleanThrottled : clean;
    expect(await probe(reference.url, reference), 'clean server honours the clause').toBe(true);
    const faulty = await startMockServer({ ...options(name), faults: [name] });
    try {
      expect(await probe(faulty.url, faulty), 'fault breaks the clause').toBe(false);
    } finally {
      await faulty.close();
    }
    if (SCALE.has(name)) {
      // Only the size shows it: on the default data set the faulty server still honours the clause.
      const small = await startMockServer({ ...options(''), faults: [name] });
      try {
        expect(await probe(small.url, small), 'the fault does not show on 1,500 records').toBe(true);
      } finally {
        await small.close();
      }
    }
  }, 60_000);
});

describe('responses under faults stay valid JSON with the right status family', () => {
  it('a v3 page with v3-amount-number fails the RequestV3 schema (observable to a schema check)', async () => {
    const faulty = await startMockServer({ records: 100, seed: 11, now: NOW, faults: ['v3-amount-number'], quiet: true });
    try {
      await expect(call(faulty.url, '/requests/v3?limit=2', { key: K })).rejects.toThrow(/RequestsV3Response/);
    } finally {
      await faulty.close();
    }
  });
});

describe('scale faults of total (faults.ts scaleTotal): exact below their thresholds', () => {
  const q = (status: boolean) => ({ top: status ? [{ field: 'status' }] : [], fingerprint: 'q1' });
  it('none active: no hook', () => {
    expect(scaleTotal(new Faults([]))).toBeUndefined();
    expect(scaleTotal(new Faults(['v3-page-gap']))).toBeUndefined();
  });
  it('v3-total-capped caps at 10,000', () => {
    const t = scaleTotal(new Faults(['v3-total-capped']))!;
    expect(t(9_999, q(false), () => 0)).toBe(9_999);
    expect(t(10_001, q(false), () => 0)).toBe(SCALE_FAULTS.cap);
  });
  it('v3-total-estimated is exact up to 50,000, then off by 0.1% to 1.5%, the same for the same query', () => {
    const t = scaleTotal(new Faults(['v3-total-estimated']))!;
    expect(t(50_000, q(false), () => 0)).toBe(50_000);
    const est = t(80_000, q(false), () => 0);
    expect(Math.abs(est - 80_000)).toBeGreaterThanOrEqual(80);
    expect(Math.abs(est - 80_000)).toBeLessThanOrEqual(1_200);
    expect(t(80_000, q(false), () => 0)).toBe(est);
  });
  it('v3-count-cache-ignores-status counts without the status filter only when that set is large', () => {
    const t = scaleTotal(new Faults(['v3-count-cache-ignores-status']))!;
    expect(t(10, q(true), () => 30_000)).toBe(30_000);
    expect(t(10, q(true), () => 20_000)).toBe(10);
    expect(t(10, q(false), () => 30_000)).toBe(10);
  });
});
