import type { CheckDefinition } from '../contract/types.js';
import { checks as currencies } from './currencies.js';
import { checks as currenciesDefaultList } from './currencies-default-list.js';
import { checks as eventsWebhook } from './events-webhook.js';
import { checks as eventsWs } from './events-ws.js';
import { checks as eventsWsDelivery } from './events-ws-delivery.js';
import { checks as general } from './general.js';
import { checks as generalStaysUp } from './general-stays-up.js';
import { checks as generalSuccessStatus } from './general-success-status.js';
import { checks as intentsStatus } from './intents-status.js';
import { V2_LOCK, checks as requestsV2 } from './requests-v2.js';
import { checks as intentsStatusVersions } from './intents-status-versions.js';
import { checks as requestsV2Limits } from './requests-v2-limits.js';
import { checks as requestsV2Plain } from './requests-v2-plain.js';
import { checks as requestsV2SteppedDown } from './requests-v2-stepped-down.js';
import { checks as requestsV2TimelineDates } from './requests-v2-timeline-dates.js';
import { checks as requestsV3AfterChange } from './requests-v3-after-change.js';
import { checks as requestsV3ChangedRanges } from './requests-v3-changed-ranges.js';
import { checks as requestsV3ChangedStatusListings } from './requests-v3-changed-status-listings.js';
import { checks as requestsV3ChangedOwnerRead } from './requests-v3-changed-owner-read.js';
import { checks as requestsV3Auth } from './requests-v3-auth.js';
import { checks as requestsV3OwnerSeesOwn } from './requests-v3-owner-sees-own.js';
import { checks as requestsV3EqualityFilters } from './requests-v3-equality-filters.js';
import { checks as requestsV3Groups } from './requests-v3-groups.js';
import { checks as requestsV3GroupsNull } from './requests-v3-groups-null.js';
import { checks as requestsV3GroupsTopLevel } from './requests-v3-groups-top-level.js';
import { checks as requestsV3NoCarryOver } from './requests-v3-no-carry-over.js';
import { checks as requestsV3Arrivals } from './requests-v3-arrivals.js';
import { checks as requestsV3NotOldest } from './requests-v3-not-oldest.js';
import { checks as requestsV3EveryId } from './requests-v3-every-id.js';
import { checks as requestsV3Limits } from './requests-v3-limits.js';
import { checks as requestsV3Pagination } from './requests-v3-pagination.js';
import { checks as requestsV3Records } from './requests-v3-records.js';
import { checks as requestsV3SpecialFilters } from './requests-v3-special-filters.js';
import { checks as requestsV3Sort } from './requests-v3-sort.js';
import { checks as requestsV3OtherSorts } from './requests-v3-other-sorts.js';
import { checks as requestsV3OtherSortsIds } from './requests-v3-other-sorts-ids.js';
import { checks as requestsV3Total } from './requests-v3-total.js';
import { checks as requestsV3TotalScale } from './requests-v3-total-scale.js';
import { checks as requestsV3Unwindowed } from './requests-v3-unwindowed.js';
import { checks as requestsV3UnwindowedTotals } from './requests-v3-unwindowed-totals.js';
import { checks as requestsV3RangeRelations } from './requests-v3-range-relations.js';
import { checks as schema } from './schema.js';
import { checks as unknownFields } from './unknown-fields.js';
import { oracleChecks } from './oracle-checks.js';
import { ORACLES } from '../oracles/index.js';

/** The check modules in their default order; the {@link RUN_ORDER} rules move checks from it. */
const MODULES: ReadonlyArray<readonly CheckDefinition[]> = [
  currencies,
  currenciesDefaultList,
  intentsStatus,
  intentsStatusVersions,
  requestsV3Auth,
  requestsV3OwnerSeesOwn,
  requestsV3Limits,
  requestsV3Sort,
  requestsV3Pagination,
  requestsV3Total,
  requestsV3TotalScale,
  requestsV3Unwindowed,
  requestsV3UnwindowedTotals,
  requestsV3EqualityFilters,
  requestsV3SpecialFilters,
  requestsV3OtherSorts,
  requestsV3OtherSortsIds,
  requestsV3RangeRelations,
  requestsV3Groups,
  requestsV3GroupsNull,
  requestsV3GroupsTopLevel,
  requestsV3NotOldest,
  requestsV3EveryId,
  requestsV3Records,
  unknownFields,
  requestsV2,
  requestsV2Limits,
  requestsV2Plain,
  requestsV2TimelineDates,
  requestsV2SteppedDown,
  general,
  generalSuccessStatus,
  eventsWs,
  eventsWsDelivery,
  eventsWebhook,
  requestsV3AfterChange,
  requestsV3ChangedRanges,
  requestsV3ChangedStatusListings,
  requestsV3ChangedOwnerRead,
  requestsV3NoCarryOver,
  requestsV3Arrivals,
  generalStaysUp,
  schema,
];

/** A run-order constraint: every check `first` selects runs before every check `then` selects. */
export interface RunOrderRule {
  first: (c: CheckDefinition) => boolean;
  then: (c: CheckDefinition) => boolean;
  why: string;
}

const of = (module: readonly CheckDefinition[]) => (c: CheckDefinition) => module.includes(c);
const spendsV2Quota = (c: CheckDefinition) => c.lock === V2_LOCK && c.spendsQuota === true;
const events = (c: CheckDefinition) => of(eventsWs)(c) || of(eventsWsDelivery)(c) || of(eventsWebhook)(c);
const afterEvents = (c: CheckDefinition) => of(requestsV3AfterChange)(c) || of(requestsV3ChangedRanges)(c) || of(requestsV3ChangedStatusListings)(c) || of(requestsV3ChangedOwnerRead)(c) || of(requestsV3NoCarryOver)(c) || of(requestsV3Arrivals)(c) || of(generalStaysUp)(c);

/**
 * Which check must run after which, as data; the registry's order is derived
 * from them ({@link orderedBy}) and a test holds every rule. Schema checks run last by their phase
 * (`final`), not by a rule.
 */
export const RUN_ORDER: readonly RunOrderRule[] = [
  {
    first: of(unknownFields),
    then: of(requestsV2),
    why: "the unknown-fields check reads a v2 200; the v2 family's throttle probe would leave none to read",
  },
  {
    first: (c) => of(requestsV2)(c) && !spendsV2Quota(c),
    then: of(requestsV2Limits),
    why: 'the v2 checks that need a v2 200 come before the boundary limits, which spend part of the v2 quota',
  },
  {
    first: (c) => c.lock !== undefined && c.lock === V2_LOCK && !spendsV2Quota(c),
    then: spendsV2Quota,
    why: 'the throttle probe spends the v2 quota (30 a minute on the embedded server) on purpose: the other v2 checks share that quota and run first',
  },
  {
    first: (c) => c.lock === V2_LOCK && c.phase !== 'final' && !of(requestsV2SteppedDown)(c),
    then: of(requestsV2SteppedDown),
    why: "the monthly v2 limit check's 429s (from its dated twins) are v2 exchanges of the run: the throttle probe and the per-key check would take them for the main server's, so it runs after every other v2 check",
  },
  {
    first: (c) => !events(c) && !afterEvents(c) && c.phase !== 'final',
    then: events,
    why: 'against the embedded server the events family changes the status of the few requests it follows: every HTTP family runs before it',
  },
  {
    first: events,
    then: afterEvents,
    why: 'the after-change checks judge the requests the events family moved (and the readings of the whole run), general.stays-up asks whether the server still answers after the session\'s bad messages, requests-v3.filters.no-carry-over runs alone where the run already goes one check at a time, and requests-v3.arrivals.listed makes requests arrive, which no check before it may see: they run after it',
  },
  {
    first: of(requestsV3ChangedStatusListings),
    then: of(requestsV3Arrivals),
    why: 'the status listings of the requests that moved are compared with the unfiltered listing before requests arrive: arrivals shift every position, and a server may rebuild its indexes then, hiding what a move damaged',
  },
];

/**
 * `checks` in a stable topological order of `rules`: each check as early as its module order
 * allows once every check a rule puts before it has been placed. Throws on a cycle.
 */
export function orderedBy(checks: readonly CheckDefinition[], rules: readonly RunOrderRule[]): CheckDefinition[] {
  const before = checks.map((c) => checks.filter((d) => d !== c && rules.some((r) => r.first(d) && r.then(c))));
  const placed = new Set<CheckDefinition>();
  const out: CheckDefinition[] = [];
  while (out.length < checks.length) {
    const next = checks.findIndex((c, i) => !placed.has(c) && before[i]!.every((d) => placed.has(d)));
    if (next < 0) throw new Error(`run-order rules form a cycle among ${checks.filter((c) => !placed.has(c)).map((c) => c.id).join(', ')}`);
    placed.add(checks[next]!);
    out.push(checks[next]!);
  }
  return out;
}

/** The checks written in the modules above. */
const WRITTEN: readonly CheckDefinition[] = MODULES.flat();

/**
 * The registry: every named check, in the run order {@link RUN_ORDER} derives from the module order,
 * then the checks of the oracles no written check shares an id with (oracle-checks.ts: a rule of one
 * exchange is its oracle and its clause, no definition here).
 */
export const allChecks: readonly CheckDefinition[] = orderedBy([...WRITTEN, ...oracleChecks(ORACLES, WRITTEN)], RUN_ORDER);
