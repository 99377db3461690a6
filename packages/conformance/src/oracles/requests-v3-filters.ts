/**
 * Filter oracles of GET /requests/v3 (API document, GET /requests/v3 rules 6-7, parameter table;
 * live facts §1.4): every record returned matches the top-level equality filters, the ranges and
 * the `filters` groups; a `filters` array mixing null with values is refused.
 */
import { FILTERABLE_STATUSES } from '../contract/record.js';
import { EQUALITY_PARAMS, amountUsdCandidates, candidates, featuresOf, matchesSound, recordId, type RecordJson } from '../contract/record.js';
import { brief } from '../contract/expect.js';
import { filtersMismatch, mixesNull, parseGroups, type GroupRule } from './groups.js';
import { amountOutside, blockOutside, shownBlocks, timeFieldOf, timeOutside, withoutAppFees } from './ranges.js';
import { chainQuery, firstBad, int, num, page, status, V3, type Oracle } from './oracle.js';

/** The ids of the checks these oracles report under (their definitions in src/checks/ take them from here: one spelling). */
export const FILTER_IDS = {
  filterRanges: 'requests-v3.filter.ranges',
  rangeNested: 'requests-v3.filter.range-nested',
  filterSoundness: 'requests-v3.filter.soundness',
  filtersAndWithinGroup: 'requests-v3.filters.and-within-group',
  filtersArrayOr: 'requests-v3.filters.array-or',
  filtersNot: 'requests-v3.filters.not',
  filtersNullCheck: 'requests-v3.filters.null-check',
  filtersNullMix400: 'requests-v3.filters.null-mix-400',
  filtersOrAcrossGroups: 'requests-v3.filters.or-across-groups',
  filtersTopLevelAnd: 'requests-v3.filters.top-level-and',
} as const;

/** The top-level equality filters of a query the oracle judges (status: only the five accepted values). */
function equalityFilters(q: URLSearchParams): Array<[(typeof EQUALITY_PARAMS)[number], string]> {
  return EQUALITY_PARAMS.flatMap((p) => {
    const v = q.get(p);
    if (v === null || v === '') return [];
    if (p === 'status' && !FILTERABLE_STATUSES.includes(v)) return [];
    return [[p, v] as [(typeof EQUALITY_PARAMS)[number], string]];
  });
}

/**
 * The fail-reason filters (Status / routing: `failReason`, `refundFailReason`) of a query the oracle
 * judges: one plain value each. `N/A` (v2's spelling of none; the document gives it no meaning as a
 * v3 filter value) and lists (a comma) are not judged.
 */
export const REASON_PARAMS = ['failReason', 'refundFailReason'] as const;
export type ReasonParam = (typeof REASON_PARAMS)[number];

/** Whether `v` is a fail-reason value the oracle judges: one plain reason, not empty, not a list, not `N/A`. */
export function judgedReason(v: unknown): v is string {
  return typeof v === 'string' && v !== '' && !v.includes(',') && v.toUpperCase() !== 'N/A';
}

export function reasonFilters(q: URLSearchParams): Array<[ReasonParam, string]> {
  return REASON_PARAMS.flatMap((p) => {
    const all = q.getAll(p);
    const v = all[0];
    if (all.length !== 1 || !judgedReason(v)) return [];
    return [[p, v] as [ReasonParam, string]];
  });
}

/**
 * Why a record returned for `field=value` does not match it (its `data.<field>` another reason,
 * null or `N/A`), or undefined when it matches or does not show the field (not judged). Reasons are
 * compared ignoring case (their spelling beyond the live service's enum is not in the document).
 */
export function reasonMismatch(r: RecordJson, field: ReasonParam, value: string): string | undefined {
  const data = r.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data) || !(field in data)) return undefined;
  const shown = (data as Record<string, unknown>)[field];
  if (typeof shown === 'string' && shown.toLowerCase() === value.toLowerCase()) return undefined;
  return `data.${field} ${JSON.stringify(shown)}, asked ${value}`;
}

/** The listed values of a top-level `features` (comma-separated, any of), or undefined when absent or empty. */
export function featureList(raw: string | null | undefined): string[] | undefined {
  const list = (raw ?? '').split(',').map((f) => f.trim()).filter((f) => f.length > 0);
  return list.length > 0 ? list : undefined;
}

/**
 * Whether the record lacks every listed feature: its `features` (required by the schema) holds none
 * of them; a record without a `features` array shows no feature, so it lacks them too (the schema
 * oracle reports the missing array).
 */
export function lacksFeatures(r: Record<string, unknown>, list: readonly string[]): boolean {
  return !featuresOf(r).some((f) => list.includes(f));
}

/**
 * `features` (comma-separated) alone at the top level (API document, GET /requests/v3: any of the
 * listed features): every record listed has at least one of them. With `filters` groups the same
 * predicate counts under the AND rule of {@link topLevelFilters}.
 */
export const featuresFilter: Oracle = {
  id: 'requests-v3.filter.features',
  applies: (s) => page(s) && !chainQuery(s).has('filters') && featureList(chainQuery(s).get('features')) !== undefined,
  judge(s) {
    const list = featureList(chainQuery(s).get('features'))!;
    const received = firstBad(s.records!, (r) => (lacksFeatures(r, list) ? `features ${brief(featuresOf(r))}` : undefined));
    return received === undefined ? undefined : { message: `Every record for features=${list.join(',')} should have at least one of them`, expected: `features including any of ${list.join(',')}`, received };
  },
};

/**
 * Top-level `features` beside `filters` groups (rule 7: "range filters and `features` are top-level
 * only", "Top-level parameters still apply"): judged here only with groups, under their AND rule.
 */
const groupedFeatures = (q: URLSearchParams): string[] | undefined => (q.has('filters') ? featureList(q.get('features')) : undefined);

export const topLevelFilters: Oracle = {
  id: FILTER_IDS.filterSoundness,
  ids: [FILTER_IDS.filterSoundness, FILTER_IDS.filtersTopLevelAnd],
  applies: (s) => page(s) && (equalityFilters(chainQuery(s)).length > 0 || reasonFilters(chainQuery(s)).length > 0 || groupedFeatures(chainQuery(s)) !== undefined),
  idFor: (s) => (chainQuery(s).has('filters') ? FILTER_IDS.filtersTopLevelAnd : FILTER_IDS.filterSoundness),
  judge(s) {
    const q = chainQuery(s);
    const filters = equalityFilters(q);
    const reasons = reasonFilters(q);
    const features = groupedFeatures(q);
    const received = firstBad(s.records!, (r) => {
      const miss = filters.find(([p, v]) => !matchesSound(r, p, v));
      if (miss) return `${miss[0]} candidates ${brief(candidates(r, miss[0]))}, asked ${miss[1]}`;
      for (const [p, v] of reasons) {
        const wrong = reasonMismatch(r, p, v);
        if (wrong) return wrong;
      }
      return features && lacksFeatures(r, features) ? `features ${brief(r.features)}, asked any of ${features.join(',')}` : undefined;
    });
    if (received === undefined) return undefined;
    const withGroups = q.has('filters');
    return {
      check: withGroups ? FILTER_IDS.filtersTopLevelAnd : FILTER_IDS.filterSoundness,
      message: `Every record returned must match the top-level filters${withGroups ? ' (AND-ed with the filters groups)' : ''}`,
      expected: [...filters.map(([p, v]) => `${p}=${v}`), ...reasons.map(([p, v]) => `data.${p} ${v}`), ...(features ? [`features any of ${features.join(',')}`] : [])].join(' and '),
      received,
    };
  },
};

export const ranges: Oracle = {
  id: FILTER_IDS.filterRanges,
  applies: (s) => page(s) && ['startTimestamp', 'endTimestamp', 'amountUsdMin', 'amountUsdMax', 'startBlock', 'endBlock'].some((p) => chainQuery(s).has(p)),
  judge(s) {
    const q = chainQuery(s);
    const [start, end] = [int(q.get('startTimestamp')), int(q.get('endTimestamp'))];
    const [min, max] = [num(q.get('amountUsdMin')), num(q.get('amountUsdMax'))];
    const [startBlock, endBlock] = [int(q.get('startBlock')), int(q.get('endBlock'))];
    // The timestamps bound updatedAt with sortBy=updatedAt, createdAt otherwise (a continuation page that omits sortBy follows its walk).
    const field = timeFieldOf(s.query.get('sortBy') ?? q.get('sortBy'));
    const received = firstBad(s.records!, (r) =>
      timeOutside(r, start, end, field)
        ? `${field} ${String(r[field])}`
        : amountOutside(r, min, max)
          ? `amountUsd ${brief(amountUsdCandidates(r))}`
          : blockOutside(r, startBlock, endBlock)
            ? `blocks ${brief(shownBlocks(r))} (inTxs, outTxs, failedTxBlockNumber)`
            : undefined,
    );
    return received === undefined
      ? undefined
      : {
          message: `Every record returned must lie within startTimestamp/endTimestamp (Unix seconds, inclusive, on ${field}), amountUsdMin/amountUsdMax and startBlock/endBlock (inclusive: a block at or above startBlock and one at or below endBlock)`,
          expected: `${field} in [${start ?? '-∞'}, ${end ?? '+∞'}] s, amountUsd in [${min ?? '-∞'}, ${max ?? '+∞'}], blocks: one >= ${startBlock ?? '-∞'} and one <= ${endBlock ?? '+∞'}`,
          received,
        };
  },
};

/**
 * `appFeesAmountUsdMin` above 0 selects only requests that carry an app fee: a record whose
 * `data.appFees` lists none (quoted and actual empty) has app fees of 0 USD, whichever of them the
 * range reads (the document does not say), so it is outside the range.
 */
export const appFeesRange: Oracle = {
  id: FILTER_IDS.rangeNested,
  applies: (s) => page(s) && (num(chainQuery(s).get('appFeesAmountUsdMin')) ?? 0) > 0,
  judge(s) {
    const min = num(chainQuery(s).get('appFeesAmountUsdMin'))!;
    const received = firstBad(s.records!, (r) => (withoutAppFees(r) ? 'no app fee (data.appFees.quoted and data.appFees.actual empty: 0 USD)' : undefined));
    return received === undefined
      ? undefined
      : { message: `Every record returned for appFeesAmountUsdMin=${min} must carry app fees (a request without any amounts to 0 USD of app fees, below the minimum)`, expected: `records with an app fee of at least ${min} USD`, received };
  },
};

const GROUP_CHECK: Record<GroupRule, string> = {
  not: FILTER_IDS.filtersNot,
  null: FILTER_IDS.filtersNullCheck,
  array: FILTER_IDS.filtersArrayOr,
  and: FILTER_IDS.filtersAndWithinGroup,
};

/** The check a filters query counts under: OR across groups, else the rule of its one group's first key. */
function groupsCheckId(list: ReadonlyArray<Record<string, unknown>>): string {
  if (list.length > 1) return FILTER_IDS.filtersOrAcrossGroups;
  const [key, value] = Object.entries(list[0] ?? {})[0] ?? ['', undefined];
  if (key.startsWith('not:')) return GROUP_CHECK.not;
  if (value === null) return GROUP_CHECK.null;
  return Array.isArray(value) ? GROUP_CHECK.array : GROUP_CHECK.and;
}

export const groups: Oracle = {
  id: FILTER_IDS.filtersAndWithinGroup,
  ids: [...new Set([...Object.values(GROUP_CHECK), FILTER_IDS.filtersOrAcrossGroups])],
  applies: (s) => page(s) && parseGroups(chainQuery(s).get('filters')) !== undefined,
  idFor: (s) => groupsCheckId(parseGroups(chainQuery(s).get('filters'))!),
  judge(s) {
    const list = parseGroups(chainQuery(s).get('filters'))!;
    if (mixesNull(list)) return undefined;
    for (const r of s.records!) {
      const m = filtersMismatch(r, list);
      if (!m) continue;
      const check = m.rule === 'and' && list.length > 1 ? FILTER_IDS.filtersOrAcrossGroups : GROUP_CHECK[m.rule];
      return {
        check,
        message: 'Every record returned must match at least one filters group (AND within a group, OR across groups, not: negates, null is empty)',
        expected: `a record matching one of ${brief(list, 200)}`,
        received: `id ${recordId(r) ?? '?'} fails ${m.key}=${brief(m.value)} (${m.key.replace(/^not:/, '')} candidates ${brief(candidates(r, m.key.replace(/^not:/, '') as (typeof EQUALITY_PARAMS)[number]))})`,
      };
    }
    return undefined;
  },
};

export const nullMix: Oracle = {
  id: FILTER_IDS.filtersNullMix400,
  applies: (s) => s.exchange.operation === V3 && mixesNull(parseGroups(s.query.get('filters')) ?? []),
  judge: (s) =>
    status(s) >= 400 && status(s) < 500
      ? undefined
      : { message: 'A filters array mixing null with values must be refused with 400', expected: '400', received: `${status(s)}` },
};
