/**
 * What each check id the oracles report under is: its title, the clauses of specs/clauses.yaml it
 * tests and its operation, written once, here. The auditor reads them for its outcomes and reports
 * without loading the active registry (the proxy and the recorder never import checks/), and the
 * active check of the same id takes them from here (`...ruleOf(id)`).
 */
import { clauses as catalogue, type Clause } from '@crosschain/specs';
import { MAX_LIMIT } from '../contract/limits.js';
import { integerBoundaries } from '../engine/boundaries.js';
import { jsonBodies, errorBodyShape } from './bodies.js';
import { CURRENCIES_V2_IDS, includeAllChains as includeAllChainsOracle } from './currencies-v2.js';
import { CURRENCIES_DEFAULT_LIMIT, CURRENCIES_MAX_LIMIT } from './currencies.js';
import { successStatus as successStatusOracle, unwindowedFirstPage as unwindowedFirstPageOracle } from './first-calls.js';
import { noServerError as noServerErrorOracle } from './general.js';
import { STATUS_V3, STATUS_V2 } from './intent-status-versions.js';
import { V2, V3, CURRENCIES, INTENTS } from './oracle.js';
import { V2_MAX_LIMIT, v2LimitMax } from './requests-v2-limits.js';
import { V2_SIGNAL_IDS, v2KeepsWorking } from './requests-v2.js';
import { keyRequired as keyRequiredOracle } from './requests-v3-auth.js';
import { FILTER_IDS, featuresFilter } from './requests-v3-filters.js';
import { limitMax as limitMaxOracle, limitDefault as limitDefaultOracle, terminates as terminatesOracle, cursorStable as cursorStableOracle, PAGING_IDS } from './requests-v3-paging.js';
import { failReason, sameChain } from './requests-v3-records.js';
import { totalExact as totalExactOracle, totalOnlyWhenRequested as totalOnlyWhenRequestedOracle } from './requests-v3-total.js';
import { SCHEMA_CHECK_IDS } from './schema-ids.js';
import { versionsAgree as versionsAgreeOracle } from './status-versions-agree.js';
import { v3RemovedFields as v3RemovedFieldsOracle } from './v3-removed-fields.js';

/** A rule's description: what reports show of it. */
export interface RuleMeta {
  readonly id: string;
  readonly title: string;
  readonly clauses: readonly string[];
  readonly operation: string;
}

const RULES: readonly RuleMeta[] = [
  {
    id: CURRENCIES_V2_IDS.limitDefault,
    title: `Without limit, POST /currencies/v2 returns min(${CURRENCIES_DEFAULT_LIMIT}, n(limit=${CURRENCIES_MAX_LIMIT})) currencies`,
    clauses: ['currencies-v2.limit.default'],
    operation: CURRENCIES,
  },
  {
    id: CURRENCIES_V2_IDS.limitMax,
    title: `At most min(limit, ${CURRENCIES_MAX_LIMIT}) currencies; a limit above ${CURRENCIES_MAX_LIMIT} is capped to ${CURRENCIES_MAX_LIMIT} or refused with a 4xx`,
    clauses: ['currencies-v2.limit.max'],
    operation: CURRENCIES,
  },
  {
    id: CURRENCIES_V2_IDS.filterChainIds,
    title: 'With chainIds, every returned currency is on one of those chains',
    clauses: ['currencies-v2.filter.chain-ids'],
    operation: CURRENCIES,
  },
  {
    id: CURRENCIES_V2_IDS.filterVerified,
    title: 'With verified, every returned currency has metadata.verified equal to it',
    clauses: ['currencies-v2.filter.verified'],
    operation: CURRENCIES,
  },
  {
    id: CURRENCIES_V2_IDS.filterAddress,
    title: 'With address, every returned currency has that address (case-insensitive), and the currency at it comes back',
    clauses: ['currencies-v2.filter.address'],
    operation: CURRENCIES,
  },
  {
    id: CURRENCIES_V2_IDS.filterTokens,
    title: 'With tokens, every returned currency is one of the listed <chainId>:<address> tokens, and each listed token comes back',
    clauses: ['currencies-v2.filter.tokens'],
    operation: CURRENCIES,
  },
  {
    id: includeAllChainsOracle.id,
    title: 'With includeAllChains, address and chainIds, the located currency comes back, and no other currency',
    clauses: ['currencies-v2.filter.include-all-chains'],
    operation: CURRENCIES,
  },
  {
    id: SCHEMA_CHECK_IDS.currenciesV2,
    title: 'Every 200 of POST /currencies/v2 is a JSON array of valid currency objects',
    clauses: ['currencies-v2.response.schema'],
    operation: CURRENCIES,
  },
  {
    id: successStatusOracle.id,
    title: 'Each of the four operations answers success with 200, the code the document names',
    clauses: ['general.success-200'],
    operation: 'GET /intents/status',
  },
  {
    id: noServerErrorOracle.id,
    title: 'Invalid values for every parameter and body field get a 4xx, never a 5xx or no answer',
    clauses: ['general.no-server-error-on-bad-input'],
    operation: '*',
  },
  {
    id: jsonBodies.id,
    title: 'Every response body of the four operations is JSON with content type application/json',
    clauses: [jsonBodies.id],
    operation: '*',
  },
  {
    id: errorBodyShape.id,
    title: 'A 4xx body is a JSON object with a string message',
    clauses: [errorBodyShape.id],
    operation: '*',
  },
  {
    id: versionsAgreeOracle.id,
    title: 'A request read through GET /intents/status, /v2 and /v3 has the same status in each (as of the same last update)',
    clauses: ['intents-status.versions-agree'],
    operation: STATUS_V3,
  },
  {
    id: SCHEMA_CHECK_IDS.intentsStatusV2,
    title: 'Every 200 of GET /intents/status/v2 matches the live OpenAPI (status of its enum, hashes as strings, times as numbers)',
    clauses: ['intents-status-v2.response.schema'],
    operation: STATUS_V2,
  },
  {
    id: SCHEMA_CHECK_IDS.intentsStatusV3,
    title: 'Every 200 of GET /intents/status/v3 matches the live OpenAPI (status of its enum, hashes as strings, times as numbers)',
    clauses: ['intents-status-v3.response.schema'],
    operation: STATUS_V3,
  },
  {
    id: SCHEMA_CHECK_IDS.intentsStatus,
    title: 'Every 200 of GET /intents/status is an intent status record with a status of the enum',
    clauses: ['intents-status.response.schema'],
    operation: INTENTS,
  },
  {
    id: v2LimitMax.id,
    title: `A v2 page holds at most min(limit, ${V2_MAX_LIMIT}) records at limit ${integerBoundaries(1, V2_MAX_LIMIT).join(', ')}; above ${V2_MAX_LIMIT} capped or refused with a 4xx`,
    clauses: [v2LimitMax.id],
    operation: V2,
  },
  {
    id: V2_SIGNAL_IDS.retired,
    title: 'From the sunset date (target clock) v2 answers a 4xx other than 429, never v2 data; a 410 carries the deprecation headers',
    clauses: ['requests-v2.retired-answer'],
    operation: V2,
  },
  {
    id: v2KeepsWorking.id,
    title: 'Before its sunset date (target clock), v2 keeps answering (not 404/410)',
    clauses: [v2KeepsWorking.id],
    operation: V2,
  },
  {
    id: V2_SIGNAL_IDS.deprecationOnErrors,
    title: 'The deprecation headers are on v2 error responses too (4xx, 429, 5xx)',
    clauses: ['requests-v2.deprecation.on-errors'],
    operation: V2,
  },
  {
    id: V2_SIGNAL_IDS.deprecationBodyObject,
    title: 'A v2 200 body has a deprecation object with the six fields and ISO 8601 dates',
    clauses: ['requests-v2.deprecation.body-object'],
    operation: V2,
  },
  {
    id: V2_SIGNAL_IDS.deprecationConsistent,
    title: 'The body dates agree with the headers and the published timeline',
    clauses: ['requests-v2.deprecation.consistent'],
    operation: V2,
  },
  {
    id: V2_SIGNAL_IDS.rateLimitBody,
    title: 'A v2 429 has a JSON body with message, successor (/requests/v3) and migrationGuide',
    clauses: ['requests-v2.rate-limit.body'],
    operation: V2,
  },
  {
    id: V2_SIGNAL_IDS.rateLimitNoRetryAfter,
    title: 'A v2 429 carries no Retry-After header',
    clauses: ['requests-v2.rate-limit.no-retry-after'],
    operation: V2,
  },
  {
    id: SCHEMA_CHECK_IDS.requestsV2,
    title: 'Every 200 of GET /requests/v2 is the v2 list wrapper with the deprecation object',
    clauses: ['requests-v2.response.schema'],
    operation: V2,
  },
  {
    id: keyRequiredOracle.id,
    title: 'GET /requests/v3 without x-api-key is refused with a 4xx and no records',
    clauses: ['requests-v3.auth.key-required', 'auth.header'],
    operation: V3,
  },
  {
    id: FILTER_IDS.filterSoundness,
    title: 'Every record returned for an equality filter matches it',
    clauses: ['requests-v3.filter.soundness'],
    operation: V3,
  },
  {
    id: FILTER_IDS.filtersNullCheck,
    title: 'null is an is-empty check and not:null an is-not-empty check: together they partition the window',
    clauses: ['requests-v3.filters.null-check'],
    operation: V3,
  },
  {
    id: FILTER_IDS.filtersNullMix400,
    title: 'null combined with real values in one array for the same key returns 400',
    clauses: ['requests-v3.filters.null-mix-400'],
    operation: V3,
  },
  {
    id: FILTER_IDS.filtersTopLevelAnd,
    title: 'Top-level parameters still apply: they are AND-ed with the filters groups',
    clauses: ['requests-v3.filters.top-level-and'],
    operation: V3,
  },
  {
    id: FILTER_IDS.filtersAndWithinGroup,
    title: 'Fields inside one filters group are AND-ed',
    clauses: ['requests-v3.filters.groups-and-within'],
    operation: V3,
  },
  {
    id: FILTER_IDS.filtersOrAcrossGroups,
    title: 'Groups are OR-ed: total(A or B) = total(A) + total(B) - total(A and B)',
    clauses: ['requests-v3.filters.groups-or'],
    operation: V3,
  },
  {
    id: FILTER_IDS.filtersNot,
    title: 'not: negates a key, first in its group or after another: total(not:X) + total(X) = total(all) for a non-null field',
    clauses: ['requests-v3.filters.not'],
    operation: V3,
  },
  {
    id: FILTER_IDS.filtersArrayOr,
    title: 'An array value is OR within the field: total(X in [a, b]) = total(a) + total(b)',
    clauses: ['requests-v3.filters.array-or'],
    operation: V3,
  },
  {
    id: limitMaxOracle.id,
    title: `A page holds at most min(limit, ${MAX_LIMIT}) records; a limit above ${MAX_LIMIT} is capped or refused with a 4xx`,
    clauses: ['requests-v3.limit.max'],
    operation: V3,
  },
  {
    id: limitDefaultOracle.id,
    title: 'Without limit, a page holds min(20, n) records (live default 20)',
    clauses: ['requests-v3.limit.default'],
    operation: V3,
  },
  {
    id: terminatesOracle.id,
    title: 'Following continuation ends within a bound and never hands back a cursor twice',
    clauses: ['requests-v3.pagination.continuation', 'requests-v3.pagination.no-repeated-cursor'],
    operation: V3,
  },
  {
    id: cursorStableOracle.id,
    title: 'A continuation passed back twice yields the same next page',
    clauses: ['requests-v3.pagination.continuation'],
    operation: V3,
  },
  {
    id: FILTER_IDS.rangeNested,
    title: 'Block, fill-time, app-fee and USD ranges: a larger minimum or smaller maximum never selects more, nested ranges select nested sets (counts at scale, sets on a window)',
    clauses: ['requests-v3.filter.range-nested', 'requests-v3.filter.app-fees-range'],
    operation: V3,
  },
  {
    id: failReason.id,
    title: 'failReason and refundFailReason are null when there is none, never N/A',
    clauses: ['requests-v3.record.fail-reason-null'],
    operation: V3,
  },
  {
    id: sameChain.id,
    title: 'A Same-chain Swap record has no destination side (neither quoted nor actual)',
    clauses: ['requests-v3.record.same-chain-no-destination'],
    operation: V3,
  },
  {
    id: v3RemovedFieldsOracle.id,
    title: 'A v3 record carries none of the fields the change table lists as removed in v3 (data.metadata, data.subsidizedRequest, ...)',
    clauses: ['requests-v3.record.no-removed-fields'],
    operation: V3,
  },
  {
    id: PAGING_IDS.sortDefault,
    title: 'Without sortBy/sortDirection, records come by createdAt descending, within and across pages',
    clauses: ['requests-v3.sort.default'],
    operation: V3,
  },
  {
    id: PAGING_IDS.sortExplicitDirection,
    title: 'Every sortBy (createdAt, updatedAt, amountUsd) is accepted, and asc/desc are honoured',
    clauses: ['requests-v3.sort.by-values', 'requests-v3.sort.explicit-direction'],
    operation: V3,
  },
  {
    id: FILTER_IDS.filterRanges,
    title: 'startTimestamp/endTimestamp (seconds, inclusive), amountUsdMin/Max and startBlock/endBlock bound their field',
    clauses: ['requests-v3.filter.ranges', 'requests-v3.filter.range-units'],
    operation: V3,
  },
  {
    id: featuresFilter.id,
    title: 'features (comma-separated) matches records with any of the listed features',
    clauses: [featuresFilter.id],
    operation: V3,
  },
  {
    id: totalExactOracle.id,
    title: '`total` equals the walked count, whatever limit and continuation',
    clauses: ['requests-v3.total.exact'],
    operation: V3,
  },
  {
    id: totalOnlyWhenRequestedOracle.id,
    title: '`total` is absent without includeTotal and with includeTotal=false',
    clauses: ['requests-v3.total.only-when-requested'],
    operation: V3,
  },
  {
    id: unwindowedFirstPageOracle.id,
    title: 'Without a time window, the first page of each sort lists requests (each once) when its total counts some, and an ascending listing starts at the earliest request',
    clauses: ['requests-v3.total.exact', 'requests-v3.sort.explicit-direction', 'requests-v3.pagination.no-duplicates'],
    operation: V3,
  },
  {
    id: SCHEMA_CHECK_IDS.requestsV3,
    title: 'Every 200 of GET /requests/v3 is the list wrapper of valid v3 request records',
    clauses: ['requests-v3.record.schema', 'requests-v3.record.deposit-address-type', 'requests-v3.record.status-values'],
    operation: 'GET /requests/v3',
  },
  {
    id: V2_SIGNAL_IDS.deprecationHeader,
    title: 'Every v2 response has a Deprecation header, a structured-field Date @<unix seconds>',
    clauses: [V2_SIGNAL_IDS.deprecationHeader],
    operation: V2,
  },
  {
    id: V2_SIGNAL_IDS.deprecationSunset,
    title: 'Every v2 response has a Sunset header holding an HTTP-date',
    clauses: [V2_SIGNAL_IDS.deprecationSunset],
    operation: V2,
  },
  {
    id: V2_SIGNAL_IDS.deprecationLink,
    title: 'Every v2 response has a Link header with deprecation, sunset and successor-version (/requests/v3)',
    clauses: [V2_SIGNAL_IDS.deprecationLink],
    operation: V2,
  },
  {
    id: V2_SIGNAL_IDS.deprecationExposeHeaders,
    title: 'Access-Control-Expose-Headers lists Deprecation, Sunset and Link',
    clauses: [V2_SIGNAL_IDS.deprecationExposeHeaders],
    operation: V2,
  },
  {
    id: PAGING_IDS.sortUpdatedAtDefaultDesc,
    title: 'sortBy=updatedAt without direction: updatedAt descending',
    clauses: [PAGING_IDS.sortUpdatedAtDefaultDesc],
    operation: V3,
  },
  {
    id: PAGING_IDS.sortAmountUsdDefaultAsc,
    title: 'sortBy=amountUsd without direction: USD amount ascending',
    clauses: [PAGING_IDS.sortAmountUsdDefaultAsc],
    operation: V3,
  },
  {
    id: PAGING_IDS.paginationNoDuplicates,
    title: 'Walking the pages of one query never returns a record twice',
    clauses: [PAGING_IDS.paginationNoDuplicates],
    operation: V3,
  },
];

/** Every described rule, by check id. */
export const RULE_META: ReadonlyMap<string, RuleMeta> = new Map(RULES.map((r) => [r.id, r]));

/**
 * The description of check id `id`: the one written above, else derived from the clause catalogue
 * (specs/clauses.yaml): its clauses are the entries whose `checks:` list it, its title the first of
 * their texts, its operation the oracle's (`operation`). So a new rule of one exchange is its oracle,
 * its clause and its test; an entry here only words a title better than the clause does.
 * Undefined for an id no clause lists and nothing here describes (a rule of the caller's own).
 */
export function ruleMetaOf(id: string, operation = '*', clauses: readonly Pick<Clause, 'id' | 'kind' | 'text' | 'checks'>[] = catalogue): RuleMeta | undefined {
  const written = RULE_META.get(id);
  if (written !== undefined) return written;
  const listing = clauses.filter((c) => c.kind === 'clause' && (c.checks ?? []).includes(id));
  if (listing.length === 0) return undefined;
  return { id, title: listing[0]!.text.trim(), clauses: listing.map((c) => c.id), operation };
}

/** The description of check id `id`, as a check definition's fields (a fresh clause list); throws when none is written or derived. */
export function ruleOf(id: string): { id: string; title: string; clauses: string[]; operation: string } {
  const r = ruleMetaOf(id);
  if (r === undefined) throw new Error(`no description of rule ${id} in oracles/rules.ts and no clause of specs/clauses.yaml lists it`);
  return { id: r.id, title: r.title, clauses: [...r.clauses], operation: r.operation };
}
