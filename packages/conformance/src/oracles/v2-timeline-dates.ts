/**
 * The dates the v2 deprecation signals name are the timeline's (API document, Versioning > Timeline
 * of GET /requests/v2: deprecated Jul 22, 2026, throttled from Sep 1, 2026, retired Nov 24, 2026;
 * Deprecation signals: the `Deprecation` and `Sunset` headers, the body's `deprecatedAt`,
 * `throttledFrom` and `sunsetAt`). A server whose timeline is a day or a month off names another
 * day in its signals while every format rule still holds; the SHOULD-level consistency rule
 * (oracles/deprecation-body.ts) only warns. Judged by UTC day, on every v2 response inside the
 * window of the signals; the active `requests-v2.deprecation.timeline-dates` check makes sure the
 * run holds one.
 */
import { deprecationMs, deprecationProblem, parseImfFixdate } from '../contract/deprecation-headers.js';
import { isObject } from '../contract/outcome.js';
import { DATE_FIELDS, V2_SIGNALS_FROM, V2_TIMELINE, isIso8601 } from './deprecation-body.js';
import { V2_SUNSET_MS } from './v2-retirement.js';
import { V2, status, type Oracle, type Seen } from './oracle.js';

export const V2_TIMELINE_DATES_ID = 'requests-v2.deprecation.timeline-dates';

const SIGNALS_MS = Date.parse(`${V2_SIGNALS_FROM}T00:00:00Z`);

/** The UTC day (YYYY-MM-DD) of an instant. */
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The first date of the v2 signals that is not the timeline's day: the Deprecation header (when it
 * is a valid structured date), the Sunset header (when it is an IMF-fixdate), the body's three dates
 * (when they are ISO 8601). Malformed values are other rules'. The problem, or undefined.
 */
export function timelineDateProblem(headers: Readonly<Record<string, string>>, body: unknown): string | undefined {
  const deprecation = headers['deprecation'];
  if (deprecation !== undefined && deprecationProblem(deprecation) === undefined) {
    const named = day(deprecationMs(deprecation));
    if (named !== V2_TIMELINE.deprecatedAt) return `Deprecation: ${deprecation} names ${named}, the timeline's deprecation is ${V2_TIMELINE.deprecatedAt}`;
  }
  const sunset = headers['sunset'] === undefined ? undefined : parseImfFixdate(headers['sunset']);
  if (sunset !== undefined && day(sunset) !== V2_TIMELINE.sunsetAt) return `Sunset: ${headers['sunset']} names ${day(sunset)}, the timeline's retirement is ${V2_TIMELINE.sunsetAt}`;
  const dep = isObject(body) ? body.deprecation : undefined;
  if (isObject(dep)) {
    for (const field of DATE_FIELDS) {
      const value = dep[field];
      if (!isIso8601(value)) continue;
      const named = day(Date.parse(value));
      if (named !== V2_TIMELINE[field]) return `deprecation.${field} = ${value} names ${named}, the timeline's is ${V2_TIMELINE[field]}`;
    }
  }
  return undefined;
}

/** A v2 response dated inside the window of the signals (an exchange without a date is judged). */
const inWindow = (s: Seen): boolean => s.exchange.operation === V2 && status(s) > 0 && (s.at === undefined || (s.at >= SIGNALS_MS && s.at < V2_SUNSET_MS));

export const v2TimelineDates: Oracle = {
  id: V2_TIMELINE_DATES_ID,
  applies: inWindow,
  judge(s) {
    const r = s.exchange.response!;
    const problem = timelineDateProblem(r.headers, status(s) === 200 && r.isJson === true ? r.json : undefined);
    return problem === undefined
      ? undefined
      : {
          message: 'The v2 deprecation signals must name the days of the timeline of GET /requests/v2 (deprecated Jul 22, 2026; throttled from Sep 1, 2026; retired Nov 24, 2026)',
          expected: `Deprecation on ${V2_TIMELINE.deprecatedAt}, Sunset and sunsetAt on ${V2_TIMELINE.sunsetAt}, deprecatedAt ${V2_TIMELINE.deprecatedAt}, throttledFrom ${V2_TIMELINE.throttledFrom}`,
          received: `${problem} (on a ${status(s)})`,
        };
  },
};
