/**
 * Paging oracles of GET /requests/v3 (API document, GET /requests/v3 rules 2-4; live facts §1.3):
 * page size by `limit`, the order of records by `sortBy`/`sortDirection`, no record twice in a page
 * or along its continuation walk, walks that end, and a cursor that gives the same page again
 * while the window cannot change.
 */
import { idsOf, sample } from '../contract/record.js';
import { SORT_BY, defaultDirection, firstOrderBreak, showKey, type Direction, type SortBy } from '../contract/order.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../contract/limits.js';
import { brief } from '../contract/expect.js';
import { chainQuery, int, page, type Oracle, type Seen } from './oracle.js';
import { windowStill } from './windows.js';

/** The ids of the checks these oracles report under (their definitions in src/checks/ take them from here: one spelling). */
export const PAGING_IDS = {
  paginationNoDuplicates: 'requests-v3.pagination.no-duplicates',
  sortAmountUsdDefaultAsc: 'requests-v3.sort.amount-usd-default-asc',
  sortDefault: 'requests-v3.sort.default',
  sortExplicitDirection: 'requests-v3.sort.explicit-direction',
  sortUpdatedAtDefaultDesc: 'requests-v3.sort.updated-at-default-desc',
} as const;

/**
 * The most records a page may hold by its `limit`: its own; else, on a continuation page that does
 * not repeat it, the larger of its walk's limit and the default (the document does not say whether
 * a walk's limit carries over to a page that omits it); undefined when neither page nor walk set one.
 */
export function pageMax(s: Seen): { max: number; limit: string } | undefined {
  const own = int(s.query.get('limit'));
  if (own !== undefined) return own > 0 ? { max: Math.min(own, MAX_LIMIT), limit: `limit=${own}` } : undefined;
  if (s.query.has('limit')) return undefined;
  const walk = int(s.chain?.parent ? s.chain.query.get('limit') : null);
  return walk !== undefined && walk > 0 ? { max: Math.max(Math.min(walk, MAX_LIMIT), DEFAULT_LIMIT), limit: `a walk begun with limit=${walk}, not repeated on this page` } : undefined;
}

/** A page of `count` records over the `max` its limit allows (`limit` says which): the violation, or undefined. Shared with the active check. */
export function pageSizeProblem(count: number, max: number, limit: string): { message: string; expected: string; received: string } | undefined {
  return count > max ? { message: `A page holds at most min(limit, ${MAX_LIMIT}) records`, expected: `at most ${max} records for ${limit}`, received: `${count} records` } : undefined;
}

export const limitMax: Oracle = {
  id: 'requests-v3.limit.max',
  applies: (s) => page(s) && pageMax(s) !== undefined,
  judge(s) {
    const { max, limit } = pageMax(s)!;
    return pageSizeProblem(s.records!.length, max, limit);
  },
};

export const limitDefault: Oracle = {
  id: 'requests-v3.limit.default',
  applies: (s) => page(s) && !s.query.has('limit') && !(s.chain?.parent && s.chain.query.has('limit')),
  judge: (s) =>
    s.records!.length > DEFAULT_LIMIT
      ? { message: `Without limit, a page holds at most ${DEFAULT_LIMIT} records (the default)`, expected: `at most ${DEFAULT_LIMIT} records`, received: `${s.records!.length} records` }
      : undefined,
};

/** The sort of a page (its own parameters, else its chain's); undefined when a value is not one of the document's. */
export function sortOf(s: Seen): { sortBy: SortBy; direction: Direction; explicit: boolean; byGiven: boolean } | undefined {
  const q = s.query.has('sortBy') || s.query.has('sortDirection') || !s.chain ? s.query : s.chain.query;
  const by = q.get('sortBy');
  const dir = q.get('sortDirection');
  if (by !== null && !(SORT_BY as readonly string[]).includes(by)) return undefined;
  if (dir !== null && dir !== 'asc' && dir !== 'desc') return undefined;
  const sortBy = (by ?? 'createdAt') as SortBy;
  return { sortBy, direction: (dir as Direction | null) ?? defaultDirection(sortBy), explicit: dir !== null, byGiven: by !== null };
}

/** The check id of an order: explicit direction, else the default of its sort key. */
export function sortCheckId(sort: NonNullable<ReturnType<typeof sortOf>>): string {
  if (sort.explicit) return PAGING_IDS.sortExplicitDirection;
  if (sort.sortBy === 'amountUsd') return PAGING_IDS.sortAmountUsdDefaultAsc;
  if (sort.sortBy === 'updatedAt') return PAGING_IDS.sortUpdatedAtDefaultDesc;
  return PAGING_IDS.sortDefault;
}

/** Sort keys a record keeps for its whole life (createdAt, amountUsd); updatedAt moves with every status change. */
const FIXED_KEYS: ReadonlySet<SortBy> = new Set<SortBy>(['createdAt', 'amountUsd']);

export const order: Oracle = {
  id: PAGING_IDS.sortDefault,
  ids: [PAGING_IDS.sortDefault, PAGING_IDS.sortExplicitDirection, PAGING_IDS.sortAmountUsdDefaultAsc, PAGING_IDS.sortUpdatedAtDefaultDesc],
  applies: (s) => page(s) && sortOf(s) !== undefined,
  idFor: (s) => sortCheckId(sortOf(s)!),
  judge(s) {
    const sort = sortOf(s)!;
    // Across the boundary with the page that gave this page's cursor: only for a key that never
    // changes (a record whose updatedAt moved between the two readings is legitimately out of place).
    const last = FIXED_KEYS.has(sort.sortBy) ? s.chain?.parent?.lastRecord : undefined;
    const list = last ? [last, ...s.records!] : s.records!;
    const broken = firstOrderBreak(list, sort.sortBy, sort.direction);
    if (!broken) return undefined;
    const across = last !== undefined && broken.index === 1 ? ' (across the boundary with the page that handed back this page\'s cursor)' : '';
    return {
      check: sortCheckId(sort),
      message: `Records must come by ${sort.sortBy} ${sort.direction === 'desc' ? 'descending' : 'ascending'}${across}`,
      expected: `${sort.sortBy} ${sort.direction === 'desc' ? '<=' : '>='} ${showKey(broken.previous.key, sort.sortBy)} after id ${broken.previous.id}`,
      received: `id ${broken.next.id} with ${sort.sortBy} ${showKey(broken.next.key, sort.sortBy)}`,
    };
  },
};

/** The ids a page lists more than once (ids it cannot read, `?`, aside): one page is one reading, so this holds on live data too. Shared with the active checks. */
export function repeatedOnPage(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of ids) {
    if (id === '?') continue;
    if (seen.has(id)) twice.add(id);
    seen.add(id);
  }
  return [...twice];
}

export const noDuplicates: Oracle = {
  id: PAGING_IDS.paginationNoDuplicates,
  applies: page,
  judge(s) {
    const ids = idsOf(s.records!);
    const twice = repeatedOnPage(ids);
    if (twice.length > 0) return { message: 'No record may appear twice in one page', expected: 'each id once on the page', received: `id(s) ${sample(twice)} twice on one page` };
    const chain = s.chain;
    if (!chain?.parent) return undefined;
    // A record of an earlier page of this page's own path; judged only where the window could not move in between.
    const q = chainQuery(s);
    const again = ids.filter((id) => {
      const earlier = id === '?' ? undefined : chain.pageWith(id);
      return earlier !== undefined && windowStill(q, earlier.readAt);
    });
    return again.length > 0
      ? { message: 'No record may appear twice in one continuation walk (a page and the pages whose cursors led to it, over a window that could not change)', expected: 'each id once across the pages of the walk', received: `id(s) ${sample(again)} again on page ${chain.pages + 1}` }
      : undefined;
  },
};

export const terminates: Oracle = {
  id: 'requests-v3.pagination.terminates',
  applies: (s) => page(s) && s.chain !== undefined && s.cursor !== undefined,
  judge: (s) =>
    s.chain!.gave(s.cursor!) || s.query.get('continuation') === s.cursor
      ? { message: 'A continuation walk must progress: a page hands back a cursor that a page before it on the same walk already gave, so following it would never end', expected: 'a new cursor on every page of a walk, and none on the last', received: `cursor ${brief(s.cursor, 80)} again on page ${s.chain!.pages + 1}` }
      : undefined,
};

export const cursorStable: Oracle = {
  id: 'requests-v3.pagination.cursor-stable',
  applies: (s) => page(s) && (s.query.get('continuation') ?? '') !== '' && s.earlierPage !== undefined && windowStill(chainQuery(s), s.earlierPage.readAt),
  judge(s) {
    const now = idsOf(s.records!);
    const before = s.earlierPage!.ids;
    if (now.length === before.length && now.every((id, i) => id === before[i])) return undefined;
    return {
      message: 'The same continuation must give the same page while the window cannot change (an endTimestamp before the first reading, no status-dependent filter or order)',
      expected: `ids ${sample([...before])} (${before.length} records), as on the earlier reading`,
      received: `ids ${sample(now)} (${now.length} records)`,
    };
  },
};
