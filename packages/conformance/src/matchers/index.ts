/**
 * The contract matcher without a test runner (`@crosschain/conformance/matchers`): the verdict on a
 * bare body ({@link judgeApiContract}) and the matcher function to hand to any `expect.extend`
 * (`@crosschain/conformance/matchers/vitest` and `/matchers/jest` do it on import). Loads under
 * CommonJS and as an ES module.
 */
export { judgeApiContract, toSatisfyApiContract, verdictMessage, type ApiContractOptions, type ApiContractVerdict, type ContractViolation, type MatcherResult } from './contract.js';
