/**
 * GET /requests/v2 (deprecated): the deprecation signals, the 429 of the throttle and the timeline
 * (API document, Versioning > Timeline and Deprecation signals; Errors table and rule 1).
 *
 * Every check judges time by the target's clock (`ctx.discovery.targetNow`): from the sunset date
 * on, v2 is retired and every v2 check is skipped with the reason; a retirement is never a failure,
 * and `requests-v2.retired` then judges the retirement answer. Against the embedded reference
 * server the kit picks the clock: the v2 checks run against the embedded server as of a
 * date inside the v2 window and `requests-v2.retired` as of a date after the sunset
 * (`ctx.at`, target/embedded.ts: the main server when its clock is there, else a clock-pinned twin),
 * so that a run covers every v2 clause whatever the date.
 */
import { LIMITS } from '@crosschain/specs';
import { brief, ensure, violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, CheckResult, CheckSpec, DatedTarget, Exchange, HttpClient, QueryValue, TargetDate } from '../contract/types.js';
import { checkWrapperFields, validateRecorded } from './schema.js';
import { V2_TIMELINE, V2_TIMELINE_MS, deprecationObjectProblem } from '../oracles/deprecation-body.js';
import { RATE_LIMIT_BODY, rateLimitBodyProblem } from '../oracles/v2-rate-limit.js';
import { throttleStatusProblem } from '../oracles/status-codes.js';
import { causeText } from '../engine/outcome.js';
import { retirementProblem } from '../oracles/v2-retirement.js';
import { parsedBody, pass, skip, statusLine } from '../contract/outcome.js';
import { V2_SIGNAL_IDS, v2KeepsWorking } from '../oracles/requests-v2.js';
import { sharedWalk, windowQuery } from './support/listing.js';
import { recordsOfBody } from '../contract/list-wrapper.js';
import { get, recordId } from '../contract/record.js';
import { SCHEMA_CHECK_IDS } from '../oracles/schema-ids.js';
import { ruleOf } from '../oracles/rules.js';

const OP = 'GET /requests/v2';
const PATH = '/requests/v2';

/**
 * The lock of every check that sends to GET /requests/v2 (scheduler.ts): they run one at a time, in
 * run order, beside the checks of the other operations. The v2 checks read every v2 exchange
 * recorded so far and spend v2's quota on purpose (rate-limit.*), so no other v2 request may
 * interleave with them; the rest of the run goes on meanwhile.
 */
export const V2_LOCK = OP;

/** The v2 timeline, UTC days (defined with the deprecation oracles). */
export { V2_TIMELINE };
const SUNSET_MS = V2_TIMELINE_MS.sunsetAt;

/** `http` sending every request to `base` (a twin of the embedded target), or `http` itself. */
function towards(http: HttpClient, base: string | undefined): HttpClient {
  if (base === undefined) return http;
  return {
    send: (req) => http.send({ ...req, base }),
    get exchanges() {
      return http.exchanges;
    },
  };
}

/**
 * The context of a v2 check as of `date`: against the embedded target, its server at that date
 * (`ctx.at`), with the discovery window moved to that server's clock (a twin holds the same data
 * set, generated at its own clock); against a URL, `ctx` itself (the target's clock decides).
 */
export async function datedContext(ctx: CheckContext, date: TargetDate): Promise<CheckContext & { dated?: DatedTarget }> {
  if (!ctx.at) return ctx;
  const dated = await ctx.at(date);
  const shift = Math.round((dated.now.getTime() - ctx.discovery.targetNow.getTime()) / 1000);
  const { start, end } = ctx.discovery.window;
  const shared = ctx.shared;
  return {
    ...ctx,
    http: towards(ctx.http, dated.base),
    discovery: { ...ctx.discovery, targetNow: dated.now, window: { start: start + shift, end: end + shift } },
    shared: shared && {
      read: (key, load) => shared.read(`${key} @${dated.base ?? 'main'}`, (http) => load(towards(http, dated.base))),
      get used() {
        return shared.used;
      },
    },
    dated,
  };
}

/** The skip reason once v2 is retired by the target's clock, else undefined. */
export function retiredReason(ctx: CheckContext): string | undefined {
  const now = ctx.discovery.targetNow;
  return now.getTime() >= SUNSET_MS ? `v2 retired on ${V2_TIMELINE.sunsetAt} (target clock ${now.toISOString()})` : undefined;
}

/**
 * Sends a v2 request bounded to the discovery window. An `Origin` header is sent so that a server
 * that emits CORS headers only for cross-origin requests shows Access-Control-Expose-Headers. A 429
 * comes back as is: v2's throttle is part of what these checks examine (its 429 carries no
 * Retry-After to honour), and every 429 must carry the deprecation headers too.
 */
function sendV2(ctx: CheckContext, query: Record<string, QueryValue> = {}): Promise<Exchange> {
  return ctx.http.send({
    method: 'GET',
    path: PATH,
    query: { limit: 1, startTimestamp: ctx.discovery.window.start, endTimestamp: ctx.discovery.window.end, ...query },
    headers: { origin: 'https://conformance.invalid' },
    acceptRateLimit: true,
  });
}

/**
 * One fresh v2 answer for the v2 checks that read only its status and headers (shared-reads.ts): v2
 * is throttled, and these checks run one after the other. A plain fresh request on a re-read.
 */
export function sharedV2(ctx: CheckContext): Promise<Exchange> {
  return ctx.shared ? ctx.shared.read('v2 answer', (http) => sendV2({ ...ctx, http })) : sendV2(ctx);
}

/** Every recorded v2 exchange with a response (the fresh one included). */
function answered(ctx: CheckContext): Exchange[] {
  return ctx.exchangesFor(OP).filter((e) => e.response !== undefined);
}

/**
 * A v2 check: its family and operation, run as of a date inside the v2 window (the embedded
 * target's, {@link datedContext}), and skipped with the reason, before it sends anything, once v2
 * is retired by the target's clock.
 */
export function v2Check(def: Omit<CheckSpec, 'operation'>): CheckSpec {
  return {
    ...def,
    operation: OP,
    lock: V2_LOCK, // reads every v2 exchange recorded so far, or spends the v2 quota on purpose (rate-limit.*)
    async run(ctx) {
      const v2 = await datedContext(ctx, 'v2-window');
      const retired = retiredReason(v2);
      return retired ? skip(retired, 'v2-retired') : def.run(v2);
    },
  };
}

/**
 * A deprecation-signal check (its id is its clause): makes sure the run holds a v2 answer (a fresh
 * one, shared). Every v2 response of the run, this one included, is judged by the signal's oracle
 * (oracles/requests-v2.ts), whose verdict is this check's: the check only sends.
 */
function signalCheck(id: string): CheckSpec {
  return v2Check({
    ...ruleOf(id),
    async run(ctx) {
      await sharedV2(ctx);
      const all = answered(ctx);
      if (all.length === 0) return skip('no v2 response was received');
      return pass(`${all.length} v2 responses so far, each judged by the oracle`);
    },
  });
}

/** Status classes that count as errors for the on-errors clause. */
const isError = (e: Exchange): boolean => (e.response?.status ?? 0) >= 400;

/** Bad queries that a v2 server is likely to refuse with a 4xx (a 200 is allowed: it may ignore them). */
const BAD_V2_QUERIES: Array<Record<string, QueryValue>> = [
  { limit: -1 },
  { limit: 'abc' },
  { sortBy: 'not-a-field' },
  { status: 'not-a-status' },
  { startTimestamp: 'abc' },
  { continuation: '%%not-a-cursor%%' },
];

const THROTTLED_FROM_MS = V2_TIMELINE_MS.throttledFrom;

/**
 * v2 429s recorded so far; probes for one when none was seen and the configuration allows it
 * (--v2-probe-requests). A probe whose served query turns into another refusal than 429 fails (the
 * throttle answers 429, API document, Errors table; a 430 passed as "no 429 observed").
 * A probe that never reached the throttle leaves the 429 checks inconclusive once v2 is throttled by
 * the target's clock: the run was asked to test the throttle and could not.
 */
export async function rateLimited(ctx: CheckContext): Promise<Exchange[] | CheckResult> {
  const seen = (): Exchange[] => answered(ctx).filter((e) => e.response!.status === 429);
  if (seen().length > 0) return seen();
  if (ctx.config.v2ProbeRequests <= 0) return skip('no 429 observed (the run was not asked to probe the v2 throttle: --v2-probe-requests)');
  const sent: Exchange[] = [];
  for (let i = 0; i < ctx.config.v2ProbeRequests; i++) {
    const e = await sendV2(ctx);
    sent.push(e);
    if (e.response?.status === 429) break;
  }
  if (seen().length > 0) return seen();
  const turned = throttleStatusProblem(sent.map((e) => e.response?.status ?? 0));
  if (turned !== undefined) violate('Over the v2 rate limit the answer must be a 429 (API document, Errors table)', '429 once the throttle refuses', turned.problem, sent[turned.index]);
  const now = ctx.discovery.targetNow;
  if (now.getTime() < THROTTLED_FROM_MS) return skip(`no 429 observed: v2 is throttled only from ${V2_TIMELINE.throttledFrom} (target clock ${now.toISOString()})`);
  return skip(causeText('inconclusive', `the v2 throttle was not reached in ${sent.length} requests (--v2-probe-requests ${ctx.config.v2ProbeRequests}); raise it to test the 429`), 'inconclusive');
}

/**
 * A v2 200 to read the body of: a fresh one, or else (v2 throttled) the latest 200 recorded
 * earlier in the run; the skip reason when there is none.
 */
async function some200(ctx: CheckContext): Promise<Exchange | CheckResult> {
  // Fresh, not shared: the body is read, and a shared exchange's body may be cut by then.
  const e = await sendV2(ctx);
  if (e.response?.status === 200) return e;
  const earlier = answered(ctx).filter((x) => x.response!.status === 200 && parsedBody(x.response) !== undefined).pop();
  return earlier ?? skip(`v2 did not answer 200 (${statusLine(e)})`);
}

/**
 * The retirement answer (API document, Versioning > Timeline: "Nov 24, 2026: v2 retired; all
 * traffic must use v3"), as of a date after the sunset. The document shows no status: any 4xx but
 * 429 (throttled is not retired) is a retirement, never a 2xx, 3xx or 5xx. A 410 says "gone on
 * purpose" and is a v2 response, so it carries the deprecation signals of every v2 response; a 404
 * (the route removed) is not judged further. The embedded reference server is held to its own
 * documented answer: 410 with those headers and the 429's body shape.
 */
const retired: CheckSpec = {
  ...ruleOf(V2_SIGNAL_IDS.retired),
  lock: V2_LOCK,
  async run(ctx) {
    const v2 = await datedContext(ctx, 'v2-retired');
    // Before the sunset a target at a URL cannot be judged on it until its clock passes the date (a
    // date of the timeline only the embedded server's clock is set to): exempt from --require, as the
    // v2 clauses are once v2 is retired.
    if (!retiredReason(v2)) return skip(`v2 is not retired yet by the target's clock (${v2.discovery.targetNow.toISOString()}); it retires on ${V2_TIMELINE.sunsetAt}`, 'date-fixed');
    const e = await sendV2(v2);
    const status = e.response?.status ?? 0;
    const at = `target clock ${v2.discovery.targetNow.toISOString()}`;
    const problem = retirementProblem(status, e.response?.headers ?? {}, e.request.url, at);
    if (problem !== undefined) violate(problem.message, problem.expected, problem.served ? statusLine(e) : problem.received, e);
    if (ctx.config.embedded) {
      // The reference server's documented answer (its README): 410 Gone, the 429's body shape.
      ensure(status === 410, "The embedded reference server's retirement answer is 410 Gone", '410', statusLine(e), e);
      const problem = rateLimitBodyProblem(parsedBody(e.response), e.response!.bodyText, e.request.url);
      if (problem !== undefined) violate("The embedded reference server's 410 has the body of the 429: message, successor (/requests/v3), migrationGuide", RATE_LIMIT_BODY, problem, e);
    }
    return pass(`${statusLine(e)} (${v2.dated?.what ?? at})`);
  },
};

/**
 * The root `referrer` of a v2 record (API document, Versioning > Changes from v2 to v3: "`referrer`
 * at root and as query parameter" in v2 becomes "`data.referrer`, authenticated only" in v3). The
 * request is one whose owner the first page of the window, read with includeAuthenticatedData=true
 * and the primary key (a shared read), was shown a `data.referrer`; the same key asks v2 for it
 * (`id`, includeAuthenticatedData=true: whatever v2 reserves to the owner, this caller is it), and
 * its v2 record must carry that referrer at the root. One v2 request; against the embedded target
 * as of a date inside the v2 window, like every v2 check.
 */
const rootReferrer: CheckSpec = {
  id: 'requests-v2.record.referrer',
  title: "The v2 record of a request carries at its root the referrer v3 shows the owner's key in data.referrer",
  clauses: ['requests-v2.record.referrer'],
  operation: OP,
  lock: V2_LOCK,
  requires: ['apiKey'],
  async run(ctx) {
    const v2 = await datedContext(ctx, 'v2-window');
    const retired = retiredReason(v2);
    if (retired) return skip(retired, 'v2-retired');
    const w = await sharedWalk(ctx, { ...windowQuery(ctx), limit: LIMITS['GET /requests/v3'].maximum, includeAuthenticatedData: true }, { maxPages: 1 });
    const owned = w.records.find((r) => recordId(r) !== undefined && typeof get(r, 'data', 'referrer') === 'string' && get(r, 'data', 'referrer') !== '');
    if (!owned) return skip(`none of the ${w.records.length} requests of the window's first page (includeAuthenticatedData=true) shows the key a data.referrer: no referrer to look for on v2`);
    const id = recordId(owned)!;
    const referrer = get(owned, 'data', 'referrer') as string;
    const e = await sendV2(v2, { id, includeAuthenticatedData: true, startTimestamp: undefined, endTimestamp: undefined, limit: 1 });
    if (e.response?.status === 429) return skip('the v2 request was throttled (429)');
    if (e.response?.status !== 200) return skip(`GET /requests/v2?id=${id} answered ${statusLine(e)} (the v2 status checks judge it)`);
    const record = (recordsOfBody(e.response.json) ?? []).find((r) => recordId(r) === id);
    if (!record) return skip(`GET /requests/v2?id=${id} did not return the request (its v3 record shows the key data.referrer ${brief(referrer)})`);
    ensure(
      record.referrer === referrer,
      'The v2 record carries the referrer at its root (v3 moved it to data.referrer, shown to the owner): the owner must see it on v2 as on v3',
      `referrer ${JSON.stringify(referrer)} at the root of the v2 record of ${id}`,
      'referrer' in record ? `referrer ${brief(record.referrer)}` : 'no root referrer',
      e,
    );
    return pass(`request ${id}: root referrer ${JSON.stringify(referrer)} on v2 as data.referrer on v3`);
  },
};

export const checks: CheckDefinition[] = withFamilies([
  v2Check({
    ...ruleOf(v2KeepsWorking.id),
    async run(ctx) {
      const e = await sharedV2(ctx);
      const status = e.response?.status;
      // That a plain query is served (200, or 429 while throttled) is the requests-v2.timeline oracle's verdict, on this answer as on every one.
      // Throttled is not retired: a v2 that refuses every request with 429 does not keep working.
      const all = status === 429 ? answered(ctx) : [];
      if (status === 429 && !all.some((x) => x.response!.status === 200)) {
        const what = `every v2 request of the run was refused with 429 (${all.length} of them, the first of the run among them), none served`;
        // The embedded reference server gives each key its quota a minute: a 429 on the first request of the run is a refusal.
        ensure(!ctx.config.embedded, `v2 keeps working until ${V2_TIMELINE.sunsetAt}: throttled, a key still gets its quota of requests served (target clock ${ctx.discovery.targetNow.toISOString()})`, 'a 200 within the quota of the key', what, e);
        return skip(causeText('inconclusive', `${what}: whether v2 keeps working until ${V2_TIMELINE.sunsetAt} could not be tested (the key's quota may have been spent before the run; run again after a minute)`), 'inconclusive');
      }
      return pass();
    },
  }),
  signalCheck(V2_SIGNAL_IDS.deprecationHeader),
  signalCheck(V2_SIGNAL_IDS.deprecationSunset),
  signalCheck(V2_SIGNAL_IDS.deprecationLink),
  signalCheck(V2_SIGNAL_IDS.deprecationExposeHeaders),
  v2Check({
    ...ruleOf(V2_SIGNAL_IDS.deprecationOnErrors),
    async run(ctx) {
      for (const query of BAD_V2_QUERIES) {
        const e = await sendV2(ctx, query);
        if (isError(e)) break;
      }
      const errors = answered(ctx).filter(isError);
      if (errors.length === 0) return skip('no v2 error response could be provoked or was seen (every bad query was answered 2xx)');
      // Each error response of the run is judged by the on-errors oracle (oracles/requests-v2.ts).
      return pass(`${errors.length} v2 error responses, each judged by the oracle`);
    },
  }),
  v2Check({
    ...ruleOf(V2_SIGNAL_IDS.deprecationBodyObject),
    async run(ctx) {
      const e = await some200(ctx);
      if (!('seq' in e)) return e;
      // Every v2 200 of the run, this one included, is judged by the body-object oracle (oracles/requests-v2.ts).
      return pass();
    },
  }),
  v2Check({
    ...ruleOf(V2_SIGNAL_IDS.deprecationConsistent),
    async run(ctx) {
      const e = await some200(ctx);
      if (!('seq' in e)) return e;
      if (deprecationObjectProblem(parsedBody(e.response)) !== undefined) return skip('the 200 body has no well-formed deprecation object (see requests-v2.deprecation.body-object)');
      // Every v2 200 with a well-formed object, this one included, is judged by the consistency oracle (oracles/requests-v2.ts).
      return pass();
    },
  }),
  v2Check({
    ...ruleOf(V2_SIGNAL_IDS.rateLimitBody),
    spendsQuota: true,
    async run(ctx) {
      const limited = await rateLimited(ctx);
      if (!Array.isArray(limited)) return limited;
      // Each 429 is judged by the rate-limit body oracle (oracles/requests-v2.ts).
      return pass(`${limited.length} v2 429 responses, each judged by the oracle`);
    },
  }),
  v2Check({
    ...ruleOf(V2_SIGNAL_IDS.rateLimitNoRetryAfter),
    spendsQuota: true,
    async run(ctx) {
      const limited = await rateLimited(ctx);
      if (!Array.isArray(limited)) return limited;
      // Each 429 is judged by the Retry-After oracle (oracles/requests-v2.ts).
      return pass(`${limited.length} v2 429 responses, each judged by the oracle`);
    },
  }),
  v2Check({
    ...ruleOf(SCHEMA_CHECK_IDS.requestsV2),
    phase: 'final',
    run: (ctx) => validateRecorded(ctx, OP),
  }),
  v2Check({
    id: 'requests-v2.response.wrapper-fields',
    title: 'The v2 list wrapper names its records `requests` and its cursor `continuation`, typed as the live service types them',
    clauses: ['requests-v2.response.wrapper-fields'],
    phase: 'final',
    run: (ctx) => checkWrapperFields(ctx, OP),
  }),
  rootReferrer,
  retired,
]);
