/**
 * In-process targets for the engine's tests: a `fetch` built from a handler, plus a small v3
 * listing (records spread over time, continuation paging, includeTotal) for discovery, and a port
 * nothing listens on (an unreachable target).
 */
import { createServer } from 'node:net';
import type { FetchLike } from '../../src/engine/http.js';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

export type Handler = (req: FakeRequest) => Response | Promise<Response> | 'hang';

export const DATE = 'Thu, 15 Oct 2026 12:00:00 GMT';

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', date: DATE, ...headers } });
}

/** A fetch that serves a handler and records every request it saw. */
export function fakeFetch(handler: Handler): FetchLike & { seen: FakeRequest[] } {
  const seen: FakeRequest[] = [];
  const fn = (async (input: string, init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal }) => {
    const req: FakeRequest = { method: init.method, url: new URL(input), headers: { ...init.headers }, body: init.body };
    seen.push(req);
    const answer = await handler(req);
    if (answer === 'hang') return new Promise<never>(() => undefined);
    return answer;
  }) as unknown as FetchLike & { seen: FakeRequest[] };
  fn.seen = seen;
  return fn;
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface FakeRecord {
  id: string;
  status: string;
  user: string;
  createdAt: string;
  [key: string]: unknown;
}

/** `n` records, one every `stepSeconds`, the newest at `newest` (Unix seconds). */
export function records(n: number, newest: number, stepSeconds = 600): FakeRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `0x${(i + 1).toString(16).padStart(64, '0')}`,
    status: ['success', 'failure', 'refund', 'pending'][i % 4]!,
    user: `0x${(i % 7).toString(16).padStart(40, 'a')}`,
    requestType: 'Bridge',
    features: i % 3 === 0 ? ['fast_fill'] : [],
    createdAt: new Date((newest - i * stepSeconds) * 1000).toISOString(),
    data: { inTxs: [{ txHash: `0xin${i}`, chainId: 1 + (i % 3) }], outTxs: [] },
  }));
}

/** A v3 listing handler: key check, time window, includeTotal, continuation = next offset. */
export function v3Listing(all: FakeRecord[], keys: string[] = ['good-key']): Handler {
  return (req) => {
    if (req.method === 'POST' && req.url.pathname === '/currencies/v2') {
      return jsonResponse(200, [{ chainId: 1, address: '0x0', symbol: 'ETH', name: 'Ether', decimals: 18, vmType: 'evm', metadata: {} }]);
    }
    if (req.method !== 'GET' || req.url.pathname !== '/requests/v3') return jsonResponse(404, { message: 'not found' });
    const key = req.headers['x-api-key'];
    if (!key || !keys.includes(key)) return jsonResponse(401, { message: 'unauthorized' });
    const q = req.url.searchParams;
    const start = q.has('startTimestamp') ? Number(q.get('startTimestamp')) : -Infinity;
    const end = q.has('endTimestamp') ? Number(q.get('endTimestamp')) : Infinity;
    const matching = all.filter((r) => {
      const t = Date.parse(r.createdAt) / 1000;
      return t >= start && t <= end;
    });
    const limit = Math.min(50, Number(q.get('limit') ?? 20));
    const offset = Number(q.get('continuation') ?? 0);
    const page = matching.slice(offset, offset + limit);
    const body: Record<string, unknown> = { requests: page };
    if (offset + limit < matching.length) body.continuation = String(offset + limit);
    if (q.get('includeTotal') === 'true') body.total = matching.length;
    return jsonResponse(200, body);
  };
}
