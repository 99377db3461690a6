/**
 * The status of one request read through the deprecated GET /intents/status and through the newer
 * GET /intents/status/v2 and /v3: readings of the same last update agree. The
 * vocabularies differ (API document, Resources > Intent status record; the live OpenAPI of v2 and
 * v3, live-service facts §1.1): v3 `submitted` is v2 `pending`; in the deprecated vocabulary a
 * refund is `fallback` (document rule), `waiting` is `received`, and `depositing`, `pending` and
 * `submitted` are `pending`. A request moves while it settles, so two readings are compared only
 * when they carry the same last-update time (`time`, `updatedAt`, Unix ms): the same state of the
 * request. One predicate for the active `intents-status.versions-agree` check and the passive side.
 */
import { isObject } from '../contract/outcome.js';

export const STATUS_DEPRECATED = 'GET /intents/status';
export const STATUS_V2 = 'GET /intents/status/v2';
export const STATUS_V3 = 'GET /intents/status/v3';
export const STATUS_OPERATIONS: readonly string[] = [STATUS_DEPRECATED, STATUS_V2, STATUS_V3];

/** One 200 reading of a status operation. */
export interface StatusReading {
  operation: string;
  body: unknown;
}

const V2_STATUSES = ['refund', 'waiting', 'depositing', 'failure', 'pending', 'success'];
const V3_STATUSES = [...V2_STATUSES, 'submitted'];
const DEPRECATED_STATUSES = ['failure', 'fallback', 'pending', 'received', 'success'];

/** A reading's status, when it is one of its operation's enum (anything else is the schema checks' to judge). */
function statusOf(r: StatusReading): string | undefined {
  const s = isObject(r.body) ? r.body.status : undefined;
  if (typeof s !== 'string') return undefined;
  const allowed = r.operation === STATUS_V3 ? V3_STATUSES : r.operation === STATUS_V2 ? V2_STATUSES : DEPRECATED_STATUSES;
  return allowed.includes(s) ? s : undefined;
}

/** A reading's last-update time (Unix ms): `updatedAt` on v3, `time` otherwise. */
export function lastUpdateOf(r: StatusReading): number | undefined {
  if (!isObject(r.body)) return undefined;
  const t = r.operation === STATUS_V3 ? r.body.updatedAt : r.body.time;
  return typeof t === 'number' && Number.isFinite(t) ? t : undefined;
}

const TO_DEPRECATED: Record<string, string> = { refund: 'fallback', waiting: 'received', depositing: 'pending', pending: 'pending', submitted: 'pending', failure: 'failure', success: 'success' };

/** A status in the coarser vocabulary of the two operations compared. */
function inCommon(operation: string, status: string, deprecated: boolean): string {
  if (deprecated) return operation === STATUS_DEPRECATED ? status : TO_DEPRECATED[status]!;
  return status === 'submitted' ? 'pending' : status;
}

/**
 * How two readings of one request disagree, or undefined: judged only when both are of different
 * operations, have a status of their enum and carry the same last-update time.
 */
export function statusDisagreement(a: StatusReading, b: StatusReading): string | undefined {
  if (a.operation === b.operation) return undefined;
  const [sa, sb] = [statusOf(a), statusOf(b)];
  const [ta, tb] = [lastUpdateOf(a), lastUpdateOf(b)];
  if (sa === undefined || sb === undefined || ta === undefined || ta !== tb) return undefined;
  const deprecated = a.operation === STATUS_DEPRECATED || b.operation === STATUS_DEPRECATED;
  const [ca, cb] = [inCommon(a.operation, sa, deprecated), inCommon(b.operation, sb, deprecated)];
  return ca === cb ? undefined : `${a.operation} says "${sa}", ${b.operation} says "${sb}", both as of the update at ${ta} ms`;
}

export const AGREE_MESSAGE = 'A request read through the deprecated and the newer status operations has the same status (as of the same last update)';
export const AGREE_EXPECTED = 'the same status in each vocabulary: v3 submitted = v2 pending; deprecated fallback = refund, received = waiting, pending = depositing/pending/submitted';

