/**
 * One lifecycle step of a request (live-service-facts §1.2): waiting/depositing → pending (deposit
 * indexed) → submitted (fill sent) → success; pending → failure; failure → refund or back to
 * pending. `success` and `refund` are terminal. Each step keeps the row consistent: deposit, fill
 * and refund transactions, fail reasons and `updatedAt`.
 */
import { CHAIN_BY_ID, FAIL_REASONS, type V3Status, type VmType } from '../data/catalogue.js';
import { blockAt } from '../data/generate.js';
import type { Row } from '../data/row.js';
import { txHash } from '../data/wallets.js';
import type { Rng } from '../prng.js';

/** Statuses with no further step (facts §1.2: the SDK treats only success and refund as terminal). */
export const TERMINAL: ReadonlySet<V3Status> = new Set<V3Status>(['success', 'refund']);
/** Statuses a step can start from. */
export const NON_TERMINAL: readonly V3Status[] = ['waiting', 'depositing', 'pending', 'submitted', 'failure'];

/** Chance that a pending request fails instead of being filled. */
const FAIL_CHANCE = 0.1;
/** Chance that a failed request is refunded (otherwise it goes back to pending: facts §1.2). */
const REFUND_CHANCE = 0.7;
/** Fail reasons a failure picks (`N/A`, the last, means none). */
const REASONS = FAIL_REASONS.slice(0, -1);

/** The status a request moves to next, or null when it is terminal. */
export function nextStatus(status: V3Status, rng: Rng): V3Status | null {
  switch (status) {
    case 'waiting':
    case 'depositing':
      return 'pending';
    case 'pending':
      return rng.chance(FAIL_CHANCE) ? 'failure' : 'submitted';
    case 'submitted':
      return 'success';
    case 'failure':
      return rng.chance(REFUND_CHANCE) ? 'refund' : 'pending';
    default:
      return null;
  }
}

function vmOf(chainId: number): VmType {
  return CHAIN_BY_ID.get(chainId)?.vmType ?? 'evm';
}

/**
 * Moves `row` to `to` at `now` (epoch ms), with the transactions and reasons of that step. Assigns
 * new arrays (generated rows share their empty lists). For `Store.update`.
 */
export function applyStep(row: Row, to: V3Status, rng: Rng, now: number, updatedAtNotMoved = false): void {
  const from = row.status;
  row.status = to;
  // Fault v3-updated-at-not-moved: the change keeps the creation time as the last update.
  row.updatedAt = updatedAtNotMoved ? row.createdAt : Math.max(now, row.createdAt);
  switch (to) {
    case 'pending':
      if (from === 'failure') {
        row.failReason = null;
        row.refundFailReason = null;
        row.failedTxHash = null;
      } else if (row.inTxHashes.length === 0) {
        row.inTxHashes = [txHash(rng, vmOf(row.originChainId))];
        row.inBlocks = [blockAt(row.originChainId, row.updatedAt)];
      }
      break;
    case 'submitted':
      row.fillTxHashes = [txHash(rng, vmOf(row.destinationChainId))];
      row.outBlocks = [blockAt(row.destinationChainId, row.updatedAt)];
      row.fillTimeSec = Math.max(1, Math.round((row.updatedAt - row.createdAt) / 1000));
      break;
    case 'failure':
      row.failReason = rng.pick(REASONS);
      row.failedTxHash = rng.chance(0.5) ? txHash(rng, vmOf(row.destinationChainId)) : null;
      break;
    case 'refund':
      row.refundFailReason = null;
      row.refundTxHashes = [txHash(rng, vmOf(row.originChainId))];
      row.outBlocks = [...row.outBlocks, blockAt(row.originChainId, row.updatedAt)];
      break;
    default:
      break;
  }
}

/**
 * Resets a freshly generated row to a request created at `now`: `depositing` for deposit-address
 * requests (the deposit is being detected), `waiting` otherwise; no transactions, no reasons, not
 * superseded.
 */
export function resetToCreated(row: Row, now: number): void {
  row.createdAt = now;
  row.updatedAt = now;
  row.status = row.depositAddress ? 'depositing' : 'waiting';
  // A deposit-address request arrives with its deposit seen (depositing): the contract types
  // `depositAddress.depositTxHash` as a string, so the deposit transaction stays.
  const keep = row.depositAddress ? 1 : 0;
  row.inTxHashes = row.inTxHashes.slice(0, keep);
  row.inBlocks = row.inBlocks.slice(0, keep);
  row.fillTxHashes = [];
  row.outBlocks = [];
  row.refundTxHashes = [];
  row.failedTxHash = null;
  row.failReason = null;
  row.refundFailReason = null;
  row.fillTimeSec = Number.NaN;
  row.supersededByRequestId = null;
  row.parentId = null;
}
