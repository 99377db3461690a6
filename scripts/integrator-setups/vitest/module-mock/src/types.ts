export type SwapperConfig = { VITE_RELAY_API_URL: string };

export type RelayStatus = {
  status: 'refund' | 'waiting' | 'depositing' | 'failure' | 'pending' | 'success';
  details?: string;
  inTxHashes: string[];
  txHashes: string[];
  time: number;
  originChainId: number;
  destinationChainId: number;
};

export enum TxStatus {
  Confirmed = 'confirmed',
  Pending = 'pending',
  Failed = 'failed',
  Unknown = 'unknown',
}

export type Swap = { id: string; metadata: { swapperMetadata: { name: string; relayId: string; data?: string } } };
