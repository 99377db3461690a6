/**
 * The body `deprecation` object of a v2 200 (API document, Versioning > Deprecation signals: message,
 * deprecatedAt, throttledFrom, sunsetAt, successor, migrationGuide; dates in ISO 8601) and its
 * agreement with the headers and the published timeline. Shared by the active
 * `requests-v2.deprecation.body-object` and `.consistent` checks and the passive proxy and HAR audit.
 */
import { V2_TIMELINE, V2_TIMELINE_MS } from '@crosschain/specs';
import { brief } from '../contract/expect.js';
import { deprecationMs, deprecationProblem, parseImfFixdate } from '../contract/deprecation-headers.js';
import { isObject } from '../contract/outcome.js';

/** The v2 timeline (API document, Versioning > Timeline of GET /requests/v2), UTC days: generated from the spec. */
export { V2_TIMELINE, V2_TIMELINE_MS };

/**
 * The UTC day the live service began sending the deprecation signals (headers, body object, the 429
 * body): live-service facts §5 ("Headers and the 429 body went live on 2026-08-04";
 * divergence.v2-signals-late). A v2 exchange of an earlier date carries none, by its own timeline.
 */
export const V2_SIGNALS_FROM = '2026-08-04';

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

/** The UTC day of an instant. */
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A disagreement between the body dates, the headers and the published timeline. */
export interface Inconsistency {
  message: string;
  expected: string;
  received: string;
}

/**
 * Whether a well-formed `deprecation` object (see {@link deprecationObjectProblem}) agrees with the
 * published timeline and with the Deprecation and Sunset headers (lower-cased names), when those
 * are well formed; the first disagreement, or undefined.
 */
export function deprecationInconsistency(dep: Record<string, unknown>, headers: Record<string, string>): Inconsistency | undefined {
  for (const [field, expected] of Object.entries(V2_TIMELINE)) {
    if (day(Date.parse(dep[field] as string)) !== expected) return { message: `deprecation.${field} must match the published timeline`, expected, received: `${String(dep[field])}` };
  }
  const deprecation = headers['deprecation'];
  if (deprecation !== undefined && deprecationProblem(deprecation) === undefined) {
    const header = deprecationMs(deprecation);
    if (header !== Date.parse(dep.deprecatedAt as string)) {
      return { message: 'The Deprecation header and deprecation.deprecatedAt must name the same instant', expected: `${new Date(header).toISOString()} (Deprecation: ${deprecation})`, received: `deprecatedAt = ${String(dep.deprecatedAt)}` };
    }
  }
  const sunset = headers['sunset'] === undefined ? undefined : parseImfFixdate(headers['sunset']);
  if (sunset !== undefined && sunset !== Date.parse(dep.sunsetAt as string)) {
    return { message: 'The Sunset header and deprecation.sunsetAt must name the same instant', expected: `${new Date(sunset).toISOString()} (Sunset: ${headers['sunset']})`, received: `sunsetAt = ${String(dep.sunsetAt)}` };
  }
  return undefined;
}
