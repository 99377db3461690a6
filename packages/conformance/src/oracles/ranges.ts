/**
 * Range oracles of GET /requests/v3 (API document, parameter table: startTimestamp/endTimestamp in
 * Unix seconds, inclusive; amountUsdMin/amountUsdMax; live facts §1.4). Pure predicates shared by the
 * active `requests-v3.filter.ranges` check and the passive proxy and HAR audit.
 */
import { amountUsdCandidates, createdAtMs, type RecordJson } from '../checks/support/record.js';

/** Whether a record was created outside the inclusive second window [start, end] (false when it has no createdAt). */
export function createdOutside(r: RecordJson, start: number | undefined, end: number | undefined): boolean {
  const ms = createdAtMs(r);
  if (ms === undefined) return false;
  return (start !== undefined && ms < start * 1000) || (end !== undefined && ms >= (end + 1) * 1000);
}

/** Whether no plausible USD input amount of the record lies in [min, max] (false when it has none). */
export function amountOutside(r: RecordJson, min: number | undefined, max: number | undefined): boolean {
  const c = amountUsdCandidates(r);
  return c.length > 0 && !c.some((v) => (min === undefined || v >= min) && (max === undefined || v <= max));
}
