/**
 * The owner's authenticated read of a request that changed during the run (API document, GET
 * /requests/v3 rule 6: `includeAuthenticatedData=true` "returns authenticated fields ... only when
 * the caller's API key is tied to those requests": the flag adds fields, it does not change the
 * request's others). A server that keeps a view of each record per reader (a cache of the owner's
 * authenticated records beside the plain ones) may drop only the plain view when a request changes:
 * its owner then reads the request as it was. The other checks read changed requests without the
 * flag. Here a request the run saw change (requests-v3-after-change.ts `candidates`: moved by the
 * events session, or read with another status), whose latest plain reading of the run shows the
 * change (else up to three are read by id, as the after-change checks do), is read by id with includeAuthenticatedData=true by the run's key (the owner of the
 * requests the events session moves on the embedded target, which read them with the flag before
 * moving them): its status and updatedAt must be those of the plain reading. On a difference the
 * plain read is asked again: a request that moved on meanwhile is withheld, one that still reads as
 * before fails. One request when the run's reads show a change (two on a difference).
 */
import { violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, CheckSpec, Exchange } from '../contract/types.js';
import { candidates, differs, readPageById, readingOf, type Reading } from './requests-v3-after-change.js';
import { V3, fetchPage } from './support/listing.js';
import { recordsOfBody } from '../contract/list-wrapper.js';
import { parsedBody, pass, skip } from '../contract/outcome.js';
import { recordId } from '../contract/record.js';

/** Changed requests judged at most (each costs one read, two on a difference). */
const MAX_JUDGED = 1;
/** Candidates read by id when no plain read of the run shows a change. */
const MAX_READS = 3;

/** Whether an exchange asked with includeAuthenticatedData=true. */
function withFlag(e: Exchange): boolean {
  try {
    return new URL(e.request.url).searchParams.get('includeAuthenticatedData') === 'true';
  } catch {
    return false;
  }
}

/** The latest reading of each request in the run's plain reads (without includeAuthenticatedData). */
function latestPlainReadings(ctx: CheckContext): Map<string, Reading> {
  const latest = new Map<string, Reading>();
  for (const e of ctx.exchangesFor(V3)) {
    if (e.response?.status !== 200 || withFlag(e)) continue;
    for (const r of recordsOfBody(parsedBody(e.response)) ?? []) {
      const id = recordId(r);
      if (id !== undefined) latest.set(id, readingOf(r));
    }
  }
  return latest;
}

const show = (r: Reading): string => `status ${r.status ?? '?'}, updatedAt ${r.updatedAt === undefined ? '?' : new Date(r.updatedAt).toISOString()}`;

const ownerRead: CheckSpec = {
  id: 'requests-v3.changed.authenticated-read',
  title: 'A request that changed during the run reads the same status and updatedAt with includeAuthenticatedData=true as without it',
  clauses: ['requests-v3.auth.authenticated-data-owner'],
  operation: V3,
  requires: ['apiKey'],
  // Reads the run's history and the events session, which ran before it (checks/index.ts, RUN_ORDER).
  exclusive: true,
  relation: true,
  readsEvents: true,
  async run(ctx) {
    const all = await candidates(ctx);
    const latest = latestPlainReadings(ctx);
    const changed = all.filter((c) => {
      const now = latest.get(c.id);
      return now !== undefined && differs(c.first, now) && now.status !== undefined;
    });
    // No plain read of the run shows a change yet (the after-change checks did not run): read the
    // first candidates by id (as they would).
    for (const c of changed.length === 0 ? all.slice(0, MAX_READS) : []) {
      const now = (await readPageById(ctx, c.id)).record;
      if (now === undefined) continue;
      latest.set(c.id, readingOf(now));
      if (differs(c.first, readingOf(now))) {
        changed.push(c);
        break;
      }
    }
    if (changed.length === 0) {
      return skip(
        all.length === 0 ? 'no request changed during the run' : `none of the ${all.length} request(s) the run saw move reads another status or updatedAt than first (the last reads of the run and up to ${MAX_READS} reads by id)`,
        'static-data',
      );
    }
    const notes: string[] = [];
    for (const c of changed.slice(0, MAX_JUDGED)) {
      const plain = latest.get(c.id)!;
      const auth = await fetchPage(ctx, { id: c.id, includeAuthenticatedData: true }, `the read of request ${c.id} by id with includeAuthenticatedData=true`);
      const record = auth.records.find((r) => recordId(r) === c.id);
      if (!record) {
        notes.push(`${c.id} not listed by id with includeAuthenticatedData=true`);
        continue;
      }
      const seen = readingOf(record);
      if (!differs(plain, seen)) {
        notes.push(`${c.id}: ${show(seen)} with and without the flag`);
        continue;
      }
      // A difference: the plain read again, after the authenticated one.
      const again = (await readPageById(ctx, c.id)).record;
      if (again === undefined || differs(readingOf(again), plain) || !differs(readingOf(again), seen)) {
        notes.push(`${c.id} moved on while it was read (withheld)`);
        continue;
      }
      violate(
        'includeAuthenticatedData=true adds the authenticated fields of the caller\'s own requests; it must not change the others: a request that changed during the run reads its new status and updatedAt with the flag too',
        `request ${c.id} with ${show(plain)} (as its plain reads before and after show; ${c.first.status ?? 'another status'} before the change)`,
        `${show(seen)} with includeAuthenticatedData=true`,
        auth.exchange,
      );
    }
    return pass(notes.join('; '));
  },
};

/** The check of the authenticated read of changed requests, in run order (after the events family). */
export const checks: CheckDefinition[] = withFamilies([ownerRead]);
