/**
 * Authenticated fields (API document, Authentication rule 4; GET /requests/v3 rule 6): `referrer`,
 * `platformFee` and `apiKeyName` belong to the integrator whose key created the request. One
 * predicate, shared by the requests-v3 authentication checks (under a record's `data`) and the
 * events check on websocket pushes (under a push's `data`).
 */
import { isObject } from '../contract/outcome.js';

/** The authenticated fields (API document, GET /requests/v3 rule 6). */
export const AUTHENTICATED_FIELDS = ['referrer', 'platformFee', 'apiKeyName'] as const;

/**
 * The authenticated fields `obj` carries: present with a non-null value. A `null` carries no data
 * of the owner, so it is not counted (the live schema makes them nullable).
 */
export function authenticatedFieldsIn(obj: unknown): string[] {
  if (!isObject(obj)) return [];
  return AUTHENTICATED_FIELDS.filter((f) => obj[f] !== undefined && obj[f] !== null);
}
