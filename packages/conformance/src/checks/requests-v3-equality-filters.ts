/**
 * GET /requests/v3: top-level equality filters (API document, GET /requests/v3 parameter table; live
 * facts §1.4). Soundness: every returned record matches (lenient oracle: ANY plausible field).
 * Completeness: a discovered record that matches (ALL plausible fields agree) is returned when the
 * query is narrowed to a few seconds around its creation, so no walk of the whole window is needed.
 */
import fc from 'fast-check';
import { withFamilies } from '../engine/family.js';
import type { CheckContext, CheckDefinition, CheckSpec } from '../engine/types.js';
import { LIMIT, completeSamples, ensureReturned, ensureSound, firstPerParam, runs, sampleArb, type Sample } from './support/filters.js';
import { FILTERABLE_STATUSES, V3, createdSec, holds, sharedWalk, walk, windowQuery } from './support/listing.js';
import { fromProperty, skip } from './support/outcome.js';
import { candidates, matchesComplete, recordId, type EqualityParam, type RecordJson } from './support/record.js';

/**
 * The draws soundness and completeness share: every parameter once at the window's edge, then
 * random samples; both walk `{window, param=value}` through the same shared reads (shared-reads.ts),
 * so completeness is judged on the walks soundness takes.
 */
function sampleRuns(ctx: CheckContext, samples: readonly Sample[]) {
  return { ...runs(ctx, 4), examples: firstPerParam(samples), seedKey: 'requests-v3.filter.samples' };
}

/**
 * The first page of 50 of the window filtered by `param=value`, shared by soundness and completeness:
 * most values match fewer records, so the page is the whole result.
 */
function filteredWalk(ctx: CheckContext, param: EqualityParam, value: string | number) {
  return sharedWalk(ctx, { ...windowQuery(ctx), [param]: value, limit: LIMIT }, { maxPages: 1 });
}

const soundness: CheckSpec = {
  id: 'requests-v3.filter.soundness',
  title: 'Every record returned for an equality filter matches it',
  clauses: ['requests-v3.filter.soundness'],
  operation: V3,
  relation: true,
  requires: ['apiKey'],
  async run(ctx) {
    const samples = completeSamples(ctx.discovery.records);
    if (samples.length === 0) return skip('the discovery window holds no record with a filterable value');
    // The walks of the fixed examples (one per parameter) are shared reads: asked all at once up
    // front, so they do not wait on one another (issue 13); the property reads them from the memo.
    if (ctx.shared) void Promise.allSettled(firstPerParam(samples).map((s) => filteredWalk(ctx, s.param, s.value)));
    const outcome = await ctx.property(
      sampleArb(samples),
      async ({ param, value }) => {
        const w = await filteredWalk(ctx, param, value);
        ensureSound(w.records, w.pages, [[param, value]]);
      },
      sampleRuns(ctx, samples),
    );
    if (!outcome.ok) return fromProperty(outcome);
    // Values no record has: whatever comes back must still match them.
    const made = await ctx.property(
      fc.record({ param: fc.constantFrom<EqualityParam>('user', 'recipient', 'depositTxHash', 'id'), value: fc.stringMatching(/^0x[0-9a-f]{40}$/) }),
      async ({ param, value }) => {
        const w = await walk(ctx, { ...windowQuery(ctx), [param]: value, limit: LIMIT }, { maxPages: 1 });
        ensureSound(w.records, w.pages, [[param, value]]);
      },
      runs(ctx, 1),
    );
    return fromProperty(made, `${outcome.numRuns} discovered values and ${made.numRuns} made-up ones`);
  },
};

/** Records of a window walk that a complete walk must hold, at most this many re-read when missing. */
const MISSING_PROBES = 3;

const completeness: CheckSpec = {
  id: 'requests-v3.filter.completeness',
  title: 'No matching record of the window is missing from an equality filter’s result',
  clauses: ['requests-v3.filter.completeness'],
  operation: V3,
  relation: true,
  requires: ['apiKey'],
  async run(ctx) {
    const samples = completeSamples(ctx.discovery.records);
    if (samples.length === 0) return skip('the discovery window holds no record with a filterable value');
    const outcome = await ctx.property(
      sampleArb(samples),
      async ({ param, value, record }) => {
        const still = (cur: RecordJson) => matchesComplete(cur, param, value);
        const w = await filteredWalk(ctx, param, value);
        // A walk that ended must hold every discovered record matching the value; one cut short, the sample's.
        const expected = w.complete ? ctx.discovery.records.filter((r) => recordId(r) !== undefined && createdSec(r) !== undefined && still(r)) : [record];
        const missing = expected.filter((r) => !holds(w.records, recordId(r)!)).slice(0, MISSING_PROBES);
        for (const r of missing) await ensureReturned(ctx, r, { [param]: value }, `${param}=${value}`, still);
      },
      sampleRuns(ctx, samples),
    );
    return fromProperty(outcome);
  },
};

const combinedAnd: CheckSpec = {
  id: 'requests-v3.filter.combined-and',
  title: 'Two top-level filters together give the intersection',
  clauses: ['requests-v3.filter.and'],
  operation: V3,
  relation: true,
  requires: ['apiKey'],
  async run(ctx) {
    const params: EqualityParam[] = ['status', 'requestType', 'originChainId', 'destinationChainId', 'user', 'currencyInSymbol', 'recipient'];
    const pairs: Array<[Sample, Sample]> = [];
    const valuesOf = (r: RecordJson, p: EqualityParam) =>
      candidates(r, p).filter((v) => matchesComplete(r, p, v) && (p !== 'status' || FILTERABLE_STATUSES.includes(String(v))));
    for (const record of ctx.discovery.records.slice(0, 100)) {
      if (createdSec(record) === undefined || recordId(record) === undefined) continue;
      for (let i = 0; i < params.length; i++) {
        for (let j = i + 1; j < params.length; j++) {
          const [va] = valuesOf(record, params[i]!);
          const [vb] = valuesOf(record, params[j]!);
          if (va !== undefined && vb !== undefined) pairs.push([{ param: params[i]!, value: va, record }, { param: params[j]!, value: vb, record }]);
        }
      }
    }
    if (pairs.length === 0) return skip('the discovery window holds no record with two filterable values');
    const outcome = await ctx.property(
      fc.constantFrom(...pairs),
      async ([a, b]) => {
        const query = { ...windowQuery(ctx), [a.param]: a.value, [b.param]: b.value, limit: LIMIT };
        const w = await walk(ctx, query, { maxPages: 2 });
        ensureSound(w.records, w.pages, [[a.param, a.value], [b.param, b.value]]);
        await ensureReturned(
          ctx,
          a.record,
          { [a.param]: a.value, [b.param]: b.value },
          `${a.param}=${a.value} and ${b.param}=${b.value}`,
          (cur) => matchesComplete(cur, a.param, a.value) && matchesComplete(cur, b.param, b.value),
          w.records,
        );
      },
      runs(ctx, 8),
    );
    return fromProperty(outcome);
  },
};

/** The equality-filter checks, in run order. */
export const checks: CheckDefinition[] = withFamilies([soundness, completeness, combinedAnd]);
