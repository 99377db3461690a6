/**
 * The oracle of `intents-status.versions-agree`: the predicate is
 * intent-status-versions.ts `statusDisagreement`, shared with the active check.
 */
import { AGREE_EXPECTED, AGREE_MESSAGE, STATUS_OPERATIONS, statusDisagreement, type StatusReading } from './intent-status-versions.js';
import type { Oracle } from './oracle.js';

/**
 * `intents-status.versions-agree` across exchanges: a request's status read through the deprecated
 * and the newer status operations by the same caller (the auditor and the active run hand each 200
 * reading the latest readings of the other operations as `statusReadings`).
 */
export const versionsAgree: Oracle = {
  id: 'intents-status.versions-agree',
  applies: (s) => STATUS_OPERATIONS.includes(s.exchange.operation ?? '') && s.exchange.response?.status === 200 && (s.statusReadings?.length ?? 0) > 0,
  judge(s) {
    const now: StatusReading = { operation: s.exchange.operation!, body: s.exchange.response!.json };
    for (const earlier of s.statusReadings!) {
      const why = statusDisagreement(earlier, now);
      if (why !== undefined) return { message: AGREE_MESSAGE, expected: AGREE_EXPECTED, received: `request ${s.query.get('requestId') ?? '?'}: ${why}` };
    }
    return undefined;
  },
};
