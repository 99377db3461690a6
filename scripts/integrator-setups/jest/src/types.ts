export type RelayStatus = 'waiting' | 'depositing' | 'pending' | 'submitted' | 'success' | 'delayed' | 'refund' | 'failure';

export type RelayStatusResponse = {
  status: RelayStatus;
  txHashes?: { txHash: string; chainId: number }[];
};
