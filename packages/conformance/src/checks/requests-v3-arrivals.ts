/**
 * Requests that arrive are listed (API document, GET /requests/v3 rules 1, 4, 5 and the parameter
 * table: the listing, newest first by default, holds every request; `total` counts every match; an
 * equality filter finds every request it matches). The live service takes new requests all the time;
 * the embedded reference server only when asked, and a server whose indexes, caches or counts go
 * wrong as requests arrive passes every check that reads a still data set. Against the embedded
 * server this check makes requests arrive (`ctx.arrive`: a batch, then three one at a time) and reads
 * them back: found by their ids (a lone arrival too),
 * counted once by `total`, first on the newest page, and the oldest request still found by two of
 * its own fields and by its id under the other orders, once the data set has grown by more than a
 * 32-record word; neither side of the apiKey null-check loses a request, and a request it lists as
 * keyless shows no caller the authenticated fields of an owner. Against a URL the
 * target's own arrivals are judged by the relations without a window (requests-v3-unwindowed*.ts).
 * Runs alone, after the events family: no other check reads the data set while it grows.
 */
import { ensure, violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, CheckSpec } from '../contract/types.js';
import { FILTERABLE_STATUSES, createdAtMs, get, idsOf, recordId, recordStatus, sample } from '../contract/record.js';
import { MAX_LIMIT } from '../contract/limits.js';
import { pass, skip } from '../contract/outcome.js';
import { V3, fetchPage, total, type Page } from './support/listing.js';
import { AUTHENTICATED_FIELDS, authenticatedFieldsIn } from '../oracles/authenticated-fields.js';

/** New requests per run: more than one 32-record word (a store that grows past a word boundary), fewer than a page. */
export const ARRIVALS = 40;

/** Of the new requests, how many arrive one at a time (after the batch). */
const LONE = 3;

/** The orders other than the default one (createdAt), under which the oldest request is asked by its id. */
const OTHER_SORTS = ['updatedAt', 'amountUsd'] as const;

/** Why the embedded server cannot take requests at all (it serves a data file), when `err` says so: a skip, not a failure. */
const cannotArrive = (err: unknown): string | undefined =>
  err instanceof Error && /need generated data/.test(err.message) ? 'the embedded server serves a data file, which cannot take new requests' : undefined;

/** The two sides of the apiKey null-check (rule 7: null is "is empty", with `not:` "is not empty"). */
const KEY_SIDES = [JSON.stringify([{ apiKey: null }]), JSON.stringify([{ 'not:apiKey': null }])] as const;

/** The totals of both sides of the apiKey null-check, without a window. */
async function keyNullChecks(ctx: CheckContext): Promise<Record<string, { total: number; page: Page }>> {
  const out: Record<string, { total: number; page: Page }> = {};
  for (const side of KEY_SIDES) out[side] = await total(ctx, { filters: side, limit: 1 });
  return out;
}

/** Steps the newest arrival is moved at most, until it reaches a status the filter takes. */
const MAX_STEPS = 3;
/** The status the newest page of a status is read in before the move (the first step of a new request). */
const FIRST_STEP = 'pending';

/**
 * The newest request of the data set (the last arrival), moved one lifecycle step at a time
 * (`ctx.advance`) until it reaches a status the filter takes: newer than every request of that
 * status, it must lead `status=<it>` newest first (rule 1, createdAt descending by default; the
 * Status row). `status=pending` is read first, as a client's poll would: a server that files the
 * move into a list it has built must place a position newer than all of the list's. A move made
 * meanwhile by the target itself (a live-traffic server) is read again by id and not judged.
 */
async function judgeNewestMoved(ctx: CheckContext, id: string): Promise<string> {
  const advance = ctx.advance!;
  await fetchPage(ctx, { status: FIRST_STEP, limit: 1 }, `the newest request in status ${FIRST_STEP}, before the newest arrival moves`);
  for (let step = 1; step <= MAX_STEPS; step++) {
    const status = await advance(id);
    if (status === undefined) return `; the newest arrival ${id} did not move`;
    if (!FILTERABLE_STATUSES.includes(status)) continue;
    const page = await fetchPage(ctx, { status, limit: 1 }, `status=${status} after the newest arrival moved into it`);
    const first = page.records[0] === undefined ? undefined : recordId(page.records[0]);
    if (first === id) return `; the newest arrival, moved into ${status}, leads status=${status}`;
    const again = (await fetchPage(ctx, { id, limit: 1 }, `request ${id}, read again`)).records.find((r) => recordId(r) === id);
    if (again === undefined || recordStatus(again) !== status) return `; the newest arrival moved into ${status} and on (${again === undefined ? 'not found by id' : recordStatus(again)}) before it was read: not judged`;
    // A request that arrived later and moved meanwhile (a live-traffic target) may lead instead.
    const leading = page.records[0] === undefined ? undefined : createdAtMs(page.records[0]);
    const ours = createdAtMs(again);
    if (leading !== undefined && ours !== undefined && leading >= ours) return `; a request created with or after the newest arrival leads status=${status}: not judged`;
    violate(
      `A request that moves is listed by its new status: the newest request of the data set, moved into ${status}, is newer than every request in ${status}, so it leads status=${status} (createdAt descending)`,
      `request ${id} first`,
      first === undefined ? 'no record' : `request ${first} first`,
      page.exchange,
    );
  }
  return `; the newest arrival reached no status the filter takes in ${MAX_STEPS} steps`;
}

const arrivalsListed: CheckSpec = {
  id: 'requests-v3.arrivals.listed',
  title: 'Requests that arrive during the run are listed: found by their ids, counted once by total (filters=[{}] too), first on the newest page, neither side of the apiKey null-check loses a request nor lists an owned one as keyless, and the oldest request is still found by two of its own fields and by its id under the other orders',
  clauses: ['requests-v3.pagination.no-gaps', 'requests-v3.total.exact', 'requests-v3.filter.completeness', 'requests-v3.filters.null-check'],
  operation: V3,
  requires: ['apiKey'],
  // Not a relation read twice: the embedded server's data moves only by status (which changes no
  // total without a filter, and no request's id or creation), the requests it compares are the ones
  // it made arrive, and a second reading would make 40 more arrive.
  // Alone: the data set grows under it, and no other check reads it meanwhile.
  exclusive: true,
  async run(ctx) {
    if (!ctx.arrive) return skip('requests are made to arrive only at the embedded reference server; a target at a URL takes its own, which the relations without a window judge');
    const before = await total(ctx, { limit: 1 });
    const keyedBefore = await keyNullChecks(ctx);
    const oldest = (await fetchPage(ctx, { sortDirection: 'asc', limit: 1 }, 'the oldest request (sortDirection=asc without a window)')).records[0];
    let ids: string[];
    let lone: string[];
    try {
      // A batch, then a few on their own (a server may take a lone arrival another way: the live
      // service's arrive one at a time).
      const batch = await ctx.arrive(ARRIVALS - LONE);
      lone = [];
      for (let i = 0; i < LONE; i++) lone.push(...(await ctx.arrive(1)));
      // New arrays: the ones `arrive` answers are the run's record of them.
      ids = [...batch, ...lone];
    } catch (err) {
      const why = cannotArrive(err);
      if (why !== undefined) return skip(why);
      if (err instanceof Error && err.name === 'NotInRecording') throw err;
      return violate(
        `The embedded reference server must take new requests as the live service does: asked for ${ARRIVALS}, it failed`,
        `${ARRIVALS} new requests`,
        err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      );
    }
    const found = await fetchPage(ctx, { filters: JSON.stringify([{ id: ids }]), includeTotal: true, limit: MAX_LIMIT }, 'the new requests by their ids');
    // The new requests the page lists (a record that is not one of them is the filter oracles' to judge).
    const asked = new Set(ids);
    const listed = idsOf(found.records).filter((id) => asked.has(id));
    ensure(
      found.total === listed.length,
      'The new requests, asked by their ids, are listed and counted alike: the page lists as many of them as its total counts',
      `${String(found.total)} of the new requests on the page (its total)`,
      `${listed.length} of them among its ${found.records.length} records${found.records.length > listed.length ? `, with ${sample(idsOf(found.records).filter((id) => !asked.has(id)))} that are not new` : ''}`,
      found.exchange,
    );
    // A lone arrival on a private chain is left out by design (1 in 100 of the reference server's
    // requests): only when none of the lone arrivals is listed is one judged lost.
    ensure(
      lone.some((id) => asked.has(id) && listed.includes(id)),
      `Requests that arrive one at a time are listed as a batch's are: of ${LONE} requests made to arrive on their own, at least one is found by its id (one on a private chain may be left out)`,
      `at least one of ${sample(lone)} among the records`,
      `none of them; the page lists ${listed.length} of the ${ARRIVALS} new requests`,
      found.exchange,
    );
    // Read in this order so that requests the target takes on its own meanwhile (a live-traffic
    // server) only widen the bounds: the whole after the arrivals, filters=[{}], then the newest page,
    // which shows every request newer than the newest one before (k of them: ours and its own).
    const after = await total(ctx, { limit: 1 });
    const all = await fetchPage(ctx, { filters: JSON.stringify([{}]), includeTotal: true, limit: 1 }, 'filters=[{}] after the arrivals');
    const newest = await fetchPage(ctx, { limit: MAX_LIMIT }, 'the newest page after the arrivals');
    const page = idsOf(newest.records);
    const previousNewest = before.page.records[0] === undefined ? undefined : recordId(before.page.records[0]);
    const k = previousNewest === undefined ? -1 : page.indexOf(previousNewest);
    const above = new Set(k < 0 ? page : page.slice(0, k));
    const missing = listed.filter((id) => !above.has(id));
    ensure(
      missing.length === 0,
      'Requests that arrive are the newest: the first page without a window (createdAt descending) lists them before every request that was there before',
      `the ${listed.length} new requests above ${previousNewest ?? 'the requests listed before'}`,
      `${missing.length} missing: ${sample(missing)}; the page lists ${sample(page)}`,
      newest.exchange,
    );
    const most = k < 0 ? undefined : before.total + k;
    ensure(
      after.total >= before.total + listed.length && (most === undefined || after.total <= most),
      `Requests that arrive are counted once: without a window, total grows by the new requests the listing holds (${listed.length} of ${ARRIVALS} made to arrive; one on a private chain is not listed), and by no more than the requests the newest page shows above the newest one before`,
      most === undefined || most === before.total + listed.length ? `total ${before.total} + ${listed.length} = ${before.total + listed.length}${most === undefined ? ' or more' : ''}` : `total from ${before.total + listed.length} to ${most}`,
      `total ${after.total}`,
      after.page.exchange,
    );
    ensure(
      typeof all.total === 'number' && all.total >= after.total && (most === undefined || all.total <= most),
      'An empty filters group matches every request, the new ones too: filters=[{}] counts the whole listing',
      most === undefined || most === after.total ? `total ${after.total} (without filters)${most === undefined ? ' or more' : ''}` : `total from ${after.total} (without filters) to ${most}`,
      `total ${String(all.total)}`,
      all.exchange,
    );
    // A request's key never changes and no request is removed: neither side of the apiKey null-check
    // may lose a request as others arrive (rule 7: a null-check works on any recognised filters key;
    // apiKey is one, Status / routing). A server that files a keyless arrival under a key of its own
    // making moves keyless requests to the other side when it rebuilds its indexes.
    const keyedAfter = await keyNullChecks(ctx);
    for (const side of KEY_SIDES) {
      ensure(
        keyedAfter[side].total >= keyedBefore[side].total,
        `A request's API key never changes and no request is removed: filters=${side}, a null-check of apiKey, must count no fewer requests after others arrived`,
        `total ${keyedBefore[side].total} or more (${keyedBefore[side].total} before the arrivals)`,
        `total ${keyedAfter[side].total}`,
        keyedAfter[side].page.exchange,
      );
    }
    // A request listed as keyless is tied to no key, so no caller sees its authenticated fields
    // (rule 6: only when the caller's key is tied to the request). The latest updates first: the
    // requests whose rows the run changed, and the new ones.
    const keyless = await fetchPage(ctx, { filters: KEY_SIDES[0], sortBy: 'updatedAt', includeAuthenticatedData: true, limit: MAX_LIMIT }, `filters=${KEY_SIDES[0]} with includeAuthenticatedData=true, latest updates first`);
    const owned = keyless.records.find((r) => authenticatedFieldsIn(get(r, 'data')).length > 0);
    if (owned) {
      violate(
        `A request listed by filters=${KEY_SIDES[0]} has no API key, so no caller's key is tied to it: it must not carry the authenticated fields only the owning key sees (includeAuthenticatedData=true)`,
        `no ${AUTHENTICATED_FIELDS.map((f) => `data.${f}`).join(', ')} on the requests listed as keyless`,
        `request ${String(recordId(owned))} with ${authenticatedFieldsIn(get(owned, 'data')).map((f) => `data.${f}`).join(', ')}`,
        keyless.exchange,
      );
    }
    const oldestId = oldest === undefined ? undefined : recordId(oldest);
    const [recipient, user] = oldest === undefined ? [] : [get(oldest, 'recipient'), get(oldest, 'user')];
    let own = '';
    if (oldestId !== undefined && typeof recipient === 'string' && recipient !== '' && typeof user === 'string' && user !== '') {
      const page = await fetchPage(ctx, { recipient, user, limit: MAX_LIMIT }, 'the oldest request by its recipient and user');
      ensure(
        idsOf(page.records).includes(oldestId),
        'A request matching every parameter is listed: the oldest request, by its own recipient and user (without a window), after requests arrived',
        `request ${oldestId} among the records`,
        `${page.records.length} records without it${page.records.length > 0 ? `: ${sample(idsOf(page.records))}` : ''}`,
        page.exchange,
      );
      own = '; the oldest request is still found by its recipient and user';
    }
    if (oldestId !== undefined) {
      // The last position of a grown data set, asked under the other orders: a server whose scan past
      // the end of its last 32-record word restarts (or never ends) answers no request there.
      for (const sortBy of OTHER_SORTS) {
        const page = await fetchPage(ctx, { id: oldestId, sortBy, includeTotal: true }, `the oldest request by its id, sortBy=${sortBy}`);
        ensure(
          idsOf(page.records).includes(oldestId) && (page.total === undefined || page.total === 1),
          `A request is found by its own id under every order: the oldest request, by id with sortBy=${sortBy}, after requests arrived (one record, total 1)`,
          `request ${oldestId}, total 1`,
          `${page.records.length} records${page.records.length > 0 ? ` (${sample(idsOf(page.records))})` : ''}, total ${String(page.total)}`,
          page.exchange,
        );
      }
      own += `; the oldest request is found by its id under sortBy=${OTHER_SORTS.join(' and ')}`;
    }
    // The newest arrival found by its id, moved (embedded only): it leads the listing of its new status.
    const newestArrival = [...lone].reverse().find((id) => listed.includes(id));
    if (ctx.advance && newestArrival !== undefined) own += await judgeNewestMoved(ctx, newestArrival);
    const keys = KEY_SIDES.map((side) => `${side} ${keyedBefore[side].total} -> ${keyedAfter[side].total}`).join(', ');
    return pass(`${listed.length} of ${ARRIVALS} new requests listed (found by id, first on the newest page), total ${before.total} -> ${after.total}; ${keys}${own}`);
  },
};

export const checks: CheckDefinition[] = withFamilies([arrivalsListed]);
