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
