/**
 * The body `deprecation` object of a v2 200 (API document, Versioning > Deprecation signals: message,
 * deprecatedAt, throttledFrom, sunsetAt, successor, migrationGuide; dates in ISO 8601). Shared by the
 * active `requests-v2.deprecation.body-object` check and the passive proxy and HAR audit.
 */
import { brief } from '../engine/expect.js';
import { isObject } from '../checks/support/outcome.js';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/;

/** Whether a value is an ISO 8601 date or date-time that parses. */
export function isIso8601(value: unknown): value is string {
  return typeof value === 'string' && ISO_8601.test(value) && Number.isFinite(Date.parse(value));
}

export const STRING_FIELDS = ['message', 'successor', 'migrationGuide'] as const;
export const DATE_FIELDS = ['deprecatedAt', 'throttledFrom', 'sunsetAt'] as const;

/** What is wrong with the `deprecation` object of a v2 200 body, or undefined when it is right. */
export function deprecationObjectProblem(body: unknown): string | undefined {
  const dep = isObject(body) ? body.deprecation : undefined;
  if (!isObject(dep)) return `no top-level \`deprecation\` object: ${brief(body)}`;
  for (const field of STRING_FIELDS) {
    if (typeof dep[field] !== 'string' || dep[field] === '') return `deprecation.${field} = ${brief(dep[field])} (a non-empty string expected)`;
  }
  for (const field of DATE_FIELDS) {
    if (!isIso8601(dep[field])) return `deprecation.${field} = ${brief(dep[field])} (an ISO 8601 timestamp expected)`;
  }
  return undefined;
}
