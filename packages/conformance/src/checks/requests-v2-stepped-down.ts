/**
 * The v2 rate limit is reduced each month from Sep 1, 2026 (API document, Limits: "v2 rate limit |
 * GET /requests/v2 | reduced progressively each month from Sep 1, 2026; requests over the limit get
 * 429"; Versioning > Timeline: "Sep 1, 2026 onward | v2 rate limit reduced each month; over-limit
 * requests get 429"). The numbers are not published, so the check compares months: one key's burst
 * of GET /requests/v2?limit=1 until the first 429 counts what a month serves.
 *
 * Only the embedded reference server can be asked in each month: the kit starts twins of it whose
 * clocks are held (`v2-throttle-month-1` to `-3`, target/embedded.ts: September, October and
 * November 2026) and that run the server's own dated limit, not the run's fixed one. A held clock
 * never refills the key's bucket, so a burst is served exactly the month's limit however slow the
 * machine, and the order of the answers changes no count (the requests go in small batches). Cheap
 * order: October first (its count bounds the others), then November up to October's count (a 429
 * must come first), then September one beyond it (none may be refused). Against a URL the check is
 * skipped without a request: the kit cannot set a live server's date.
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

/** What one month's burst saw: requests sent and served, the first 429, the last 200, an answer that is neither. */
interface Burst {
  name: string;
  sent: number;
  served: number;
  first429?: Exchange;
  lastServed?: Exchange;
  other?: Exchange;
}

/**
 * Up to `cap` GET /requests/v2?limit=1 with the primary key at the twin of `month`, in batches,
 * until a batch holds an answer other than 200; undefined when the date gives no twin (a recording
 * of a run against a URL).
 */
async function burst(outer: CheckContext, month: keyof typeof MONTHS, cap: number): Promise<Burst | undefined> {
  const { date, name } = MONTHS[month];
  const ctx = await datedContext(outer, date);
  if (ctx.dated?.base === undefined) return undefined;
  const out: Burst = { name, sent: 0, served: 0 };
  while (out.sent < cap) {
    const n = Math.min(BATCH, cap - out.sent);
    const answers = await allInOrder(Array.from({ length: n }, () => () => ctx.http.send({ method: 'GET', path: '/requests/v2', query: { limit: 1 }, acceptRateLimit: true })));
    out.sent += n;
    for (const e of answers) {
      const status = e.response?.status ?? 0;
      if (status === 200) {
        out.served += 1;
        out.lastServed = e;
      } else if (status === 429) out.first429 ??= e;
      else out.other ??= e;
    }
    if (out.first429 !== undefined || out.other !== undefined) break;
  }
  return out;
}

/** The skip of a burst that met an answer other than 200 or 429 (the v2 status checks and oracles judge it). */
const otherAnswer = (b: Burst): ReturnType<typeof skip> =>
  skip(`${b.name}'s twin answered ${statusLine(b.other!)} within its burst: its limit could not be counted (the v2 status checks judge that answer)`);

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
    if (!ctx.at) return skip(URL_REASON);
    const oct = await burst(ctx, 'october', OCTOBER_CAP);
    if (oct === undefined) return skip(URL_REASON);
    if (oct.other) return otherAnswer(oct);
    if (oct.first429 === undefined) {
      return skip(causeText('inconclusive', `${oct.name}'s twin served all ${oct.sent} requests of the burst without a 429: its limit, if any, is above what the check spends, and the monthly reduction could not be measured`), 'inconclusive');
    }
    if (oct.served === 0) return skip(`${oct.name}'s twin refused the first request with 429: no limit to reduce from (requests-v2.timeline judges a v2 that serves nothing)`);
    const nov = await burst(ctx, 'november', oct.served);
    if (nov === undefined) return skip(URL_REASON);
    if (nov.other) return otherAnswer(nov);
    ensure(
      nov.first429 !== undefined,
      `The v2 rate limit is reduced each month from Sep 1, 2026: November's limit is not below October's (one key, clocks held in each month: October served ${oct.served} requests before its first 429, November ${nov.served} of ${nov.sent} without one)`,
      `a 429 in November before ${oct.served} requests are served (fewer than October's ${oct.served})`,
      `November 2026: ${nov.served} served of ${nov.sent}, no 429; October 2026: ${oct.served} served before the first 429`,
      nov.lastServed,
    );
    const sep = await burst(ctx, 'september', oct.served + 1);
    if (sep === undefined) return skip(URL_REASON);
    if (sep.other) return otherAnswer(sep);
    ensure(
      sep.first429 === undefined,
      `The v2 rate limit is reduced each month from Sep 1, 2026: October's limit is not below September's (one key, clocks held in each month: September refused a request with 429 after ${sep.served} served, October served ${oct.served} before its first 429)`,
      `all ${oct.served + 1} requests served in September (more than October's ${oct.served})`,
      `September 2026: ${sep.served} served of ${sep.sent}, then 429; October 2026: ${oct.served} served before the first 429`,
      sep.first429,
    );
    return pass(`one key's burst: September 2026 served all ${sep.sent} requests (more than October), October ${oct.served} before its first 429, November ${nov.served} before its first 429`);
  },
};

/** The dated v2 limit check, in run order. */
export const checks: CheckDefinition[] = withFamilies([steppedDown]);
