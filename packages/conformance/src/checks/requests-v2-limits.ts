/**
 * GET /requests/v2 (deprecated): `limit` 1–50 (live facts §2.4), tried at its boundaries 1, 2, 49,
 * 50, 51 (engine/boundaries.ts) and nowhere else: v2 is throttled, so the check spends five
 * requests and draws no random limit. A 429 of the throttle leaves that value untested, never failed.
 */
import { withFamilies } from '../contract/family.js';
import { integerBoundaries } from '../engine/boundaries.js';
import { allInOrder } from '../engine/concurrent.js';
import { ensure } from '../contract/expect.js';
import type { CheckDefinition, CheckSpec } from '../contract/types.js';
import { pass, skip, statusLine } from '../contract/outcome.js';
import { V2_LOCK, datedContext, retiredReason } from './requests-v2.js';
import { V2_MAX_LIMIT, v2LimitMax } from '../oracles/requests-v2-limits.js';
import { ruleOf } from '../oracles/rules.js';

const limitMax: CheckSpec = {
  ...ruleOf(v2LimitMax.id),
  lock: V2_LOCK,
  async run(outer) {
    const ctx = await datedContext(outer, 'v2-window');
    const retired = retiredReason(ctx);
    if (retired) return skip(retired, 'v2-retired');
    const tried: number[] = [];
    // The five boundaries are independent: asked at once, judged in order.
    const limits = integerBoundaries(1, V2_MAX_LIMIT);
    const answers = await allInOrder(limits.map((limit) => () => ctx.http.send({ method: 'GET', path: '/requests/v2', query: { limit }, acceptRateLimit: true })));
    for (const [i, limit] of limits.entries()) {
      const ex = answers[i]!;
      const status = ex.response?.status ?? 0;
      if (status === 429 || (limit > V2_MAX_LIMIT && status >= 400 && status < 500)) continue;
      ensure(status === 200, `limit=${limit} must be ${limit > V2_MAX_LIMIT ? 'capped (200) or refused with a 4xx' : 'accepted'}`, '200', statusLine(ex), ex);
      // How many records the page holds is the limit oracle's verdict (oracles/requests-v2-limits.ts).
      tried.push(limit);
    }
    return tried.length > 0 ? pass(`limit ${tried.join(', ')} honoured`) : skip('every v2 request was throttled (429): no limit could be tested');
  },
};

/** The v2 limit checks, in run order. */
export const checks: CheckDefinition[] = withFamilies([limitMax]);
