/**
 * The passive side of `requests-v3.record.no-removed-fields`: each record of a v3 200 page is
 * judged by the active check's predicate (oracles/v3-removed-fields.ts).
 */
import { REMOVED_EXPECTED, REMOVED_MESSAGE } from '../checks/requests-v3-records.js';
import { recordId, type RecordJson } from '../checks/support/record.js';
import type { Exchange } from '../engine/types.js';
import { removedFieldsOf } from '../oracles/v3-removed-fields.js';

/** What the rule reads of a passive `Seen` (rules.ts), typed here so that the two modules import one way. */
interface SeenPage {
  exchange: Exchange;
  records?: RecordJson[];
}

/** A `PassiveRule` (rules.ts registers it). */
export const v3RemovedFields = {
  id: 'requests-v3.record.no-removed-fields',
  applies: (s: SeenPage): boolean => s.exchange.operation === 'GET /requests/v3' && s.exchange.response?.status === 200 && s.records !== undefined,
  judge(s: SeenPage) {
    for (const r of s.records!) {
      const removed = removedFieldsOf(r);
      if (removed.length > 0) return { message: REMOVED_MESSAGE, expected: REMOVED_EXPECTED, received: `id ${recordId(r) ?? '?'}: ${removed.join(', ')}` };
    }
    return undefined;
  },
};
