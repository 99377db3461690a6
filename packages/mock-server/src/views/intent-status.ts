/**
 * The intent status record of GET /intents/status (document, Resources > Intent status record),
 * and the newer status operations the live service's clients call (outside the API document's
 * contract: the SDK polls GET /intents/status/v3, relay-kit's execution status GET
 * /intents/status/v2), with the fields their live OpenAPI (SDK `types/api.ts`) defines.
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

/** Status of GET /intents/status/v2 (SDK enum refund|waiting|depositing|failure|pending|success: no `submitted`). */
export function intentStatusV2Of(row: Row): string {
  return row.status === 'submitted' ? 'pending' : row.status;
}

/**
 * GET /intents/status/v2 and /v3 (live OpenAPI in the SDK types): `status`, `inTxHashes`,
 * `txHashes`, `originChainId`, `destinationChainId`, and the last update in Unix ms as `time`
 * (v2) or `updatedAt` (v3). `details` and `quoteCreatedAt` are optional there and absent from
 * every published example (specs/examples/published/intents-status-v3-example-*.json), so they
 * are left out.
 */
export function presentIntentStatusVersion(row: Row, version: 'v2' | 'v3'): Record<string, unknown> {
  return {
    status: version === 'v3' ? row.status : intentStatusV2Of(row),
    inTxHashes: [...row.inTxHashes],
    txHashes: [...row.fillTxHashes, ...row.refundTxHashes],
    [version === 'v3' ? 'updatedAt' : 'time']: row.updatedAt,
    originChainId: row.originChainId,
    destinationChainId: row.destinationChainId,
  };
}

/** The live answer for an id the service does not know (variant `intents-status-unknown`). */
export const UNKNOWN_INTENT_STATUS = { status: 'unknown' } as const;
