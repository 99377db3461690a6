/**
 * The query parameters of the list operations and the kind of value each takes: one list, read by
 * the active bad-input sweep (checks/general.ts) and the passive `general.no-server-error-on-bad-input`
 * oracle (oracles/general.ts), so the two judge the same parameters.
 */
import { QUERY_PARAMETERS } from '@crosschain/specs';

export type Kind = 'number' | 'enum' | 'boolean' | 'string' | 'cursor' | 'filters';

/**
 * The kind of bad input a query parameter gets: from its schema (generated from the OpenAPI
 * document, `@crosschain/specs` QUERY_PARAMETERS), except the parameters the document types as
 * plain strings whose values the service still restricts (reasons, request types, features), the
 * JSON `filters` and the opaque cursor.
 */
const KIND_OF: Readonly<Record<string, Kind>> = { failReason: 'enum', refundFailReason: 'enum', requestType: 'enum', features: 'enum', filters: 'filters', continuation: 'cursor' };
function kindsOf(params: Readonly<Record<string, { type?: string; enum?: readonly unknown[] }>>): Record<string, Kind> {
  const kind = (name: string, s: { type?: string; enum?: readonly unknown[] }): Kind =>
    KIND_OF[name] ?? (s.enum ? 'enum' : s.type === 'number' || s.type === 'integer' ? 'number' : s.type === 'boolean' ? 'boolean' : 'string');
  return Object.fromEntries(Object.entries(params).map(([name, s]) => [name, kind(name, s)]));
}

/** GET /requests/v3 parameters (API document, GET /requests/v3 parameter table) and their kinds. */
export const V3_PARAMS: Record<string, Kind> = kindsOf(QUERY_PARAMETERS['GET /requests/v3']);

/** GET /requests/v2 parameters (live-service facts §2.4; the document does not show them) and their kinds. */
export const V2_PARAMS: Record<string, Kind> = kindsOf(QUERY_PARAMETERS['GET /requests/v2']);

/** The parameters of an operation that take numbers (none for an operation without a table). */
export function numericParams(operation: string | undefined): readonly string[] {
  return operation === 'GET /requests/v3' ? V3_NUMERIC : operation === 'GET /requests/v2' ? V2_NUMERIC : [];
}

const numeric = (table: Record<string, Kind>): string[] => Object.entries(table).flatMap(([p, k]) => (k === 'number' ? [p] : []));
const V3_NUMERIC = numeric(V3_PARAMS);
const V2_NUMERIC = numeric(V2_PARAMS);
