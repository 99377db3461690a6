import type { CheckDefinition } from '../engine/types.js';
import { checks as currencies } from './currencies.js';
import { checks as eventsWebhook } from './events-webhook.js';
import { checks as eventsWs } from './events-ws.js';
import { checks as general } from './general.js';
import { checks as intentsStatus } from './intents-status.js';
import { checks as intentsStatusVersions } from './intents-status-versions.js';
import { checks as requestsV2 } from './requests-v2.js';
import { checks as requestsV2Limits } from './requests-v2-limits.js';
import { checks as requestsV3Auth } from './requests-v3-auth.js';
import { checks as requestsV3EqualityFilters } from './requests-v3-equality-filters.js';
import { checks as requestsV3Groups } from './requests-v3-groups.js';
import { checks as requestsV3GroupsNull } from './requests-v3-groups-null.js';
import { checks as requestsV3GroupsTopLevel } from './requests-v3-groups-top-level.js';
import { checks as requestsV3Limits } from './requests-v3-limits.js';
import { checks as requestsV3Pagination } from './requests-v3-pagination.js';
import { checks as requestsV3Records } from './requests-v3-records.js';
import { checks as requestsV3SpecialFilters } from './requests-v3-special-filters.js';
import { checks as requestsV3Sort } from './requests-v3-sort.js';
import { checks as requestsV3Total } from './requests-v3-total.js';
import { checks as requestsV3TotalScale } from './requests-v3-total-scale.js';
import { checks as requestsV3RangeRelations } from './requests-v3-range-relations.js';
import { checks as schema } from './schema.js';
import { checks as unknownFields } from './unknown-fields.js';

/**
 * The registry: every named check, in run order (schema checks run last, phase `final`). The
 * unknown-fields check runs before the v2 family, whose throttle probe would leave no v2 200 to read.
 * Within the v2 family the checks that need a v2 200 come first, then the boundary limits, then the
 * throttle probe, so that the throttle's quota (30 a minute on the embedded server) lasts for them.
 * The events family runs after the HTTP families: against the embedded server it changes the
 * status of the few requests it follows.
 */
const isV2Throttle = (c: CheckDefinition): boolean => c.id.startsWith('requests-v2.rate-limit.');

export const allChecks: readonly CheckDefinition[] = [
  ...currencies,
  ...intentsStatus,
  ...intentsStatusVersions,
  ...requestsV3Auth,
  ...requestsV3Limits,
  ...requestsV3Sort,
  ...requestsV3Pagination,
  ...requestsV3Total,
  ...requestsV3TotalScale,
  ...requestsV3EqualityFilters,
  ...requestsV3SpecialFilters,
  ...requestsV3RangeRelations,
  ...requestsV3Groups,
  ...requestsV3GroupsNull,
  ...requestsV3GroupsTopLevel,
  ...requestsV3Records,
  ...unknownFields,
  ...requestsV2.filter((c) => !isV2Throttle(c)),
  ...requestsV2Limits,
  ...requestsV2.filter(isV2Throttle),
  ...general,
  ...eventsWs,
  ...eventsWebhook,
  ...schema,
];
