/**
 * Conditions of a list query, shared by the top-level parameters (v3-query.ts) and the `filters`
 * groups (filters.ts), with the faults that bend them.
 */
import type { Faults } from '../faults.js';
import type { Condition } from './query.js';

/** Transaction-hash indexes searched by `term` (dropped by the fault v3-term-ignores-hashes). */
const HASH_INDEXES: readonly string[] = ['depositTxHash', 'fillTxHash', 'refundTxHash', 'failedTxHash'];

/** Builds a condition; applies the chain-id, symbol-case and term faults. */
export function makeCondition(
  field: string,
  indexes: Condition['indexes'],
  keys: Condition['keys'],
  negate: boolean,
  rawValues: readonly unknown[],
  faults: Faults,
  includeChildRequests = false,
): Condition {
  const c: Condition = { field, indexes, keys, negate };
  if (field === 'chainId' && faults.has('v3-chainid-origin-only')) c.indexes = ['originChainId'];
  if (field === 'term' && faults.has('v3-term-ignores-hashes')) c.indexes = c.indexes.filter((i) => !HASH_INDEXES.includes(i));
  if ((field === 'currencyInSymbol' || field === 'currencyOutSymbol') && faults.has('v3-symbol-case-sensitive')) {
    c.exactSymbol = { side: field === 'currencyInSymbol' ? 'in' : 'out', values: rawValues.filter((v): v is string => typeof v === 'string') };
  }
  if (field === 'id' && includeChildRequests) c.withChildren = true;
  return c;
}
