/**
 * The ids of the response-schema checks, one per operation, in a module of their own: the schema
 * oracle (response-schema.ts), the divergence catalogue (oracles/divergences.ts, which that oracle
 * imports) and the checks all read them, and none of those may import the others back.
 */
/** The ids of the `*.response.schema` checks (the checks, the schema oracle and the divergence catalogue take them from here: one spelling). */
export const SCHEMA_CHECK_IDS = {
  currenciesV2: 'currencies-v2.response.schema',
  intentsStatusV2: 'intents-status-v2.response.schema',
  intentsStatusV3: 'intents-status-v3.response.schema',
  intentsStatus: 'intents-status.response.schema',
  requestsV2: 'requests-v2.response.schema',
  requestsV3: 'requests-v3.response.schema',
} as const;
