/**
 * The oracle registry: every oracle of the kit, defined once in its own file under
 * `oracles/` and registered here, in report order. The active run (engine/active-oracles.ts), the
 * proxy and `audit` (passive/auditor.ts) judge every exchange with this one array; the active
 * checks call the same predicates for what they construct on purpose.
 *
 * To add an oracle: write it in the {@link Oracle} shape (`id`, `applies(s)`, `judge(s)`, `ids` and
 * `idFor` when it reports under several ids) in a file of its concern, and add it to {@link ORACLES}.
 */
import { errorBodyShape, jsonBodies } from './bodies.js';
import { currencyOracles } from './currencies-v2.js';
import { successStatus, unwindowedFirstPage } from './first-calls.js';
import { noServerError, validInputAccepted } from './general.js';
import type { Oracle } from './oracle.js';
import { keyRequired } from './requests-v3-auth.js';
import { appFeesRange, featuresFilter, groups, nullMix, ranges, topLevelFilters } from './requests-v3-filters.js';
import { cursorStable, limitDefault, limitMax, noDuplicates, order, terminates } from './requests-v3-paging.js';
import { failReason, sameChain } from './requests-v3-records.js';
import { totalExact, totalOnlyWhenRequested } from './requests-v3-total.js';
import { v2KeepsWorking, v2Oracles, v2Retired } from './requests-v2.js';
import { v2LimitMax } from './requests-v2-limits.js';
import { versionsAgree } from './status-versions-agree.js';
import { v3RemovedFields } from './v3-removed-fields.js';
import { schemaOracles } from './response-schema.js';

export { V3, isWithheld, type Judgement, type Oracle, type PassiveRule, type Problem, type Seen } from './oracle.js';
export { asked } from './requests-v3-total.js';

/** Every oracle, in report order. */
export const ORACLES: readonly Oracle[] = [
  ...currencyOracles,
  schemaOracles.currencies,
  schemaOracles.intents,
  schemaOracles.intentsV2,
  schemaOracles.intentsV3,
  versionsAgree,
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
  featuresFilter,
  ranges,
  appFeesRange,
  groups,
  nullMix,
  failReason,
  sameChain,
  v3RemovedFields,
  schemaOracles.v3,
  v2KeepsWorking,
  v2LimitMax,
  ...v2Oracles,
  v2Retired,
  schemaOracles.v2,
  noServerError,
  validInputAccepted,
  jsonBodies,
  errorBodyShape,
  unwindowedFirstPage,
  successStatus,
];

/** Every check id the oracles report under. */
export function oracleCheckIds(oracles: readonly Oracle[] = ORACLES): string[] {
  return [...new Set(oracles.flatMap((r) => r.ids ?? [r.id]))];
}
