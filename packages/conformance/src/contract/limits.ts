/**
 * Limits of the contract read from the generated constants (never typed again).
 */
import { QUERY_PARAMETERS } from '@crosschain/specs';

/** `limit` of GET /requests/v3: maximum 50, default 20 (generated from the OpenAPI document). */
export const MAX_LIMIT: number = QUERY_PARAMETERS['GET /requests/v3'].limit.maximum;
export const DEFAULT_LIMIT: number = QUERY_PARAMETERS['GET /requests/v3'].limit.default;
