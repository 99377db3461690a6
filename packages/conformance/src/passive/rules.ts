/**
 * The passive oracles: every semantic check that one exchange, or the pages of one observed
 * continuation chain, supports (API document, GET /requests/v3 rules 1-7, Request record (v3),
 * Versioning > Deprecation signals, POST /currencies/v2, Authentication; live facts §1.3-§1.4).
 * Each rule carries the id of the active check that tests the same clause and judges with the
 * same predicate (checks/support/*, oracles/*): one predicate per oracle.
 */
import { effectiveVerdict } from '../checks/schema.js';
import { destinationSides, failReasonProblem } from '../checks/requests-v3-records.js';
import { deprecationProblem, exposeProblem, linkProblem, sunsetProblem } from '../checks/support/deprecation-headers.js';
import { FILTERABLE_STATUSES, idsOf, sample } from '../checks/support/listing.js';
import { SORT_BY, defaultDirection, firstOrderBreak, showKey, type Direction, type SortBy } from '../checks/support/order.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../checks/support/paging.js';
import { EQUALITY_PARAMS, amountUsdCandidates, candidates, matchesSound, recordId, recordRequestType, type RecordJson } from '../checks/support/record.js';
import { brief } from '../engine/expect.js';
import type { Exchange, SchemaError, ViolationMark } from '../engine/types.js';
import { schemaMark } from '../baseline/fingerprint.js';
import { CURRENCIES_DEFAULT_LIMIT, CURRENCIES_MAX_LIMIT, addressDiffers, notAmongTokens, offChains, parseTokens, verifiedDiffers } from '../oracles/currencies.js';
import { V2_SIGNALS_FROM, deprecationInconsistency, deprecationObjectProblem } from '../oracles/deprecation-body.js';
import { filtersMismatch, mixesNull, parseGroups, type GroupRule } from '../oracles/groups.js';
import { amountOutside, createdOutside } from '../oracles/ranges.js';
import { RATE_LIMIT_BODY, rateLimitBodyProblem } from '../oracles/v2-rate-limit.js';
import { V2_SUNSET_MS, retirementProblem } from '../oracles/v2-retirement.js';
import type { ChainView, Reading } from './chains.js';
import { schemaDivergence } from './divergences.js';
import { v3RemovedFields } from './rules-v3-removed.js';
import { statusRules } from './rules-status.js';
import type { StatusReading } from '../oracles/intent-status-versions.js';

export const V3 = 'GET /requests/v3';
export const V2 = 'GET /requests/v2';
export const CURRENCIES = 'POST /currencies/v2';
export const INTENTS = 'GET /intents/status';

/** What a rule sees of one exchange. */
export interface Seen {
  exchange: Exchange;
  query: URLSearchParams;
  /** Whether the request carried an API key (its value is never kept). */
  hasKey: boolean;
  /** The records of a v3 200 page. */
  records?: RecordJson[];
  /** The continuation chain of a v3 200 page, as it stood before this page. */
  chain?: ChainView;
  /** The next cursor the page hands back. */
  cursor?: string;
  /** Whether the page has a `total` key, and its value. */
  total?: { present: boolean; value: unknown };
  /** The parsed JSON request body (POST). */
  requestJson?: unknown;
  /** The exchange's own date (epoch ms) by the target's clock: its response `Date` header, else when it was recorded. */
  at?: number;
  /** The latest earlier reading of the same request by the same caller (a retry, a refetch). */
  earlierPage?: Reading;
  /** The latest earlier `total` of the same query by the same caller (any page of it). */
  earlierTotal?: Reading;
  /** On a status operation's 200: the latest 200 readings of the same request through the other status operations, by the same caller. */
  statusReadings?: StatusReading[];
}

/** A violated expectation, one line each; its mark (where, rule, clause, divergence) when the rule knows it. */
export interface Problem extends ViolationMark {
  message: string;
  expected: string;
  received: string;
  /** The check the violation counts for, when the rule reports under several ids. */
  check?: string;
  /** The catalogued divergence of the live service that explains it (specs/clauses.yaml), if one does. */
  divergence?: string;
}

/** One passive oracle. */
export interface PassiveRule {
  /** Check id; a rule may report some problems under another id (see {@link Problem.check}). */
  id: string;
  /** Every id the rule may report under (for the per-check counts). */
  ids?: string[];
  /** The id an exchange counts under when the rule has several (default {@link id}). */
  idFor?(s: Seen): string;
  applies(s: Seen): boolean;
  judge(s: Seen): Problem | undefined;
}

const status = (s: Seen): number => s.exchange.response?.status ?? 0;
const ok = (op: string) => (s: Seen) => s.exchange.operation === op && status(s) === 200;
const page = (s: Seen): s is Seen & { records: RecordJson[] } => s.exchange.operation === V3 && status(s) === 200 && s.records !== undefined;
const int = (v: string | null): number | undefined => (v !== null && /^-?\d+$/.test(v.trim()) ? Number(v) : undefined);
const num = (v: string | null): number | undefined => (v !== null && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);

/** The query that sets a page's filters: its chain's first page (a continuation page repeats or omits them). */
const chainQuery = (s: Seen): URLSearchParams => s.chain?.query ?? s.query;

/** The first record of a page that fails `bad`, as a Received line. */
function firstBad(records: readonly RecordJson[], bad: (r: RecordJson) => string | undefined): string | undefined {
  for (const r of records) {
    const why = bad(r);
    if (why !== undefined) return `id ${recordId(r) ?? '?'}: ${why}`;
  }
  return undefined;
}

const SIGNALS_MS = Date.parse(`${V2_SIGNALS_FROM}T00:00:00Z`);

/** The schema check id of each operation (the active `*.response.schema` checks). */
const SCHEMA_IDS: Record<string, string> = {
  [V3]: 'requests-v3.response.schema',
  [V2]: 'requests-v2.response.schema',
  [CURRENCIES]: 'currencies-v2.response.schema',
  [INTENTS]: 'intents-status.response.schema',
};

/** Whether an exchange's own date falls before the live service sent the v2 deprecation signals. */
const beforeSignals = (s: Seen): boolean => s.at !== undefined && s.at < SIGNALS_MS;

/** The schema errors that count: on a v2 200 dated before the deprecation signals went live, not the missing `deprecation` object. */
function countedErrors(s: Seen, errors: readonly SchemaError[]): SchemaError[] {
  if (s.exchange.operation !== V2 || !beforeSignals(s)) return [...errors];
  return errors.filter((e) => !(e.instancePath === '' && /required property 'deprecation'/.test(e.message)));
}

function schemaRule(operation: string): PassiveRule {
  const id = SCHEMA_IDS[operation]!;
  return {
    id,
    applies: (s) => ok(operation)(s) && s.exchange.schema !== undefined,
    judge(s) {
      const verdict = effectiveVerdict(s.exchange)!;
      const errors = verdict.valid ? [] : countedErrors(s, verdict.errors);
      if (errors.length === 0) return undefined;
      const first = errors[0];
      const divergence = schemaDivergence(id, errors, s.exchange.response?.json);
      return {
        message: `A 200 of ${operation} does not match the schema${first ? `: ${first.instancePath || '/'} ${first.message}` : ''}`,
        expected: `a body valid against ${verdict.schemaRef ?? 'the 200 response schema'}`,
        received: errors.slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; '),
        ...schemaMark(errors),
        ...(divergence ? { divergence } : {}),
      };
    },
  };
}

// ── GET /requests/v3 ────────────────────────────────────────────────────────────────────────────

const keyRequired: PassiveRule = {
  id: 'requests-v3.auth.key-required',
  applies: (s) => s.exchange.operation === V3 && !s.hasKey,
  judge: (s) =>
    status(s) >= 200 && status(s) < 300
      ? { message: 'GET /requests/v3 requires x-api-key: a request without it must be refused', expected: '401 (or another 4xx)', received: `${status(s)} without a key` }
      : undefined,
};

/**
 * The most records a page may hold by its `limit`: its own; else, on a continuation page that does
 * not repeat it, the larger of its walk's limit and the default (the document does not say whether
 * a walk's limit carries over to a page that omits it); undefined when neither page nor walk set one.
 */
function pageMax(s: Seen): { max: number; limit: string } | undefined {
  const own = int(s.query.get('limit'));
  if (own !== undefined) return own > 0 ? { max: Math.min(own, MAX_LIMIT), limit: `limit=${own}` } : undefined;
  if (s.query.has('limit')) return undefined;
  const walk = int(s.chain?.parent ? s.chain.query.get('limit') : null);
  return walk !== undefined && walk > 0 ? { max: Math.max(Math.min(walk, MAX_LIMIT), DEFAULT_LIMIT), limit: `a walk begun with limit=${walk}, not repeated on this page` } : undefined;
}

const limitMax: PassiveRule = {
  id: 'requests-v3.limit.max',
  applies: (s) => page(s) && pageMax(s) !== undefined,
  judge(s) {
    const { max, limit } = pageMax(s)!;
    return s.records!.length > max
      ? { message: `A page holds at most min(limit, ${MAX_LIMIT}) records`, expected: `at most ${max} records for ${limit}`, received: `${s.records!.length} records` }
      : undefined;
  },
};

const limitDefault: PassiveRule = {
  id: 'requests-v3.limit.default',
  applies: (s) => page(s) && !s.query.has('limit') && !(s.chain?.parent && s.chain.query.has('limit')),
  judge: (s) =>
    s.records!.length > DEFAULT_LIMIT
      ? { message: `Without limit, a page holds at most ${DEFAULT_LIMIT} records (the default)`, expected: `at most ${DEFAULT_LIMIT} records`, received: `${s.records!.length} records` }
      : undefined,
};

/** The sort of a page (its own parameters, else its chain's); undefined when a value is not one of the document's. */
function sortOf(s: Seen): { sortBy: SortBy; direction: Direction; explicit: boolean; byGiven: boolean } | undefined {
  const q = s.query.has('sortBy') || s.query.has('sortDirection') || !s.chain ? s.query : s.chain.query;
  const by = q.get('sortBy');
  const dir = q.get('sortDirection');
  if (by !== null && !(SORT_BY as readonly string[]).includes(by)) return undefined;
  if (dir !== null && dir !== 'asc' && dir !== 'desc') return undefined;
  const sortBy = (by ?? 'createdAt') as SortBy;
  return { sortBy, direction: (dir as Direction | null) ?? defaultDirection(sortBy), explicit: dir !== null, byGiven: by !== null };
}

/** The check id of an order: explicit direction, else the default of its sort key. */
function sortCheckId(sort: NonNullable<ReturnType<typeof sortOf>>): string {
  if (sort.explicit) return 'requests-v3.sort.explicit-direction';
  if (sort.sortBy === 'amountUsd') return 'requests-v3.sort.amount-usd-default-asc';
  if (sort.sortBy === 'updatedAt') return 'requests-v3.sort.updated-at-default-desc';
  return 'requests-v3.sort.default';
}

/** Sort keys a record keeps for its whole life (createdAt, amountUsd); updatedAt moves with every status change. */
const FIXED_KEYS: ReadonlySet<SortBy> = new Set<SortBy>(['createdAt', 'amountUsd']);

/**
 * Query parameters whose match depends on what changes during a request's life (its status, fail
 * reasons, the transactions and blocks added as it settles, its fill time): a record may enter or
 * leave such a query between two readings.
 */
const MOVING_PARAMS: ReadonlySet<string> = new Set(['status', 'failReason', 'refundFailReason', 'term', 'depositTxHash', 'fillTxHash', 'refundTxHash', 'startBlock', 'endBlock', 'fillTimeMin', 'fillTimeMax', 'features']);

/** Whether the set of records a walk's query matches can change while the records themselves stay (a status moves). */
function membershipMoves(q: URLSearchParams): boolean {
  if (q.get('sortBy') === 'updatedAt') return true;
  for (const p of MOVING_PARAMS) if (q.has(p)) return true;
  const list = parseGroups(q.get('filters'));
  return list !== undefined && list.some((g) => Object.keys(g).some((k) => MOVING_PARAMS.has(k.replace(/^not:/, ''))));
}

/**
 * Whether no request created after `readAt` (epoch ms, the target's clock) can match the walk's
 * query: `endTimestamp` (Unix seconds, inclusive) lies before that reading.
 */
function closedBefore(q: URLSearchParams, readAt: number | undefined): boolean {
  const end = int(q.get('endTimestamp'));
  return end !== undefined && readAt !== undefined && (end + 1) * 1000 <= readAt;
}

/**
 * Whether the records a walk's query matches could not have changed since the page read at
 * `readAt`: no status-dependent filter or sort, and no room for new requests.
 */
function windowStill(q: URLSearchParams, readAt: number | undefined): boolean {
  return !membershipMoves(q) && closedBefore(q, readAt);
}

const order: PassiveRule = {
  id: 'requests-v3.sort.default',
  ids: ['requests-v3.sort.default', 'requests-v3.sort.explicit-direction', 'requests-v3.sort.amount-usd-default-asc', 'requests-v3.sort.updated-at-default-desc'],
  applies: (s) => page(s) && sortOf(s) !== undefined,
  idFor: (s) => sortCheckId(sortOf(s)!),
  judge(s) {
    const sort = sortOf(s)!;
    // Across the boundary with the page that gave this page's cursor: only for a key that never
    // changes (a record whose updatedAt moved between the two readings is legitimately out of place).
    const last = FIXED_KEYS.has(sort.sortBy) ? s.chain?.parent?.lastRecord : undefined;
    const list = last ? [last, ...s.records!] : s.records!;
    const broken = firstOrderBreak(list, sort.sortBy, sort.direction);
    if (!broken) return undefined;
    const across = last !== undefined && broken.index === 1 ? ' (across the boundary with the page that handed back this page\'s cursor)' : '';
    return {
      check: sortCheckId(sort),
      message: `Records must come by ${sort.sortBy} ${sort.direction === 'desc' ? 'descending' : 'ascending'}${across}`,
      expected: `${sort.sortBy} ${sort.direction === 'desc' ? '<=' : '>='} ${showKey(broken.previous.key, sort.sortBy)} after id ${broken.previous.id}`,
      received: `id ${broken.next.id} with ${sort.sortBy} ${showKey(broken.next.key, sort.sortBy)}`,
    };
  },
};

const noDuplicates: PassiveRule = {
  id: 'requests-v3.pagination.no-duplicates',
  applies: page,
  judge(s) {
    const ids = idsOf(s.records!);
    const twice = ids.filter((id, i) => id !== '?' && ids.indexOf(id) !== i);
    if (twice.length > 0) return { message: 'No record may appear twice in one page', expected: 'each id once on the page', received: `id(s) ${sample(twice)} twice on one page` };
    const chain = s.chain;
    if (!chain?.parent) return undefined;
    // A record of an earlier page of this page's own path; judged only where the window could not move in between.
    const q = chainQuery(s);
    const again = ids.filter((id) => {
      const earlier = id === '?' ? undefined : chain.pageWith(id);
      return earlier !== undefined && windowStill(q, earlier.readAt);
    });
    return again.length > 0
      ? { message: 'No record may appear twice in one continuation walk (a page and the pages whose cursors led to it, over a window that could not change)', expected: 'each id once across the pages of the walk', received: `id(s) ${sample(again)} again on page ${chain.pages + 1}` }
      : undefined;
  },
};

const terminates: PassiveRule = {
  id: 'requests-v3.pagination.terminates',
  applies: (s) => page(s) && s.chain !== undefined && s.cursor !== undefined,
  judge: (s) =>
    s.chain!.gave(s.cursor!) || s.query.get('continuation') === s.cursor
      ? { message: 'A continuation walk must progress: a page hands back a cursor that a page before it on the same walk already gave, so following it would never end', expected: 'a new cursor on every page of a walk, and none on the last', received: `cursor ${brief(s.cursor, 80)} again on page ${s.chain!.pages + 1}` }
      : undefined,
};

const cursorStable: PassiveRule = {
  id: 'requests-v3.pagination.cursor-stable',
  applies: (s) => page(s) && (s.query.get('continuation') ?? '') !== '' && s.earlierPage !== undefined && windowStill(chainQuery(s), s.earlierPage.readAt),
  judge(s) {
    const now = idsOf(s.records!);
    const before = s.earlierPage!.ids;
    if (now.length === before.length && now.every((id, i) => id === before[i])) return undefined;
    return {
      message: 'The same continuation must give the same page while the window cannot change (an endTimestamp before the first reading, no status-dependent filter or order)',
      expected: `ids ${sample([...before])} (${before.length} records), as on the earlier reading`,
      received: `ids ${sample(now)} (${now.length} records)`,
    };
  },
};

/** Whether `total` was asked (includeTotal=true) by the page itself. */
export const asked = (q: URLSearchParams): boolean => q.get('includeTotal') === 'true';

const totalOnlyWhenRequested: PassiveRule = {
  id: 'requests-v3.total.only-when-requested',
  applies: (s) => page(s) && !asked(s.query) && !(s.chain && asked(s.chain.query)),
  judge: (s) =>
    s.total?.present
      ? { message: '`total` is returned only with includeTotal=true', expected: 'no `total` key', received: `total = ${brief(s.total.value)} without includeTotal=true` }
      : undefined,
};

const totalExact: PassiveRule = {
  id: 'requests-v3.total.exact',
  applies: (s) => page(s) && asked(s.query),
  judge(s) {
    const t = s.total?.value;
    if (!s.total?.present || typeof t !== 'number' || !Number.isInteger(t) || t < 0) {
      return { message: 'includeTotal=true must add `total`, the exact count of matching requests', expected: 'a non-negative integer `total`', received: `total = ${brief(t)}` };
    }
    // The records of the earlier pages of the walk count only when none can have left the query since.
    const chain = s.chain;
    const earlier = chain?.fromStart && chain.parent && !membershipMoves(chainQuery(s)) ? chain.count : 0;
    const seen = earlier + s.records!.length;
    const reading = s.earlierTotal;
    if (reading?.total !== undefined && reading.total !== t && windowStill(chainQuery(s), reading.readAt)) {
      return { message: '`total` of one query is the same on every reading while its window cannot change (an endTimestamp before the earlier reading, no status-dependent filter)', expected: `total = ${reading.total}, as on the earlier reading`, received: `total = ${t}` };
    }
    return t < seen ? { message: `\`total\` counts every matching request: it cannot be below the records seen ${earlier > 0 ? 'in this continuation walk' : 'on this page'}`, expected: `total >= ${seen}`, received: `total = ${t}` } : undefined;
  },
};

/** The top-level equality filters of a query the oracle judges (status: only the five accepted values). */
function equalityFilters(q: URLSearchParams): Array<[(typeof EQUALITY_PARAMS)[number], string]> {
  return EQUALITY_PARAMS.flatMap((p) => {
    const v = q.get(p);
    if (v === null || v === '') return [];
    if (p === 'status' && !FILTERABLE_STATUSES.includes(v)) return [];
    return [[p, v] as [(typeof EQUALITY_PARAMS)[number], string]];
  });
}

const topLevelFilters: PassiveRule = {
  id: 'requests-v3.filter.soundness',
  ids: ['requests-v3.filter.soundness', 'requests-v3.filters.top-level-and'],
  applies: (s) => page(s) && equalityFilters(chainQuery(s)).length > 0,
  idFor: (s) => (chainQuery(s).has('filters') ? 'requests-v3.filters.top-level-and' : 'requests-v3.filter.soundness'),
  judge(s) {
    const q = chainQuery(s);
    const filters = equalityFilters(q);
    const received = firstBad(s.records!, (r) => {
      const miss = filters.find(([p, v]) => !matchesSound(r, p, v));
      return miss ? `${miss[0]} candidates ${brief(candidates(r, miss[0]))}, asked ${miss[1]}` : undefined;
    });
    if (received === undefined) return undefined;
    const withGroups = q.has('filters');
    return {
      check: withGroups ? 'requests-v3.filters.top-level-and' : 'requests-v3.filter.soundness',
      message: `Every record returned must match the top-level filters${withGroups ? ' (AND-ed with the filters groups)' : ''}`,
      expected: filters.map(([p, v]) => `${p}=${v}`).join(' and '),
      received,
    };
  },
};

const ranges: PassiveRule = {
  id: 'requests-v3.filter.ranges',
  applies: (s) => page(s) && ['startTimestamp', 'endTimestamp', 'amountUsdMin', 'amountUsdMax'].some((p) => chainQuery(s).has(p)),
  judge(s) {
    const q = chainQuery(s);
    const [start, end] = [int(q.get('startTimestamp')), int(q.get('endTimestamp'))];
    const [min, max] = [num(q.get('amountUsdMin')), num(q.get('amountUsdMax'))];
    const received = firstBad(s.records!, (r) =>
      createdOutside(r, start, end) ? `created ${String(r.createdAt)}` : amountOutside(r, min, max) ? `amountUsd ${brief(amountUsdCandidates(r))}` : undefined,
    );
    return received === undefined
      ? undefined
      : { message: 'Every record returned must lie within startTimestamp/endTimestamp (Unix seconds, inclusive) and amountUsdMin/amountUsdMax', expected: `createdAt in [${start ?? '-∞'}, ${end ?? '+∞'}] s, amountUsd in [${min ?? '-∞'}, ${max ?? '+∞'}]`, received };
  },
};

const GROUP_CHECK: Record<GroupRule, string> = {
  not: 'requests-v3.filters.not',
  null: 'requests-v3.filters.null-check',
  array: 'requests-v3.filters.array-or',
  and: 'requests-v3.filters.and-within-group',
};

/** The check a filters query counts under: OR across groups, else the rule of its one group's first key. */
function groupsCheckId(list: ReadonlyArray<Record<string, unknown>>): string {
  if (list.length > 1) return 'requests-v3.filters.or-across-groups';
  const [key, value] = Object.entries(list[0] ?? {})[0] ?? ['', undefined];
  if (key.startsWith('not:')) return GROUP_CHECK.not;
  if (value === null) return GROUP_CHECK.null;
  return Array.isArray(value) ? GROUP_CHECK.array : GROUP_CHECK.and;
}

const groups: PassiveRule = {
  id: 'requests-v3.filters.and-within-group',
  ids: [...new Set([...Object.values(GROUP_CHECK), 'requests-v3.filters.or-across-groups'])],
  applies: (s) => page(s) && parseGroups(chainQuery(s).get('filters')) !== undefined,
  idFor: (s) => groupsCheckId(parseGroups(chainQuery(s).get('filters'))!),
  judge(s) {
    const list = parseGroups(chainQuery(s).get('filters'))!;
    if (mixesNull(list)) return undefined;
    for (const r of s.records!) {
      const m = filtersMismatch(r, list);
      if (!m) continue;
      const check = m.rule === 'and' && list.length > 1 ? 'requests-v3.filters.or-across-groups' : GROUP_CHECK[m.rule];
      return {
        check,
        message: 'Every record returned must match at least one filters group (AND within a group, OR across groups, not: negates, null is empty)',
        expected: `a record matching one of ${brief(list, 200)}`,
        received: `id ${recordId(r) ?? '?'} fails ${m.key}=${brief(m.value)} (${m.key.replace(/^not:/, '')} candidates ${brief(candidates(r, m.key.replace(/^not:/, '') as (typeof EQUALITY_PARAMS)[number]))})`,
      };
    }
    return undefined;
  },
};

const nullMix: PassiveRule = {
  id: 'requests-v3.filters.null-mix-400',
  applies: (s) => s.exchange.operation === V3 && mixesNull(parseGroups(s.query.get('filters')) ?? []),
  judge: (s) =>
    status(s) >= 400 && status(s) < 500
      ? undefined
      : { message: 'A filters array mixing null with values must be refused with 400', expected: '400', received: `${status(s)}` },
};

const failReason: PassiveRule = {
  id: 'requests-v3.record.fail-reason-null',
  applies: page,
  judge(s) {
    const received = firstBad(s.records!, failReasonProblem);
    return received === undefined ? undefined : { message: 'failReason and refundFailReason are null when there is none (v2 used "N/A")', expected: 'null or a reason', received };
  },
};

const sameChain: PassiveRule = {
  id: 'requests-v3.record.same-chain-no-destination',
  applies: (s) => page(s) && s.records!.some((r) => recordRequestType(r) === 'Same-chain Swap'),
  judge(s) {
    const received = firstBad(s.records!, (r) => {
      const sides = recordRequestType(r) === 'Same-chain Swap' ? destinationSides(r) : [];
      return sides.length > 0 ? `a Same-chain Swap with ${sides.join(' and ')}` : undefined;
    });
    return received === undefined ? undefined : { message: 'Same-chain swaps have no destination side; read origin.outputCurrency there', expected: 'no data.route.quoted.destination and no data.route.actual.destination', received };
  },
};

// ── GET /requests/v2 ────────────────────────────────────────────────────────────────────────────

const SUNSET_MS = V2_SUNSET_MS;

/**
 * A v2 response inside the window of the deprecation signals by the exchange's own date (its
 * `Date` header, the target's clock, else its recording time): from the day the signals went live until the sunset,
 * after which v2 is retired. An exchange without any date is judged as inside the window.
 */
function v2Live(s: Seen): boolean {
  if (s.exchange.operation !== V2 || status(s) === 0) return false;
  return s.at === undefined || (s.at >= SIGNALS_MS && s.at < SUNSET_MS);
}

function signal(id: string, message: string, expected: string, problem: (s: Seen) => string | undefined, when: (s: Seen) => boolean = (s) => status(s) < 400): PassiveRule {
  return {
    id,
    applies: (s) => v2Live(s) && when(s),
    judge(s) {
      const p = problem(s);
      return p === undefined ? undefined : { message, expected, received: `${p} (on a ${status(s)})` };
    },
  };
}

const h = (s: Seen, name: string): string | undefined => s.exchange.response!.headers[name];

const v2Rules: PassiveRule[] = [
  signal('requests-v2.deprecation.header', 'Every v2 response must carry a Deprecation header, an RFC 9651 Date', 'Deprecation: @<unix seconds>', (s) => deprecationProblem(h(s, 'deprecation'))),
  signal('requests-v2.deprecation.sunset', 'Every v2 response must carry a Sunset header, an HTTP-date', 'Sunset: Tue, 24 Nov 2026 00:00:00 GMT (IMF-fixdate)', (s) => sunsetProblem(h(s, 'sunset'))),
  signal('requests-v2.deprecation.link', 'Every v2 response must carry a Link header with the relations deprecation, sunset and successor-version', 'Link with deprecation, sunset and successor-version (/requests/v3)', (s) => linkProblem(h(s, 'link'), s.exchange.request.url)),
  signal(
    'requests-v2.deprecation.expose-headers',
    'The deprecation headers must be listed in Access-Control-Expose-Headers',
    'Access-Control-Expose-Headers listing Deprecation, Sunset, Link',
    (s) => exposeProblem(h(s, 'access-control-expose-headers')),
    (s) => s.exchange.request.headers['origin'] !== undefined,
  ),
  signal(
    'requests-v2.deprecation.on-errors',
    'Every v2 response, including 4xx and 5xx, must carry the deprecation headers',
    'Deprecation, Sunset and Link headers on the error response',
    (s) => deprecationProblem(h(s, 'deprecation')) ?? sunsetProblem(h(s, 'sunset')) ?? linkProblem(h(s, 'link'), s.exchange.request.url),
    (s) => status(s) >= 400,
  ),
  signal('requests-v2.deprecation.body-object', 'A v2 200 body must have the `deprecation` object with its six fields', '{"deprecation": {message, deprecatedAt, throttledFrom, sunsetAt, successor, migrationGuide}}', (s) => deprecationObjectProblem(s.exchange.response!.json), (s) => status(s) === 200 && s.exchange.response!.isJson === true),
  {
    id: 'requests-v2.deprecation.consistent',
    applies: (s) => v2Live(s) && status(s) === 200 && deprecationObjectProblem(s.exchange.response!.json) === undefined,
    judge: (s) => deprecationInconsistency((s.exchange.response!.json as { deprecation: Record<string, unknown> }).deprecation, s.exchange.response!.headers),
  },
  signal('requests-v2.rate-limit.body', 'A v2 429 must have a JSON body with message, successor (the address of /requests/v3) and migrationGuide', RATE_LIMIT_BODY, (s) => rateLimitBodyProblem(s.exchange.response!.json, s.exchange.response!.bodyText, s.exchange.request.url), (s) => status(s) === 429),
  signal('requests-v2.rate-limit.no-retry-after', 'The v2 429 must not carry a Retry-After header', 'no Retry-After header', (s) => (h(s, 'retry-after') !== undefined ? `Retry-After: ${h(s, 'retry-after')}` : undefined), (s) => status(s) === 429),
];

/** A v2 exchange dated on or after the sunset: judged by the retirement rules (the active `requests-v2.retired` predicate). */
const v2Retired: PassiveRule = {
  id: 'requests-v2.retired',
  applies: (s) => s.exchange.operation === V2 && status(s) > 0 && s.at !== undefined && s.at >= SUNSET_MS,
  judge(s) {
    const p = retirementProblem(status(s), s.exchange.response!.headers, s.exchange.request.url, `dated ${new Date(s.at!).toISOString()}`);
    return p === undefined ? undefined : { message: p.message, expected: p.expected, received: p.received };
  },
};

// ── POST /currencies/v2 ─────────────────────────────────────────────────────────────────────────

type Body = Record<string, unknown>;
const bodyOf = (s: Seen): Body => (typeof s.requestJson === 'object' && s.requestJson !== null && !Array.isArray(s.requestJson) ? (s.requestJson as Body) : {});
const currencies = (s: Seen): Body[] | undefined => {
  const json = s.exchange.response?.json;
  return Array.isArray(json) ? json.map((c) => (typeof c === 'object' && c !== null ? (c as Body) : {})) : undefined;
};
const label = (c: Body): string => `${String(c.symbol ?? '?')} ${String(c.chainId ?? '?')}:${String(c.address ?? '?')}`;

function currencyFilter(id: string, field: string, wrong: (c: Body, value: unknown) => boolean, valid: (v: unknown) => boolean): PassiveRule {
  return {
    id,
    applies: (s) => ok(CURRENCIES)(s) && currencies(s) !== undefined && valid(bodyOf(s)[field]),
    judge(s) {
      const value = bodyOf(s)[field];
      const bad = currencies(s)!.find((c) => wrong(c, value));
      return bad ? { message: `With ${field}, every returned currency must match it`, expected: `${field} ${brief(value)}`, received: label(bad) } : undefined;
    },
  };
}

const currencyRules: PassiveRule[] = [
  {
    id: 'currencies-v2.limit.max',
    applies: (s) => ok(CURRENCIES)(s) && currencies(s) !== undefined && typeof bodyOf(s).limit === 'number',
    judge(s) {
      const max = Math.min(bodyOf(s).limit as number, CURRENCIES_MAX_LIMIT);
      const n = currencies(s)!.length;
      return n > max ? { message: `POST /currencies/v2 returns at most min(limit, ${CURRENCIES_MAX_LIMIT}) currencies`, expected: `at most ${max}`, received: `${n} currencies` } : undefined;
    },
  },
  {
    id: 'currencies-v2.limit.default',
    applies: (s) => ok(CURRENCIES)(s) && currencies(s) !== undefined && bodyOf(s).limit === undefined,
    judge(s) {
      const n = currencies(s)!.length;
      return n > CURRENCIES_DEFAULT_LIMIT ? { message: `The default limit of POST /currencies/v2 is ${CURRENCIES_DEFAULT_LIMIT}`, expected: `at most ${CURRENCIES_DEFAULT_LIMIT}`, received: `${n} currencies without limit` } : undefined;
    },
  },
  currencyFilter('currencies-v2.filter.chain-ids', 'chainIds', (c, v) => offChains(c, v as number[]), (v) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number')),
  currencyFilter('currencies-v2.filter.verified', 'verified', (c, v) => verifiedDiffers(c, v as boolean), (v) => typeof v === 'boolean'),
  currencyFilter('currencies-v2.filter.address', 'address', (c, v) => addressDiffers(c, v as string), (v) => typeof v === 'string' && v !== ''),
  currencyFilter('currencies-v2.filter.tokens', 'tokens', (c, v) => notAmongTokens(c, parseTokens(v)!), (v) => parseTokens(v) !== undefined && (v as unknown[]).length > 0),
];

// ── Any operation ───────────────────────────────────────────────────────────────────────────────

/** Query parameters of the document that take numbers: a non-number there is bad input (a 4xx, never a 5xx). */
const NUMERIC_PARAMS = ['limit', 'startTimestamp', 'endTimestamp', 'amountUsdMin', 'amountUsdMax', 'originChainId', 'destinationChainId', 'chainId', 'currencyInChainId', 'currencyOutChainId'];
const badNumber = (q: URLSearchParams): string | undefined => NUMERIC_PARAMS.find((p) => q.has(p) && num(q.get(p)) === undefined);

const noServerError: PassiveRule = {
  id: 'general.no-server-error-on-bad-input',
  applies: (s) => s.exchange.operation !== undefined && badNumber(s.query) !== undefined,
  judge(s) {
    const p = badNumber(s.query)!;
    return status(s) >= 500 ? { message: 'Bad input must be answered with a 4xx, not a server error', expected: `a 4xx for ${p}=${brief(s.query.get(p))}`, received: `${status(s)}` } : undefined;
  },
};

/** Every passive oracle, in report order. */
export const PASSIVE_RULES: readonly PassiveRule[] = [
  ...currencyRules,
  schemaRule(CURRENCIES),
  schemaRule(INTENTS),
  ...statusRules,
  keyRequired,
  limitMax,
  limitDefault,
  order,
  noDuplicates,
  terminates,
  cursorStable,
  totalExact,
  totalOnlyWhenRequested,
  topLevelFilters,
  ranges,
  groups,
  nullMix,
  failReason,
  sameChain,
  v3RemovedFields,
  schemaRule(V3),
  ...v2Rules,
  v2Retired,
  schemaRule(V2),
  noServerError,
];

/** Every check id the passive oracles report under. */
export function passiveCheckIds(rules: readonly PassiveRule[] = PASSIVE_RULES): string[] {
  return [...new Set(rules.flatMap((r) => r.ids ?? [r.id]))];
}
