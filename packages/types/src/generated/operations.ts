/**
 * generated, do not edit.
 *
 * Runtime index of the operations of the contract (method, path, key requirement, named-only).
 * Source: @crosschain/specs generated/openapi.json (OpenAPI 3.1.0, sha256 ac8148eb2c10bfe1d0fe3800cde9b4e3691310bb437ea3749070d12c5c9be9e8)
 * Generator: openapi-typescript 7.13.0 via packages/types/scripts/generate.mjs
 * Regenerate with `pnpm generate` (root) or `pnpm --filter @crosschain/types generate`.
 */

/** One operation of the contract. */
export interface ContractOperation {
  readonly operationId: string;
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';
  /** The OpenAPI path, e.g. `/requests/v3`. */
  readonly path: string;
  /** The operation's security requirement has no empty alternative: `x-api-key` is required. */
  readonly keyRequired: boolean;
  /** Marked `x-contract: named-only`: the document names it without method, path or payloads. */
  readonly namedOnly: boolean;
  readonly deprecated: boolean;
}

/** Every operation of the contract, in document order. */
export const contractOperations = [
  { operationId: "postCurrenciesV2", method: "POST", path: "/currencies/v2", keyRequired: false, namedOnly: false, deprecated: false },
  { operationId: "getIntentStatus", method: "GET", path: "/intents/status", keyRequired: false, namedOnly: false, deprecated: true },
  { operationId: "getIntentStatusV2", method: "GET", path: "/intents/status/v2", keyRequired: false, namedOnly: false, deprecated: false },
  { operationId: "getRequestsV3", method: "GET", path: "/requests/v3", keyRequired: true, namedOnly: false, deprecated: false },
  { operationId: "getRequestsV2", method: "GET", path: "/requests/v2", keyRequired: false, namedOnly: false, deprecated: true },
  { operationId: "postQuoteV2", method: "POST", path: "/quote/v2", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "postQuote", method: "POST", path: "/quote", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "postExecutePermits", method: "POST", path: "/execute/permits", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "getIntentStatusV3", method: "GET", path: "/intents/status/v3", keyRequired: false, namedOnly: false, deprecated: false },
  { operationId: "getChains", method: "GET", path: "/chains", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "getChainsLiquidity", method: "GET", path: "/chains/liquidity", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "getCurrencyTokenPrice", method: "GET", path: "/currencies/token/price", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "postTransactionsIndex", method: "POST", path: "/transactions/index", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "postTransactionsSingle", method: "POST", path: "/transactions/single", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "postTransactionsDepositAddressReindex", method: "POST", path: "/transactions/deposit-address/reindex", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "getAppFeeBalances", method: "GET", path: "/app-fees/{wallet}/balances", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "postAppFeesClaim", method: "POST", path: "/app-fees/{wallet}/claim", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "getMetricsUsage", method: "GET", path: "/metrics/usage", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "postFastFill", method: "POST", path: "/fast-fill", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "getSwapSources", method: "GET", path: "/swap-sources", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "postExecute", method: "POST", path: "/execute", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "postPrice", method: "POST", path: "/price", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "getConfigV2", method: "GET", path: "/config/v2", keyRequired: false, namedOnly: true, deprecated: false },
  { operationId: "postCurrenciesV1", method: "POST", path: "/currencies/v1", keyRequired: false, namedOnly: true, deprecated: false },
] as const satisfies readonly ContractOperation[];
