/**
 * Plain v2 (API document, Versioning: v2 keeps working until its sunset; Authentication rule 6 and
 * Limits: "Rate limits are per API key"). Every other v2 request of the kit carries a limit and a
 * time window; a client that migrates late calls `GET /requests/v2` with its key alone. And the
 * throttle the kit reaches on purpose (rate-limit.*) is the first key's: a second key, asked right
 * after, shows whether the quota is the key's or the address's.
 */
import { ensure, violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckDefinition } from '../contract/types.js';
import { V2_TIMELINE, rateLimited, v2Check } from './requests-v2.js';
import { pass, statusLine } from '../contract/outcome.js';

const PATH = '/requests/v2';
/** Times the other key is asked before its 429 counts as the first key's throttle. */
const OTHER_ASKS = 3;

export const checks: CheckDefinition[] = withFamilies([
  v2Check({
    id: 'requests-v2.plain-call',
    title: 'Before its sunset (target clock), GET /requests/v2 with the key alone (no limit, no window) is served: 200, or 429 while throttled',
    clauses: ['requests-v2.timeline'],
    requires: ['apiKey'],
    async run(ctx) {
      const e = await ctx.http.send({ method: 'GET', path: PATH, acceptRateLimit: true });
      const status = e.response?.status ?? 0;
      ensure(
        status === 200 || status === 429,
        `v2 keeps working until ${V2_TIMELINE.sunsetAt}: a plain call (the key alone, no limit, no time window; "All parameters are optional") must be served (target clock ${ctx.discovery.targetNow.toISOString()})`,
        '200 (or 429 while throttled)',
        statusLine(e),
        e,
      );
      return pass(`answered ${status}`);
    },
  }),
  v2Check({
    id: 'requests-v2.rate-limit.per-key',
    // Runs once the throttle probe has spent the first key's quota (checks/index.ts, RUN_ORDER).
    spendsQuota: true,
    title: 'Once the v2 throttle refuses the first key, the other key (same client address) is still served: rate limits are per API key',
    clauses: ['auth.rate-limits-per-key'],
    requires: ['apiKey', 'otherApiKey'],
    async run(ctx) {
      const limited = await rateLimited(ctx);
      if (!Array.isArray(limited)) return limited;
      // A busy service may answer any request 429 now and then (variant rate-limit-429): the other
      // key is asked up to three times, and only a refusal every time is the first key's throttle
      // reaching it (the first key's quota stays spent for its window, far longer than three asks).
      const ask = () => ctx.http.send({ method: 'GET', path: PATH, query: { limit: 1, startTimestamp: ctx.discovery.window.start, endTimestamp: ctx.discovery.window.end }, auth: 'other', acceptRateLimit: true });
      let other = await ask();
      let asked = 1;
      while (other.response?.status === 429 && asked < OTHER_ASKS) {
        other = await ask();
        asked += 1;
      }
      if (other.response?.status === 429) {
        violate(
          'Rate limits are per API key (API document, Authentication rule 6 and Limits): once the first key is throttled, another key from the same client must still get its own quota',
          'a 200 for the other key',
          `${statusLine(other)} to each of ${asked} requests in a row, right after ${limited.length} 429(s) for the first key`,
          other,
        );
      }
      return pass(`the other key answered ${other.response?.status ?? '?'}${asked > 1 ? ` on ask ${asked} of ${OTHER_ASKS} (a 429 before it: a busy moment, not the first key's throttle)` : ''} after ${limited.length} 429(s) for the first key`);
    },
  }),
]);
