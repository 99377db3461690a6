/**
 * GET /requests/v3: top-level equality filters (API document, GET /requests/v3 parameter table; live
 * facts §1.4). Soundness: every returned record matches (lenient oracle: ANY plausible field).
 * Completeness: a discovered record that matches (ALL plausible fields agree) is returned when the
 * query is narrowed to a few seconds around its creation, so no walk of the whole window is needed.
 */
import fc from 'fast-check';
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, CheckSpec } from '../contract/types.js';
import { repeatedOnPage } from '../oracles/requests-v3-paging.js';
import { LIMIT, completeSamples, ensureReturned, ensureSound, firstPerParam, runs, sampleArb, type Sample } from './support/filters.js';
import { V3, createdSec, holds, sharedWalk, walk, windowQuery, type Query } from './support/listing.js';
import { FILTERABLE_STATUSES, idsOf, sample } from '../contract/record.js';
import { fromProperty, skip } from '../contract/outcome.js';
import { candidates, matchesComplete, recordId, type EqualityParam, type RecordJson } from '../contract/record.js';
import { FILTER_IDS, REASON_PARAMS, judgedReason, reasonMismatch } from '../oracles/requests-v3-filters.js';
import { ruleOf } from '../oracles/rules.js';
import { judgeAscWithoutWindow } from './requests-v3-asc-unwindowed.js';

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

/**
 * The sorts under which one filtered walk is read again (a server may answer a filter
 * under another sort by another path; the mutation bench found the kit never combined them).
 * updatedAt in its natural direction only: a status change moves a record ahead of such a walk,
 * never into it again, so a record twice is a fault even on live data; amountUsd never changes.
 * createdAt ascending (the default key read the other way; mutation sample seed 3, engine.ts:196)
 * in one page of the whole set.
 */
const OTHER_SORTS: ReadonlyArray<{ label: string; query: Query; fixedKey: boolean; onePage?: boolean }> = [
  { label: 'sortBy=updatedAt', query: { sortBy: 'updatedAt' }, fixedKey: false },
  { label: 'sortBy=amountUsd&sortDirection=desc', query: { sortBy: 'amountUsd', sortDirection: 'desc' }, fixedKey: true },
  // The default key read the other way (rule 2), in one page of the whole set: one request.
  { label: 'sortDirection=asc', query: { sortDirection: 'asc' }, fixedKey: true, onePage: true },
];

/**
 * The fixed examples' filtered walk with the most records (a shared read soundness took already),
 * walked again in small pages under each of {@link OTHER_SORTS}: its records match the filter, none
 * comes twice, none is outside the default sort's result (the same query but for its order; the
 * window ends in the past and the filters are not status, so the set cannot change), and on
 * amountUsd (a key no status change moves) none of that result is missing. A note.
 */
const WALLETS: readonly EqualityParam[] = ['user', 'recipient', 'depositAddress'];

async function judgeOtherSorts(ctx: CheckContext, samples: readonly Sample[]): Promise<string> {
  // Not status (a record may move in or out of it between the reads); a wallet first: few matches
  // in the whole data set, as a client following one user asks.
  const firsts = firstPerParam(samples).filter((x) => x.param !== 'status');
  const walks = await Promise.all(firsts.map(async (x) => ({ s: x, w: await filteredWalk(ctx, x.param, x.value) })));
  const usable = walks.filter((x) => x.w.complete && x.w.records.length >= 2);
  const rank = (p: EqualityParam): number => (WALLETS.includes(p) ? 0 : 1);
  const best = usable.sort((a, b) => rank(a.s.param) - rank(b.s.param) || b.w.records.length - a.w.records.length)[0];
  if (!best) return 'no filtered walk of two records to read under the other sorts';
  const { s, w } = best;
  const inDefault = new Set(idsOf(w.records));
  // Pages of at least 2 where the walk allows two pages: a server may answer a small page of a filter with few matches by another path.
  const limit = w.records.length >= 3 ? Math.max(2, Math.ceil(w.records.length / 3)) : 1;
  for (const sort of OTHER_SORTS) {
    const what = `${s.param}=${s.value} with ${sort.label}`;
    const size = sort.onePage ? Math.min(LIMIT, w.records.length) : limit;
    const other = await walk(ctx, { ...windowQuery(ctx), [s.param]: s.value, ...sort.query, limit: size }, { maxPages: Math.ceil(w.records.length / size) + 2 });
    ensureSound(other.records, other.pages, [[s.param, s.value]]);
    const ids = idsOf(other.records);
    const twice = repeatedOnPage(ids);
    if (twice.length > 0) violate(`Walking ${what} in pages of ${size} must return each record once`, 'each id once across the walk', `id(s) ${sample(twice)} twice`, other.pages[other.pages.length - 1]!.exchange);
    const extra = ids.filter((id) => id !== '?' && !inDefault.has(id));
    if (extra.length > 0) {
      violate(
        `Walking ${what} must return only records the same filter returns on the default sort (a sort orders, it does not widen the result)`,
        `records among the ${inDefault.size} of ${s.param}=${s.value} in the window`,
        `id(s) ${sample(extra)} besides them`,
        other.pages[0]!.exchange,
      );
    }
    // On a key no status change moves (amountUsd), a walk that ended lists the whole set.
    const listed = new Set(ids);
    const missing = [...inDefault].filter((id) => id !== '?' && !listed.has(id));
    if (sort.fixedKey && other.complete && missing.length > 0) {
      violate(
        `Walking ${what} in pages of ${size} must list every record the same filter lists on the default sort (a sort orders, it does not narrow the result)`,
        `the ${inDefault.size} records of ${s.param}=${s.value} in the window`,
        `${ids.length} records, missing ${sample(missing)}`,
        other.pages[other.pages.length - 1]!.exchange,
      );
    }
  }
  return `${s.param}=${s.value} also under ${OTHER_SORTS.map((o) => o.label).join(' and ')}${await judgeAscWithoutWindow(ctx, ctx.discovery.records)}`;
}

/**
 * The fail-reason filters (Status / routing: `failReason`, `refundFailReason`; the mutation bench's
 * gap fields.ts:82, a reason read as the null-check): for each, the first discovered record showing
 * a reason (not null, not `N/A`) gives the value, and one page of the window filtered by it must
 * hold only records showing that reason (the same rule the oracle applies to any exchange). One
 * request per field the window shows a reason of.
 */
async function judgeReasonFilters(ctx: CheckContext): Promise<string> {
  const asked: string[] = [];
  for (const field of REASON_PARAMS) {
    const value = ctx.discovery.records
      .map((r) => (typeof r.data === 'object' && r.data !== null ? (r.data as Record<string, unknown>)[field] : undefined))
      .find(judgedReason);
    if (value === undefined) continue;
    const w = await walk(ctx, { ...windowQuery(ctx), [field]: value, limit: LIMIT }, { maxPages: 1 });
    for (const r of w.records) {
      const wrong = reasonMismatch(r, field, value);
      if (wrong) violate(`Every record returned for ${field}=${value} must show that ${field}`, `records whose data.${field} is ${value}`, `id ${recordId(r) ?? '?'} with ${wrong}`, w.pages[0]!.exchange);
    }
    asked.push(`${field}=${value} (${w.records.length})`);
  }
  return asked.length > 0 ? `; ${asked.join(' and ')}` : '; no discovered record shows a fail reason';
}

const soundness: CheckSpec = {
  ...ruleOf(FILTER_IDS.filterSoundness),
  relation: true,
  requires: ['apiKey'],
  async run(ctx) {
    const samples = completeSamples(ctx.discovery.records);
    if (samples.length === 0) return skip('the discovery window holds no record with a filterable value');
    // The walks of the fixed examples (one per parameter) are shared reads: asked all at once up
    // front, so they do not wait on one another; the property reads them from the memo.
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
    const sorts = await judgeOtherSorts(ctx, samples);
    const reasons = await judgeReasonFilters(ctx);
    // Values no record has: whatever comes back must still match them.
    const made = await ctx.property(
      fc.record({ param: fc.constantFrom<EqualityParam>('user', 'recipient', 'depositTxHash', 'id'), value: fc.stringMatching(/^0x[0-9a-f]{40}$/) }),
      async ({ param, value }) => {
        // Each direction: the ascending walk runs from the oldest end over blocks of rows without a
        // match (the mutation bench's gap bitset.ts:115: a server taking a row at each such block's edge).
        for (const direction of [{}, { sortDirection: 'asc' }] as const) {
          const w = await walk(ctx, { ...windowQuery(ctx), [param]: value, ...direction, limit: LIMIT }, { maxPages: 1 });
          ensureSound(w.records, w.pages, [[param, value]]);
        }
      },
      runs(ctx, 1),
    );
    return fromProperty(made, `${outcome.numRuns} discovered values and ${made.numRuns} made-up ones (each direction); ${sorts}${reasons}`);
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
