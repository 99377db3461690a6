/**
 * `expect(body).toSatisfyApiContract('GET /intents/status/v3', { status, headers, strict })` in
 * vitest: importing this entry (`@crosschain/conformance/matchers/vitest`, e.g. in a setup file)
 * adds the matcher to vitest's `expect` and its type to vitest's `Matchers`. The verdict is the one
 * of `audit` (matchers/contract.ts). vitest is an optional peer dependency, loaded only here.
 */
import { expect } from 'vitest';
import { toSatisfyApiContract, type ApiContractOptions } from './contract.js';

export { judgeApiContract, toSatisfyApiContract, type ApiContractOptions, type ApiContractVerdict, type ContractViolation, type MatcherResult } from './contract.js';

declare module 'vitest' {
  interface Matchers<T> {
    /** Judges the received body as the response of `operation` (`'GET /intents/status/v3'`) by the contract's oracles. */
    toSatisfyApiContract(operation: string, options?: ApiContractOptions): T;
  }
}

expect.extend({ toSatisfyApiContract });
