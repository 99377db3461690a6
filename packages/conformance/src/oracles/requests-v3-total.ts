/**
 * `total` oracles of GET /requests/v3 (API document, GET /requests/v3 rule 5; Resources > total):
 * present only with includeTotal=true, and then the exact count (never below the records seen,
 * the same on every reading while the window cannot change).
 */
import { brief } from '../contract/expect.js';
import { chainQuery, page, type Oracle } from './oracle.js';
import { membershipMoves, windowStill } from './windows.js';

/** Whether `total` was asked (includeTotal=true) by the page itself. */
export const asked = (q: URLSearchParams): boolean => q.get('includeTotal') === 'true';

/**
 * What is wrong with the `total` of a page that did not ask for it (rule 5: "when omitted or false,
 * `total` is not computed"; Resources: present only when includeTotal=true), or undefined. A
 * `total` key holding null carries no count: nothing was computed, so it passes this clause (its
 * type is the response schema's business). Shared by the active check of the same id.
 */
export function unaskedTotalProblem(total: { present: boolean; value: unknown } | undefined): string | undefined {
  return total?.present && total.value !== null && total.value !== undefined ? `total = ${brief(total.value)} without includeTotal=true` : undefined;
}

export const totalOnlyWhenRequested: Oracle = {
  id: 'requests-v3.total.only-when-requested',
  applies: (s) => page(s) && !asked(s.query) && !(s.chain && asked(s.chain.query)),
  judge(s) {
    const received = unaskedTotalProblem(s.total);
    return received === undefined ? undefined : { message: '`total` is returned only with includeTotal=true', expected: 'no `total` key', received };
  },
};

/** A `total` asked with includeTotal=true that is missing or not a non-negative integer: the violation, else undefined. Shared with the active walks. */
export function totalValueProblem(present: boolean, t: unknown): { message: string; expected: string; received: string } | undefined {
  return present && typeof t === 'number' && Number.isInteger(t) && t >= 0
    ? undefined
    : { message: 'includeTotal=true must add `total`, the exact count of matching requests', expected: 'a non-negative integer `total`', received: `total = ${brief(t)}` };
}

export const totalExact: Oracle = {
  id: 'requests-v3.total.exact',
  applies: (s) => page(s) && asked(s.query),
  judge(s) {
    const t = s.total?.value;
    const malformed = totalValueProblem(s.total?.present === true, t);
    if (malformed !== undefined || typeof t !== 'number') return malformed;
    // The records of the earlier pages of the walk count only when none can have left the query since.
    const chain = s.chain;
    const earlier = chain?.fromStart && chain.parent && !membershipMoves(chainQuery(s)) ? chain.count : 0;
    const seen = earlier + s.records!.length;
    const reading = s.earlierTotal;
    if (reading?.total !== undefined && reading.total !== t && windowStill(chainQuery(s), reading.readAt)) {
      return { message: '`total` of one query is the same on every reading while its window cannot change (an endTimestamp before the earlier reading, no status-dependent filter)', expected: `total = ${reading.total}, as on the earlier reading`, received: `total = ${t}` };
    }
    return t < seen ? { message: `\`total\` counts every matching request: it cannot be below the records seen ${earlier > 0 ? 'in this continuation walk' : 'on this page'}`, expected: `total >= ${seen}`, received: `total = ${t}` } : undefined;
  },
};
