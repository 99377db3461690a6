/**
 * Oracles of a client's first calls and exact status codes: the same predicates as the
 * active checks `requests-v3.unwindowed.first-pages` and `general.success-status`
 * (oracles/unwindowed.ts, oracles/status-codes.ts), over any exchange of the active run, the proxy
 * or `audit`.
 */
import { type Oracle, V3 } from './oracle.js';
import { SUCCESS_200_OPERATIONS, successStatusProblem } from './status-codes.js';
import { emptyPageBesideTotal } from './unwindowed.js';

const WINDOW_PARAMS = ['startTimestamp', 'endTimestamp'];

/** A first page of the listing without a time window, asked with includeTotal=true. */
export const unwindowedFirstPage: Oracle = {
  id: 'requests-v3.unwindowed.first-pages',
  applies: (s) =>
    s.exchange.operation === V3 &&
    s.exchange.response?.status === 200 &&
    s.records !== undefined &&
    s.query.get('includeTotal') === 'true' &&
    !s.query.has('continuation') &&
    !WINDOW_PARAMS.some((p) => s.query.has(p)),
  judge(s) {
    const problem = emptyPageBesideTotal(s.records!.length, s.cursor !== undefined, s.total?.value);
    return problem === undefined
      ? undefined
      : { message: 'A first page that lists nothing and ends the walk must not report a positive total (total is the exact count of matching requests)', expected: 'requests listed when total > 0', received: problem };
  },
};

/** Each of the four operations answers success with 200 (API document: "Response 200"). */
export const successStatus: Oracle = {
  id: 'general.success-status',
  applies: (s) => s.exchange.operation !== undefined && SUCCESS_200_OPERATIONS.includes(s.exchange.operation) && s.exchange.response !== undefined,
  judge(s) {
    const problem = successStatusProblem(s.exchange.response!.status);
    return problem === undefined ? undefined : { message: `${s.exchange.operation} must answer success with 200 (API document: "Response 200")`, expected: '200', received: problem };
  },
};
