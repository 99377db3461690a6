/**
 * The retirement answer of v2 (API document, Versioning > Timeline: "Nov 24, 2026: v2 retired;
 * all traffic must use v3"): from the sunset on, any 4xx but 429 (throttled is not retired), never
 * v2 data, a 2xx, 3xx or 5xx; a 410 says "gone on purpose" and is a v2 response, so it carries the
 * deprecation headers of every v2 response. One predicate for the active `requests-v2.retired`
 * check and the passive proxy and `audit` (a v2 exchange dated on or after the sunset).
 */
import { deprecationProblem, exposeProblem, linkProblem, sunsetProblem } from '../contract/deprecation-headers.js';
import { V2_TIMELINE, V2_TIMELINE_MS } from './deprecation-body.js';

/** The sunset of v2 (epoch ms, 00:00 UTC of the day). */
export const V2_SUNSET_MS = V2_TIMELINE_MS.sunsetAt;

export interface RetirementProblem {
  message: string;
  expected: string;
  received: string;
  /** Whether the problem is that v2 still served (not a 4xx but 429), rather than the 410's headers. */
  served: boolean;
}

/** What is wrong with a v2 answer served on or after the sunset (`headers` lower-cased), or undefined. */
export function retirementProblem(status: number, headers: Readonly<Record<string, string>>, requestUrl: string, when: string): RetirementProblem | undefined {
  if (!(status >= 400 && status < 500 && status !== 429)) {
    return { message: `v2 is retired since ${V2_TIMELINE.sunsetAt}: it must no longer serve (${when})`, expected: 'a 4xx other than 429, e.g. 410 Gone or 404', received: `${status}`, served: true };
  }
  if (status !== 410) return undefined;
  const p = deprecationProblem(headers['deprecation']) ?? sunsetProblem(headers['sunset']) ?? linkProblem(headers['link'], requestUrl) ?? exposeProblem(headers['access-control-expose-headers']);
  return p === undefined
    ? undefined
    : { message: 'A 410 of the retired v2 is a v2 response: it must carry the deprecation headers (Deprecation, Sunset, Link, exposed)', expected: 'Deprecation, Sunset and Link headers, listed in Access-Control-Expose-Headers', received: `${p} (on the 410)`, served: false };
}
