/**
 * When a relation across readings of one query may be judged: only where the set of records the
 * query matches could not have changed in between (no status-dependent filter or order, and an
 * `endTimestamp` before the earlier reading). Shared by the paging and total oracles, so a server
 * whose data moves during a run (live traffic, the kit's own status changes) never fails them.
 */
import { parseGroups } from './groups.js';
import { int } from './oracle.js';

/**
 * Query parameters whose match depends on what changes during a request's life (its status, fail
 * reasons, the transactions and blocks added as it settles, its fill time): a record may enter or
 * leave such a query between two readings.
 */
export const MOVING_PARAMS: ReadonlySet<string> = new Set(['status', 'failReason', 'refundFailReason', 'term', 'depositTxHash', 'fillTxHash', 'refundTxHash', 'startBlock', 'endBlock', 'fillTimeMin', 'fillTimeMax', 'features']);

/** Whether the set of records a walk's query matches can change while the records themselves stay (a status moves). */
export function membershipMoves(q: URLSearchParams): boolean {
  if (q.get('sortBy') === 'updatedAt') return true;
  for (const p of MOVING_PARAMS) if (q.has(p)) return true;
  const list = parseGroups(q.get('filters'));
  return list !== undefined && list.some((g) => Object.keys(g).some((k) => MOVING_PARAMS.has(k.replace(/^not:/, ''))));
}

/**
 * Whether no request created after `readAt` (epoch ms, the target's clock) can match the walk's
 * query: `endTimestamp` (Unix seconds, inclusive) lies before that reading.
 */
export function closedBefore(q: URLSearchParams, readAt: number | undefined): boolean {
  const end = int(q.get('endTimestamp'));
  return end !== undefined && readAt !== undefined && (end + 1) * 1000 <= readAt;
}

/**
 * Whether the records a walk's query matches could not have changed since the page read at
 * `readAt`: no status-dependent filter or sort, and no room for new requests.
 */
export function windowStill(q: URLSearchParams, readAt: number | undefined): boolean {
  return !membershipMoves(q) && closedBefore(q, readAt);
}
