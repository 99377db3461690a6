/**
 * Discovery: before the checks, sample the target's own data (ARCHITECTURE.md, "Rules that keep
 * the kit honest": checks against an arbitrary target use the target's own data). The v3 window ends one hour in the past of the
 * target's clock, so live traffic cannot make a page walk flaky; it is widened or narrowed with
 * `includeTotal=true` probes until it holds a few hundred records, then walked page by page.
 */
import { LIMITS } from '@crosschain/specs';
import { allInOrder } from './concurrent.js';
import { cursorOfBody, guessCursorField, recordsOfBody } from '../contract/list-wrapper.js';
import { bodySummary, isForeign } from './not-json.js';
import { TargetUnreachableError } from '../contract/types.js';
import type { DiscoveredValues, Discovery, Exchange, HttpClient } from '../contract/types.js';

export interface DiscoveryOptions {
  hasApiKey: boolean;
  /** Records the window should hold (aimed at; default 300). */
  targetRecords?: number;
  /** Most records walked (default 1000). */
  maxRecords?: number;
  /** Page size of the walk (default 50, the v3 maximum). */
  pageSize?: number;
  /** How far the window's end lies before the target's clock, in seconds (default 3600). */
  endLagSeconds?: number;
  /** A window pinned by --window (a replay): used as is, neither widened nor narrowed. */
  window?: { start: number; end: number };
  /**
   * Told the window once it is chosen, before its walk: a caller's own requests over the window
   * (the run's key probe) go out beside the walk instead of after it.
   */
  onWindow?: (window: { start: number; end: number }) => void;
}

const HOUR = 3600;
const DAY = 24 * HOUR;
/** Window spans tried, narrowest first. */
const SPANS = [HOUR, 6 * HOUR, DAY, 3 * DAY, 7 * DAY, 30 * DAY, 90 * DAY, 365 * DAY, 5 * 365 * DAY];
const MAX_VALUES = 200;
/**
 * Pages of the window's walk one part takes; parts walked at once, at most MAX_PARTS. Two pages a
 * part, six parts: a 540-record window in two round trips (three pages a part, four parts took four
 * round trips, the parts of uneven ranges; 100 ms away each is about an eighth of a second of the
 * run before any check starts), for about the same number of pages.
 */
const PAGES_PER_PART = 2;
const MAX_PARTS = 6;
/** Window spans asked at once: a busy target's first batch holds enough records; a quiet one's, the second. */
const SPAN_BATCH = 3;

function targetClock(exchange: Exchange | undefined): Date | undefined {
  const header = exchange?.response?.headers.date;
  if (!header) return undefined;
  const t = Date.parse(header);
  return Number.isNaN(t) ? undefined : new Date(t);
}

/** `POST /currencies/v2 answered 200 (text/html, 215 bytes, title "Welcome to nginx!")`: what came back, never the body. */
function describeStatus(ex: Exchange): string {
  return `${ex.request.method} ${new URL(ex.request.url).pathname} answered ${ex.response?.status}${ex.response ? ` (${bodySummary(ex.response)})` : ''}`;
}

function totalOf(json: unknown): number | undefined {
  const total = json && typeof json === 'object' ? (json as Record<string, unknown>).total : undefined;
  return typeof total === 'number' && Number.isFinite(total) && total >= 0 ? total : undefined;
}

/** Samples the target. Throws only when the target is unreachable or a bound is reached; HTTP problems become `problems`. */
export async function discover(http: HttpClient, options: DiscoveryOptions): Promise<Discovery> {
  const problems: string[] = [];
  const targetRecords = options.targetRecords ?? 300;
  const maxRecords = options.maxRecords ?? 1000;
  const pageSize = options.pageSize ?? 50;

  const cur = await http.send({ method: 'POST', path: '/currencies/v2', body: { limit: LIMITS['POST /currencies/v2'].maximum }, auth: options.hasApiKey ? 'primary' : 'none' });
  let currencies: Array<Record<string, unknown>> = [];
  if (cur.response?.status === 200 && Array.isArray(cur.response.json)) {
    currencies = (cur.response.json as unknown[]).filter((c): c is Record<string, unknown> => !!c && typeof c === 'object');
  } else {
    problems.push(`currencies unavailable: ${describeStatus(cur)}`);
  }
  const targetNow = targetClock(cur) ?? new Date();
  const end = options.window?.end ?? Math.floor(targetNow.getTime() / 1000) - (options.endLagSeconds ?? HOUR);
  let window = { start: options.window?.start ?? end - DAY, end };
  const base: Discovery = { window, records: [], complete: false, currencies, targetNow, values: emptyValues(), problems };

  if (!options.hasApiKey) {
    problems.push('v3 records unavailable: no API key given (GET /requests/v3 requires one); pass --api-key');
    // A first answer that is not JSON at all: one keyless read more, so that the run can tell a
    // target that is not a JSON API (wrong base URL?) from one broken operation (not-json.ts needs two answers).
    if (isForeign(cur)) await http.send({ method: 'GET', path: '/intents/status?requestId=0x0', auth: 'none' });
    return base;
  }

  /** Learnt on the first probe page that must be followed by more (total above its one record). */
  let cursorField: string | undefined;
  const ask = (start: number): Promise<Exchange> =>
    http.send({ method: 'GET', path: '/requests/v3', query: { startTimestamp: start, endTimestamp: end, includeTotal: true, limit: 1 } });
  /** Reads a probe's answer (in span order, so the problems and the cursor field do not depend on arrival order). */
  const judge = (ex: Exchange): number | undefined | 'failed' => {
    const list = ex.response?.status === 200 ? recordsOfBody(ex.response.json) : undefined;
    if (!list) {
      problems.push(`v3 records unavailable: ${describeStatus(ex)}`);
      return 'failed';
    }
    const t = totalOf(ex.response!.json);
    if (cursorField === undefined && t !== undefined && t > list.length) cursorField = guessCursorField(ex.response!.json);
    return t;
  };
  const probe = async (start: number): Promise<number | undefined | 'failed'> => judge(await ask(start));

  // Widen until the window holds enough records, then narrow by bisection if it holds too many.
  let chosen: { start: number; total?: number } | undefined;
  let previous: { start: number; total: number } | undefined;
  if (options.window) {
    const total = await probe(options.window.start);
    if (total === 'failed') return base;
    chosen = { start: options.window.start, total };
  }
  // The spans are asked SPAN_BATCH at a time (a remote target's latency), then read in order.
  const spans = options.window ? [] : SPANS;
  const asked = new Map<number, Promise<Exchange>>();
  const answerFor = (i: number): Promise<Exchange> => {
    if (!asked.has(i)) {
      const from = i - (i % SPAN_BATCH);
      const batch = spans.slice(from, from + SPAN_BATCH).map((span, k) => ({ k: from + k, p: ask(end - span) }));
      for (const { k, p } of batch) {
        p.catch(() => undefined);
        asked.set(k, p);
      }
    }
    return asked.get(i)!;
  };
  /** No probe outlives discovery: the rest of a batch is waited for once the window is chosen. */
  const settled = async (): Promise<void> => void (await Promise.allSettled(asked.values()));
  for (const [i, span] of spans.entries()) {
    let answer: Exchange;
    try {
      answer = await answerFor(i);
    } catch (err) {
      // The rest of the batch ends first (its timeouts tell the client's per-operation circuit that
      // the operation stalled); an operation that gives no answer while currencies did
      // is a problem of discovery, which keeps what it learnt.
      await settled();
      if (!(err instanceof TargetUnreachableError) || cur.response === undefined) throw err;
      problems.push(`v3 records unavailable: ${err.message}`);
      return base;
    }
    const total = judge(answer);
    if (total === 'failed') {
      await settled();
      return base;
    }
    if (total === undefined) {
      problems.push('GET /requests/v3 gave no total with includeTotal=true; the window is a fixed 30 days');
      chosen = { start: end - 30 * DAY };
      break;
    }
    if (total >= targetRecords) {
      chosen = { start: end - span, total };
      if (total > maxRecords) {
        let lo = previous?.start ?? end - HOUR;
        let hi = end - span;
        for (let i = 0; i < 8 && chosen.total !== undefined && chosen.total > maxRecords; i += 1) {
          const mid = Math.floor((lo + hi) / 2);
          if (mid === lo || mid === hi) break;
          const t = await probe(mid);
          if (t === 'failed' || t === undefined) break;
          if (t > maxRecords) hi = mid;
          else {
            lo = mid;
            // An empty narrower window is never chosen over one that holds records.
            if (t > 0) chosen = { start: mid, total: t };
            if (t >= targetRecords / 2) break;
          }
        }
        // Back to the narrower span when it holds records; an empty one would leave the run with
        // nothing to test while the target counts records: the full window is walked
        // up to its bound instead.
        if (chosen.total !== undefined && chosen.total > maxRecords && previous && previous.total > 0) chosen = { start: previous.start, total: previous.total };
      }
      break;
    }
    previous = { start: end - span, total };
    chosen = { start: end - span, total };
  }
  await settled();
  window = { start: chosen?.start ?? end - DAY, end };
  const windowTotal = chosen?.total;
  options.onWindow?.(window);

  /** Walks `[from, to]` (inclusive seconds) page by page, at most `cap` records. */
  const walkPart = async (from: number, to: number, cap: number): Promise<{ records: Array<Record<string, unknown>>; complete: boolean; problem?: string }> => {
    const part: Array<Record<string, unknown>> = [];
    const seen = new Set<string>();
    let continuation: string | undefined;
    while (part.length < cap) {
      const ex = await http.send({ method: 'GET', path: '/requests/v3', query: { startTimestamp: from, endTimestamp: to, limit: pageSize, continuation } });
      const list = ex.response?.status === 200 ? recordsOfBody(ex.response.json) : undefined;
      if (!list) return { records: part, complete: false, problem: `the walk of the window stopped: ${describeStatus(ex)}` };
      part.push(...list);
      const next = cursorOfBody(ex.response?.json, cursorField)?.value;
      if (!next || list.length === 0) return { records: part, complete: true };
      if (seen.has(next)) return { records: part, complete: false, problem: 'the walk of the window stopped: the target repeated a continuation cursor' };
      seen.add(next);
      continuation = next;
    }
    return { records: part, complete: false };
  };
  // A window whose total is known is walked in parts of about PAGES_PER_PART pages at once (issue
  // 13: 100 ms away its eleven pages one after the other were a second of discovery); the parts
  // are consecutive ranges of whole seconds, newest first, so their records keep the default order.
  const parts = windowTotal !== undefined && windowTotal <= maxRecords ? Math.min(MAX_PARTS, Math.max(1, Math.ceil(windowTotal / (pageSize * PAGES_PER_PART)))) : 1;
  const width = window.end - window.start + 1;
  const bounds = Array.from({ length: parts + 1 }, (_, i) => window.start + Math.floor((i * width) / parts));
  const ranges = Array.from({ length: parts }, (_, i) => [bounds[i]!, bounds[i + 1]! - 1] as const).filter(([from, to]) => from <= to).reverse();
  const walked = await allInOrder(ranges.map(([from, to]) => () => walkPart(from, to, maxRecords)));
  const records = walked.flatMap((w) => w.records).slice(0, maxRecords);
  const complete = walked.every((w) => w.complete) && records.length === walked.reduce((n, w) => n + w.records.length, 0);
  for (const problem of new Set(walked.flatMap((w) => (w.problem ? [w.problem] : [])))) problems.push(problem);
  if (!complete && records.length >= maxRecords) problems.push(`the walk of the window stopped at ${maxRecords} records (bound)`);

  return { ...base, window, records, complete, values: valuesOf(records), windowTotal, ...(cursorField !== undefined ? { cursorField } : {}) };
}

/** Discovered values with nothing seen (a fresh object each call). */
export function emptyValues(): DiscoveredValues {
  return {
    ids: [],
    wallets: [],
    chainIds: [],
    statuses: [],
    requestTypes: [],
    symbols: [],
    currencyAddresses: [],
    txHashes: [],
    depositAddresses: [],
    orderIds: [],
    features: [],
    amountsUsd: [],
  };
}

function get(obj: unknown, path: string): unknown {
  let node = obj;
  for (const key of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Every currency object found under the route's sides of a record. */
function currenciesOf(record: Record<string, unknown>): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (const phase of ['quoted', 'actual']) {
    for (const side of ['origin', 'destination']) {
      for (const leg of ['inputCurrency', 'outputCurrency']) {
        const c = get(record, `data.route.${phase}.${side}.${leg}.currency`);
        if (c && typeof c === 'object') out.push(c as Record<string, unknown>);
      }
    }
  }
  return out;
}

/** The values seen in records, deduplicated, at most 200 of each kind. */
export function valuesOf(records: ReadonlyArray<Record<string, unknown>>): DiscoveredValues {
  const sets = {
    ids: new Set<string>(),
    wallets: new Set<string>(),
    chainIds: new Set<number>(),
    statuses: new Set<string>(),
    requestTypes: new Set<string>(),
    symbols: new Set<string>(),
    currencyAddresses: new Set<string>(),
    txHashes: new Set<string>(),
    depositAddresses: new Set<string>(),
    orderIds: new Set<string>(),
    features: new Set<string>(),
    amountsUsd: new Set<number>(),
  };
  const str = (set: Set<string>, v: unknown) => {
    if (typeof v === 'string' && v !== '' && set.size < MAX_VALUES) set.add(v);
  };
  const num = (set: Set<number>, v: unknown) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (Number.isFinite(n) && set.size < MAX_VALUES) set.add(n);
  };
  for (const r of records) {
    str(sets.ids, r.id);
    for (const k of ['user', 'sender', 'recipient', 'refundTo']) str(sets.wallets, r[k]);
    str(sets.wallets, get(r, 'depositAddress.depositor'));
    str(sets.statuses, r.status);
    str(sets.requestTypes, r.requestType);
    str(sets.depositAddresses, get(r, 'depositAddress.address'));
    str(sets.txHashes, get(r, 'depositAddress.depositTxHash'));
    str(sets.orderIds, get(r, 'protocol.orderId'));
    if (Array.isArray(r.features)) for (const f of r.features) str(sets.features, f);
    for (const list of ['inTxs', 'outTxs']) {
      const txs = get(r, `data.${list}`);
      if (Array.isArray(txs)) {
        for (const tx of txs) {
          str(sets.txHashes, get(tx, 'txHash'));
          num(sets.chainIds, get(tx, 'chainId'));
        }
      }
    }
    for (const c of currenciesOf(r)) {
      num(sets.chainIds, c.chainId);
      str(sets.symbols, c.symbol);
      str(sets.currencyAddresses, c.address);
    }
    num(sets.amountsUsd, get(r, 'data.route.actual.origin.inputCurrency.amountUsd') ?? get(r, 'data.route.quoted.origin.inputCurrency.amountUsd'));
  }
  return {
    ids: [...sets.ids],
    wallets: [...sets.wallets],
    chainIds: [...sets.chainIds],
    statuses: [...sets.statuses],
    requestTypes: [...sets.requestTypes],
    symbols: [...sets.symbols],
    currencyAddresses: [...sets.currencyAddresses],
    txHashes: [...sets.txHashes],
    depositAddresses: [...sets.depositAddresses],
    orderIds: [...sets.orderIds],
    features: [...sets.features],
    amountsUsd: [...sets.amountsUsd].sort((a, b) => a - b),
  };
}

