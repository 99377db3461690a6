/**
 * The response-schema oracles (`*.response.schema`): a 200 of each operation is valid against the
 * bundled OpenAPI document (contract/validator.ts verdict, list wrapper aware), with the v2
 * `deprecation` object not counted on an exchange dated before the live service sent it.
 */
import { schemaMark } from '../contract/fingerprint.js';
import { effectiveVerdict } from '../contract/list-wrapper.js';
import type { SchemaError } from '../contract/types.js';
import { schemaDivergence } from './divergences.js';
import { V2_SIGNALS_FROM } from './deprecation-body.js';
import { STATUS_V2, STATUS_V3 } from './intent-status-versions.js';
import { CURRENCIES, INTENTS, V2, V3, ok, type Oracle, type Seen } from './oracle.js';
import { SCHEMA_CHECK_IDS } from './schema-ids.js';

const SIGNALS_MS = Date.parse(`${V2_SIGNALS_FROM}T00:00:00Z`);

/** The schema check id of each operation (the active `*.response.schema` checks). */
const SCHEMA_IDS: Record<string, string> = {
  [V3]: SCHEMA_CHECK_IDS.requestsV3,
  [V2]: SCHEMA_CHECK_IDS.requestsV2,
  [CURRENCIES]: SCHEMA_CHECK_IDS.currenciesV2,
  [INTENTS]: SCHEMA_CHECK_IDS.intentsStatus,
  [STATUS_V2]: SCHEMA_CHECK_IDS.intentsStatusV2,
  [STATUS_V3]: SCHEMA_CHECK_IDS.intentsStatusV3,
};

/** Whether an exchange's own date falls before the live service sent the v2 deprecation signals. */
const beforeSignals = (s: Seen): boolean => s.at !== undefined && s.at < SIGNALS_MS;

/** The schema errors that count: on a v2 200 dated before the deprecation signals went live, not the missing `deprecation` object. */
function countedErrors(s: Seen, errors: readonly SchemaError[]): SchemaError[] {
  if (s.exchange.operation !== V2 || !beforeSignals(s)) return [...errors];
  return errors.filter((e) => !(e.instancePath === '' && e.missingProperty === 'deprecation'));
}

export function schemaRule(operation: string): Oracle {
  const id = SCHEMA_IDS[operation]!;
  return {
    id,
    applies: (s) => ok(operation)(s) && s.exchange.schema !== undefined,
    judge(s) {
      const verdict = effectiveVerdict(s.exchange)!;
      const errors = verdict.valid ? [] : countedErrors(s, verdict.errors);
      if (errors.length === 0) return undefined;
      const first = errors[0];
      const divergence = schemaDivergence(id, errors, s.exchange.response?.json);
      return {
        message: `A 200 of ${operation} does not match the schema${first ? `: ${first.instancePath || '/'} ${first.message}` : ''}`,
        expected: `a body valid against ${verdict.schemaRef ?? 'the 200 response schema'}`,
        received: errors.slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; '),
        ...schemaMark(errors),
        ...(divergence ? { divergence } : {}),
      };
    },
  };
}

/** The schema oracles, one per operation. */
export const schemaOracles = {
  currencies: schemaRule(CURRENCIES),
  intents: schemaRule(INTENTS),
  intentsV2: schemaRule(STATUS_V2),
  intentsV3: schemaRule(STATUS_V3),
  v3: schemaRule(V3),
  v2: schemaRule(V2),
};
