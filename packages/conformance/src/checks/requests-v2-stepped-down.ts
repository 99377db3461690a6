/**
 * The v2 rate limit is reduced each month from Sep 1, 2026 (API document, Limits: "v2 rate limit |
 * GET /requests/v2 | reduced progressively each month from Sep 1, 2026; requests over the limit get
 * 429"; Versioning > Timeline: "Sep 1, 2026 onward | v2 rate limit reduced each month; over-limit
 * requests get 429"). The numbers are not published, so the check compares months: one key's burst
 * of GET /requests/v2?limit=1 until the throttle refuses it counts what a month serves.
 *
 * Only the embedded reference server can be asked in each month: the kit starts twins of it whose
 * clocks are held (`v2-throttle-month-1` to `-3`, target/embedded.ts: September, October and
 * November 2026) and that run the server's own dated limit, not the run's fixed one. A held clock
 * never refills the key's bucket, so a burst is served exactly the month's limit however slow the
 * machine, and the order of the answers changes no count (the requests go in batches of 25; the
 * limit is spent when a whole batch is refused with 429, so an occasional 429 of a busy service is
 * not taken for it). Cheap order: October first (its count bounds the others), then November up to
 * October's count (its throttle must refuse first), then September one beyond it (its throttle may
 * not). Against a URL the check is skipped without a request: the kit cannot set a live server's date.
 */
import { ensure } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, CheckSpec, Exchange, TargetDate } from '../contract/types.js';
import { pass, skip, statusLine } from '../contract/outcome.js';
import { allInOrder } from '../engine/concurrent.js';
import { causeText } from '../engine/outcome.js';
import { V2_LOCK, datedContext } from './requests-v2.js';

export const STEPPED_DOWN_ID = 'requests-v2.rate-limit.stepped-down';

/** The most requests asked of October's twin: above it no limit is measured (the check is inconclusive). */
export const OCTOBER_CAP = 2_000;
/** Requests asked at once: the clock is held, so their order changes no count. */
const BATCH = 25;

const URL_REASON =
  "the monthly v2 limit is asked only at the embedded reference server, whose clock the kit sets to September, October and November 2026; a target at a URL runs on its own date, which the kit cannot set";

const MONTHS: Record<'september' | 'october' | 'november', { date: TargetDate; name: string }> = {
  september: { date: 'v2-throttle-month-1', name: 'September 2026' },
  october: { date: 'v2-throttle-month-2', name: 'October 2026' },
  november: { date: 'v2-throttle-month-3', name: 'November 2026' },
};

/** What one month's burst saw: requests sent and served, the first 429 of the refusing batch, the last 200, an answer that is neither. */
interface Burst {
  name: string;
  sent: number;
  served: number;
  /** Whether a whole batch was refused with 429: the month's limit is spent (a held clock never refills it). */
  refused: boolean;
  first429?: Exchange;
  lastServed?: Exchange;
  other?: Exchange;
}

/**
 * GET /requests/v2?limit=1 with the primary key at the twin of `month`, in batches of {@link BATCH},
 * until a whole batch is refused with 429 (the limit is spent), `goal` requests are served, or `cap`
 * are sent; undefined when the date gives no twin (a recording of a run at a URL). An occasional 429
 * among 200s (a busy service) is not the limit: only a batch refused whole ends the count, and
 * whole batches, never the order of answers inside one, decide (a re-run hands a batch its answers
 * in another order).
 */
async function burst(outer: CheckContext, month: keyof typeof MONTHS, goal: number, cap: number): Promise<Burst | undefined> {
  const { date, name } = MONTHS[month];
  const ctx = await datedContext(outer, date);
  if (ctx.dated?.base === undefined) return undefined;
  const out: Burst = { name, sent: 0, served: 0, refused: false };
  while (out.sent < cap && out.served < goal) {
    const answers = await allInOrder(Array.from({ length: BATCH }, () => () => ctx.http.send({ method: 'GET', path: '/requests/v2', query: { limit: 1 }, acceptRateLimit: true })));
    out.sent += answers.length;
    for (const e of answers) {
      const status = e.response?.status ?? 0;
      if (status === 200) {
        out.served += 1;
        out.lastServed = e;
      } else if (status !== 429) out.other ??= e;
    }
    if (out.other !== undefined) break;
    if (answers.every((e) => e.response?.status === 429)) {
      out.refused = true;
      out.first429 = answers[0];
      break;
    }
  }
  return out;
}

/** The skip of a burst that met an answer other than 200 or 429 (the v2 status checks and oracles judge it). */
const otherAnswer = (b: Burst): ReturnType<typeof skip> =>
  skip(`${b.name}'s twin answered ${statusLine(b.other!)} within its burst: its limit could not be counted (the v2 status checks judge that answer)`);

/** The skip of a burst whose refusals never held (429s among 200s up to its cap): no limit counted. */
const unsettled = (b: Burst): ReturnType<typeof skip> =>
  skip(causeText('inconclusive', `${b.name}'s twin answered 429 now and then but never refused a whole batch of ${BATCH} within ${b.sent} requests (${b.served} served): its limit could not be counted`), 'inconclusive');

/** The most requests a burst that counts up to `goal` served may send: room for occasional 429s and the refused batch. */
const capFor = (goal: number): number => 2 * goal + 2 * BATCH;

const steppedDown: CheckSpec = {
  id: STEPPED_DOWN_ID,
  title: "The v2 rate limit is reduced each month from Sep 1, 2026: one key is served fewer requests a minute in October than in September, and fewer in November than in October (embedded target, clocks held in each month)",
  clauses: ['requests-v2.rate-limit.stepped-down'],
  operation: 'GET /requests/v2',
  // The v2 lock: its 429s are v2 exchanges of the run, which the other v2 checks read (checks/index.ts
  // runs it after every one of them, so that they never take a twin's 429 for the main server's).
  lock: V2_LOCK,
  spendsQuota: true,
  requires: ['apiKey'],
  async run(ctx) {
    if (!ctx.at) return skip(URL_REASON, 'date-fixed');
    const oct = await burst(ctx, 'october', Infinity, OCTOBER_CAP);
    if (oct === undefined) return skip(URL_REASON, 'date-fixed');
    if (oct.other) return otherAnswer(oct);
    if (!oct.refused) {
      if (oct.served < oct.sent) return unsettled(oct);
      return skip(causeText('inconclusive', `${oct.name}'s twin served all ${oct.sent} requests of the burst without a 429: its limit, if any, is above what the check spends, and the monthly reduction could not be measured`), 'inconclusive');
    }
    if (oct.served === 0) return skip(`${oct.name}'s twin refused the first requests with 429: no limit to reduce from (requests-v2.timeline judges a v2 that serves nothing)`);
    const nov = await burst(ctx, 'november', oct.served, capFor(oct.served));
    if (nov === undefined) return skip(URL_REASON, 'date-fixed');
    if (nov.other) return otherAnswer(nov);
    if (!nov.refused && nov.served < oct.served) return unsettled(nov);
    ensure(
      nov.refused,
      `The v2 rate limit is reduced each month from Sep 1, 2026: November's limit is not below October's (one key, clocks held in each month: October served ${oct.served} requests before the throttle refused them, November ${nov.served} of ${nov.sent} without it)`,
      `November's throttle refusing requests before ${oct.served} are served (fewer than October's ${oct.served})`,
      `November 2026: ${nov.served} served of ${nov.sent}, not refused; October 2026: ${oct.served} served, then refused with 429`,
      nov.lastServed,
    );
    const sep = await burst(ctx, 'september', oct.served + 1, capFor(oct.served + 1));
    if (sep === undefined) return skip(URL_REASON, 'date-fixed');
    if (sep.other) return otherAnswer(sep);
    if (!sep.refused && sep.served <= oct.served) return unsettled(sep);
    ensure(
      !sep.refused,
      `The v2 rate limit is reduced each month from Sep 1, 2026: October's limit is not below September's (one key, clocks held in each month: September's throttle refused requests after ${sep.served} served, October's after ${oct.served})`,
      `more than ${oct.served} requests served in September (more than October's ${oct.served})`,
      `September 2026: ${sep.served} served of ${sep.sent}, then refused with 429; October 2026: ${oct.served} served, then refused with 429`,
      sep.first429,
    );
    return pass(`one key's burst: September 2026 served ${sep.served} requests (more than October) without being refused, October ${oct.served} and November ${nov.served} before the throttle refused a whole batch with 429`);
  },
};

/** The dated v2 limit check, in run order. */
export const checks: CheckDefinition[] = withFamilies([steppedDown]);
