/**
 * Requests that changed during the run, filtered by their new values beyond status and hash
 * parameters (API document, GET /requests/v3 Ranges: fillTimeMin/Max, appFeesAmountUsdMin/Max;
 * Search: `term` matches transaction hashes). `requests-v3.changed.new-values` asks a changed
 * request by its new status and the hash it gained; an index that keeps a changed request's range
 * columns or its term entries as they were passes it. A request's fill time is not shown in its
 * record, so the ranges are asked in disjoint pairs (fillTimeMax=N and fillTimeMin=N+1; the same for
 * app fees in USD) with its id: a request lies in at most one of two disjoint ranges. And the hash it
 * gained (fill or refund) must find it as `term`. One changed request (the first that reads changed
 * by id), at most five requests; a request that moves again between the reads is not judged (a
 * relation: a failure must reproduce).
 */
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckDefinition, CheckSpec } from '../contract/types.js';
import { candidates, differs, gainedHash, readPageById, readingOf } from './requests-v3-after-change.js';
import { V3, createdSec, fetchPage, holds, type Query } from './support/listing.js';
import { idsOf, sample } from '../contract/record.js';
import { pass, skip } from '../contract/outcome.js';
import { recordStatus, type RecordJson } from '../contract/record.js';

/** Candidates read again by id to find one that changed. */
const MAX_READS = 2;
/** Disjoint pairs: [the upper bound of the first range, the lower bound of the second]. */
const PAIRS: ReadonlyArray<{ label: string; max: string; min: string; at: [number, number] }> = [
  { label: 'fill time', max: 'fillTimeMax', min: 'fillTimeMin', at: [60, 61] },
  { label: 'app fees in USD', max: 'appFeesAmountUsdMax', min: 'appFeesAmountUsdMin', at: [0.5, 0.51] },
];

const changedRanges: CheckSpec = {
  id: 'requests-v3.changed.ranges-and-term',
  title: 'A request that changed during the run lies in at most one of two disjoint fill-time (and app-fee) ranges, and the hash it gained finds it as term',
  clauses: ['requests-v3.filter.after-change', 'requests-v3.filter.ranges', 'requests-v3.filter.term'],
  operation: V3,
  requires: ['apiKey'],
  // Reads the requests the events family moved (checks/index.ts, RUN_ORDER) and the run's history.
  exclusive: true,
  relation: true,
  readsEvents: true,
  async run(ctx) {
    const all = await candidates(ctx);
    let judged: { id: string; now: RecordJson; before?: RecordJson } | undefined;
    for (const c of all.slice(0, MAX_READS)) {
      const { record } = await readPageById(ctx, c.id);
      if (record && differs(c.first, readingOf(record))) {
        judged = { id: c.id, now: record, ...(c.first.record ? { before: c.first.record } : {}) };
        break;
      }
    }
    if (!judged) return skip(all.length === 0 ? 'no request changed during the run (no reading showed one move, no events session moved one)' : `none of the ${Math.min(all.length, MAX_READS)} request(s) read again by id reads changed`);
    const { id, now } = judged;
    const notes: string[] = [];
    for (const pair of PAIRS) {
      const [hi, lo] = pair.at;
      const below = await fetchPage(ctx, { id, [pair.max]: hi }, `request ${id} with ${pair.max}=${hi}`);
      const above = await fetchPage(ctx, { id, [pair.min]: lo }, `request ${id} with ${pair.min}=${lo}`);
      if (holds(below.records, id) && holds(above.records, id)) {
        violate(
          `A request that changed during the run (status ${recordStatus(now) ?? '?'} now) must be filtered by its current ${pair.label}: it cannot lie both at most ${hi} and at least ${lo}`,
          `request ${id} listed by at most one of ${pair.max}=${hi} and ${pair.min}=${lo}`,
          `listed by both`,
          above.exchange,
        );
      }
      notes.push(`${pair.label}: ${[holds(below.records, id) ? `≤ ${hi}` : '', holds(above.records, id) ? `≥ ${lo}` : ''].filter(Boolean).join('') || 'neither'}`);
    }
    const gained = gainedHash(now, judged.before);
    const created = createdSec(now);
    if (gained && created !== undefined) {
      const query: Query = { term: gained.hash, startTimestamp: created - 1, endTimestamp: created + 1 };
      const page = await fetchPage(ctx, query, `term=<the ${gained.param} request ${id} gained>`);
      if (!holds(page.records, id) && page.continuation === undefined) {
        violate(
          `term matches transaction hashes: the ${gained.param === 'fillTxHash' ? 'fill' : 'refund'} transaction hash request ${id} gained during the run must find it`,
          `request ${id} in the listing of term=${gained.hash} around its creation second`,
          page.records.length === 0 ? 'an empty listing' : `${sample(idsOf(page.records))} without it`,
          page.exchange,
        );
      }
      notes.push(`term=<its new ${gained.param}> finds it`);
    }
    return pass(`request ${id} (changed during the run): ${notes.join('; ')}`);
  },
};

/** The checks of changed requests under ranges and term, in run order. */
export const checks: CheckDefinition[] = withFamilies([changedRanges]);
