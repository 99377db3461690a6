/**
 * GET /requests/v3 as a client's first calls see it: no time window, the default sort
 * and each sort, with and without includeTotal, each status filter alone (API document, GET
 * /requests/v3: "All parameters are optional"; rules 1-5). Every other check bounds its queries to
 * the discovery window for stable verdicts on live data; a server answering the unwindowed path
 * from other indexes (a search index, a count cache) could break it alone. The relations judged
 * here hold on live data too (oracles/unwindowed.ts): requests are only added, newest first, so
 * the reads come in an order arrivals cannot break; a status that moves between reads is read again
 * before a failure counts (`relation`, reproduce.ts).
 */
import { allInOrder } from '../engine/concurrent.js';
import { withFamilies } from '../contract/family.js';
import { brief, ensure, violate } from '../contract/expect.js';
import type { CheckContext, CheckDefinition, CheckSpec } from '../contract/types.js';
import { partitionProblem, subsetCountProblem } from '../oracles/ranges.js';
import { repeatedOnPage } from '../oracles/requests-v3-paging.js';
import { earlierThanFirst, emptyPageBesideTotal, emptyWalkBesideTotal, seenAboveTotal, walkAgainstLargerPage } from '../oracles/unwindowed.js';
import { V3, createdSec, fetchPage, total, walk, windowQuery, type Page, type Query } from './support/listing.js';
import { FILTERABLE_STATUSES, idsOf, sample } from '../contract/record.js';
import { pass } from '../contract/outcome.js';
import { candidates, matchesComplete, matchesSound, recordId, recordStatus, type EqualityParam, type RecordJson } from '../contract/record.js';
import { complementStatus, judgeComplement, readComplement } from './requests-v3-unwindowed-complement.js';
import { unwindowedFirstPage as unwindowedFirstPageOracle } from '../oracles/first-calls.js';
import { ruleOf } from '../oracles/rules.js';

/** The page size of the first calls (the v3 maximum, as clients walk). */
const PAGE = 50;
/** The small page size of the walk set against one larger page. */
const SMALL = 10;
/** Page size of the status pages of the totals check (enough records to judge their status). */
const STATUS_PAGE = 20;
const DAY = 86_400;

/** The sorts a first call may ask, the default first. */
const SORTS: ReadonlyArray<{ label: string; query: Query }> = [
  { label: 'the default sort', query: {} },
  { label: 'sortBy=updatedAt', query: { sortBy: 'updatedAt' } },
  { label: 'sortBy=amountUsd', query: { sortBy: 'amountUsd' } },
  { label: 'sortDirection=asc', query: { sortDirection: 'asc' } },
];

/** A first page must list a request when its own total counts some (rules 4 and 5). */
function judgeFirstPage(page: Page, what: string): void {
  const problem = emptyPageBesideTotal(page.records.length, page.continuation !== undefined, page.total);
  if (problem !== undefined) {
    violate(`${what}: a first page that lists nothing and ends the walk must not report a positive total (total is the exact count of matching requests)`, 'requests listed when total > 0', problem, page.exchange);
  }
}

/** A page lists each request once (rule 4: one page is one reading, so live data cannot excuse a repeat). */
function judgeNoRepeats(page: Page, what: string): void {
  const twice = repeatedOnPage(idsOf(page.records));
  if (twice.length > 0) violate(`${what}: no record may appear twice in one page`, 'each id once on the page', `id(s) ${sample(twice)} twice on one page of ${page.records.length}`, page.exchange);
}

/**
 * Discovery's window, when its walk saw no record although the target's own total counts some:
 * a failure of the listing, never a reason for the other checks to skip.
 */
async function judgeDiscovery(ctx: CheckContext): Promise<void> {
  const t = ctx.discovery.windowTotal;
  if (ctx.discovery.records.length > 0 || t === undefined || t <= 0) return;
  const page = await fetchPage(ctx, { ...windowQuery(ctx), limit: PAGE, includeTotal: true }, 'the discovery window');
  judgeFirstPage(page, `The discovery window (total ${t}) listed no request`);
  // Empty pages that hand back a continuation (the mutation bench's requests-v3.ts:94, every page
  // empty): the window is walked on while its pages stay empty, one page more than its total
  // needs. Its records were created in the past and requests are only added, so a walk to the end
  // that lists none of what the total counts (read again on the first page) breaks rules 4 and 5.
  const counted = typeof page.total === 'number' ? page.total : 0;
  if (page.records.length > 0 || page.continuation === undefined || counted <= 0) return;
  const pages = await walk(ctx, { ...windowQuery(ctx), limit: PAGE }, { maxPages: Math.ceil(counted / PAGE) + 1, until: (p) => p.records.length > 0, what: 'the discovery window' });
  const problem = emptyWalkBesideTotal(pages.records.length, pages.pages.length, pages.complete, counted, PAGE);
  if (problem !== undefined) {
    const last = pages.pages[pages.pages.length - 1]!;
    violate(
      `The discovery window (total ${counted} with includeTotal=true) must list its requests: following the continuation of its empty pages (rule 4) must reach the requests its total counts (rule 5)`,
      `the ${counted} requests of the window, ${PAGE} a page`,
      problem,
      last.exchange,
    );
  }
}

const firstPages: CheckSpec = {
  ...ruleOf(unwindowedFirstPageOracle.id),
  requires: ['apiKey'],
  relation: true,
  async run(ctx) {
    await judgeDiscovery(ctx);
    // Without includeTotal (the first call of most clients), then each sort with it.
    const [plain, ...sorted] = await allInOrder([
      () => fetchPage(ctx, { limit: PAGE }, 'the first page without a window'),
      ...SORTS.map((s) => () => fetchPage(ctx, { ...s.query, limit: PAGE, includeTotal: true }, `the first page without a window, ${s.label}`)),
    ]);
    judgeNoRepeats(plain!, 'Without a window');
    for (const [i, page] of sorted.entries()) {
      judgeFirstPage(page!, `Without a window, ${SORTS[i]!.label}`);
      judgeNoRepeats(page!, `Without a window, ${SORTS[i]!.label}`);
    }
    const whole = sorted[0]!.total as number;
    if (plain!.records.length === 0 && plain!.continuation === undefined && whole > 0) {
      violate('Without a window and without includeTotal, the first page must list requests when the same query counts some', `requests listed (total = ${whole} with includeTotal=true)`, 'an empty page with no continuation', plain!.exchange);
    }
    // Ascending: nothing was created before the first record (past requests never appear later).
    const asc = sorted[SORTS.length - 1]!;
    const first = asc.records[0];
    const sec = first ? createdSec(first) : undefined;
    if (first && sec !== undefined) {
      const before = await total(ctx, { endTimestamp: sec - 1, limit: 1 });
      const problem = earlierThanFirst(before.total, recordId(first) ?? '?');
      if (problem !== undefined) {
        violate('sortDirection=asc without a window must start at the earliest request (an explicit direction is honoured)', `no request created before ${brief(first.createdAt)} (total with endTimestamp=${sec - 1} is 0)`, problem, before.page.exchange);
      }
    }
    const newest = await judgeAscendingReachesNewest(ctx, plain!.records);
    return pass(`${SORTS.length + 1} first pages; total ${whole}${newest}`);
  },
};

/** Filters the two newest requests may share (the first one shared is asked). */
const SHARED_PARAMS: readonly EqualityParam[] = ['status', 'requestType', 'originChainId', 'destinationChainId'];

/**
 * An ascending walk of a filtered listing ends with its newest match (rules 2 and 4, the
 * mutation bench's gap bitset.ts:107): the newest request (the first of the default order) and the
 * next one share a filter value; the ascending listing of that value from the second one's
 * creation second on (no end bound, so no later request is left out) must hold every match its
 * total counts, the newest included. A server that stops an ascending filtered walk one record
 * short of the newest match lists total - 1. One request. Returns a note for the pass.
 */
async function judgeAscendingReachesNewest(ctx: CheckContext, newestFirst: readonly RecordJson[]): Promise<string> {
  const [a, b] = newestFirst;
  const from = b ? createdSec(b) : undefined;
  if (!a || !b || from === undefined) return '';
  // A value both share; else both statuses in one filters group (an array ORs its values).
  const sharedValue = SHARED_PARAMS.flatMap((param) => {
    const value = candidates(a, param).find((v) => matchesComplete(b, param, v) && (param !== 'status' || FILTERABLE_STATUSES.includes(String(v))));
    return value === undefined ? [] : [{ query: { [param]: value } as Query, label: `${param}=${value}` }];
  })[0];
  const statuses = [recordStatus(a), recordStatus(b)];
  const bothStatuses = statuses.every((st) => st !== undefined && FILTERABLE_STATUSES.includes(st))
    ? { query: { filters: JSON.stringify([{ status: [...new Set(statuses)] }]) } as Query, label: `filters [{"status":${JSON.stringify([...new Set(statuses)])}}]` }
    : undefined;
  const shared = sharedValue ?? bothStatuses;
  if (!shared) return '';
  const id = recordId(a) ?? '?';
  const page = await fetchPage(ctx, { ...shared.query, startTimestamp: from, sortDirection: 'asc', limit: PAGE, includeTotal: true }, `the ascending listing of ${shared.label}`);
  const count = page.total;
  if (page.continuation !== undefined || typeof count !== 'number' || count > PAGE) return '';
  if (!page.records.some((r) => recordId(r) === id) || page.records.length !== count) {
    violate(
      `An ascending walk of a filtered listing must end with its newest match: ${shared.label} from the creation second of the second newest request on, sortDirection=asc`,
      `${count} records (its total), the newest request ${id} among them`,
      `${page.records.length} records (${sample(idsOf(page.records))}), ${page.records.some((r) => recordId(r) === id) ? 'the newest among them' : `without the newest ${id}`}, and no continuation`,
      page.exchange,
    );
  }
  return `; the ascending listing of ${shared.label} ends with the newest request`;
}

const walkCheck: CheckSpec = {
  id: 'requests-v3.unwindowed.walk',
  title: 'Without a time window, a walk of small pages lists what one larger page lists, never more requests than the total read after it, and the cursor after the newest request alone gives the next page',
  clauses: ['requests-v3.pagination.no-gaps', 'requests-v3.total.exact'],
  operation: V3,
  requires: ['apiKey'],
  relation: true,
  async run(ctx) {
    const small = await walk(ctx, { limit: SMALL }, { maxPages: 3 });
    const larger = await fetchPage(ctx, { limit: small.pages.length * SMALL }, 'one larger page without a window');
    const walked = idsOf(small.records);
    const gap = walkAgainstLargerPage(walked, idsOf(larger.records));
    if (gap !== undefined) {
      const short = small.pages.findIndex((p) => p.continuation !== undefined && p.records.length < SMALL);
      violate(
        `Without a window, walking pages of ${SMALL} must list every record one page of ${small.pages.length * SMALL} lists, in the same order${short >= 0 ? ` (page ${short + 1} holds ${small.pages[short]!.records.length} records yet hands back a continuation)` : ''}`,
        `the walk's records (${walked.length}) equal to the larger page's from the walk's first record on`,
        gap,
        larger.exchange,
      );
    }
    // Records seen never exceed the total read after them (requests are never removed).
    const after = await total(ctx, { limit: 1 });
    const seen = new Set([...walked, ...idsOf(larger.records)]).size;
    const over = seenAboveTotal(seen, after.total);
    if (over !== undefined) violate('Without a window, the listing never shows more distinct requests than total counts', `at most ${after.total} requests`, over, after.page.exchange);
    // The cursor after the newest request alone (a page of one at the very top of the order): a
    // server may mishandle the position of the first record; passing the cursor back must give the
    // next page (rule 4), answered 200 like any page.
    const next = after.page.continuation === undefined ? undefined : await fetchPage(ctx, { limit: 1, continuation: after.page.continuation }, 'the page after the newest request (the cursor of a page of one, without a window)');
    return pass(`${walked.length} records in pages of ${SMALL} against one page of ${larger.records.length}; ${seen} distinct, total ${after.total}${next ? '; the cursor after the newest request gives the next page' : ''}`);
  },
};

const totals: CheckSpec = {
  id: 'requests-v3.unwindowed.totals',
  title: 'Without a time window, total is bounded both ways by a window holding every request (no more than the window read after it, no less than the window read before it), each status filter alone (sorted by updatedAt, listing only that status) counts no more than the whole, a status and its not: complement count the whole, and filters=[{}] counts the whole',
  clauses: ['requests-v3.total.exact', 'requests-v3.filter.soundness', 'requests-v3.filters.groups-or'],
  operation: V3,
  requires: ['apiKey'],
  relation: true,
  async run(ctx) {
    // A window holding every request up to a day past the target's clock, read between two reads of
    // the whole: arrivals only add, so the whole read before it counts no more than the window, and
    // the whole read after it no less (a bound both ways: a whole that counts too many or too few).
    const end = Math.floor(ctx.discovery.targetNow.getTime() / 1000) + DAY;
    const wholeBefore = await total(ctx, { limit: 1 });
    const everything = await total(ctx, { startTimestamp: 0, endTimestamp: end, limit: 1 });
    const inflated = subsetCountProblem(wholeBefore.total, [{ label: `the window [0, ${end}] (read after it)`, count: everything.total }]);
    if (inflated !== undefined) {
      violate('The listing without a window never counts more requests than a window holding every request read after it (total is the exact count; requests are only added)', `total without a window ≤ ${everything.total} (the window [0, ${end}], read after)`, `the listing without a window counts ${inflated}`, wholeBefore.page.exchange);
    }
    // Each status alone (a first page with its total), sorted by updatedAt: a frequent status takes
    // the walk of that order, which no other listing of the run reaches with so many matches (the
    // pages are judged for their records' status too). Then a status and its complement, the empty
    // group (requests-v3-unwindowed-complement.ts), then the whole.
    const byStatus = await allInOrder(FILTERABLE_STATUSES.map((status) => () => fetchPage(ctx, { status, sortBy: 'updatedAt', limit: STATUS_PAGE, includeTotal: true }, `the first page of status=${status} without a window, sortBy=updatedAt`)));
    for (const [i, page] of byStatus.entries()) {
      const status = FILTERABLE_STATUSES[i]!;
      const other = page!.records.find((r) => !matchesSound(r, 'status', status));
      if (other) {
        violate(
          `Every record listed for status=${status} must have that status, under every sort (sortBy=updatedAt, without a window)`,
          `records with status ${status}`,
          `request ${recordId(other) ?? '?'} with status ${recordStatus(other) ?? '?'} (${page!.records.filter((r) => !matchesSound(r, 'status', status)).length} of the ${page!.records.length} listed)`,
          page!.exchange,
        );
      }
    }
    const statusParts = byStatus.map((page, i) => ({ label: FILTERABLE_STATUSES[i]!, count: typeof page!.total === 'number' ? page!.total : 0 }));
    const complementOf = complementStatus(statusParts, '');
    const complementPage = complementOf === undefined ? undefined : byStatus[FILTERABLE_STATUSES.indexOf(complementOf)]!;
    const complement = complementOf === undefined || typeof complementPage!.total !== 'number' ? undefined : await readComplement(ctx, complementOf, { total: complementPage!.total, page: complementPage! });
    const whole = await total(ctx, { limit: 1 });
    const wider = subsetCountProblem(everything.total, [{ label: 'the listing without a window (read after it)', count: whole.total }]);
    if (wider !== undefined) {
      violate('A window never counts more requests than the listing without a window read after it (total is the exact count)', `total without a window ≥ ${everything.total} (the window [0, ${end}])`, `the window counts ${wider}`, whole.page.exchange);
    }
    const parts: Array<{ label: string; count: number }> = [];
    for (const [i, page] of byStatus.entries()) {
      const status = FILTERABLE_STATUSES[i]!;
      judgeFirstPage(page!, `status=${status} without a window`);
      ensure(typeof page!.total === 'number', 'includeTotal=true must add `total`', 'a numeric total', `total = ${brief(page!.total)}`, page!.exchange);
      parts.push({ label: `status=${status}`, count: page!.total as number });
    }
    const over = partitionProblem(whole.total, parts, 'at-most');
    if (over !== undefined) violate('Disjoint status filters never count more together than the listing without them', `at most ${whole.total} together`, over, whole.page.exchange);
    const sums = complement === undefined ? 'no status requests do not leave counts any: no complement judged' : judgeComplement(complement, wholeBefore, whole);
    return pass(`whole ${wholeBefore.total} then ${whole.total}, window [0, ${end}] ${everything.total} between; ${parts.map((p) => `${p.label} ${p.count}`).join(', ')}; ${sums}`);
  },
};

/** The checks of the listing without a time window, in run order. */
export const checks: CheckDefinition[] = withFamilies([firstPages, walkCheck, totals]);
