/**
 * `expect(body).toSatisfyApiContract('GET /intents/status/v3', { status, headers, strict })` in
 * jest: requiring or importing this entry (`@crosschain/conformance/matchers/jest`, e.g. from
 * `setupFilesAfterEnv`) adds the matcher to jest's global `expect` and its type to `jest.Matchers`
 * (@types/jest). With `injectGlobals: false`, import `toSatisfyApiContract` from
 * `@crosschain/conformance/matchers` and call `expect.extend({ toSatisfyApiContract })` with the
 * `expect` of `@jest/globals`. Loads under CommonJS (ts-jest, babel-jest) and as an ES module.
 */
import { toSatisfyApiContract, type ApiContractOptions } from './contract.js';

export { judgeApiContract, toSatisfyApiContract, type ApiContractOptions, type ApiContractVerdict, type ContractViolation, type MatcherResult } from './contract.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Matchers<R> {
      /** Judges the received body as the response of `operation` (`'GET /intents/status/v3'`) by the contract's oracles. */
      toSatisfyApiContract(operation: string, options?: ApiContractOptions): R;
    }
  }
}

const jestExpect = (globalThis as { expect?: { extend?: (matchers: Record<string, unknown>) => void } }).expect;
if (typeof jestExpect?.extend !== 'function') {
  throw new Error(
    "@crosschain/conformance/matchers/jest: no global expect to extend; load it from a jest setup file (setupFilesAfterEnv), or (injectGlobals: false) import { toSatisfyApiContract } from '@crosschain/conformance/matchers' and call expect.extend({ toSatisfyApiContract }) with the expect of '@jest/globals'",
  );
}
jestExpect.extend({ toSatisfyApiContract });
