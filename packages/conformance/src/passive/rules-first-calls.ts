/**
 * Passive oracles of issue 25 (a client's first calls; exact status codes): the same predicates as
 * the active checks `requests-v3.unwindowed.first-pages` and `general.success-status`
 * (oracles/unwindowed.ts, oracles/status-codes.ts), over one observed exchange. Registered in the
 * rules array of passive/rules.ts; the shapes below are the parts of its `Seen` and `Problem` that
 * these rules read and return (structural, so that this file does not import rules.ts back).
 */
import type { Exchange } from '../engine/types.js';
import { SUCCESS_200_OPERATIONS, successStatusProblem } from '../oracles/status-codes.js';
import { emptyPageBesideTotal } from '../oracles/unwindowed.js';

/** What these rules read of an observed exchange (a subset of rules.ts `Seen`). */
interface Observed {
  exchange: Exchange;
  query: URLSearchParams;
  records?: ReadonlyArray<Record<string, unknown>>;
  cursor?: string;
  total?: { present: boolean; value: unknown };
}

interface Verdict {
  message: string;
  expected: string;
  received: string;
}

interface FirstCallRule {
  id: string;
  applies(s: Observed): boolean;
  judge(s: Observed): Verdict | undefined;
}

const WINDOW_PARAMS = ['startTimestamp', 'endTimestamp'];

/** A first page of the listing without a time window, asked with includeTotal=true. */
const unwindowedFirstPage: FirstCallRule = {
  id: 'requests-v3.unwindowed.first-pages',
  applies: (s) =>
    s.exchange.operation === 'GET /requests/v3' &&
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
const successStatus: FirstCallRule = {
  id: 'general.success-status',
  applies: (s) => s.exchange.operation !== undefined && SUCCESS_200_OPERATIONS.includes(s.exchange.operation) && s.exchange.response !== undefined,
  judge(s) {
    const problem = successStatusProblem(s.exchange.response!.status);
    return problem === undefined ? undefined : { message: `${s.exchange.operation} must answer success with 200 (API document: "Response 200")`, expected: '200', received: problem };
  },
};

/** The rules of this file, in report order. */
export const firstCallRules: readonly FirstCallRule[] = [unwindowedFirstPage, successStatus];
