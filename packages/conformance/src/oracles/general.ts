/** Oracles of any operation: bad input is answered with a 4xx, never a server error (API document, Errors). */
import { brief } from '../engine/expect.js';
import { num, status, type Oracle } from './oracle.js';
import { numericParams } from './parameters.js';

/** The first numeric parameter of the operation (oracles/parameters.ts) whose value is not a number: bad input (a 4xx, never a 5xx). */
export const badNumber = (q: URLSearchParams, operation: string | undefined): string | undefined => numericParams(operation).find((p) => q.has(p) && num(q.get(p)) === undefined);

export const noServerError: Oracle = {
  id: 'general.no-server-error-on-bad-input',
  applies: (s) => s.exchange.operation !== undefined && badNumber(s.query, s.exchange.operation) !== undefined,
  judge(s) {
    const p = badNumber(s.query, s.exchange.operation)!;
    return status(s) >= 500 ? { message: 'Bad input must be answered with a 4xx, not a server error', expected: `a 4xx for ${p}=${brief(s.query.get(p))}`, received: `${status(s)}` } : undefined;
  },
};
