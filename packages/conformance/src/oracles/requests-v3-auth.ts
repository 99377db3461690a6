/**
 * GET /requests/v3 without a key is refused (API document, Authentication rule 1): a 4xx that
 * lists no records. One predicate ({@link refusalProblem}) for the active `requests-v3.auth.*`
 * refusal checks and the oracle that judges every keyless request observed.
 */
import { recordsOfBody } from '../contract/list-wrapper.js';
import { V3, status, type Oracle } from './oracle.js';

/** What is wrong with the answer to a request that must be refused, or undefined: a 4xx, no records. */
export function refusalProblem(code: number, json: unknown): { records: boolean; expected: string; received: string } | undefined {
  if (code < 400 || code >= 500) return { records: false, expected: 'a 4xx (401 or 403) and no records', received: `${code}` };
  const records = recordsOfBody(json);
  return records !== undefined && records.length > 0 ? { records: true, expected: 'no records in the body', received: `${records.length} records` } : undefined;
}

export const keyRequired: Oracle = {
  id: 'requests-v3.auth.key-required',
  applies: (s) => s.exchange.operation === V3 && !s.hasKey,
  judge(s) {
    // Throttled or unavailable: the answer says nothing of the key.
    if (status(s) === 429 || status(s) === 503) return { withheld: `answered ${status(s)} (throttled or unavailable)` };
    const p = refusalProblem(status(s), s.exchange.response?.json);
    if (!p) return undefined;
    return { message: `GET /requests/v3 requires x-api-key: a request without it must be refused${p.records ? ': the refusal must not list records' : ''}`, expected: p.expected, received: `${p.received} without a key` };
  },
};
