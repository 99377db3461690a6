import { describe, expect, it } from 'vitest';
import { discover, valuesOf } from '../../src/engine/discovery.js';
import { FetchHttpClient } from '../../src/engine/http.js';
import { DATE, fakeFetch, jsonResponse, records, v3Listing } from './fake-fetch.js';
import type { Handler } from './fake-fetch.js';

const NOW = Date.parse(DATE) / 1000;

/** The listing with each JSON 200 of GET /requests/v3 rewritten by `f`. */
function rewritten(listing: Handler, f: (body: Record<string, unknown>) => unknown): Handler {
  return async (req) => {
    const res = await listing(req);
    if (res === 'hang' || req.url.pathname !== '/requests/v3' || res.status !== 200) return res;
    return jsonResponse(200, f((await res.json()) as Record<string, unknown>));
  };
}

function http(handler: Handler, apiKey?: string) {
  return new FetchHttpClient({ baseUrl: 'http://t.test', fetch: fakeFetch(handler), apiKey, timeoutMs: 1000, maxRequests: 500 });
}

describe('discover', () => {
  it('asks the window spans three at a time and chooses as if asked one by one; none outlives discovery', async () => {
    const all = records(2000, NOW, 600);
    const listing = v3Listing(all, ['good-key']);
    let inFlight = 0;
    let peak = 0;
    let probes = 0;
    const slow: Handler = async (req) => {
      const isProbe = req.url.searchParams.get('includeTotal') === 'true';
      if (isProbe) probes += 1;
      // The span probes in flight (the walk's pages go several at once too, after them).
      if (isProbe) inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, isProbe ? 20 - probes : 1));
      if (isProbe) inFlight -= 1;
      return listing(req);
    };
    const d = await discover(http(slow, 'good-key'), { hasApiKey: true });
    expect(peak).toBe(3);
    expect(inFlight).toBe(0);
    // About 144 records a day: 1 h, 6 h and 1 day are too few, 3 days (about 430) is the window.
    expect(d.window.start).toBe(NOW - 3600 - 3 * 86_400);
    expect(probes).toBe(6);
  });

  it('walks a window of known total in parts at once, newest first: the same records in the same order as one walk', async () => {
    const all = records(2000, NOW, 600);
    const listing = v3Listing(all, ['good-key']);
    let inFlight = 0;
    let peak = 0;
    const slow: Handler = async (req) => {
      const walkPage = req.url.searchParams.get('includeTotal') !== 'true' && req.url.pathname === '/requests/v3';
      if (walkPage) inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      if (walkPage) inFlight -= 1;
      return listing(req);
    };
    const d = await discover(http(slow, 'good-key'), { hasApiKey: true });
    const inWindow = all.filter((r) => {
      const t = Date.parse(r.createdAt) / 1000;
      return t >= d.window.start && t <= d.window.end;
    });
    expect(d.windowTotal).toBe(inWindow.length);
    expect(peak).toBe(Math.min(6, Math.ceil(inWindow.length / 100)));
    expect(d.complete).toBe(true);
    expect(d.records.map((r) => r.id)).toEqual(inWindow.map((r) => r.id));
  });

  it('tells onWindow the chosen window before the first page of its walk is asked', async () => {
    const all = records(2000, NOW, 600);
    const listing = v3Listing(all, ['good-key']);
    const log: string[] = [];
    const logged: Handler = async (req) => {
      if (req.url.pathname === '/requests/v3') log.push(req.url.searchParams.get('includeTotal') === 'true' ? 'probe' : 'page');
      return listing(req);
    };
    let told: { start: number; end: number } | undefined;
    const d = await discover(http(logged, 'good-key'), {
      hasApiKey: true,
      onWindow: (w) => {
        told = w;
        log.push('window');
      },
    });
    expect(told).toEqual(d.window);
    expect(log.indexOf('window')).toBeGreaterThan(log.lastIndexOf('probe'));
    expect(log.indexOf('window')).toBeLessThan(log.indexOf('page'));
  });

  it('picks a window ending an hour before the target clock and walks it completely', async () => {
    // 2000 records, one every 10 minutes: about 144 a day.
    const all = records(2000, NOW, 600);
    const client = http(v3Listing(all), 'good-key');
    const d = await discover(client, { hasApiKey: true });
    expect(d.targetNow.toISOString()).toBe(new Date(DATE).toISOString());
    expect(d.window.end).toBe(NOW - 3600);
    const inWindow = all.filter((r) => {
      const t = Date.parse(r.createdAt) / 1000;
      return t >= d.window.start && t <= d.window.end;
    });
    expect(d.complete).toBe(true);
    expect(d.records.map((r) => r.id)).toEqual(inWindow.map((r) => r.id));
    expect(d.records.length).toBeGreaterThanOrEqual(300);
    expect(d.records.length).toBeLessThanOrEqual(1000);
    expect(d.windowTotal).toBe(inWindow.length);
    expect(d.currencies).toHaveLength(1);
    expect(d.problems).toEqual([]);
    expect(d.values.statuses.sort()).toEqual(['failure', 'pending', 'refund', 'success']);
    expect(d.values.chainIds.sort()).toEqual([1, 2, 3]);
    expect(d.values.features).toEqual(['fast_fill']);
  });

  it('reads a wrapper that names its fields otherwise (`items`, `next`: the document names neither) like `requests`/`continuation`', async () => {
    const all = records(2000, NOW, 600);
    const listing = v3Listing(all);
    const renamed = rewritten(listing, ({ requests, continuation, ...rest }) => ({ ...rest, items: requests, ...(continuation !== undefined ? { next: continuation } : {}) }));
    const plain = await discover(http(listing, 'good-key'), { hasApiKey: true });
    const d = await discover(http(renamed, 'good-key'), { hasApiKey: true });
    expect(d.problems).toEqual([]);
    expect(d.complete).toBe(true);
    expect(d.windowTotal).toBe(plain.windowTotal);
    expect(d.records.map((r) => r.id)).toEqual(plain.records.map((r) => r.id));
    expect(d.records.length).toBeGreaterThanOrEqual(300);
  });

  it('learns the cursor field once and keeps it: an extra string field of every page (the last one too) is never followed', async () => {
    const all = records(2000, NOW, 600);
    const listing = v3Listing(all);
    const extra = rewritten(listing, (body) => ({ ...body, requestId: 'a3f1c2d4', took: 3, meta: { a: null } }));
    const plain = await discover(http(listing, 'good-key'), { hasApiKey: true });
    const d = await discover(http(extra, 'good-key'), { hasApiKey: true });
    expect(d.cursorField).toBe('continuation');
    expect(d.problems).toEqual([]);
    expect(d.complete).toBe(true);
    expect(d.records.map((r) => r.id)).toEqual(plain.records.map((r) => r.id));
  });

  it('narrows a window that would hold too many records', async () => {
    const all = records(5000, NOW, 5); // 720 an hour
    const d = await discover(http(v3Listing(all), 'good-key'), { hasApiKey: true });
    expect(d.records.length).toBeLessThanOrEqual(1000);
    expect(d.records.length).toBeGreaterThan(0);
    expect(d.complete).toBe(true);
  });

  it('never settles on an empty window while a wider one holds records: 3,000 records of one second (months old) are walked up to the bound', async () => {
    const month = 30 * 86_400;
    const all = records(3000, NOW - 4 * month, 0);
    const d = await discover(http(v3Listing(all), 'good-key'), { hasApiKey: true });
    expect(d.windowTotal).toBe(3000);
    expect(d.records.length).toBe(1000);
    expect(d.complete).toBe(false);
    expect(d.problems.join('; ')).toContain('stopped at 1000 records');
  });

  it('without a key: no records, the reason in problems, no crash', async () => {
    const d = await discover(http(v3Listing(records(10, NOW))), { hasApiKey: false });
    expect(d.records).toEqual([]);
    expect(d.problems!.join()).toMatch(/no API key/);
  });

  it('a refused key: the status in problems', async () => {
    const d = await discover(http(v3Listing(records(10, NOW)), 'bad-key'), { hasApiKey: true });
    expect(d.records).toEqual([]);
    expect(d.problems!.join()).toMatch(/answered 401/);
  });

  it('a target answering garbage: problems, not a crash', async () => {
    const d = await discover(http(() => new Response('<html>', { status: 200, headers: { date: DATE } }), 'k'), { hasApiKey: true });
    expect(d.records).toEqual([]);
    expect(d.problems!.length).toBeGreaterThanOrEqual(2);
  });

  it('a repeated cursor stops the walk (never a hang)', async () => {
    const all = records(400, NOW, 60);
    const handler: Handler = (req) => {
      if (req.url.pathname === '/requests/v3' && !req.url.searchParams.has('includeTotal')) {
        return jsonResponse(200, { requests: all.slice(0, 50), continuation: 'same' });
      }
      return v3Listing(all, ['k'])(req);
    };
    const d = await discover(http(handler, 'k'), { hasApiKey: true });
    expect(d.complete).toBe(false);
    expect(d.problems!.join()).toMatch(/repeated a continuation/);
  });
});

describe('valuesOf', () => {
  it('collects distinct values from the nested fields', () => {
    const v = valuesOf([
      {
        id: 'a',
        user: 'u1',
        recipient: 'u2',
        depositAddress: { address: 'd1', depositor: 'u3', depositTxHash: 'h0' },
        protocol: { orderId: 'o1' },
        data: { route: { actual: { origin: { inputCurrency: { amountUsd: '12.5', currency: { chainId: 8453, symbol: 'USDC', address: '0xc' } } } } } },
      },
      { id: 'a', user: 'u1' },
    ]);
    expect(v.ids).toEqual(['a']);
    expect(v.wallets.sort()).toEqual(['u1', 'u2', 'u3']);
    expect(v.depositAddresses).toEqual(['d1']);
    expect(v.txHashes).toEqual(['h0']);
    expect(v.orderIds).toEqual(['o1']);
    expect(v.symbols).toEqual(['USDC']);
    expect(v.chainIds).toEqual([8453]);
    expect(v.amountsUsd).toEqual([12.5]);
  });
});
