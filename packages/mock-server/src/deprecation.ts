/**
 * GET /requests/v2 deprecation (document, Versioning > Timeline and Deprecation signals; values
 * from live-service facts §5): headers on every response, the 200 `deprecation` object, the
 * monthly throttle from Sep 1 2026 (429 without Retry-After) and retirement on Nov 24 2026.
 */
import { V2_TIMELINE_MS } from '@crosschain/specs';
import { v2ThrottleMonthUnder, v2TimelineUnder, type Faults } from './faults.js';

/** The v2 timeline, generated from the spec (the operation's x-timeline). */
export const { deprecatedAt: DEPRECATED_AT, throttledFrom: THROTTLED_FROM, sunsetAt: SUNSET_AT } = V2_TIMELINE_MS;

/** A day of the timeline as prose ("September 1, 2026"). */
const prose = (ms: number): string => new Date(ms).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
/** A day of the timeline as the body's ISO 8601 date-time. */
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
export const MIGRATION_GUIDE = 'https://docs.relay.link/references/api/api_guides/migrating-to-requests-v3';

/**
 * Default v2 limit per key per minute by the server clock: none before the throttle's first day
 * (Sep 1 2026), then 600 in its first calendar month, 300 in the second, 150 from the third to the
 * sunset (the mock's documented step-down; the real numbers are not published, live-service facts
 * §1.10).
 */
export function defaultV2RateLimit(now: number, faults?: Faults): number | null {
  const throttledFrom = v2TimelineUnder(faults, V2_TIMELINE_MS).throttledFrom;
  if (now < throttledFrom) return null;
  const from = new Date(throttledFrom);
  const at = new Date(now);
  const month = v2ThrottleMonthUnder(faults, (at.getUTCFullYear() - from.getUTCFullYear()) * 12 + at.getUTCMonth() - from.getUTCMonth());
  return month === 0 ? 600 : month === 1 ? 300 : 150;
}

const day = (t: number): string => new Date(t).toISOString().slice(0, 10);

/**
 * What GET /requests/v2 does at server time `now`, in words (the start line of `crosschain-mock`):
 * past its sunset it answers 410 Gone; before, it answers with the deprecation signals, throttled
 * per key from Sep 1 2026 (`v2RateLimit`: an explicit limit, 0 = none; undefined = the dated default).
 */
export function v2PhaseText(now: number, v2RateLimit?: number): string {
  if (now >= SUNSET_AT) return `GET /requests/v2 is past its sunset (${day(SUNSET_AT)}) and answers 410 Gone with the deprecation headers (a conformance run reports the v2 checks as retired)`;
  const limit = v2RateLimit !== undefined ? (v2RateLimit > 0 ? v2RateLimit : null) : defaultV2RateLimit(now);
  const throttle = limit === null ? `not throttled${v2RateLimit === 0 ? ' (--v2-rate-limit 0)' : ` before ${day(THROTTLED_FROM)}`}` : `throttled to ${limit} requests a minute per key (429 above it${v2RateLimit === undefined ? ', stepping down monthly' : ''})`;
  return `GET /requests/v2 answers, deprecated (${now >= DEPRECATED_AT ? 'since' : 'from'} ${day(DEPRECATED_AT)}), ${throttle}, until its sunset ${day(SUNSET_AT)} (410 Gone from then)`;
}

/** The deprecation headers (`Deprecation`, `Sunset`, `Link`, `Access-Control-Expose-Headers`). */
export function deprecationHeaders(baseUrl: string, faults: Faults): Record<string, string> {
  const links = [`<${MIGRATION_GUIDE}>; rel="deprecation"`];
  if (!faults.has('v2-link-missing-sunset-rel')) links.push(`<${MIGRATION_GUIDE}>; rel="sunset"`);
  links.push(`<${baseUrl}/requests/v3>; rel="successor-version"`);
  const { deprecatedAt } = v2TimelineUnder(faults, V2_TIMELINE_MS);
  return {
    Deprecation: faults.has('v2-deprecation-header-format') ? new Date(deprecatedAt).toUTCString() : `@${deprecatedAt / 1000}`,
    Sunset: new Date(SUNSET_AT).toUTCString(),
    Link: links.join(', '),
    'Access-Control-Expose-Headers': 'Deprecation, Sunset, Link',
  };
}

/** The `deprecation` object of a v2 200 body. */
export function deprecationObject(baseUrl: string, faults?: Faults): Record<string, string> {
  const { deprecatedAt, throttledFrom } = v2TimelineUnder(faults, V2_TIMELINE_MS);
  return {
    message:
      `GET /requests/v2 is deprecated. Migrate to GET /requests/v3. Relay reduces the v2 rate limit in stages from ${prose(throttledFrom)}. Relay retires v2 on ${prose(SUNSET_AT)}.`,
    deprecatedAt: iso(deprecatedAt),
    throttledFrom: iso(throttledFrom),
    sunsetAt: iso(SUNSET_AT),
    successor: `${baseUrl}/requests/v3`,
    migrationGuide: MIGRATION_GUIDE,
  };
}

/** Body of the v2 429 (document, Errors). */
export function rateLimitedBody(baseUrl: string): Record<string, string> {
  return {
    message: `You reached the rate limit for GET /requests/v2. Relay reduces this limit in stages. Relay retires v2 on ${prose(SUNSET_AT)}. Migrate to GET /requests/v3.`,
    successor: `${baseUrl}/requests/v3`,
    migrationGuide: MIGRATION_GUIDE,
  };
}

/** Body of the v2 410 after the sunset date (the mock's documented choice). */
export function retiredBody(baseUrl: string): Record<string, string> {
  return {
    message: `GET /requests/v2 was retired on ${prose(SUNSET_AT)}. Use GET /requests/v3.`,
    successor: `${baseUrl}/requests/v3`,
    migrationGuide: MIGRATION_GUIDE,
  };
}

/** Token buckets per caller: `limit` tokens per minute, refilled continuously. */
export class Throttle {
  private readonly buckets = new Map<string, { tokens: number; at: number; limit: number }>();

  /** Takes one token; false when the caller is over the limit. */
  take(caller: string, limit: number, now: number): boolean {
    let b = this.buckets.get(caller);
    if (!b || b.limit !== limit) {
      b = { tokens: limit, at: now, limit };
      this.buckets.set(caller, b);
      if (this.buckets.size > 10_000) this.buckets.delete(this.buckets.keys().next().value!);
    }
    b.tokens = Math.min(limit, b.tokens + ((now - b.at) * limit) / 60_000);
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
}
