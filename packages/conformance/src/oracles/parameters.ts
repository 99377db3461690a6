/**
 * The query parameters of the list operations and the kind of value each takes: one list, read by
 * the active bad-input sweep (checks/general.ts) and the passive `general.no-server-error-on-bad-input`
 * oracle (oracles/general.ts), so the two judge the same parameters.
 */
export type Kind = 'number' | 'enum' | 'boolean' | 'string' | 'cursor' | 'filters';

/** GET /requests/v3 parameters (API document, GET /requests/v3 parameter table) and their kinds. */
export const V3_PARAMS: Record<string, Kind> = {
  term: 'string', id: 'string', orderId: 'string', depositTxHash: 'string', fillTxHash: 'string', refundTxHash: 'string',
  originChainId: 'number', destinationChainId: 'number', chainId: 'number', privateChainsToInclude: 'string',
  user: 'string', depositAddress: 'string', recipient: 'string',
  status: 'enum', failReason: 'enum', refundFailReason: 'enum', apiKey: 'string', requestType: 'enum',
  currencyInChainId: 'number', currencyOutChainId: 'number', currencyInAddress: 'string', currencyOutAddress: 'string',
  currencyInSymbol: 'string', currencyOutSymbol: 'string',
  startTimestamp: 'number', endTimestamp: 'number', startBlock: 'number', endBlock: 'number', amountUsdMin: 'number',
  amountUsdMax: 'number', appFeesAmountUsdMin: 'number', appFeesAmountUsdMax: 'number', fillTimeMin: 'number', fillTimeMax: 'number',
  features: 'enum', includeChildRequests: 'boolean', filters: 'filters', sortBy: 'enum', sortDirection: 'enum',
  includeAuthenticatedData: 'boolean', includeTotal: 'boolean', continuation: 'cursor', limit: 'number',
};

/** GET /requests/v2 parameters (live-service facts §2.4; the document does not show them). */
export const V2_PARAMS: Record<string, Kind> = {
  limit: 'number', continuation: 'cursor', user: 'string', hash: 'string', originChainId: 'number', destinationChainId: 'number',
  privateChainsToInclude: 'string', id: 'string', orderId: 'string', includeOrderData: 'boolean', startTimestamp: 'number',
  endTimestamp: 'number', startBlock: 'number', endBlock: 'number', chainId: 'string', referrer: 'string', depositAddress: 'string',
  includeChildRequests: 'boolean', includeAuthenticatedData: 'boolean', status: 'enum', apiKey: 'string', sortBy: 'enum', sortDirection: 'enum',
};

/** The parameters of an operation that take numbers (none for an operation without a table). */
export function numericParams(operation: string | undefined): readonly string[] {
  return operation === 'GET /requests/v3' ? V3_NUMERIC : operation === 'GET /requests/v2' ? V2_NUMERIC : [];
}

const numeric = (table: Record<string, Kind>): string[] => Object.entries(table).flatMap(([p, k]) => (k === 'number' ? [p] : []));
const V3_NUMERIC = numeric(V3_PARAMS);
const V2_NUMERIC = numeric(V2_PARAMS);
