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
import type { Exchange, ViolationMark } from '../engine/types.js';
import { schemaMark } from '../baseline/fingerprint.js';
import { CURRENCIES_DEFAULT_LIMIT, CURRENCIES_MAX_LIMIT, addressDiffers, notAmongTokens, offChains, parseTokens, verifiedDiffers } from '../oracles/currencies.js';
import { V2_TIMELINE, deprecationInconsistency, deprecationObjectProblem } from '../oracles/deprecation-body.js';
import { filtersMismatch, mixesNull, parseGroups, type GroupRule } from '../oracles/groups.js';
import { amountOutside, createdOutside } from '../oracles/ranges.js';
import { RATE_LIMIT_BODY, rateLimitBodyProblem } from '../oracles/v2-rate-limit.js';
import type { ChainView } from './chains.js';

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
}

/** A violated expectation, one line each; its mark (where, rule, clause, divergence) when the rule knows it. */
export interface Problem extends ViolationMark {
  message: string;
  expected: string;
  received: string;
  /** The check the violation counts for, when the rule reports under several ids. */
  check?: string;
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

/** The schema check id of each operation (the active `*.response.schema` checks). */
const SCHEMA_IDS: Record<string, string> = {
  [V3]: 'requests-v3.response.schema',
  [V2]: 'requests-v2.response.schema',
  [CURRENCIES]: 'currencies-v2.response.schema',
  [INTENTS]: 'intents-status.response.schema',
};

function schemaRule(operation: string): PassiveRule {
  return {
    id: SCHEMA_IDS[operation]!,
    applies: (s) => ok(operation)(s) && s.exchange.schema !== undefined,
    judge(s) {
      const verdict = effectiveVerdict(s.exchange)!;
      if (verdict.valid) return undefined;
      const first = verdict.errors[0];
      return {
        message: `A 200 of ${operation} does not match the schema${first ? `: ${first.instancePath || '/'} ${first.message}` : ''}`,
        expected: `a body valid against ${verdict.schemaRef ?? 'the 200 response schema'}`,
        received: verdict.errors.slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; '),
        ...schemaMark(verdict.errors),
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

/** The `limit` that applies to a page: its own, else the one its chain started with. */
const limitOf = (s: Seen): string | null => s.query.get('limit') ?? s.chain?.query.get('limit') ?? null;

const limitMax: PassiveRule = {
  id: 'requests-v3.limit.max',
  applies: (s) => page(s) && int(limitOf(s)) !== undefined && int(limitOf(s))! > 0,
  judge(s) {
    const limit = int(limitOf(s))!;
    const max = Math.min(limit, MAX_LIMIT);
    return s.records!.length > max
      ? { message: `A page holds at most min(limit, ${MAX_LIMIT}) records`, expected: `at most ${max} records for limit=${limit}`, received: `${s.records!.length} records` }
      : undefined;
  },
};

const limitDefault: PassiveRule = {
  id: 'requests-v3.limit.default',
  applies: (s) => page(s) && limitOf(s) === null,
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

const order: PassiveRule = {
  id: 'requests-v3.sort.default',
  ids: ['requests-v3.sort.default', 'requests-v3.sort.explicit-direction', 'requests-v3.sort.amount-usd-default-asc', 'requests-v3.sort.updated-at-default-desc'],
  applies: (s) => page(s) && sortOf(s) !== undefined,
  idFor: (s) => sortCheckId(sortOf(s)!),
  judge(s) {
    const sort = sortOf(s)!;
    const last = s.chain?.lastRecord;
    const list = last ? [last, ...s.records!] : s.records!;
    const broken = firstOrderBreak(list, sort.sortBy, sort.direction);
    if (!broken) return undefined;
    const across = last !== undefined && broken.index === 1 ? ' (across a page boundary of one continuation chain)' : '';
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
  applies: (s) => page(s) && s.chain !== undefined,
  judge(s) {
    const again = idsOf(s.records!).filter((id, i, all) => id !== '?' && (s.chain!.ids.has(id) || all.indexOf(id) !== i));
    return again.length > 0
      ? { message: 'No record may appear twice in one continuation chain', expected: 'each id once across the pages', received: `id(s) ${sample(again)} again on page ${s.chain!.pages + 1}` }
      : undefined;
  },
};

const terminates: PassiveRule = {
  id: 'requests-v3.pagination.terminates',
  applies: (s) => page(s) && s.chain !== undefined && s.cursor !== undefined,
  judge: (s) =>
    s.chain!.cursors.has(s.cursor!) || s.query.get('continuation') === s.cursor
      ? { message: 'A continuation chain must progress: a page hands back a cursor already given, so following it would never end', expected: 'a new cursor on every page, and none on the last', received: `cursor ${brief(s.cursor, 80)} again on page ${s.chain!.pages + 1}` }
      : undefined,
};

/** Whether `total` was asked (includeTotal=true) by the page itself. */
const asked = (q: URLSearchParams): boolean => q.get('includeTotal') === 'true';

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
    const seen = (s.chain?.fromStart ? s.chain.count : 0) + s.records!.length;
    return t < seen ? { message: '`total` counts every matching request: it cannot be below the records seen in this continuation chain', expected: `total >= ${seen}`, received: `total = ${t}` } : undefined;
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

const SUNSET_MS = Date.parse(`${V2_TIMELINE.sunsetAt}T00:00:00Z`);

/** A v2 response before the sunset by the target's clock (its Date header; after it v2 is retired). */
function v2Live(s: Seen): boolean {
  if (s.exchange.operation !== V2 || status(s) === 0) return false;
  const date = Date.parse(s.exchange.response!.headers['date'] ?? '');
  return !(Number.isFinite(date) && date >= SUNSET_MS);
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
  keyRequired,
  limitMax,
  limitDefault,
  order,
  noDuplicates,
  terminates,
  totalExact,
  totalOnlyWhenRequested,
  topLevelFilters,
  ranges,
  groups,
  nullMix,
  failReason,
  sameChain,
  schemaRule(V3),
  ...v2Rules,
  schemaRule(V2),
  noServerError,
];

/** Every check id the passive oracles report under. */
export function passiveCheckIds(rules: readonly PassiveRule[] = PASSIVE_RULES): string[] {
  return [...new Set(rules.flatMap((r) => r.ids ?? [r.id]))];
}
