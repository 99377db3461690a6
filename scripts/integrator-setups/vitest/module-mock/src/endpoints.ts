import { notifyTransactionIndexing } from './utils/notifyTransactionIndexing';
import { relayService } from './utils/relayService';
import { TxStatus, type RelayStatus, type Swap, type SwapperConfig } from './types';

const chainIdToRelayChainId: Record<string, number> = { 'eip155:1': 1, 'eip155:8453': 8453 };

// The trades the relay indexer was already told about.
const txIndexingMap: Map<string, boolean> = new Map();

export const relayApi = {
  checkTradeStatus: async ({ swap, txHash, chainId, config }: { swap: Swap; txHash: string; chainId: string; config: SwapperConfig }) => {
    const relayMetadata = swap.metadata.swapperMetadata;
    if (!txIndexingMap.has(swap.id) && chainIdToRelayChainId[chainId] !== undefined) {
      await notifyTransactionIndexing(
        { requestId: relayMetadata.relayId, chainId: chainIdToRelayChainId[chainId].toString(), tx: relayMetadata.data ?? '' },
        config,
      );
      txIndexingMap.set(swap.id, true);
    }

    const maybeStatusResponse = await relayService.get<RelayStatus>(
      `${config.VITE_RELAY_API_URL}/intents/status/v2?requestId=${relayMetadata.relayId}`,
    );

    if (maybeStatusResponse.isErr()) {
      return { buyTxHash: undefined, status: TxStatus.Unknown, message: undefined };
    }

    const { data: statusResponse } = maybeStatusResponse.unwrap();

    const status = (() => {
      switch (statusResponse.status) {
        case 'success':
          return TxStatus.Confirmed;
        case 'pending':
          return TxStatus.Pending;
        case 'failure':
        case 'refund':
          return TxStatus.Failed;
        default:
          return TxStatus.Unknown;
      }
    })();

    // The out transactions are called txHashes; for a same-chain swap the in transaction is the out one.
    const isSameChainSwap = statusResponse.destinationChainId === statusResponse.originChainId;
    const buyTxHash = isSameChainSwap ? txHash : statusResponse.txHashes?.[0];

    return { status, buyTxHash, message: statusResponse.details };
  },
};
