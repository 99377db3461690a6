/**
 * GET /requests/v2 `limit` (live facts §2.4: 1 to its maximum, generated from the spec): a v2 page
 * holds at most min(limit, maximum) records. Judged on every v2 200 that states a limit; the active
 * `requests-v2.limit.max` check chooses the limits (the boundaries) and judges their statuses.
 */
import { LIMITS } from '@crosschain/specs';
import { recordsOfBody } from '../contract/list-wrapper.js';
import { V2, int, status, type Oracle } from './oracle.js';

/** v2's maximum `limit`. */
export const V2_MAX_LIMIT: number = LIMITS['GET /requests/v2'].maximum;
/** v2's default `limit` (live facts §1.3, §2.4). */
export const V2_DEFAULT_LIMIT: number = LIMITS['GET /requests/v2'].default;

export const v2LimitMax: Oracle = {
  id: 'requests-v2.limit.max',
  applies: (s) => s.exchange.operation === V2 && status(s) === 200 && (int(s.query.get('limit')) ?? 0) > 0 && recordsOfBody(s.exchange.response!.json) !== undefined,
  judge(s) {
    const limit = int(s.query.get('limit'))!;
    const bound = Math.min(limit, V2_MAX_LIMIT);
    const n = recordsOfBody(s.exchange.response!.json)!.length;
    return n > bound ? { message: `A v2 page must hold at most min(limit, ${V2_MAX_LIMIT}) records`, expected: `at most ${bound} records for limit=${limit}`, received: `${n} records` } : undefined;
  },
};

/**
 * GET /requests/v2 without `limit` (live facts §1.3, §2.4: default 20): a page holds at most 20
 * records. Judged on every v2 200 asked without a limit (the plain call of
 * `requests-v2.plain-call`, a client's own calls) that is a first page: a page asked
 * with `continuation` may carry its walk's limit in the cursor, and is not judged here.
 */
export const v2LimitDefault: Oracle = {
  id: 'requests-v2.limit.default',
  operation: V2,
  applies: (s) => s.exchange.operation === V2 && status(s) === 200 && !s.query.has('limit') && !s.query.has('continuation') && recordsOfBody(s.exchange.response!.json) !== undefined,
  judge(s) {
    const n = recordsOfBody(s.exchange.response!.json)!.length;
    return n > V2_DEFAULT_LIMIT ? { message: `Without limit, a v2 page holds at most ${V2_DEFAULT_LIMIT} records (the default)`, expected: `at most ${V2_DEFAULT_LIMIT} records`, received: `${n} records` } : undefined;
  },
};
