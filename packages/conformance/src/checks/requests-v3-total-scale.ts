/**
 * GET /requests/v3: `total` judged at any scale (API document, GET /requests/v3 rule 5: "exact count
 * of matching requests, independent of `limit` and `continuation`"). The walks of
 * `requests-v3.total.exact` read a discovery window of a few hundred records, while real servers
 * count with search indexes and caches that break only at large counts (a capped or estimated
 * total, a count cache that drops a filter). These checks judge the totals of the whole data set up
 * to the discovery window's end (no lower bound) by relations that cost a few requests each and hold
 * for an exact count whatever its size:
 *
 * - `requests-v3.total.partition`: the totals of time ranges that split the query (at a second of
 *   the discovery window and one far back in the data) add up to its total (a split second holds no
 *   record, so the bounds' inclusivity does not matter), and the total is the same at limit 1,
 *   limit 50 and after a continuation;
 * - `requests-v3.total.narrower`: disjoint filters (each status, each origin chain) never count more
 *   together than the query without them, and a conjunction never counts more than either side.
 *
 * Data that changes during the run is read again before failing (`relation`, reproduce.ts). The
 * end of the range lies in the past of the target's clock (discovery), so new requests stay out;
 * status changes move a record between statuses, which a second read tells from a fault.
 */
import { createdOutside } from '../oracles/ranges.js';
import { allInOrder } from '../engine/concurrent.js';
import { withFamilies } from '../contract/family.js';
import { ensure } from '../contract/expect.js';
import type { CheckContext, CheckDefinition, CheckSpec, Exchange } from '../contract/types.js';
import { V3, createdSec, fetchPage, sharedTotal, total, type Query } from './support/listing.js';
import { FILTERABLE_STATUSES } from '../contract/record.js';
import { pass, skip } from '../contract/outcome.js';
import { originChainIds } from '../contract/record.js';
import { partitionProblem, subsetCountProblem } from '../oracles/ranges.js';

/** The scale query: every request created up to the discovery window's end (no lower bound). */
export function wholeQuery(ctx: CheckContext): Query {
  return { endTimestamp: ctx.discovery.window.end };
}

/**
 * A second inside the discovery window, nearest its median record, at which, and one second either
 * side of which, no record of the (completely walked) window was created: splitting there, the two ranges hold the same records
 * whether a server reads the bounds as inclusive or not. Undefined when the window was not walked
 * to its end or holds no such second.
 */
export function splitSecond(ctx: CheckContext): number | undefined {
  if (!ctx.discovery.complete) return undefined;
  const { start, end } = ctx.discovery.window;
  // Window membership is the range oracle's predicate (oracles/ranges.ts).
  const secs = ctx.discovery.records.filter((r) => !createdOutside(r, start, end)).map(createdSec).filter((s): s is number => s !== undefined).sort((a, b) => a - b);
  const taken = new Set(secs);
  const free = (s: number) => !taken.has(s - 1) && !taken.has(s) && !taken.has(s + 1);
  // Near the median record, so that both ranges hold records of the window.
  const middle = secs.length > 0 ? secs[Math.floor(secs.length / 2)]! : Math.floor((start + end) / 2);
  for (let d = 0; middle - d > start + 1 || middle + d < end - 1; d++) {
    if (middle - d > start + 1 && free(middle - d)) return middle - d;
    if (middle + d < end - 1 && free(middle + d)) return middle + d;
  }
  return undefined;
}

/**
 * A second halfway (or 40, 60, 30%) back from `m` to the oldest request up to `end`, at which no
 * request was created: a page of the three seconds around it comes back empty, so the bounds'
 * inclusivity does not matter there either. Undefined when the data is too short or no try is free.
 */
async function olderSplit(ctx: CheckContext, m: number, end: number): Promise<number | undefined> {
  const first = await fetchPage(ctx, { endTimestamp: end, sortDirection: 'asc', limit: 1 }, 'the oldest request');
  const oldest = first.records[0] ? createdSec(first.records[0]) : undefined;
  if (oldest === undefined || m - oldest < 8) return undefined;
  for (const f of [0.5, 0.4, 0.6, 0.3]) {
    const s = Math.floor(oldest + (m - oldest) * f);
    if ((await fetchPage(ctx, { startTimestamp: s - 1, endTimestamp: s + 1, limit: 1 }, 'a probe for a second free of requests')).records.length === 0) return s;
  }
  return undefined;
}

/** `label = n` pairs, for messages. */
const listed = (parts: ReadonlyArray<{ label: string; count: number }>) => parts.map((p) => `${p.label}: ${p.count}`).join(', ');

/** A relation check of `total` at scale (clause requests-v3.total.exact), read again before it fails. */
function scaleCheck(id: string, title: string, run: CheckDefinition['run']): CheckSpec {
  return { id, title, clauses: ['requests-v3.total.exact'], operation: V3, requires: ['apiKey'], relation: true, run };
}

const partition = scaleCheck(
  'requests-v3.total.partition',
  'At any scale, `total` equals the sum of the totals of time ranges splitting the query, at every limit and continuation',
  async (ctx) => {
    const whole = wholeQuery(ctx);
    const m = splitSecond(ctx);
    const [one, max, two] = await allInOrder([1, 50, 2].map((limit) => () => (limit === 1 ? sharedTotal(ctx, { ...whole, limit }) : total(ctx, { ...whole, limit }))));
    const independent = (t: { total: number; page: { exchange: Exchange } }, how: string) =>
      ensure(
        t.total === one.total,
        'total must not depend on limit or continuation (the exact count of every request up to the window end)',
        `total = ${one.total} (at limit=1)`,
        `total = ${t.total} (${how})`,
        t.page.exchange,
      );
    independent(max, 'at limit=50');
    independent(two, 'at limit=2');
    if (two.page.continuation !== undefined) independent(await total(ctx, { ...whole, limit: 2, continuation: two.page.continuation }), 'after a continuation');
    if (m === undefined) return skip('limit and continuation agree; no split second: the discovery window was not walked to its end, or holds no second free of records');
    // Split points, oldest first: one far back in the data (where a large data set holds most of its
    // records), when an empty page shows a free second there, and one in the discovery window.
    const back = await olderSplit(ctx, m, whole.endTimestamp as number);
    const bounds = [undefined, ...(back !== undefined ? [back] : []), m, whole.endTimestamp as number];
    const ranges: Query[] = bounds.slice(0, -1).map((start, i) => ({ ...(start !== undefined ? { startTimestamp: start } : {}), endTimestamp: bounds[i + 1] }));
    const totals = await allInOrder(ranges.map((range) => () => total(ctx, { ...range, limit: 1 })));
    const parts = ranges.map((range, i) => ({ label: Object.entries(range).map(([k, v]) => `${k}=${v}`).join('&'), count: totals[i]!.total }));
    const sum = parts.reduce((acc, p) => acc + p.count, 0);
    const at = bounds.slice(1, -1).join(' and ');
    const problem = partitionProblem(one.total, parts, 'equal');
    ensure(
      problem === undefined,
      `The totals of time ranges that split the query (at second ${at}, holding no record) must add up to its total`,
      `${parts.map((p) => p.count).join(' + ')} = ${sum} = total of endTimestamp=${whole.endTimestamp}`,
      `total = ${one.total} (${listed(parts)})`,
      one.page.exchange,
    );
    return pass(`total ${one.total} = ${parts.map((p) => p.count).join(' + ')} (split at ${at}), the same at limit 1, 50 and after a continuation`);
  },
);

/** Up to four origin chains of the discovery records, most frequent first. */
function originChains(ctx: CheckContext): number[] {
  const seen = new Map<number, number>();
  for (const r of ctx.discovery.records) {
    const ids = originChainIds(r);
    if (ids.length === 1) seen.set(ids[0]!, (seen.get(ids[0]!) ?? 0) + 1);
  }
  return [...seen.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 4).map(([id]) => id);
}

const narrower = scaleCheck(
  'requests-v3.total.narrower',
  'At any scale, disjoint filters (each status, each origin chain) never count more together than the query, nor a conjunction more than either side',
  async (ctx) => {
    const whole = wholeQuery(ctx);
    const chains = originChains(ctx);
    const queries: Array<{ label: string; query: Query }> = [
      ...FILTERABLE_STATUSES.map((status) => ({ label: `status=${status}`, query: { ...whole, status } })),
      ...chains.map((c) => ({ label: `originChainId=${c}`, query: { ...whole, originChainId: c } })),
    ];
    const all = await sharedTotal(ctx, { ...whole, limit: 1 });
    const totals = await allInOrder(queries.map((q) => () => total(ctx, { ...q.query, limit: 1 })));
    const counts = queries.map((q, i) => ({ label: q.label, count: totals[i]!.total, exchange: totals[i]!.page.exchange }));
    for (const [family, part] of [
      ['status', counts.slice(0, FILTERABLE_STATUSES.length)],
      ['originChainId', counts.slice(FILTERABLE_STATUSES.length)],
    ] as const) {
      if (part.length === 0) continue;
      const problem = partitionProblem(all.total, part, 'at-most');
      ensure(
        problem === undefined,
        `A request has one ${family}: the totals of distinct ${family} values must not add up to more than the total without that filter`,
        `at most ${all.total} together, each at most ${all.total} (total of endTimestamp=${whole.endTimestamp})`,
        `${problem ?? ''} (${listed(part)})`,
        part.find((p) => p.count > all.total)?.exchange ?? part[0]!.exchange,
      );
    }
    // A conjunction of the busiest status and chain: never more than either side.
    const status = counts.slice(0, FILTERABLE_STATUSES.length).sort((a, b) => b.count - a.count)[0]!;
    const chain = counts.slice(FILTERABLE_STATUSES.length).sort((a, b) => b.count - a.count)[0];
    let both = '';
    if (chain) {
      const pair = await total(ctx, { ...whole, status: status.label.slice('status='.length), originChainId: chain.label.slice('originChainId='.length), limit: 1 });
      const problem = subsetCountProblem(pair.total, [status, chain]);
      ensure(
        problem === undefined,
        'A narrower filter never counts more: the total of two filters together must not exceed the total of either',
        `at most ${Math.min(status.count, chain.count)} (${status.label}: ${status.count}, ${chain.label}: ${chain.count})`,
        `total = ${pair.total} for ${status.label}&${chain.label}`,
        pair.page.exchange,
      );
      both = `; ${status.label}&${chain.label}: ${pair.total}`;
    }
    return pass(`total ${all.total}; ${listed(counts)}${both}; ${counts.length + (chain ? 2 : 1)} requests`);
  },
);

/** The scale checks of `total`, in run order. */
export const checks: CheckDefinition[] = withFamilies([partition, narrower]);
