/** Oracles of any operation: bad input is answered with a 4xx, never a server error (API document, Errors). */
import { brief } from '../engine/expect.js';
import { num, status, type Oracle } from './oracle.js';

/** Query parameters of the document that take numbers: a non-number there is bad input (a 4xx, never a 5xx). */
export const NUMERIC_PARAMS = ['limit', 'startTimestamp', 'endTimestamp', 'amountUsdMin', 'amountUsdMax', 'originChainId', 'destinationChainId', 'chainId', 'currencyInChainId', 'currencyOutChainId'];
export const badNumber = (q: URLSearchParams): string | undefined => NUMERIC_PARAMS.find((p) => q.has(p) && num(q.get(p)) === undefined);

export const noServerError: Oracle = {
  id: 'general.no-server-error-on-bad-input',
  applies: (s) => s.exchange.operation !== undefined && badNumber(s.query) !== undefined,
  judge(s) {
    const p = badNumber(s.query)!;
    return status(s) >= 500 ? { message: 'Bad input must be answered with a 4xx, not a server error', expected: `a 4xx for ${p}=${brief(s.query.get(p))}`, received: `${status(s)}` } : undefined;
  },
};
