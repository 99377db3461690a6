/**
 * The reference server as the clients meet it: started in-process with a pinned clock (inside the
 * v2 deprecation window, so `/requests/v2`, which relay-kit-hooks calls, still answers) and a small
 * generated data set. The clients get its URL as their base URL; nothing else is configured.
 */
import { startMockServer, type MockServer, type MockServerOptions } from '@crosschain/mock-server';

/** Server clock at start: before the v2 sunset (2026-11-24), independent of the real date. */
export const NOW = '2026-08-15T12:00:00Z';

export function startReferenceServer(options: MockServerOptions = {}): Promise<MockServer> {
  return startMockServer({ now: NOW, records: 300, seed: 1, quiet: true, ...options });
}

/** GET or POST on the server; returns status and parsed JSON body. */
export async function call(server: MockServer, path: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}${path}`, init);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

/** Every v3 record the demo key sees, walking `continuation` (the oracle the clients are compared to). */
export async function allV3Records(server: MockServer): Promise<any[]> {
  const records: any[] = [];
  let continuation: string | undefined;
  do {
    const q = new URLSearchParams({ limit: '50', ...(continuation ? { continuation } : {}) });
    const { status, body } = await call(server, `/requests/v3?${q}`, { headers: { 'x-api-key': server.apiKeys.demo } });
    if (status !== 200) throw new Error(`GET /requests/v3 answered ${status}: ${JSON.stringify(body)}`);
    records.push(...body.requests);
    continuation = body.continuation ?? undefined;
  } while (continuation);
  return records;
}

/** The status record of `/intents/status` (the operation the API document defines) for `id`. */
export async function intentStatus(server: MockServer, id: string): Promise<any> {
  const { status, body } = await call(server, `/intents/status?requestId=${encodeURIComponent(id)}`);
  if (status !== 200) throw new Error(`GET /intents/status answered ${status}: ${JSON.stringify(body)}`);
  return body;
}
