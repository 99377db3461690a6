/**
 * GET /requests/v3 without a key is refused (API document, Authentication rule 1): a 4xx that
 * lists no records. One predicate ({@link refusalProblem}) for the active `requests-v3.auth.*`
 * refusal checks and the oracle that judges every keyless request observed.
 */
import { get, type RecordJson } from '../checks/support/record.js';
import { brief } from '../engine/expect.js';
import { recordsOfBody } from '../engine/list-wrapper.js';
import { AUTHENTICATED_FIELDS, authenticatedFieldsIn } from './authenticated-fields.js';
import { V3, chainQuery, firstBad, page, status, type Oracle } from './oracle.js';

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

/** The authenticated fields a v3 record carries under its `data` (as `data.<field>`). */
export function carriedAuthFields(r: RecordJson): string[] {
  return authenticatedFieldsIn(get(r, 'data')).map((f) => `data.${f}`);
}

/**
 * Authenticated fields only on request (API document, GET /requests/v3 rule 6): a page asked without
 * includeAuthenticatedData=true (on the page, or on the walk it continues) shows no record's
 * referrer, platformFee or apiKeyName, whoever asks.
 */
export const authenticatedOptIn: Oracle = {
  id: 'requests-v3.auth.authenticated-data-opt-in',
  applies: (s) => page(s) && s.query.get('includeAuthenticatedData') !== 'true' && chainQuery(s).get('includeAuthenticatedData') !== 'true',
  judge(s) {
    const received = firstBad(s.records!, (r) => {
      const carried = carriedAuthFields(r);
      return carried.length > 0 ? `carries ${carried.map((f) => `${f}=${brief(get(r, ...f.split('.')), 60)}`).join(', ')}` : undefined;
    });
    return received === undefined
      ? undefined
      : { message: 'Authenticated fields are returned only with includeAuthenticatedData=true', expected: `no ${AUTHENTICATED_FIELDS.map((f) => `data.${f}`).join(', ')} without the flag`, received };
  },
};
