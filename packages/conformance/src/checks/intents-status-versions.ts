/**
 * The newer status operations GET /intents/status/v2 and /v3, which the API document
 * names without path or payload: judged as the live service's published OpenAPI defines them
 * (specs/openapi/paths/intents-status-versions.yaml; live-service facts §1.1), SHOULD. The
 * agreement check reads listed requests through the deprecated and the newer operations and
 * compares their statuses (oracles/intent-status-versions.ts); the schema checks validate every
 * 200 of v2 and v3 the run recorded.
 */
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, Exchange } from '../contract/types.js';
import { AGREE_EXPECTED, AGREE_MESSAGE, STATUS_DEPRECATED, STATUS_V2, STATUS_V3, statusDisagreement, type StatusReading } from '../oracles/intent-status-versions.js';
import { validateRecorded } from './schema.js';
import { readStatus } from './support/status-reads.js';
import { recordId } from '../contract/record.js';
import { parsedBody, pass, skip } from '../contract/outcome.js';
import { versionsAgree as versionsAgreeOracle } from '../oracles/status-versions-agree.js';
import { SCHEMA_CHECK_IDS } from '../oracles/schema-ids.js';
import { ruleOf } from '../oracles/rules.js';

const PATHS: Record<string, string> = { [STATUS_DEPRECATED]: '/intents/status', [STATUS_V2]: '/intents/status/v2', [STATUS_V3]: '/intents/status/v3' };
/** Listed requests read through the three operations. */
const MAX_IDS = 5;

/** Listed ids, one request of each status first (the vocabularies differ most on refunds and waiting), then the others. */
function listedIds(ctx: CheckContext): string[] {
  const byStatus = new Map<unknown, string>();
  for (const r of ctx.discovery.records) {
    const id = recordId(r);
    if (id !== undefined && !byStatus.has(r.status)) byStatus.set(r.status, id);
  }
  const ids = ctx.discovery.records.map(recordId).filter((id): id is string => id !== undefined);
  return [...new Set([...byStatus.values(), ...ids, ...ctx.discovery.values.ids])].slice(0, MAX_IDS);
}

export const checks: CheckDefinition[] = withFamilies([
  {
    ...ruleOf(versionsAgreeOracle.id),
    async run(ctx) {
      const ids = listedIds(ctx);
      if (ids.length === 0) return skip('no listed request to read the status of');
      let compared = 0;
      // Every id through the three operations at once: the readings of one id are then as close in
      // time as the target allows (a status that moves between them is what the comparison must not
      // mistake for a disagreement), and the check takes one round trip, not fifteen.
      const read = (id: string) => Promise.all([STATUS_DEPRECATED, STATUS_V2, STATUS_V3].map(async (operation) => ({ operation, exchange: await readStatus(ctx, PATHS[operation]!, id) })));
      const all = await Promise.all(ids.map(read));
      for (const [n, id] of ids.entries()) {
        const readings: Array<StatusReading & { exchange: Exchange }> = all[n]!.filter(({ exchange: e }) => e.response?.status === 200).map(({ operation, exchange: e }) => ({ operation, body: parsedBody(e.response!), exchange: e }));
        for (let i = 0; i < readings.length; i++) {
          for (let j = i + 1; j < readings.length; j++) {
            const why = statusDisagreement(readings[i]!, readings[j]!);
            if (why !== undefined) violate(AGREE_MESSAGE, AGREE_EXPECTED, `request ${id}: ${why}`, readings[j]!.exchange);
          }
        }
        if (readings.length >= 2) compared += 1;
      }
      return compared === 0 ? skip('no listed request was answered 200 by two of the status operations') : pass(`${compared} requests read through the status operations`);
    },
  },
  {
    ...ruleOf(SCHEMA_CHECK_IDS.intentsStatusV2),
    phase: 'final',
    run: (ctx) => validateRecorded(ctx, STATUS_V2),
  },
  {
    ...ruleOf(SCHEMA_CHECK_IDS.intentsStatusV3),
    phase: 'final',
    run: (ctx) => validateRecorded(ctx, STATUS_V3),
  },
]);
