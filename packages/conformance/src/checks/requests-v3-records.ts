/**
 * Properties of single v3 request records (API document, Resources > Request record (v3):
 * data.failReason/refundFailReason, data.route, supersededByRequestId; Errors rule 4; Changes from
 * v2 to v3). Records come from discovery; a suspect record is fetched again by `id` so that the
 * violation carries the exchange that shows it.
 */
import { LIMITS } from '@crosschain/specs';
import { brief, ensure, violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, Exchange } from '../contract/types.js';
import { V3, fetchPage, sendV3, windowQuery } from './support/listing.js';
import { recordsOfBody } from '../contract/list-wrapper.js';
import { get, recordId, recordRequestType, type RecordJson } from '../contract/record.js';
import { pass, skip, statusLine } from '../contract/outcome.js';
import { destinationSides, failReason, failReasonProblem, sameChain } from '../oracles/requests-v3-records.js';
import { REMOVED_EXPECTED, REMOVED_MESSAGE, removedFieldsOf, v3RemovedFields as v3RemovedFieldsOracle } from '../oracles/v3-removed-fields.js';
import { ruleOf } from '../oracles/rules.js';


/** The skip reason when discovery has no records (with discovery's own explanation, if any). */
function noRecords(ctx: CheckContext, what: string): string {
  const problems = ctx.discovery.problems ?? [];
  return problems.length > 0 ? `${what}: ${problems.join('; ')}` : what;
}

/** Fetches a record again by id within the window, for a fresh view and an exchange to show. */
async function refetch(ctx: CheckContext, id: string): Promise<{ record?: RecordJson; exchange: Exchange }> {
  const page = await fetchPage(ctx, { id, ...windowQuery(ctx) }, `the listing of request ${id}`);
  return { record: page.records.find((r) => recordId(r) === id), exchange: page.exchange };
}

/** The violation of requests-v3.record.no-removed-fields (active and passive alike). */

export const checks: CheckDefinition[] = withFamilies([
  {
    ...ruleOf(failReason.id),
    requires: ['apiKey'],
    async run(ctx) {
      const records = ctx.discovery.records;
      if (records.length === 0) return skip(noRecords(ctx, 'no request in the discovery window'));
      for (const r of records) {
        const problem = failReasonProblem(r);
        const id = recordId(r);
        if (problem === undefined || id === undefined) continue;
        const { record, exchange } = await refetch(ctx, id);
        const now = record === undefined ? undefined : failReasonProblem(record);
        if (now !== undefined) {
          violate('failReason and refundFailReason are null when there is none (v2 used "N/A")', 'null', `request ${id}: ${now}`, exchange);
        }
      }
      /** Failed and refunded requests are where reasons appear: look at them beyond discovery's sample. */
      for (const status of ['failure', 'refund']) {
        const e = await sendV3(ctx, { ...windowQuery(ctx), status, limit: LIMITS['GET /requests/v3'].maximum });
        if (e.response?.status !== 200) continue;
        for (const r of recordsOfBody(e.response.json) ?? []) {
          const problem = failReasonProblem(r);
          if (problem !== undefined) violate('failReason and refundFailReason are null when there is none (v2 used "N/A")', 'null or a reason', `request ${recordId(r) ?? '?'}: ${problem}`, e);
        }
      }
      return pass(`${records.length} records examined`);
    },
  },
  {
    ...ruleOf(sameChain.id),
    requires: ['apiKey'],
    async run(ctx) {
      const swaps = ctx.discovery.records.filter((r) => recordRequestType(r) === 'Same-chain Swap');
      if (swaps.length === 0) return skip(noRecords(ctx, 'no Same-chain Swap request in the discovery window'));
      for (const r of swaps) {
        if (destinationSides(r).length === 0) continue;
        const id = recordId(r);
        if (id === undefined) continue;
        const { record, exchange } = await refetch(ctx, id);
        if (record === undefined || recordRequestType(record) !== 'Same-chain Swap') continue;
        const sides = destinationSides(record);
        if (sides.length > 0) {
          violate('Same-chain swaps have no destination side; read origin.outputCurrency there', 'no data.route.quoted.destination and no data.route.actual.destination', `request ${id} has ${sides.join(' and ')}: ${brief(get(record, ...sides[0]!.split('.')), 150)}`, exchange);
        }
      }
      return pass(`${swaps.length} same-chain swaps examined`);
    },
  },
  {
    ...ruleOf(v3RemovedFieldsOracle.id),
    requires: ['apiKey'],
    async run(ctx) {
      const records = ctx.discovery.records;
      if (records.length === 0) return skip(noRecords(ctx, 'no request in the discovery window'));
      for (const r of records) {
        const id = recordId(r);
        if (removedFieldsOf(r).length === 0 || id === undefined) continue;
        const { record, exchange } = await refetch(ctx, id);
        const removed = removedFieldsOf(record);
        if (removed.length > 0) violate(REMOVED_MESSAGE, REMOVED_EXPECTED, `request ${id} has ${removed.join(', ')}`, exchange);
      }
      return pass(`${records.length} records examined`);
    },
  },
  {
    id: 'requests-v3.record.superseded-resolves',
    title: 'A supersededByRequestId names a request that can itself be listed (id=)',
    clauses: ['requests-v3.record.superseded-resolves'],
    operation: V3,
    requires: ['apiKey'],
    async run(ctx) {
      const superseded = ctx.discovery.records.filter((r) => typeof r.supersededByRequestId === 'string' && r.supersededByRequestId !== '');
      if (superseded.length === 0) return skip(noRecords(ctx, 'no request with supersededByRequestId in the discovery window'));
      for (const r of superseded.slice(0, 10)) {
        const target = r.supersededByRequestId as string;
        /** No time bound: the regenerated request may be created after the window. */
        const e = await sendV3(ctx, { id: target });
        ensure(e.response?.status === 200, 'A supersededByRequestId must resolve via id=', `200 listing request ${target}`, statusLine(e), e);
        const found = (recordsOfBody(e.response!.json) ?? []).some((x) => recordId(x) === target);
        ensure(found, 'A supersededByRequestId must name a request that can be listed', `request ${target} (superseding ${recordId(r) ?? '?'}) in the result`, `${(recordsOfBody(e.response!.json) ?? []).length} records, none with that id`, e);
      }
      return pass(`${Math.min(10, superseded.length)} superseded requests resolved`);
    },
  },
]);
