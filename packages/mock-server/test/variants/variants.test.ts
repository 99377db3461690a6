/**
 * Every variant of the catalogue changes what it claims, observably on the wire: each probe is
 * false on the clean server and true with the variant switched on (the dual of test/faults.test.ts).
 */
import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clauses } from '@crosschain/specs';
import { profileVariants, startMockServer, variantCatalogue, type MockServer } from '../../src/index.js';

const NOW = '2026-08-15T12:00:00Z';
const K = 'demo-key';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request over node:http (no automatic decoding), a new connection each time. */
function raw(base: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string; agent?: Agent } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method: init.method ?? 'GET', headers: init.headers, agent: init.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const v3 = (base: string, query: string, key: string | null = K, extra: Record<string, string> = {}) =>
  raw(base, `/requests/v3?${query}`, { headers: { ...(key ? { 'x-api-key': key } : {}), ...extra } });
const json = (r: Raw): any => JSON.parse(r.body.toString('utf8'));
const currencies = (base: string, body: unknown) => raw(base, '/currencies/v2', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Walks a v3 query to its end (at most 20 pages); returns the ids and the last page's body. */
async function walk(base: string, query: string): Promise<{ ids: string[]; last: any; cursors: unknown[] }> {
  const ids: string[] = [];
  const cursors: unknown[] = [];
  let cursor: unknown;
  for (let i = 0; i < 20; i++) {
    const body = json(await v3(base, `${query}${cursor === undefined ? '' : `&continuation=${encodeURIComponent(String(cursor))}`}`));
    ids.push(...body.requests.map((r: any) => r.id));
    if (body.continuation === undefined || body.continuation === null) return { ids, last: body, cursors };
    cursors.push(body.continuation);
    cursor = body.continuation;
  }
  throw new Error('walk did not end');
}

const EXTRA_TYPES = ['string', 'number', 'boolean', 'null', 'object', 'array'];
const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const hasEveryType = (o: Record<string, unknown>, known: readonly string[]) =>
  EXTRA_TYPES.every((t) => Object.entries(o).some(([k, v]) => !known.includes(k) && typeOf(v) === t));
const firstCursor = async (base: string) => json(await v3(base, 'limit=5')).continuation;
const decode = (r: Raw) => r.headers['content-encoding'];

type Probe = (base: string) => Promise<boolean>;
const PROBES: Record<string, Probe> = {
  'limit-capped': async (b) => {
    const [v3r, cur] = [await v3(b, 'limit=80'), await currencies(b, { limit: 150 })];
    return v3r.status === 200 && json(v3r).requests.length === 50 && cur.status === 200 && json(cur).length <= 100 && (await raw(b, '/requests/v2?limit=80')).status === 200;
  },
  'auth-403': async (b) => (await v3(b, 'limit=1', null)).status === 403 && (await v3(b, 'limit=1', 'nope')).status === 403,
  'error-body-problem-json': async (b) => {
    const r = await v3(b, 'limit=ten');
    return r.status === 400 && r.headers['content-type'] === 'application/problem+json' && json(r).status === 400 && typeof json(r).detail === 'string';
  },
  'error-body-string': async (b) => {
    const r = await v3(b, 'limit=ten');
    return r.status === 400 && r.headers['content-type'] === 'application/json' && typeof json(r) === 'string' && /limit/.test(json(r));
  },
  'error-body-empty': async (b) => {
    const r = await v3(b, 'limit=ten');
    return r.status === 400 && r.body.length === 0;
  },
  'cursor-numeric': async (b) => {
    const w = await walk(b, 'limit=40');
    return w.cursors.length > 1 && w.cursors.every((c) => typeof c === 'number') && new Set(w.ids).size === w.ids.length;
  },
  'cursor-base64-json': async (b) => {
    const c = await firstCursor(b);
    const w = await walk(b, 'limit=40');
    return /[+/=]/.test(c) && typeof JSON.parse(Buffer.from(c, 'base64').toString()) === 'object' && w.cursors.length > 1;
  },
  'cursor-long-signed': async (b) => {
    const c: string = await firstCursor(b);
    const tampered = `${c.slice(0, 10)}${c[10] === 'A' ? 'B' : 'A'}${c.slice(11)}`;
    return c.length > 1000 && (await walk(b, 'limit=40')).cursors.length > 1 && (await v3(b, `limit=5&continuation=${tampered}`)).status === 400;
  },
  'cursor-fresh': async (b) => {
    const [c1, c2] = [await firstCursor(b), await firstCursor(b)];
    const [p1, p2] = [json(await v3(b, `limit=5&continuation=${c1}`)), json(await v3(b, `limit=5&continuation=${c2}`))];
    return c1 !== c2 && JSON.stringify(p1.requests) === JSON.stringify(p2.requests);
  },
  'continuation-null': async (b) => {
    const w = await walk(b, 'limit=50');
    return 'continuation' in w.last && w.last.continuation === null;
  },
  'wrapper-extra-string': async (b) => {
    const w = await walk(b, 'limit=50');
    return typeof w.last.requestId === 'string' && !('continuation' in w.last);
  },
  'wrapper-extra-fields': async (b) => {
    const [p, v2] = [json(await v3(b, 'limit=2')), json(await raw(b, '/requests/v2?limit=2'))];
    return hasEveryType(p, ['requests', 'continuation']) && hasEveryType(v2, ['requests', 'continuation', 'deprecation']);
  },
  'record-extra-fields': async (b) => {
    const r = json(await v3(b, 'limit=1')).requests[0];
    return hasEveryType(r, []) && hasEveryType(r.data, []) && hasEveryType(r.data.route.quoted.origin.inputCurrency.currency, []);
  },
  'currency-extra-fields': async (b) => {
    const c = json(await currencies(b, { limit: 2 }))[0];
    return hasEveryType(c, []) && hasEveryType(c.metadata, []);
  },
  'intent-status-extra-fields': async (b) => {
    const id = json(await v3(b, 'limit=1')).requests[0].id;
    const s = json(await raw(b, `/intents/status?requestId=${id}`));
    return typeof s.details === 'string' && hasEveryType(s, ['details']);
  },
  'key-order-reversed': async (b) => {
    const text = (await v3(b, 'limit=2&includeTotal=true')).body.toString();
    return text.indexOf('"total"') < text.indexOf('"requests"') && text.indexOf('"updatedAt"') < text.indexOf('"id"');
  },
  'pretty-json': async (b) => (await v3(b, 'limit=1')).body.toString().includes('\n  "'),
  'content-type-charset': async (b) => (await v3(b, 'limit=1')).headers['content-type'] === 'application/json; charset=utf-8',
  gzip: async (b) => {
    const r = await v3(b, 'limit=2', K, { 'accept-encoding': 'gzip' });
    return decode(r) === 'gzip' && Array.isArray(JSON.parse(gunzipSync(r.body).toString()).requests) && decode(await v3(b, 'limit=2')) === undefined;
  },
  br: async (b) => {
    const r = await v3(b, 'limit=2', K, { 'accept-encoding': 'gzip, br' });
    return decode(r) === 'br' && Array.isArray(JSON.parse(brotliDecompressSync(r.body).toString()).requests) && decode(await v3(b, 'limit=2', K, { 'accept-encoding': 'br;q=0' })) === undefined;
  },
  deflate: async (b) => {
    const r = await v3(b, 'limit=2', K, { 'accept-encoding': 'deflate' });
    return decode(r) === 'deflate' && Array.isArray(JSON.parse(inflateSync(r.body).toString()).requests);
  },
  chunked: async (b) => {
    const r = await v3(b, 'limit=10');
    return r.headers['transfer-encoding'] === 'chunked' && r.headers['content-length'] === undefined && json(r).requests.length === 10;
  },
  'connection-close': async (b) => {
    const agent = new Agent({ keepAlive: true });
    try {
      return (await raw(b, '/requests/v3?limit=1', { headers: { 'x-api-key': K }, agent })).headers.connection === 'close';
    } finally {
      agent.destroy();
    }
  },
  'sort-tiebreak-hash': async (b) => {
    // Records with equal amountUsd (ties) come in an order other than by id.
    const rows = (await walk(b, 'sortBy=amountUsd&limit=50')).ids;
    const body = json(await v3(b, 'sortBy=amountUsd&limit=50'));
    const byAmount = new Map<string, string[]>();
    for (const r of body.requests) byAmount.set(r.data.route.actual.origin.inputCurrency.amountUsd, [...(byAmount.get(r.data.route.actual.origin.inputCurrency.amountUsd) ?? []), r.id]);
    const ties = [...byAmount.values()].filter((ids) => ids.length > 1);
    return rows.length > 0 && ties.some((ids) => ids.join() !== [...ids].sort().join());
  },
  'rate-limit-429': async (b) => {
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < 160; i++) {
      const r = await raw(b, '/currencies/v2', { method: 'POST', body: '{"limit":1}' });
      statuses.push(r.status);
      if (r.status === 429) retryAfter = r.headers['retry-after'];
    }
    return statuses.filter((s) => s === 429).length === 1 && retryAfter === '1';
  },
  'records-0': async (b) => json(await v3(b, 'limit=50&includeTotal=true')).total === 0,
  'records-1': async (b) => json(await v3(b, 'limit=50&includeTotal=true')).total === 1,
  'records-50': async (b) => {
    const p = json(await v3(b, 'limit=50&includeTotal=true'));
    return p.total === 50 && p.requests.length === 50 && p.continuation === undefined;
  },
  'records-51': async (b) => {
    const p = json(await v3(b, 'limit=50&includeTotal=true'));
    return p.total === 51 && typeof p.continuation === 'string';
  },
  'intents-status-unknown': async (b) => {
    const answers = await Promise.all(['/intents/status', '/intents/status/v2', '/intents/status/v3'].map((p) => raw(b, `${p}?requestId=0x${'0'.repeat(64)}`)));
    return answers.every((r) => r.status === 200 && JSON.stringify(json(r)) === '{"status":"unknown"}');
  },
  'moonpay-id': async (b) => {
    const records = json(await v3(b, 'limit=20')).requests;
    return records.every((r: any) => 'moonpayId' in r.data.externalMetadata && !('partnerId' in r.data.externalMetadata));
  },
  'rent-bucket': async (b) => {
    const r = json(await v3(b, 'limit=1')).requests[0];
    return ['quoted', 'actual'].every((p) => r.data.feeSponsorship[p].components.rent?.selected === false) && !r.data.feeSponsorship.actual.selectedComponents.includes('rent');
  },
  'tx-fee-usd': async (b) => {
    const txs = json(await v3(b, 'limit=20&status=success')).requests.flatMap((r: any) => [...r.data.inTxs, ...r.data.outTxs]);
    return txs.length > 0 && txs.every((t: any) => /^\d+\.\d{6}$/.test(t.feeUsd));
  },
  'superseded-omitted': async (b) => {
    const records = json(await v3(b, 'limit=20')).requests;
    return records.some((r: any) => !('supersededByRequestId' in r)) && records.every((r: any) => r.supersededByRequestId !== null);
  },
  'failed-call-data-object': async (b) => {
    const records = json(await v3(b, 'limit=50&status=failure')).requests.filter((r: any) => r.data.failedCallData !== null);
    return records.length > 0 && records.every((r: any) => typeof r.data.failedCallData === 'object' && Object.keys(r.data.failedCallData).join() === 'from,to,data,value');
  },
  'live-traffic': async (b) => {
    const read = async () => json(await v3(b, 'includeTotal=true&limit=1&sortBy=updatedAt'));
    const before = await read();
    await new Promise((resolve) => setTimeout(resolve, 800));
    const after = await read();
    // New requests arrived, and the most recently updated request changed after the server started.
    return after.total > before.total && Date.parse(after.requests[0].updatedAt) > Date.parse(NOW);
  },
};

/** Variants probed in another file: webhook-spaced-json needs a webhook receiver (test/events/webhooks.test.ts). */
const PROBED_ELSEWHERE = ['webhook-spaced-json'];

const options = { records: 300, seed: 11, now: NOW, v2RateLimit: 0, quiet: true };
let clean: MockServer;
beforeAll(async () => {
  clean = await startMockServer(options);
});
afterAll(async () => {
  await clean.close();
});

describe('variant catalogue', () => {
  it('has a probe for every variant, unique names, and what allows each', () => {
    expect([...Object.keys(PROBES), ...PROBED_ELSEWHERE].sort()).toEqual(variantCatalogue.map((v) => v.name).sort());
    expect(new Set(variantCatalogue.map((v) => v.name)).size).toBe(variantCatalogue.length);
    for (const v of variantCatalogue) expect(v.allowedBy.text, v.name).toMatch(/^(document|silence|live-service facts|)/);
  });

  it('rejects unknown names (listing the valid ones) and two variants of one group', async () => {
    await expect(startMockServer({ variants: ['nope'] })).rejects.toThrow(/unknown variant "nope"; valid variants: limit-capped/);
    await expect(startMockServer({ variants: ['cursor-numeric', 'cursor-fresh'] })).rejects.toThrow(/cursor-numeric and cursor-fresh cannot be combined/);
  });

  it.each(variantCatalogue.filter((v) => !PROBED_ELSEWHERE.includes(v.name)).map((v) => [v.name, v.description]))('%s: %s', async (name) => {
    const probe = PROBES[name]!;
    expect(await probe(clean.url), 'the clean server does not do it').toBe(false);
    const varied = await startMockServer({ ...options, variants: [name] });
    try {
      expect(varied.variants).toEqual([name]);
      expect(await probe(varied.url), 'the variant does it').toBe(true);
    } finally {
      await varied.close();
    }
  });

  it('variants compose: one of each group together, and every page still walks to its end', async () => {
    const all = variantCatalogue.filter((v) => !v.exclusive || v.name === variantCatalogue.find((x) => x.exclusive === v.exclusive)!.name).map((v) => v.name);
    const s = await startMockServer({ ...options, variants: all.filter((n) => n !== 'rate-limit-429') });
    try {
      const r = await v3(s.url, 'limit=50&includeTotal=true');
      expect(r.headers.connection).toBe('close');
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    } finally {
      await s.close();
    }
  });
});

describe('profiles', () => {
  it('contract (the default) switches on no variant; live switches on every live divergence, each tied to a clause', async () => {
    expect(clean.profile).toBe('contract');
    expect(clean.variants).toEqual([]);
    const live = variantCatalogue.filter((v) => v.profile === 'live');
    expect(live.map((v) => v.name)).toEqual(profileVariants('live'));
    const divergences = new Set(clauses.filter((c) => c.kind === 'divergence').map((c) => c.id));
    for (const v of live) expect(divergences.has(v.divergence!), `${v.name}: ${v.divergence} is catalogued in specs/clauses.yaml`).toBe(true);
    const s = await startMockServer({ ...options, profile: 'live', variants: ['gzip'] });
    try {
      expect(s.profile).toBe('live');
      expect([...s.variants].sort()).toEqual([...profileVariants('live'), 'gzip'].sort());
      for (const v of live) if (PROBES[v.name]) expect(await PROBES[v.name]!(s.url), v.name).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('refuses an unknown profile, naming the valid ones', async () => {
    await expect(startMockServer({ profile: 'staging' as never })).rejects.toThrow(/unknown profile "staging"; valid profiles: contract, live/);
  });
});
