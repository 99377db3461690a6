/**
 * A generator of client traffic that behaves like the client libraries that call this API, for the
 * passive self-tests: whatever these clients send through the proxy to a conformant
 * server must never be flagged. Time is compressed (a back-off of 1 s waits 1 ms, a 1 s poll 2 ms);
 * the order of steps is drawn from the seed. Each behaviour follows a named library:
 *
 * - an infinite list (TanStack Query `useInfiniteQuery`): pages fetched one after another by the
 *   cursor of the page before, then refetched on window focus, every loaded page again, in order,
 *   each with the cursor of the page just refetched (query-core `infiniteQueryBehavior`);
 * - retries with exponential back-off on a network error, 408, 429 and 5xx, honouring
 *   `Retry-After` (axios-retry `exponentialDelay`, ky `retry`), and a retry after a response the
 *   client gave up on (its timeout fired first): the server sees the same request twice;
 * - status polling once per second (relay-kit SDK, `GET /intents/status` until a final status);
 * - two tabs walking the same list at once; a walk restarted from the first page and then continued
 *   from an older cursor; the same filter in pages of different sizes; several API keys
 *   interleaved; a v2 client (before the sunset) and POST /currencies/v2 with several bodies.
 */

import fc from 'fast-check';

type Json = Record<string, unknown>;
type Query = Record<string, string | number | boolean>;

export interface ClientsOptions {
  baseUrl: string;
  /** API keys of the integrators that share the target (the first one polls and walks most). */
  keys: readonly string[];
  seed: number;
  /** Called between steps (a test moves the data there: statuses advance, requests arrive). */
  between?: () => void;
  fetch?: typeof fetch;
  /** Fewer lists and one refetch each (a run per variant of the reference server). */
  light?: boolean;
}

/** Numbers in [0, 1) drawn by fast-check from the seed, in a cycle. */
function rng(seed: number): () => number {
  const [draws] = fc.sample(fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 4096, maxLength: 4096 }), { seed, numRuns: 1 });
  let i = 0;
  return () => draws![i++ % draws!.length]!;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** Statuses the back-off libraries retry (axios-retry: network errors and 5xx; ky adds 408, 413, 429). */
const RETRIED = new Set([408, 429, 500, 502, 503, 504]);
const FINAL = new Set(['success', 'failure', 'refund']);

/** Runs every client behaviour against `baseUrl`, several at once; resolves to the number of requests sent. */
export async function runClients(o: ClientsOptions): Promise<number> {
  const random = rng(o.seed);
  const base = o.fetch ?? fetch;
  let sent = 0;
  const step = (): void => o.between?.();

  /** One request with back-off retries; `lost` sends it again as a client whose timeout fired first. */
  const call = async (key: string, path: string, init: RequestInit = {}): Promise<{ status: number; json: unknown }> => {
    for (let attempt = 0; ; attempt++) {
      step();
      sent += 1;
      let res: Response;
      try {
        res = await base(`${o.baseUrl}${path}`, { ...init, headers: { 'x-api-key': key, accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) } });
      } catch (err) {
        if (attempt < 3) {
          await sleep(2 ** attempt);
          continue;
        }
        throw err;
      }
      const text = await res.text();
      if (RETRIED.has(res.status) && attempt < 3) {
        const after = Number(res.headers.get('retry-after'));
        await sleep(Number.isFinite(after) && after > 0 ? after : 2 ** attempt);
        continue;
      }
      if (random() < 0.08 && attempt < 3) continue; // the answer came after the client's timeout: sent again
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, json };
    }
  };
  const list = async (key: string, query: Query, version = 'v3'): Promise<Json | undefined> => {
    const q = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const r = await call(key, `/requests/${version}?${q}`);
    return r.status === 200 && typeof r.json === 'object' && r.json !== null ? (r.json as Json) : undefined;
  };
  const cursorOf = (page: Json | undefined): string | undefined => {
    const c = page?.continuation;
    return typeof c === 'string' && c !== '' ? c : typeof c === 'number' ? String(c) : undefined;
  };

  /** TanStack Query's infinite query: `pages` pages, then `refetches` refetches of every loaded page in order. */
  const infiniteList = async (key: string, query: Query, pages: number, refetches: number): Promise<void> => {
    const params: Array<string | undefined> = [undefined];
    for (let i = 0; i < pages; i++) {
      const page = await list(key, params[i] === undefined ? query : { ...query, continuation: params[i]! });
      const next = cursorOf(page);
      if (next === undefined) break;
      params.push(next);
    }
    const loaded = params.length;
    for (let r = 0; r < refetches; r++) {
      let param: string | undefined;
      for (let i = 0; i < loaded; i++) {
        if (i > 0 && param === undefined) break;
        const page = await list(key, param === undefined ? query : { ...query, continuation: param });
        param = cursorOf(page);
      }
    }
  };

  /** A walk of `pages` pages, restarted from the first, then continued from each older cursor in turn. */
  const restartedWalk = async (key: string, query: Query, pages: number): Promise<void> => {
    const cursors: string[] = [];
    let page = await list(key, query);
    for (let i = 1; i < pages && cursorOf(page) !== undefined; i++) {
      cursors.push(cursorOf(page)!);
      page = await list(key, { ...query, continuation: cursors[cursors.length - 1]! });
    }
    await list(key, query);
    for (const c of cursors.slice().reverse()) await list(key, { ...query, continuation: c });
  };

  /** One filter in pages of different sizes: each continuation asks another limit. */
  const pageSizes = async (key: string, query: Query): Promise<void> => {
    let page = await list(key, { ...query, limit: 5 });
    for (const limit of [20, 1, 50, 3]) {
      const c = cursorOf(page);
      if (c === undefined) return;
      page = await list(key, { ...query, limit, continuation: c });
    }
  };

  /** The SDK's status poller: once per (compressed) second until a final status, at most `times`. */
  const poll = async (key: string, requestId: string, times: number): Promise<void> => {
    for (let i = 0; i < times; i++) {
      const r = await call(key, `/intents/status?requestId=${encodeURIComponent(requestId)}`);
      const status = (r.json as Json | undefined)?.status;
      if (typeof status === 'string' && FINAL.has(status)) return;
      await sleep(2);
    }
  };

  const [main, other] = [o.keys[0]!, o.keys[1] ?? o.keys[0]!];
  const first = await list(main, { limit: 20 });
  const records = Array.isArray(first?.requests) ? (first.requests as Json[]) : [];
  const newest = Math.floor(Date.parse(String(records[0]?.createdAt ?? '')) / 1000);
  const closed: Query = Number.isFinite(newest) ? { endTimestamp: newest - 60 } : {};
  const queries: Query[] = [
    {},
    { limit: 10 },
    { limit: 7, includeTotal: true },
    { limit: 10, status: 'pending' },
    { limit: 10, sortBy: 'updatedAt' },
    { limit: 50, sortBy: 'updatedAt', sortDirection: 'asc' },
    { limit: 10, sortBy: 'amountUsd' },
    { limit: 10, filters: JSON.stringify([{ status: ['waiting', 'pending'] }, { 'not:status': 'success' }]) },
    { ...closed, limit: 10, includeTotal: true },
    { ...closed, limit: 10, sortBy: 'amountUsd', sortDirection: 'desc' },
  ];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const tasks: Array<() => Promise<void>> = [];
  for (const q of o.light ? queries.filter((_, i) => i % 2 === 0) : queries) {
    tasks.push(() => infiniteList(main, q, o.light ? 3 : 4, o.light ? 1 : 2));
    tasks.push(() => Promise.all([infiniteList(main, q, 3, 1), infiniteList(main, q, 3, 1)]).then(() => undefined));
  }
  for (let i = 0; i < 4; i++) tasks.push(() => restartedWalk(pick([main, other]), pick(queries), 4));
  for (let i = 0; i < 3; i++) tasks.push(() => pageSizes(pick([main, other]), pick(queries)));
  tasks.push(() => Promise.all(o.keys.map((k) => infiniteList(k, pick(queries), 3, 1))).then(() => undefined));
  for (const r of records.slice(0, 4)) if (typeof r.id === 'string') tasks.push(() => poll(main, r.id as string, 6));
  tasks.push(async () => {
    let page = await list(main, { limit: 5 }, 'v2');
    for (let i = 0; i < 2 && cursorOf(page) !== undefined; i++) page = await list(main, { limit: 5, continuation: cursorOf(page)! }, 'v2');
  });
  tasks.push(async () => {
    for (const body of [{ limit: 20 }, { verified: true, limit: 10 }, { chainIds: [1], limit: 5 }, {}]) await call(main, '/currencies/v2', { method: 'POST', body: JSON.stringify(body) });
  });
  // Shuffled, then run four at a time: the sessions interleave as a browser's tabs and a backend's workers do.
  for (let i = tasks.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [tasks[i], tasks[j]] = [tasks[j]!, tasks[i]!];
  }
  const queue = tasks.slice();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let t = queue.shift(); t; t = queue.shift()) await t();
    }),
  );
  return sent;
}
