export type RelayRequest = {
  id: string;
  status: string;
  user?: string;
  recipient?: string;
  data?: { outTxs?: { hash: string; chainId: number }[] };
  createdAt: string;
};

type FetchFn = (input: string, init: { method: string; headers: Record<string, string> }) => Promise<Response>;

/** Lists a wallet's Relay requests (GET /requests/v3), following the continuation. */
export async function listRequests(user: string, { fetch, apiKey, baseUrl = 'https://api.relay.link', maxPages = 5 }: { fetch: FetchFn; apiKey: string; baseUrl?: string; maxPages?: number }): Promise<RelayRequest[]> {
  const out: RelayRequest[] = [];
  let continuation: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const query = new URLSearchParams({ user, limit: '20', ...(continuation ? { continuation } : {}) });
    const res = await fetch(`${baseUrl}/requests/v3?${query}`, { method: 'GET', headers: { 'x-api-key': apiKey } });
    if (!res.ok) throw new Error(`GET /requests/v3 answered ${res.status}`);
    const body = (await res.json()) as { requests: RelayRequest[]; continuation?: string | null };
    out.push(...body.requests);
    if (!body.continuation) break;
    continuation = body.continuation;
  }
  return out;
}

/** The destination hashes of a wallet's settled requests. */
export async function settledHashes(user: string, options: Parameters<typeof listRequests>[1]): Promise<string[]> {
  const requests = await listRequests(user, options);
  return requests.filter((r) => r.status === 'success').flatMap((r) => (r.data?.outTxs ?? []).map((t) => t.hash));
}
