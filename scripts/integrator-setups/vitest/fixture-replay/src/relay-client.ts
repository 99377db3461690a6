export type IntentStatusV3 = {
  status: string;
  details?: string;
  inTxHashes?: string[];
  txHashes?: string[];
  updatedAt?: number;
  originChainId?: number;
  destinationChainId?: number;
};

type FetchLike = (url: URL, options: { method: string; headers: Record<string, string> }) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/** A small client of the Relay API; the fetch it uses is injected (tests replay recorded answers). */
export function createRelayClient({ baseUrl = 'https://api.relay.link', fetchImpl = fetch as unknown as FetchLike }: { baseUrl?: string; fetchImpl?: FetchLike } = {}) {
  async function getJson<T>(path: string, query: Record<string, string>): Promise<T> {
    const url = new URL(path, baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const response = await fetchImpl(url, { method: 'GET', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`Relay ${path} answered ${response.status}`);
    return JSON.parse(await response.text()) as T;
  }

  return {
    getIntentStatus: (requestId: string) => getJson<IntentStatusV3>('/intents/status/v3', { requestId }),
  };
}

/** Whether a status proves the destination leg: settled, with a destination hash. */
export function isSettled(status: IntentStatusV3): boolean {
  return status.status === 'success' && (status.txHashes?.length ?? 0) > 0;
}
