import { describe, expect, it } from 'vitest';
import { ExchangeOwners } from '../../src/engine/check-client.js';
import { allInOrder } from '../../src/engine/concurrent.js';
import { FetchHttpClient } from '../../src/engine/http.js';
import { fakeFetch, jsonResponse } from './fake-fetch.js';

/** A client whose answers to `?ms=` arrive after that many ms; `?status=503` once per `n` then 200. */
function client() {
  const failedOnce = new Set<string>();
  const fetch = fakeFetch(async (req) => {
    await new Promise((resolve) => setTimeout(resolve, Number(req.url.searchParams.get('ms') ?? 0)));
    const n = req.url.searchParams.get('n') ?? '';
    if (req.url.searchParams.get('status') === '503' && !failedOnce.has(n)) {
      failedOnce.add(n);
      return jsonResponse(503, { message: 'busy' }, { 'retry-after': '0' });
    }
    return jsonResponse(200, { n, pad: 'x'.repeat(5000) });
  });
  return new FetchHttpClient({ baseUrl: 'http://target.test', fetch, timeoutMs: 5000, maxRequests: 100 });
}

const get = (query: Record<string, string | number>) => ({ method: 'GET' as const, path: '/requests/v3', query });

describe('a check’s view of the HTTP client', () => {
  it('counts only its own requests (every attempt) while the exchanges stay the whole run’s', async () => {
    const http = client();
    const owners = new ExchangeOwners();
    const a = owners.viewFor(http, 0);
    const b = owners.viewFor(http, 1);
    await allInOrder([() => a.send(get({ n: 'a1', ms: 20 })), () => b.send(get({ n: 'b1', status: 503 })), () => a.send(get({ n: 'a2' })), () => http.send(get({ n: 'outside' }))]);
    expect(a.requestCount).toBe(2);
    expect(b.requestCount).toBe(2);
    expect(http.requestCount).toBe(5);
    expect(a.exchanges).toBe(http.exchanges);
    expect(b.exchanges).toHaveLength(5);
  });

  it('lists exchanges in run order: outside every check first, then by the sending check, then by seq', async () => {
    const http = client();
    const owners = new ExchangeOwners();
    const first = owners.viewFor(http, 0);
    const second = owners.viewFor(http, 1);
    // The second check sends first, and its answers arrive first.
    await second.send(get({ n: 's1' }));
    await allInOrder([() => first.send(get({ n: 'f1', ms: 30 })), () => second.send(get({ n: 's2' })), () => http.send(get({ n: 'o1' }))]);
    const names = (list: readonly { response?: { json: unknown } }[]) => list.map((e) => (e.response!.json as { n: string }).n);
    expect(names(http.exchanges)).toEqual(['s1', 'f1', 's2', 'o1']);
    expect(names(owners.inRunOrder(http.exchanges))).toEqual(['o1', 'f1', 's1', 's2']);
  });
});

describe('FetchHttpClient: settledSeq and compaction through a seq', () => {
  it('settledSeq stays below a request still in flight; compact(throughSeq) leaves later bodies whole', async () => {
    const http = client();
    const slow = http.send(get({ n: 'slow', ms: 50 }));
    await http.send(get({ n: 'fast' }));
    expect(http.issuedCount).toBe(2);
    expect(http.settledSeq).toBe(0);
    http.compact();
    expect(http.exchanges[0]!.response!.truncated).toBeUndefined();
    await slow;
    expect(http.settledSeq).toBe(2);
    http.compact(1);
    expect(http.exchanges.map((e) => e.response!.truncated === true)).toEqual([true, false]);
    http.compact();
    expect(http.exchanges.map((e) => e.response!.truncated === true)).toEqual([true, true]);
  });
});
