/**
 * The intent status record of GET /intents/status (document, Resources > Intent status record).
 * Mapping from the v3 status: refund -> fallback (document rule), success -> success,
 * failure -> failure, waiting -> received (the intent was received, its deposit is not indexed
 * yet), pending/depositing/submitted -> pending. `time` is updatedAt in Unix ms (live facts §1.1).
 */
import type { Row } from '../data/row.js';
import type { Faults } from '../faults.js';

export type IntentStatus = 'failure' | 'fallback' | 'pending' | 'received' | 'success';

export function intentStatusOf(row: Row, faults: Faults): IntentStatus {
  switch (row.status) {
    case 'refund':
      return faults.has('intents-status-refund-as-failure') ? 'failure' : 'fallback';
    case 'success':
      return 'success';
    case 'failure':
      return 'failure';
    case 'waiting':
      return 'received';
    default:
      return 'pending';
  }
}

export function presentIntentStatus(row: Row, faults: Faults): Record<string, unknown> {
  return {
    status: intentStatusOf(row, faults),
    inTxHashes: [...row.inTxHashes],
    txHashes: [...row.fillTxHashes, ...row.refundTxHashes],
    time: row.updatedAt,
    originChainId: row.originChainId,
    destinationChainId: row.destinationChainId,
  };
}
