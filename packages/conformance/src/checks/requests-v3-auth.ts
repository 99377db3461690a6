/**
 * GET /requests/v3 authentication (API document, Authentication rules 1, 3, 4; GET /requests/v3
 * rule 6; Resources > data.referrer, data.platformFee, data.apiKeyName).
 */
import { LIMITS } from '@crosschain/specs';
import { brief, ensure, violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { AuthChoice, CheckContext, CheckDefinition, CheckResult, Exchange } from '../contract/types.js';
import { causeText } from '../engine/outcome.js';
import { V3, sharedWalk, windowQuery, type Query } from './support/listing.js';
import { recordsOfBody } from '../contract/list-wrapper.js';
import { get, recordId, type RecordJson } from '../contract/record.js';
import { bodyShown, pass, skip, statusLine } from '../contract/outcome.js';
import { AUTHENTICATED_FIELDS, authenticatedFieldsIn } from '../oracles/authenticated-fields.js';
import { refusalProblem, keyRequired as keyRequiredOracle } from '../oracles/requests-v3-auth.js';
import { ruleOf } from '../oracles/rules.js';


/** The authenticated fields a record carries under `data` (non-null), as `data.<name>`. */
export function carriedAuthFields(r: RecordJson): string[] {
  return authenticatedFieldsIn(get(r, 'data')).map((f) => `data.${f}`);
}

function sendAs(ctx: CheckContext, auth: AuthChoice, query: Query): Promise<Exchange> {
  return ctx.http.send({ method: 'GET', path: '/requests/v3', query, auth });
}

/** A refusal: a 4xx whose body lists no records. */
function expectRefused(e: Exchange, message: string): void {
  const p = refusalProblem(e.response?.status ?? 0, e.response?.json);
  if (p) violate(p.records ? `${message}: the refusal must not list records` : message, p.expected, p.records ? p.received : statusLine(e), e);
}

/** A made-up key no server can know (unique per run seed). */
function unknownKey(ctx: CheckContext): string {
  return `conformance-unknown-key-${(ctx.config.seed >>> 0).toString(16)}-${'0'.repeat(8)}`;
}

/** Up to `pages` pages of the window under one identity, with includeAuthenticatedData=true. */
async function authenticatedView(ctx: CheckContext, auth: AuthChoice, pages: number): Promise<Map<string, { record: RecordJson; exchange: Exchange }>> {
  const view = new Map<string, { record: RecordJson; exchange: Exchange }>();
  const query: Query = { ...windowQuery(ctx), limit: LIMITS['GET /requests/v3'].maximum, includeAuthenticatedData: true };
  let cursor: string | undefined;
  for (let i = 0; i < pages; i++) {
    const e = await sendAs(ctx, auth, cursor === undefined ? query : { ...query, continuation: cursor });
    ensure(e.response?.status === 200, 'An active key must be served', '200 with a list of requests', statusLine(e), e);
    const body = e.response!.json as Record<string, unknown> | undefined;
    for (const r of recordsOfBody(body) ?? []) {
      const id = recordId(r);
      if (id !== undefined && !view.has(id)) view.set(id, { record: r, exchange: e });
    }
    const next = body && typeof body.continuation === 'string' && body.continuation !== '' ? body.continuation : undefined;
    if (next === undefined || next === cursor) break;
    cursor = next;
  }
  return view;
}

export const checks: CheckDefinition[] = withFamilies([
  {
    ...ruleOf(keyRequiredOracle.id),
    async run(ctx) {
      const e = await sendAs(ctx, 'none', { ...windowQuery(ctx), limit: 5 });
      expectRefused(e, 'GET /requests/v3 requires x-api-key: a request without it must be refused');
      return pass(`refused with ${e.response!.status}`);
    },
  },
  {
    id: 'requests-v3.auth.active-key',
    title: 'An unknown key, and the configured inactive key, are refused with a 4xx and no records',
    clauses: ['requests-v3.auth.active-key'],
    operation: V3,
    async run(ctx) {
      const e = await sendAs(ctx, { key: unknownKey(ctx) }, { ...windowQuery(ctx), limit: 5 });
      expectRefused(e, 'GET /requests/v3 requires an active key: an unknown key must be refused');
      let note = `unknown key refused with ${e.response!.status}`;
      if (ctx.config.hasInactiveApiKey) {
        const inactive = await sendAs(ctx, 'inactive', { ...windowQuery(ctx), limit: 5 });
        expectRefused(inactive, 'GET /requests/v3 requires an active key: the inactive key must be refused');
        note += `; inactive key refused with ${inactive.response!.status}`;
      } else {
        note += '; no inactive key configured (--inactive-api-key)';
      }
      return pass(note);
    },
  },
  {
    id: 'requests-v3.auth.key-accepted',
    title: 'GET /requests/v3 with an active key in x-api-key is served with a 200',
    clauses: ['requests-v3.auth.key-accepted', 'auth.header'],
    operation: V3,
    requires: ['apiKey'],
    async run(ctx) {
      const e = await sendAs(ctx, 'primary', { ...windowQuery(ctx), limit: 5 });
      ensure(e.response?.status === 200, 'A request with an active key must be served', '200 with a list of requests', statusLine(e), e);
      ensure(recordsOfBody(e.response!.json) !== undefined, 'The 200 must list request records', '{"requests": [...]}', () => bodyShown(e), e);
      return pass();
    },
  },
  {
    id: 'requests-v3.auth.authenticated-data-opt-in',
    title: 'Without includeAuthenticatedData=true no record carries referrer, platformFee or apiKeyName',
    clauses: ['requests-v3.auth.authenticated-data-opt-in'],
    operation: V3,
    requires: ['apiKey'],
    async run(ctx) {
      const identities: AuthChoice[] = ctx.config.hasOtherApiKey ? ['primary', 'other'] : ['primary'];
      const variants: Query[] = [{}, { includeAuthenticatedData: false }, { sortBy: 'updatedAt' }];
      let seen = 0;
      for (const auth of identities) {
        for (const variant of variants) {
          // The primary key's two pages are the sort checks' walks; one page of 50 is enough for the other key.
          const w = await walkAs(ctx, auth, { ...windowQuery(ctx), limit: LIMITS['GET /requests/v3'].maximum, ...variant }, auth === 'primary' ? 2 : 1);
          for (const { record, exchange } of w) {
            seen++;
            const carried = carriedAuthFields(record);
            if (carried.length > 0) {
              violate(
                'Authenticated fields are returned only with includeAuthenticatedData=true',
                `no ${AUTHENTICATED_FIELDS.map((f) => `data.${f}`).join(', ')} without the flag`,
                `request ${recordId(record) ?? '?'} carries ${carried.map((f) => `${f}=${brief(get(record, ...f.split('.')), 60)}`).join(', ')}`,
                exchange,
              );
            }
          }
        }
      }
      if (seen === 0) return skip('no request in the discovery window');
      return pass(`${seen} records examined`);
    },
  },
  {
    id: 'requests-v3.auth.authenticated-data-owner',
    title: 'With includeAuthenticatedData=true, authenticated fields appear only for the owning key',
    clauses: ['requests-v3.auth.authenticated-data-owner'],
    operation: V3,
    requires: ['apiKey', 'otherApiKey'],
    async run(ctx) {
      /**
       * A request is tied to one key. Compare the two keys' views of the same window: a record that
       * carries authenticated fields in both views is shown to a key it is not tied to.
       */
      const a = await authenticatedView(ctx, 'primary', 4);
      const b = await authenticatedView(ctx, 'other', 4);
      const both = [...a.keys()].filter((id) => b.has(id));
      if (both.length === 0) return skip('no request of the window is visible to both keys');
      let owned = 0;
      for (const id of both) {
        const inA = carriedAuthFields(a.get(id)!.record);
        const inB = carriedAuthFields(b.get(id)!.record);
        if (inA.length > 0 || inB.length > 0) owned++;
        if (inA.length > 0 && inB.length > 0) {
          violate(
            'Authenticated fields must appear only on requests tied to the caller\'s key; a request is tied to one key, yet both keys see them',
            `authenticated fields of request ${id} in at most one of the two keys' views`,
            `with the first key: ${inA.join(', ')}; with the other key: ${inB.join(', ')}`,
            b.get(id)!.exchange,
          );
        }
      }
      if (owned === 0) return ownerHalf(ctx, both.length, a);
      return pass(`${both.length} requests compared, ${owned} with authenticated fields for exactly one key`);
    },
  },
]);

/**
 * The other half of rule 6 ("returns authenticated fields ... when the caller's key is tied to
 * those requests"), when neither key saw an authenticated field on any request of the window. That
 * is a claim about the target (neither key owns any of them) to verify, never a reason to pass:
 * the newest requests of the listing without a window are read with each key (a key in use owns
 * recent ones). Still none on at least {@link FEW} requests: against the embedded reference server,
 * whose keys own about three requests in four (its data set), the owner was refused its fields; against another target the half
 * could not be tested, so the check is inconclusive.
 */
/** Requests below which "no authenticated field on any" says nothing (the reference server's keys own about three in four). */
const FEW = 20;

function idsOfRecords(records: readonly RecordJson[]): string[] {
  return records.map(recordId).filter((id): id is string => id !== undefined);
}

async function ownerHalf(ctx: CheckContext, compared: number, primary: Map<string, { record: RecordJson; exchange: Exchange }>): Promise<CheckResult> {
  const latest: Query = { limit: LIMITS['GET /requests/v3'].maximum, includeAuthenticatedData: true };
  const [mine, theirs] = await Promise.all([sendAs(ctx, 'primary', latest), sendAs(ctx, 'other', latest)]);
  const carrying = [mine, theirs].flatMap((e) => (e.response?.status === 200 ? (recordsOfBody(e.response.json) ?? []) : [])).filter((r) => carriedAuthFields(r).length > 0);
  if (carrying.length > 0) return pass(`${compared} requests of the window compared (no authenticated field in either view); ${carrying.length} of the newest requests carry them`);
  const newest = [mine, theirs].flatMap((e) => (e.response?.status === 200 ? idsOfRecords(recordsOfBody(e.response.json) ?? []) : []));
  const examined = new Set([...primary.keys(), ...newest]).size;
  if (examined < FEW) return skip(`only ${examined} distinct requests were listed to either key, none with an authenticated field: too few to tell whether either key owns one`);
  if (ctx.config.embedded) {
    const shown = primary.values().next().value;
    violate(
      "includeAuthenticatedData=true must return the authenticated fields of the requests tied to the caller's key: the reference server's keys own about three requests in four, yet neither key was given any",
      `${AUTHENTICATED_FIELDS.map((f) => `data.${f}`).join(', ')} on the requests the key owns`,
      `none on ${examined} distinct requests (the window's and the newest), with either key`,
      shown?.exchange ?? mine,
    );
  }
  return skip(causeText('inconclusive', `neither key was given an authenticated field on ${compared} requests of the window nor on the newest requests: either neither key owns any of them, or the target withholds the fields from their owner (rule 6); the owner half is untested`), 'inconclusive');
}

/** Records of up to `pages` pages under one identity, each with the exchange that showed it. */
async function walkAs(ctx: CheckContext, auth: AuthChoice, query: Query, pages: number): Promise<Array<{ record: RecordJson; exchange: Exchange }>> {
  if (auth === 'primary') {
    // The primary key's walks are those of the sort checks (shared-reads.ts).
    const w = await sharedWalk(ctx, query, { maxPages: pages });
    return w.pages.flatMap((p) => p.records.map((record) => ({ record, exchange: p.exchange })));
  }
  const out: Array<{ record: RecordJson; exchange: Exchange }> = [];
  let cursor: string | undefined;
  for (let i = 0; i < pages; i++) {
    const e = await sendAs(ctx, auth, cursor === undefined ? query : { ...query, continuation: cursor });
    if (e.response?.status !== 200) break;
    const body = e.response.json as Record<string, unknown> | undefined;
    for (const record of recordsOfBody(body) ?? []) out.push({ record, exchange: e });
    const next = body && typeof body.continuation === 'string' && body.continuation !== '' ? body.continuation : undefined;
    if (next === undefined || next === cursor) break;
    cursor = next;
  }
  return out;
}
