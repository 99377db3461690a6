/**
 * GET /requests/v3 after a request changed during the run (what a still data set never shows): a
 * request whose status moved (the events family drives such moves against the embedded server;
 * a live server's requests move on their own) must be found by its NEW values: `status` (API
 * document, parameter table, "All parameters are optional and combine with AND"), the
 * `fillTxHash`/`refundTxHash` it gained (Search), and sorted by its new `updatedAt` (rules 1-2); one
 * that gained a fail reason (`failReason`, `refundFailReason`: Status / routing) is no longer
 * listed by the null-check of that field (rule 7: "A value of null is a null-check (is empty)").
 * The other filter checks draw their values from records as discovery first read them, so an
 * index that keeps a changed request under its old values passes them.
 *
 * Which requests changed: those the websocket session followed or drove (when the run has the
 * events family, which runs before this check), and those the run's history read twice with
 * another status or updatedAt. Each is read again by id; only one whose current reading differs
 * from its first is judged. Moving data: a miss is judged only when a fresh read by id shows the
 * request unchanged since (else withheld), and the check is a relation (a failure must reproduce).
 */
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, CheckSpec } from '../contract/types.js';
import { parsedBody, pass, skip } from '../contract/outcome.js';
import { V3, createdSec, fetchPage, holds, walk, type Page, type Query } from './support/listing.js';
import { recordsOfBody } from '../contract/list-wrapper.js';
import { FILTERABLE_STATUSES, idsOf, sample } from '../contract/record.js';
import { MAX_LIMIT } from '../contract/limits.js';
import { firstOrderBreak, showKey } from '../contract/order.js';
import { createdAtMs, fillTxHashes, get, recordId, recordStatus, refundTxHashes, updatedAtMs, type RecordJson } from '../contract/record.js';

/** At most this many changed requests are judged (each costs a read by id and one or two listings, beside one updatedAt listing for all). */
const MAX_JUDGED = 2;
/** At most this many candidates are read again by id to find those that changed. */
const MAX_READS = 4;
/** Pages followed when a filtered listing around one request's creation second does not show it on its first page. */
const MAX_PAGES = 3;

export interface Reading {
  status?: string;
  updatedAt?: number;
  record?: RecordJson;
  /**
   * The latest updatedAt a response showed (over all its records) while it showed the request in
   * this status: that response was served after every update it shows, so a status change seen
   * later happened no earlier (epoch ms).
   */
  floor?: number;
}

export const readingOf = (r: RecordJson): Reading => ({ status: recordStatus(r), updatedAt: updatedAtMs(r), record: r });

/** Slack for a server whose updatedAt values are rounded to the second (epoch ms). */
const UPDATED_AT_SLACK_MS = 2_000;

/**
 * Why the updatedAt a request reads after its status changed cannot be (Resources > Request
 * record: updatedAt; rules 1-2 sort by it): earlier than its createdAt, or than the floor of a
 * reading that still showed the old status (the change came after that reading was served). Only
 * a status change is judged (an updatedAt alone may move for other reasons); undefined when sound.
 */
export function updatedAtProblem(before: Pick<Reading, 'status' | 'updatedAt' | 'floor'>, now: RecordJson): string | undefined {
  const status = recordStatus(now);
  const at = updatedAtMs(now);
  if (at === undefined || status === undefined || before.status === undefined || status === before.status) return undefined;
  const created = createdAtMs(now);
  if (created !== undefined && at < created) return `updatedAt ${new Date(at).toISOString()} before its createdAt ${new Date(created).toISOString()}`;
  const floor = Math.max(before.floor ?? -Infinity, before.updatedAt ?? -Infinity);
  if (Number.isFinite(floor) && at < floor - UPDATED_AT_SLACK_MS) {
    // Not the floor's value: it grows with the run's history, and a relation's second read must say the same.
    return `updatedAt ${new Date(at).toISOString()}${created !== undefined ? ` (createdAt ${new Date(created).toISOString()})` : ''}, earlier than updates a response showed while the request still read status ${before.status}`;
  }
  return undefined;
}

/** The latest updatedAt among `records` (undefined when none reads one). */
function latestUpdate(records: readonly RecordJson[]): number | undefined {
  let max: number | undefined;
  for (const r of records) {
    const at = updatedAtMs(r);
    if (at !== undefined && (max === undefined || at > max)) max = at;
  }
  return max;
}
export const differs = (a: Reading, b: Reading): boolean =>
  (a.status !== undefined && b.status !== undefined && a.status !== b.status) || (a.updatedAt !== undefined && b.updatedAt !== undefined && a.updatedAt !== b.updatedAt);

/**
 * Requests the run saw change, in the order worth judging (driven by the events family first),
 * each with its first reading.
 */
/** A request the run saw change: its first reading, why it is a candidate, the status the stream pushed for it, and whether only the run's own readings showed it change (`history`). */
export interface Candidate {
  id: string;
  first: Reading;
  why: string;
  pushed?: string;
  history?: true;
}

export async function candidates(ctx: CheckContext): Promise<Candidate[]> {
  const first = new Map<string, Reading>();
  const changed = new Map<string, string>();
  const note = (r: RecordJson, latest?: number): void => {
    const id = recordId(r);
    if (id === undefined) return;
    const reading = readingOf(r);
    const before = first.get(id);
    if (!before) first.set(id, { ...reading, ...(latest !== undefined ? { floor: latest } : {}) });
    else {
      if (differs(before, reading) && !changed.has(id)) changed.set(id, 'read with another status or updatedAt earlier in the run');
      // Still in its first status when this response was served: a later change is later than it.
      if (latest !== undefined && reading.status !== undefined && reading.status === before.status) before.floor = Math.max(before.floor ?? latest, latest);
    }
  };
  for (const r of ctx.discovery.records) note(r);
  for (const e of ctx.exchangesFor(V3)) {
    if (e.response?.status !== 200) continue;
    const records = recordsOfBody(parsedBody(e.response)) ?? [];
    const latest = latestUpdate(records);
    for (const r of records) note(r, latest);
  }
  const out: Candidate[] = [];
  if (ctx.events) {
    const obs = await ctx.events.websocket();
    const moved = obs.driven
      ? [...obs.subscriptions.map((s) => s.id), ...obs.unsubscribedControls, ...obs.changedAfterUnsubscribe]
      : obs.messages.filter((m) => m.kind === 'push').map((m) => (m.json as { data?: { requestId?: unknown } } | undefined)?.data?.requestId).filter((id): id is string => typeof id === 'string');
    const pushedStatus = new Map<string, string>();
    for (const m of obs.messages) {
      const data = m.kind === 'push' ? (m.json as { data?: { requestId?: unknown; status?: unknown } } | undefined)?.data : undefined;
      if (typeof data?.requestId === 'string' && typeof data.status === 'string') pushedStatus.set(data.requestId, data.status);
    }
    for (const id of new Set(moved)) {
      const status = obs.statusBefore?.[id];
      const pushed = pushedStatus.get(id);
      out.push({ id, first: first.get(id) ?? (status !== undefined ? { status } : {}), why: obs.driven ? 'moved by the events session' : 'pushed by the events stream', ...(pushed !== undefined ? { pushed } : {}) });
    }
  }
  for (const [id, why] of changed) if (!out.some((c) => c.id === id)) out.push({ id, first: first.get(id)!, why, history: true });
  return out;
}

/** What a listing that lacks the request held, for `received`. */
const shownWithout = (records: readonly RecordJson[]): string => (records.length === 0 ? 'an empty listing' : `${sample(idsOf(records))} without it`);

/** The one record of `?id=X`, or undefined when the target lists none. */
async function readById(ctx: CheckContext, id: string): Promise<RecordJson | undefined> {
  return (await readPageById(ctx, id)).record;
}

/** `?id=X`: its page and the one record (undefined when the target lists none). */
export async function readPageById(ctx: CheckContext, id: string): Promise<{ page: Page; record?: RecordJson }> {
  const page = await fetchPage(ctx, { id }, `the read of request ${id} by id`);
  return { page, record: page.records.find((r) => recordId(r) === id) };
}

/** Walks `query` (a few pages at most) until the request shows; whether it did, and the first page. */
async function listed(ctx: CheckContext, query: Query, id: string, what: string): Promise<{ found: boolean; first: Page }> {
  const w = await walk(ctx, { ...query, limit: MAX_LIMIT }, { maxPages: MAX_PAGES, until: (page) => holds(page.records, id), what });
  return { found: holds(w.records, id), first: w.pages[0]! };
}

/** The transaction hash the request gained (fill, or refund), with its filter; undefined when it has none new. */
export function gainedHash(now: RecordJson, before: RecordJson | undefined): { param: 'fillTxHash' | 'refundTxHash'; hash: string } | undefined {
  const had = new Set(before ? [...fillTxHashes(before), ...refundTxHashes(before)].map((h) => h.toLowerCase()) : []);
  const refund = refundTxHashes(now).filter((h) => !had.has(h.toLowerCase()));
  if (refund.length > 0) return { param: 'refundTxHash', hash: refund[refund.length - 1]! };
  const refunds = new Set(refundTxHashes(now).map((h) => h.toLowerCase()));
  const fill = fillTxHashes(now).filter((h) => !had.has(h.toLowerCase()) && !refunds.has(h.toLowerCase()));
  if (fill.length > 0) return { param: 'fillTxHash', hash: fill[fill.length - 1]! };
  return undefined;
}

/** The fail-reason fields of a v3 record (`data.failReason`, `data.refundFailReason`: null when none). */
const REASON_FIELDS = ['failReason', 'refundFailReason'] as const;
type ReasonField = (typeof REASON_FIELDS)[number];
/** Statuses a request gains a fail reason in (a request read in one of them is worth reading for its reasons). */
const FAILED_STATUSES: readonly string[] = ['failure', 'refund'];

/** A real fail reason of `field` (a non-empty string other than the v2 placeholder `N/A`), or undefined. */
export function realReason(r: RecordJson | undefined, field: ReasonField): string | undefined {
  const v = r === undefined ? undefined : get(r, 'data', field);
  return typeof v === 'string' && v.trim() !== '' && v.trim().toUpperCase() !== 'N/A' ? v : undefined;
}

/**
 * The fail-reason fields a request gained during the run: a real reason now, which its first
 * reading did not show (or which no reading before the change showed: the first reading is only a
 * status). A record with a real reason is not empty in that field, whatever the server stores.
 */
export function gainedReasons(now: RecordJson, before: RecordJson | undefined): Array<{ field: ReasonField; reason: string }> {
  const out: Array<{ field: ReasonField; reason: string }> = [];
  for (const field of REASON_FIELDS) {
    const reason = realReason(now, field);
    if (reason !== undefined && (before === undefined || realReason(before, field) !== reason)) out.push({ field, reason });
  }
  return out;
}

/**
 * The requests that failed or were refunded most recently, newest update first: once the data has
 * moved, the run's other reads hold records as discovery first saw them, and a request that failed
 * while the run went on may be read by none of them. Read once so that every oracle judges its
 * record (Resources > Request record: `failReason`, "null when none"; Status / routing rule 4: the
 * reasons are returned in `data.failReason` and `data.refundFailReason`): a lifecycle step that
 * leaves the field out is a record the schema refuses. One listing, only when the data moved.
 */
async function readRecentFailures(ctx: CheckContext): Promise<void> {
  const filters = JSON.stringify([{ status: FAILED_STATUSES }]);
  await fetchPage(ctx, { filters, sortBy: 'updatedAt', limit: MAX_LIMIT }, `the requests that failed or were refunded last (filters=${filters}, sortBy=updatedAt)`);
}

const afterChange: CheckSpec = {
  id: 'requests-v3.changed.new-values',
  title: 'A request that changed during the run is found by its new status and new transaction hash, is no longer null-checked as without the fail reason it gained, is still listed as having a status, and is sorted by its new updatedAt',
  clauses: ['requests-v3.filter.after-change', 'requests-v3.sort.updated-at-after-change', 'requests-v3.record.updated-at-after-change', 'requests-v3.filters.null-check'],
  operation: V3,
  requires: ['apiKey'],
  // Reads the run's history and the events session, which ran before it (checks/index.ts, RUN_ORDER).
  exclusive: true,
  relation: true,
  readsEvents: true,
  async run(ctx) {
    const all = await candidates(ctx);
    if (all.length === 0) {
      const session = ctx.events ? (await ctx.events.websocket()).problem : 'the run has no events probe';
      // Typed, so that every report says what would judge the clauses (a target whose requests move).
      return skip(`no request changed during the run: no reading of the run showed a request with another status or updatedAt, and no events session moved one${session ? ` (no session: ${session})` : ''}`, 'static-data');
    }
    await readRecentFailures(ctx);
    const judged: Array<{ id: string; now: RecordJson }> = [];
    /** Requests the stream announced in another status while a read by id still shows the first one. */
    const announced: Array<{ id: string; now: RecordJson; pushed: string }> = [];
    /** A changed request read only for its fail reasons (the stream announced it failed; no judged request gained a reason). */
    const reasonOnly: Array<{ id: string; now: RecordJson }> = [];
    const notes: string[] = [];
    let reads = 0;
    for (const c of all) {
      // One changed request in a filterable status is enough (its status, its new hash, its updatedAt); a second only when the first one's status cannot be filtered on.
      const filterable = judged.some((j) => FILTERABLE_STATUSES.includes(recordStatus(j.now) ?? ''));
      if (filterable || judged.length >= MAX_JUDGED || reads >= MAX_READS) break;
      reads += 1;
      const { page, record: now } = await readPageById(ctx, c.id);
      if (!now) {
        notes.push(`${c.id} not listed by id`);
        continue;
      }
      if (!differs(c.first, readingOf(now))) {
        if (c.pushed !== undefined && c.pushed !== recordStatus(now) && FILTERABLE_STATUSES.includes(c.pushed)) announced.push({ id: c.id, now, pushed: c.pushed });
        continue;
      }
      judged.push({ id: c.id, now });
      // The change moved its updatedAt: to the time of the change, after the readings that showed the old status.
      const problem = updatedAtProblem(c.first, now);
      if (problem) {
        violate(
          'A request whose status changed must read the time of that change as its updatedAt (no earlier than its createdAt, nor than the updates a reading showing its old status carried)',
          `request ${c.id} (status ${recordStatus(now)}, ${c.first.status} before) with an updatedAt at or after the change`,
          problem,
          page.exchange,
        );
      }
    }
    // A request the stream announced failed (or refunded) but not yet read: read too when no judged
    // one gained a fail reason, so that a change of fail reason is judged whenever the run made one.
    if (!judged.some((j) => gainedReasons(j.now, all.find((c) => c.id === j.id)!.first.record).length > 0)) {
      const next = all.find((c) => c.pushed !== undefined && FAILED_STATUSES.includes(c.pushed) && !judged.some((j) => j.id === c.id) && !announced.some((a) => a.id === c.id));
      if (next && reads < MAX_READS + 1) {
        reads += 1;
        const now = await readById(ctx, next.id);
        if (now && differs(next.first, readingOf(now))) reasonOnly.push({ id: next.id, now });
      }
    }
    // A listing by the announced status that returns the request must show it in that status (the
    // status filter's soundness): a server whose reads lag behind its own filter shows two statuses at once.
    for (const { id, now, pushed } of announced.slice(0, MAX_JUDGED)) {
      const created = createdSec(now);
      if (created === undefined) continue;
      const page = await fetchPage(ctx, { status: pushed, startTimestamp: created - 1, endTimestamp: created + 1, limit: MAX_LIMIT }, `the listing by the announced status of request ${id}`);
      const shown = page.records.find((r) => recordId(r) === id);
      const status = shown ? recordStatus(shown) : undefined;
      if (shown && status !== pushed) {
        violate(
          `A request listed by status=${pushed} must have status ${pushed} (the stream announced it; the listing shows another status)`,
          `request ${id} with status ${pushed}, or not listed`,
          `request ${id} listed with status ${status ?? '(none)'}`,
          page.exchange,
        );
      }
    }
    if (judged.length === 0 && reasonOnly.length === 0) {
      return skip(`no request changed during the run: the ${reads} request(s) read again by id (${sample(all.slice(0, reads).map((c) => c.id))}) show their first status and updatedAt${notes.length ? `; ${notes.join('; ')}` : ''}`, 'static-data');
    }

    /** After a miss: whether the request still reads as it did (else the miss is the data moving, withheld). */
    const unchanged = async (id: string, now: RecordJson): Promise<boolean> => {
      const again = await readById(ctx, id);
      return again !== undefined && !differs(readingOf(now), readingOf(again));
    };
    const withheld: string[] = [];
    let asked = 0;
    // A request read only for the fail reason it gained (one the stream announced failed or refunded)
    // is listed by the hash it gained too (a refund's hash: the mutation bench's index-set.ts:38),
    // not by its status: +1 listing, only when it gained one.
    const hashOnly = new Set(reasonOnly.map((x) => x.id));
    for (const { id, now } of [...judged, ...reasonOnly]) {
      const before = all.find((c) => c.id === id)!.first;
      const created = createdSec(now);
      const window = created === undefined ? {} : { startTimestamp: created - 1, endTimestamp: created + 1 };
      const status = recordStatus(now);
      if (!hashOnly.has(id) && status !== undefined && FILTERABLE_STATUSES.includes(status)) {
        const query = { status, ...window };
        const r = await listed(ctx, query, id, `the listing by the new status of request ${id}`);
        asked += 1;
        if (!r.found) {
          if (!(await unchanged(id, now))) withheld.push(`${id} moved again while status=${status} was read`);
          else
            violate(
              `A request whose status changed to ${status} during the run must be listed by status=${status} (the status filter selects by the current status)`,
              `request ${id} (status ${status} read by id, ${before.status ?? 'another status'} before) in the listing of status=${status} around its creation second`,
              shownWithout(r.first.records),
              r.first.exchange,
            );
        }
      }
      const gained = gainedHash(now, before.record);
      if (gained) {
        const query = { [gained.param]: gained.hash, ...window };
        const r = await listed(ctx, query, id, `the listing by the new ${gained.param} of request ${id}`);
        asked += 1;
        if (!r.found) {
          if (!(await unchanged(id, now))) withheld.push(`${id} moved again while ${gained.param} was read`);
          else
            violate(
              `A request that gained a ${gained.param} during the run must be listed by ${gained.param}=<that hash>`,
              `request ${id} in the listing of ${gained.param}=${gained.hash}`,
              shownWithout(r.first.records),
              r.first.exchange,
            );
        }
      }
    }

    // A fail reason the request gained: the null-check of that field (rule 7, "is empty") must no
    // longer list it. One listing per field gained, on the request's id (top-level parameters still apply).
    let reasonsJudged = 0;
    for (const { id, now } of [...judged, ...reasonOnly]) {
      for (const { field, reason } of gainedReasons(now, all.find((c) => c.id === id)!.first.record)) {
        if (reasonsJudged >= MAX_JUDGED) break;
        reasonsJudged += 1;
        const groups = [{ [field]: null }];
        const page = await fetchPage(ctx, { id, filters: JSON.stringify(groups) }, `the null-check of ${field} on request ${id}`);
        asked += 1;
        if (!holds(page.records, id)) continue;
        const again = await readById(ctx, id);
        if (again === undefined || realReason(again, field) === undefined) {
          withheld.push(`${id} moved again while the null-check of ${field} was read`);
          continue;
        }
        violate(
          `A request that gained a ${field} during the run must not be listed by the null-check filters=${JSON.stringify(groups)} (is empty)`,
          `request ${id} (${field} ${JSON.stringify(reason)} read by id) not in the listing of id=${id}&filters=${JSON.stringify(groups)}`,
          `request ${id} listed`,
          page.exchange,
        );
      }
    }

    // A request always has a status (a string enum), so the negated null-check of status (rule 7,
    // "with `not:` is not empty") lists every request read again here, moved or not: a server that
    // files a moved request under "empty" as well leaves it out. One listing for all of them, on
    // their ids; whatever moves meanwhile, a status stays non-empty.
    const reread = [...new Set([...judged, ...reasonOnly, ...announced].map((j) => j.id))];
    const notEmpty = [{ id: reread, 'not:status': null }];
    const everyStatus = await fetchPage(ctx, { filters: JSON.stringify(notEmpty), limit: MAX_LIMIT }, `the negated null-check of status on the ${reread.length} request(s) read again`);
    asked += 1;
    const unlisted = reread.filter((id) => !holds(everyStatus.records, id));
    if (unlisted.length > 0) {
      violate(
        'Every request has a status, so the null-check with not: (is not empty) lists every request, one whose status changed during the run included',
        `the ${reread.length} request(s) of filters=${JSON.stringify(notEmpty)}`,
        `${everyStatus.records.length} listed; missing ${sample(unlisted)}`,
        everyStatus.exchange,
      );
    }

    // sortBy=updatedAt, default direction (descending), no window: every record whose updatedAt is later
    // than the last one of the first page must be on it. A request that changed during the run has one
    // of the latest updatedAt values, so it leads the listing unless later changes came after it.
    const byUpdated = await fetchPage(ctx, { sortBy: 'updatedAt', limit: MAX_LIMIT }, 'the listing sorted by updatedAt');
    asked += 1;
    const broken = firstOrderBreak(byUpdated.records, 'updatedAt', 'desc');
    if (broken) {
      violate(
        'Sorted by updatedAt (descending by default), records must come by their current updatedAt, also after a status change moved it',
        `updatedAt <= ${showKey(broken.previous.key, 'updatedAt')} after id ${broken.previous.id}`,
        `id ${broken.next.id} at position ${broken.index} with updatedAt ${showKey(broken.next.key, 'updatedAt')}`,
        byUpdated.exchange,
      );
    }
    const last = byUpdated.records.length > 0 ? updatedAtMs(byUpdated.records[byUpdated.records.length - 1]!) : undefined;
    for (const { id, now } of judged) {
      const at = updatedAtMs(now);
      if (at === undefined || holds(byUpdated.records, id)) continue;
      const mustHold = byUpdated.continuation === undefined || (last !== undefined && Math.floor(at / 1000) > Math.floor(last / 1000));
      if (!mustHold) continue;
      if (!(await unchanged(id, now))) {
        withheld.push(`${id} moved again while the updatedAt listing was read`);
        continue;
      }
      violate(
        'Sorted by updatedAt (descending), a request that changed during the run comes by its new updatedAt: before every record updated earlier',
        `request ${id} (updatedAt ${new Date(at).toISOString()}) on the first page, whose last record was updated at ${last === undefined ? '?' : new Date(last).toISOString()}`,
        shownWithout(byUpdated.records),
        byUpdated.exchange,
      );
    }
    const shown = [...judged, ...reasonOnly].map((j) => `${j.id} (${recordStatus(j.now) ?? '?'})`).join(', ');
    return pass(`${judged.length + reasonOnly.length} changed request(s) found by their new values (${asked} listings${reasonsJudged ? `, ${reasonsJudged} by a fail reason's null-check` : ''}): ${shown}${withheld.length ? `; withheld: ${withheld.join('; ')}` : ''}`);
  },
};

/** The checks of requests that changed during the run, in run order (after the events family). */
export const checks: CheckDefinition[] = withFamilies([afterChange]);
