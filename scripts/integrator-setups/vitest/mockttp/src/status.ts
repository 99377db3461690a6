export type IntentStatus = { status: string; txHashes?: string[]; inTxHashes?: string[]; time?: number };

/** Reads the status of a request from the quote's check endpoint (GET /intents/status). */
export async function getIntentStatus(apiBase: string, requestId: string): Promise<IntentStatus> {
  const response = await fetch(`${apiBase}/intents/status?requestId=${encodeURIComponent(requestId)}`);
  if (!response.ok) throw new Error(`status check answered ${response.status}`);
  return (await response.json()) as IntentStatus;
}

/** Waits until the request is no longer pending. */
export async function waitForCompletion(apiBase: string, requestId: string, attempts = 5): Promise<IntentStatus> {
  for (let i = 0; i < attempts; i++) {
    const status = await getIntentStatus(apiBase, requestId);
    if (status.status !== 'pending' && status.status !== 'waiting') return status;
  }
  throw new Error(`request ${requestId} still pending`);
}
