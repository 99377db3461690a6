/**
 * The passive side of the newer status operations (issue 26): every 200 of GET /intents/status/v2
 * and /v3 against its schema (the live OpenAPI, specs/), and, across exchanges, the agreement of a
 * request's status read through the deprecated and the newer operations by the same caller
 * (oracles/intent-status-versions.ts; the auditor hands each reading the latest readings of the
 * other operations as `statusReadings`).
 */
import { schemaMark } from '../baseline/fingerprint.js';
import { effectiveVerdict } from '../checks/schema.js';
import type { Exchange } from '../engine/types.js';
import { AGREE_EXPECTED, AGREE_MESSAGE, STATUS_OPERATIONS, STATUS_V2, STATUS_V3, statusDisagreement, type StatusReading } from '../oracles/intent-status-versions.js';
import { schemaDivergence } from './divergences.js';

/** What these rules read of a passive `Seen` (rules.ts), typed here so that the two modules import one way. */
interface SeenStatus {
  exchange: Exchange;
  query: URLSearchParams;
  /** The latest 200 readings of the same request through the other status operations, by the same caller. */
  statusReadings?: StatusReading[];
}

const ok = (s: SeenStatus, operation: string): boolean => s.exchange.operation === operation && s.exchange.response?.status === 200;

function statusSchemaRule(operation: string, id: string) {
  return {
    id,
    applies: (s: SeenStatus): boolean => ok(s, operation) && s.exchange.schema !== undefined,
    judge(s: SeenStatus) {
      const verdict = effectiveVerdict(s.exchange)!;
      if (verdict.valid) return undefined;
      const errors = verdict.errors;
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

const versionsAgree = {
  id: 'intents-status.versions-agree',
  applies: (s: SeenStatus): boolean => STATUS_OPERATIONS.includes(s.exchange.operation ?? '') && s.exchange.response?.status === 200 && (s.statusReadings?.length ?? 0) > 0,
  judge(s: SeenStatus) {
    const now: StatusReading = { operation: s.exchange.operation!, body: s.exchange.response!.json };
    for (const earlier of s.statusReadings!) {
      const why = statusDisagreement(earlier, now);
      if (why !== undefined) return { message: AGREE_MESSAGE, expected: AGREE_EXPECTED, received: `request ${s.query.get('requestId') ?? '?'}: ${why}` };
    }
    return undefined;
  },
};

/** The passive rules of the newer status operations, in report order (rules.ts registers them). */
export const statusRules = [statusSchemaRule(STATUS_V2, 'intents-status-v2.response.schema'), statusSchemaRule(STATUS_V3, 'intents-status-v3.response.schema'), versionsAgree];
