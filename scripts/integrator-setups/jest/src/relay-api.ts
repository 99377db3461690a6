import { RELAY_STATUS_URL } from './constants';
import { successfulFetch } from './fetch-utils';
import type { RelayStatusResponse } from './types';

/** Reads the status of a Relay request. */
export async function getRelayStatus(requestId: string): Promise<RelayStatusResponse> {
  const url = `${RELAY_STATUS_URL}?requestId=${requestId}`;
  const response = await successfulFetch(url, { method: 'GET' });
  return (await response.json()) as RelayStatusResponse;
}

/** The destination transaction hash of a settled request, if any. */
export async function getTargetHash(requestId: string): Promise<string | undefined> {
  const status = await getRelayStatus(requestId);
  return status.status === 'success' ? status.txHashes?.[0]?.txHash : undefined;
}
