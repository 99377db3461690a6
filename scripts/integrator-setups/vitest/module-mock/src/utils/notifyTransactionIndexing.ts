import type { SwapperConfig } from '../types';
import { relayService } from './relayService';

/** Tells the relay indexer about a transaction it should follow. */
export async function notifyTransactionIndexing(body: { requestId: string; chainId: string; tx: string }, config: SwapperConfig) {
  return relayService.post(`${config.VITE_RELAY_API_URL}/transactions/single`, body);
}
