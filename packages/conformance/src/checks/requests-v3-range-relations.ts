/**
 * GET /requests/v3: the range parameters whose exact rules the API document does not show (block,
 * fill-time and app-fee ranges; the USD range beside them), judged by relations that hold whatever
 * field a range bounds (API document, parameter table "Ranges"): a larger minimum or a
 * smaller maximum never selects more, a minimum with a maximum never more than either alone, and a
 * range nested in another selects a subset of its records. Counts are read at scale (every request
 * up to the discovery window's end, `total`), sets on a small part of the discovery window (walks).
 * The bounds are drawn from values the discovery records show where a record shows them (blocks of
 * its transactions, USD amounts), else from fixed steps; any bounds keep the relations sound.
 */
import { LIMITS } from '@crosschain/specs';
import { allInOrder } from '../engine/concurrent.js';
import { withFamilies } from '../contract/family.js';
import { ensure } from '../contract/expect.js';
import type { CheckContext, CheckDefinition, CheckSpec, Exchange } from '../contract/types.js';
import { notNested, rangeSamples, subsetCountProblem, withoutAppFees, type RangeKind } from '../oracles/ranges.js';
import { FILTER_IDS } from '../oracles/requests-v3-filters.js';
import type { RecordJson } from '../contract/record.js';
import { recordId } from '../contract/record.js';
import { total, walk, type Query } from './support/listing.js';
import { idsOf, sample } from '../contract/record.js';
import { pass } from '../contract/outcome.js';
import { smallWindow } from './support/paging.js';
import { wholeQuery } from './requests-v3-total-scale.js';
import { ruleOf } from '../oracles/rules.js';

interface RangePair {
  kind: RangeKind;
  min: string;
  max: string;
  /** Bounds to use when no discovery record shows the field (ascending). */
  steps: readonly number[];
  integer: boolean;
}

/** The range pairs of the parameter table judged here (timestamps are judged by requests-v3.filter.ranges). */
export const RANGE_PAIRS: readonly RangePair[] = [
  { kind: 'block', min: 'startBlock', max: 'endBlock', steps: [0, 1_000_000, 20_000_000, 400_000_000], integer: true },
  { kind: 'fillTime', min: 'fillTimeMin', max: 'fillTimeMax', steps: [0, 10, 120, 3_600], integer: true },
  { kind: 'appFeesUsd', min: 'appFeesAmountUsdMin', max: 'appFeesAmountUsdMax', steps: [0, 0.01, 5, 1_000], integer: false },
  { kind: 'amountUsd', min: 'amountUsdMin', max: 'amountUsdMax', steps: [0, 1, 500, 100_000], integer: false },
];

/**
 * Outer and inner bounds a <= a2 <= b2 <= b: the 10th, 35th, 65th and 90th percentiles of the values
 * the discovery records show, else the fixed steps.
 */
export function boundsOf(ctx: CheckContext, pair: RangePair): [number, number, number, number] {
  const seen = ctx.discovery.records.flatMap((r) => rangeSamples(r, pair.kind)).sort((x, y) => x - y);
  if (seen.length < 4) return [...pair.steps] as [number, number, number, number];
  const at = (q: number) => seen[Math.min(seen.length - 1, Math.floor(q * seen.length))]!;
  const round = (v: number) => (pair.integer ? Math.round(v) : Math.round(v * 100) / 100);
  const [a, a2, b2, b] = [at(0.1), at(0.35), at(0.65), at(0.9)].map(round) as [number, number, number, number];
  return [a, Math.max(a, a2), Math.max(a, a2, b2), Math.max(a, a2, b2, b)];
}

/**
 * The records of an app-fee range with a minimum above 0 all carry an app fee: one whose
 * `data.appFees` lists none has 0 USD of app fees whichever the range reads (the oracle
 * `appFeesRange` judges the same on other checks' exchanges).
 */
function ensureAppFees(pair: RangePair, query: Query, records: readonly RecordJson[], exchange: Exchange): void {
  const min = Number(query[pair.min]);
  if (pair.kind !== 'appFeesUsd' || !(min > 0)) return;
  const bad = records.find(withoutAppFees);
  ensure(
    bad === undefined,
    `Every record returned for ${pair.min}=${min} must carry app fees (a request without any amounts to 0 USD of app fees, below the minimum)`,
    `records with an app fee of at least ${min} USD`,
    () => `id ${recordId(bad!) ?? '?'}: no app fee (data.appFees.quoted and data.appFees.actual empty: 0 USD)`,
    exchange,
  );
}

/**
 * The order the six counts of a pair are read in (indexes of its shapes: outer, inner, smaller
 * minimum, larger minimum, larger maximum, smaller maximum): inner, larger minimum and smaller
 * maximum, the narrower side of every relation, before outer, smaller minimum and larger maximum.
 */
const NARROW_FIRST: readonly number[] = [1, 3, 5, 0, 2, 4];

const rangeNested: CheckSpec = {
  ...ruleOf(FILTER_IDS.rangeNested),
  requires: ['apiKey'],
  relation: true,
  async run(ctx) {
    const whole = wholeQuery(ctx);
    const window = smallWindow(ctx);
    let requests = 0;
    const notes: string[] = [];
    for (const pair of RANGE_PAIRS) {
      const [a, a2, b2, b] = boundsOf(ctx, pair);
      const shapes: Array<{ label: string; query: Query }> = [
        { label: `${pair.min}=${a}&${pair.max}=${b}`, query: { [pair.min]: a, [pair.max]: b } },
        { label: `${pair.min}=${a2}&${pair.max}=${b2}`, query: { [pair.min]: a2, [pair.max]: b2 } },
        { label: `${pair.min}=${a}`, query: { [pair.min]: a } },
        { label: `${pair.min}=${a2}`, query: { [pair.min]: a2 } },
        { label: `${pair.max}=${b}`, query: { [pair.max]: b } },
        { label: `${pair.max}=${b2}`, query: { [pair.max]: b2 } },
      ];
      // Each narrower count is read before the wider ones it is compared with: a request that moves
      // into a range while the kit reads (a fill gives it a fill time, a block, its actual fees)
      // then counts in the wider one too, never in the narrower alone.
      const read = await allInOrder(NARROW_FIRST.map((i) => () => total(ctx, { ...whole, ...shapes[i]!.query, limit: 1 })));
      const totals = shapes.map((_, i) => read[NARROW_FIRST.indexOf(i)]!);
      requests += shapes.length;
      shapes.forEach((s, i) => ensureAppFees(pair, s.query, totals[i]!.page.records, totals[i]!.page.exchange));
      const count = (i: number) => ({ label: shapes[i]!.label, count: totals[i]!.total, exchange: totals[i]!.page.exchange });
      const [outer, inner, minLo, minHi, maxHi, maxLo] = [0, 1, 2, 3, 4, 5].map(count) as Array<{ label: string; count: number; exchange: Exchange }>;
      const relations: Array<[typeof outer, typeof outer[], string]> = [
        [inner, [outer], 'a range nested in another never selects more'],
        [minHi, [minLo], 'a larger minimum never selects more'],
        [maxLo, [maxHi], 'a smaller maximum never selects more'],
        [inner, [minHi, maxLo], 'a minimum with a maximum selects no more than either alone'],
      ];
      for (const [narrow, wider, rule] of relations) {
        const problem = subsetCountProblem(narrow.count, wider);
        ensure(
          problem === undefined,
          `${pair.min}/${pair.max}: ${rule} (whatever field the range bounds; counted up to endTimestamp=${whole.endTimestamp})`,
          `total for ${narrow.label} at most ${wider.map((w) => `${w.count} (${w.label})`).join(' and ')}`,
          `total = ${problem ?? narrow.count}`,
          narrow.exchange,
        );
      }
      if (window) {
        // Nested sets on a small window: every record of the inner range is one of the outer range
        // (the inner walked first, for the same reason as the counts).
        const [narrow, wide] = await allInOrder([shapes[1]!, shapes[0]!].map((s) => () => walk(ctx, { ...window, ...s.query, limit: LIMITS['GET /requests/v3'].maximum }, { maxPages: 2 })));
        requests += wide!.pages.length + narrow!.pages.length;
        ensureAppFees(pair, shapes[0]!.query, wide!.records, wide!.pages[0]!.exchange);
        ensureAppFees(pair, shapes[1]!.query, narrow!.records, narrow!.pages[0]!.exchange);
        if (wide!.complete && narrow!.complete) {
          const stray = notNested(idsOf(narrow!.records), idsOf(wide!.records));
          ensure(
            stray.length === 0,
            `${pair.min}/${pair.max}: a range nested in another selects a subset of its records (within startTimestamp=${window.startTimestamp}&endTimestamp=${window.endTimestamp})`,
            `every id of ${shapes[1]!.label} among the ${wide!.records.length} of ${shapes[0]!.label}`,
            `not among them: ${sample(stray)}`,
            narrow!.pages[0]!.exchange,
          );
        }
      }
      notes.push(`${pair.min}/${pair.max} [${a}, ${b}] ⊇ [${a2}, ${b2}]: ${outer.count} ≥ ${inner.count}`);
    }
    return pass(`${notes.join('; ')}; ${requests} requests`);
  },
};

/** The range-relation checks, in run order. */
export const checks: CheckDefinition[] = withFamilies([rangeNested]);
