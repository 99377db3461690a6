/**
 * A status listing after a request changed status agrees with the unfiltered listing of the same
 * window (API document, GET /requests/v3: "All parameters are optional and combine with AND unless
 * stated" — `status=S` lists every request whose status is S, and only those; rule 5: `total` is
 * the exact count). An index kept per status is updated when a request moves: the request leaves
 * the list of its old status and joins the list of its new one. A server that damages a NEIGHBOUR
 * while doing so (the next older request of that status dropped, or kept) lists the changed request
 * itself correctly, so `requests-v3.changed.new-values`, which asks for the changed request, passes.
 *
 * The relation: for one request X that changed during the run, read the unfiltered page of the
 * requests created at or before X (the newest first), then `status=T` with the same end, for T its
 * new and its old status (up to three requests that moved: the first the events session moved, then
 * those the run's history read in two states). Inside the span both pages cover, every request the unfiltered page shows
 * in status T is listed by `status=T`, and every request `status=T` lists is on the unfiltered page.
 * Moving data: the unfiltered page is read first; a request it shows in status T and `status=T`
 * misses is judged only when a read by id afterwards still shows it in T with the same updatedAt
 * (it was in T all along, so the status listing read in between had to list it). A request created
 * later than X never enters the span. Up to 6 reads by id and 3 pages per request judged; a
 * failure must reproduce (a relation).
 */
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, CheckSpec } from '../contract/types.js';
import { pass, skip } from '../contract/outcome.js';
import { FILTERABLE_STATUSES, createdAtMs, idsOf, recordId, recordStatus, sample, updatedAtMs, type RecordJson } from '../contract/record.js';
import { MAX_LIMIT } from '../contract/limits.js';
import { candidates, differs, readPageById, readingOf } from './requests-v3-after-change.js';
import { V3, createdSec, fetchPage, type Page } from './support/listing.js';

/** Candidates read again by id to find those that changed into a status the filter takes. */
const MAX_READS = 6;
/** Changed requests judged (each costs the unfiltered page and one or two status pages). */
const MAX_JUDGED = 3;
/** Misses read again by id before one is judged (each a request). */
const MAX_CONFIRMS = 2;

/**
 * The span of a page of the newest requests created at or before an end: from its oldest record's
 * creation (excluded when the page is full, since a later page may hold more of that instant) up.
 * A page that is not full reaches the start of the data: every record at or before the end.
 */
export function spanFloor(page: Page): number {
  if (page.continuation === undefined) return -Infinity;
  const oldest = page.records.reduce((min, r) => Math.min(min, createdAtMs(r) ?? Infinity), Infinity);
  return Number.isFinite(oldest) ? oldest : Infinity;
}

/** Records of `records` created strictly after `floor` (any with a createdAt when -Infinity). */
const above = (records: readonly RecordJson[], floor: number): RecordJson[] =>
  records.filter((r) => (createdAtMs(r) ?? -Infinity) > floor);

/**
 * What the two pages disagree on, inside the span both cover: the requests the unfiltered page
 * shows in status `status` that the status page misses, and those the status page lists that the
 * unfiltered page misses. Pure (the check and its tests share it).
 */
export function disagreement(unfiltered: Page, byStatus: Page, status: string): { missing: RecordJson[]; unlisted: RecordJson[] } {
  const floor = Math.max(spanFloor(unfiltered), spanFloor(byStatus));
  const inStatus = new Set(idsOf(byStatus.records));
  const inAll = new Set(idsOf(unfiltered.records));
  const missing = above(unfiltered.records, floor).filter((r) => recordStatus(r) === status && !inStatus.has(recordId(r) ?? ''));
  const unlisted = above(byStatus.records, floor).filter((r) => recordStatus(r) === status && !inAll.has(recordId(r) ?? ''));
  return { missing, unlisted };
}

interface Moved {
  id: string;
  now: RecordJson;
  before?: string;
}

/**
 * The candidates that read changed by id, now in a status the filter takes, with their status
 * before: the one the events session moved first, then those the run's history read in two states,
 * in the order the run noticed them (a move early in the run is one an index built after it shows).
 */
async function movedRequests(ctx: CheckContext): Promise<Moved[] | ReturnType<typeof skip>> {
  const all = await candidates(ctx);
  // Typed only when nothing moved: the coverage then says what would judge the clause (a target whose requests move).
  if (all.length === 0) return skip('no request changed during the run (no reading showed one move, no events session moved one)', 'static-data');
  const driven = all.filter((c) => !c.history);
  const history = all.filter((c) => c.history);
  const order = [...driven.slice(0, 1), ...history, ...driven.slice(1)];
  const out: Moved[] = [];
  for (const c of order.slice(0, MAX_READS)) {
    if (out.length >= MAX_JUDGED) break;
    const { record } = await readPageById(ctx, c.id);
    if (!record || !differs(c.first, readingOf(record))) continue;
    const status = recordStatus(record);
    if (status === undefined || !FILTERABLE_STATUSES.includes(status) || createdSec(record) === undefined) continue;
    out.push({ id: c.id, now: record, ...(c.first.status !== undefined && c.first.status !== status ? { before: c.first.status } : {}) });
  }
  return out.length > 0 ? out : skip(`none of the ${Math.min(all.length, MAX_READS)} request(s) read again by id reads changed into a status the filter takes`);
}

/** Throws the first disagreement of the status listings around `moved` with the unfiltered one; what was compared. */
async function judge(ctx: CheckContext, moved: Moved, budget: { confirms: number }): Promise<string> {
  const { id, now, before } = moved;
  const end = createdSec(now)!;
  const statuses = [recordStatus(now)!, ...(before !== undefined && FILTERABLE_STATUSES.includes(before) ? [before] : [])];
  const unfiltered = await fetchPage(ctx, { endTimestamp: end, limit: MAX_LIMIT }, `the requests created up to request ${id}`);
  const notes: string[] = [];
  for (const status of statuses) {
    const byStatus = await fetchPage(ctx, { status, endTimestamp: end, limit: MAX_LIMIT }, `status=${status} up to request ${id}`);
    const { missing, unlisted } = disagreement(unfiltered, byStatus, status);
    if (unlisted.length > 0) {
      violate(
        `The unfiltered listing must list every request status=${status} lists in the same window (a filter narrows a listing, never adds to it)`,
        `the ${unlisted.length} request(s) status=${status} lists up to request ${id} (created ${String(now.createdAt)}) on the unfiltered page of the same end`,
        `unfiltered page without ${sample(idsOf(unlisted))}`,
        unfiltered.exchange,
      );
    }
    for (const r of missing) {
      if (budget.confirms <= 0) break;
      budget.confirms -= 1;
      const rid = recordId(r)!;
      const { record } = await readPageById(ctx, rid);
      // Moved since the unfiltered page (or not readable): not judged; a request in that status throughout had to be listed.
      if (!record || recordStatus(record) !== status || updatedAtMs(record) !== updatedAtMs(r)) {
        notes.push(`${rid} moved between the reads (not judged)`);
        continue;
      }
      violate(
        `status=${status} must list every request whose status is ${status}: after request ${id} moved ${before !== undefined ? `from ${before} ` : ''}to ${recordStatus(now)}, a request of that status in the same window is missing (the status index lost a neighbour of the request that moved)`,
        `request ${rid} (status ${status}, created ${String(r.createdAt)}) listed by status=${status}&endTimestamp=${end}`,
        `a status=${status} page without it (${byStatus.records.length} records), while the unfiltered page before and a read by id after both show it in status ${status}, updatedAt ${String(r.updatedAt)}`,
        byStatus.exchange,
      );
    }
    notes.push(`status=${status}: ${byStatus.records.length} listed`);
  }
  return `${id} (${before !== undefined ? `${before} → ` : ''}${recordStatus(now)}): ${notes.join(', ')}`;
}

const statusListings: CheckSpec = {
  id: 'requests-v3.changed.status-listings-agree',
  title: 'After a request changed status, status=<its new status> and status=<its old status> list exactly the requests of that status the unfiltered listing shows up to its creation',
  clauses: ['requests-v3.filter.after-change'],
  operation: V3,
  requires: ['apiKey'],
  // Reads the requests the events family moved (checks/index.ts, RUN_ORDER) and the run's history.
  exclusive: true,
  relation: true,
  readsEvents: true,
  async run(ctx) {
    const moved = await movedRequests(ctx);
    if (!Array.isArray(moved)) return moved;
    const budget = { confirms: MAX_CONFIRMS };
    const judged: string[] = [];
    for (const m of moved) judged.push(await judge(ctx, m, budget));
    return pass(`${judged.length} request(s) that moved, each status listing agreeing with the unfiltered page up to its creation: ${judged.join('; ')}`);
  },
};

export const checks: CheckDefinition[] = withFamilies([statusListings]);
