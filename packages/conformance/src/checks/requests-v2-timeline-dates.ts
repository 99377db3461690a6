/**
 * The days the v2 deprecation signals name are the timeline's (API document, Versioning > Timeline
 * of GET /requests/v2 and Deprecation signals). The rule decides on one exchange: its oracle
 * (oracles/v2-timeline-dates.ts) judges every v2 response of the run, so this check only makes sure
 * the run holds one (the v2 answer the signal checks share: no request of its own when they ran).
 */
import { withFamilies } from '../contract/family.js';
import type { CheckDefinition } from '../contract/types.js';
import { V2_TIMELINE_DATES_ID } from '../oracles/v2-timeline-dates.js';
import { sharedV2, v2Check } from './requests-v2.js';
import { pass, skip } from '../contract/outcome.js';

export const checks: CheckDefinition[] = withFamilies([
  v2Check({
    id: V2_TIMELINE_DATES_ID,
    title: 'The Deprecation and Sunset headers and the body dates name the days of the v2 timeline (Jul 22, Sep 1 and Nov 24, 2026)',
    clauses: ['requests-v2.timeline'],
    async run(ctx) {
      const e = await sharedV2(ctx);
      if (e.response === undefined) return skip('no v2 response was received');
      // Every v2 response of the run, this one included, is judged by the oracle.
      return pass(`${ctx.exchangesFor('GET /requests/v2').filter((x) => x.response !== undefined).length} v2 responses so far, each judged by the oracle`);
    },
  }),
]);
