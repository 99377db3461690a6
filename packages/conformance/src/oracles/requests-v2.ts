/**
 * GET /requests/v2 deprecation and throttling signals (API document, Versioning > Deprecation
 * signals, Errors table; live facts §5), judged on every v2 response dated inside the window of
 * the signals (from the day they went live until the sunset).
 */
import { deprecationProblem, exposeProblem, linkProblem, sunsetProblem } from '../contract/deprecation-headers.js';
import { LIMITS } from '@crosschain/specs';
import { brief } from '../contract/expect.js';
import { V2_SIGNALS_FROM, V2_TIMELINE, deprecationInconsistency, deprecationObjectProblem } from './deprecation-body.js';
import { RATE_LIMIT_BODY, rateLimitBodyProblem } from './v2-rate-limit.js';
import { V2_SUNSET_MS, retirementProblem } from './v2-retirement.js';
import { V2, int, status, type Oracle, type Seen } from './oracle.js';

/** The ids of the checks these oracles report under (their definitions in src/checks/ take them from here: one spelling). */
export const V2_SIGNAL_IDS = {
  deprecationBodyObject: 'requests-v2.deprecation.body-object',
  deprecationConsistent: 'requests-v2.deprecation.consistent',
  deprecationExposeHeaders: 'requests-v2.deprecation.expose-headers',
  deprecationHeader: 'requests-v2.deprecation.header',
  deprecationLink: 'requests-v2.deprecation.link',
  deprecationOnErrors: 'requests-v2.deprecation.on-errors',
  deprecationSunset: 'requests-v2.deprecation.sunset',
  rateLimitBody: 'requests-v2.rate-limit.body',
  rateLimitNoRetryAfter: 'requests-v2.rate-limit.no-retry-after',
  retired: 'requests-v2.retired',
} as const;

const SIGNALS_MS = Date.parse(`${V2_SIGNALS_FROM}T00:00:00Z`);

const SUNSET_MS = V2_SUNSET_MS;

/**
 * A v2 response inside the window of the deprecation signals by the exchange's own date (its
 * recording time, else its `Date` header): from the day the signals went live until the sunset,
 * after which v2 is retired. An exchange without any date is judged as inside the window.
 */
function v2Live(s: Seen): boolean {
  if (s.exchange.operation !== V2 || status(s) === 0) return false;
  return s.at === undefined || (s.at >= SIGNALS_MS && s.at < SUNSET_MS);
}

function signal(id: string, message: string, expected: string, problem: (s: Seen) => string | undefined, when: (s: Seen) => boolean = (s) => status(s) < 400): Oracle {
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

export const v2Oracles: Oracle[] = [
  signal(V2_SIGNAL_IDS.deprecationHeader, 'Every v2 response must carry a Deprecation header, an RFC 9651 Date', 'Deprecation: @<unix seconds>', (s) => deprecationProblem(h(s, 'deprecation'))),
  signal(V2_SIGNAL_IDS.deprecationSunset, 'Every v2 response must carry a Sunset header, an HTTP-date', `Sunset: ${new Date(SUNSET_MS).toUTCString()} (IMF-fixdate)`, (s) => sunsetProblem(h(s, 'sunset'))),
  signal(V2_SIGNAL_IDS.deprecationLink, 'Every v2 response must carry a Link header with the relations deprecation, sunset and successor-version', 'Link with deprecation, sunset and successor-version (/requests/v3)', (s) => linkProblem(h(s, 'link'), s.exchange.request.url)),
  signal(
    V2_SIGNAL_IDS.deprecationExposeHeaders,
    'The deprecation headers must be listed in Access-Control-Expose-Headers',
    'Access-Control-Expose-Headers listing Deprecation, Sunset, Link',
    (s) => exposeProblem(h(s, 'access-control-expose-headers')),
    (s) => s.exchange.request.headers['origin'] !== undefined,
  ),
  signal(
    V2_SIGNAL_IDS.deprecationOnErrors,
    'Every v2 response, including 4xx and 5xx, must carry the deprecation headers',
    'Deprecation, Sunset and Link headers on the error response',
    (s) => deprecationProblem(h(s, 'deprecation')) ?? sunsetProblem(h(s, 'sunset')) ?? linkProblem(h(s, 'link'), s.exchange.request.url),
    (s) => status(s) >= 400,
  ),
  signal(V2_SIGNAL_IDS.deprecationBodyObject, 'A v2 200 body must have the `deprecation` object with its six fields: three non-empty strings and three ISO 8601 dates', '{"deprecation": {message, deprecatedAt, throttledFrom, sunsetAt, successor, migrationGuide}}', (s) => deprecationObjectProblem(s.exchange.response!.json), (s) => status(s) === 200 && s.exchange.response!.isJson === true),
  {
    id: V2_SIGNAL_IDS.deprecationConsistent,
    applies: (s) => v2Live(s) && status(s) === 200 && deprecationObjectProblem(s.exchange.response!.json) === undefined,
    judge: (s) => deprecationInconsistency((s.exchange.response!.json as { deprecation: Record<string, unknown> }).deprecation, s.exchange.response!.headers),
  },
  signal(V2_SIGNAL_IDS.rateLimitBody, 'A v2 429 must have a JSON body with message, successor (the address of /requests/v3) and migrationGuide', RATE_LIMIT_BODY, (s) => rateLimitBodyProblem(s.exchange.response!.json, s.exchange.response!.bodyText, s.exchange.request.url), (s) => status(s) === 429),
  signal(V2_SIGNAL_IDS.rateLimitNoRetryAfter, 'The v2 429 must not carry a Retry-After header', 'no Retry-After header', (s) => (h(s, 'retry-after') !== undefined ? `Retry-After: ${h(s, 'retry-after')}` : undefined), (s) => status(s) === 429),
];

/** The parameters of a plain v2 query: a limit within 1 to the maximum and a time window, nothing else. */
function plainQuery(q: URLSearchParams): boolean {
  for (const [name, value] of q) {
    const n = int(value);
    if (name === 'limit' ? n === undefined || n < 1 || n > LIMITS['GET /requests/v2'].maximum : name === 'startTimestamp' || name === 'endTimestamp' ? n === undefined || n < 0 : true) return false;
  }
  return true;
}

/**
 * Before its sunset v2 keeps working (API document, Versioning > Timeline): a plain query (a valid
 * limit and a time window, nothing else) dated before the sunset is served, 200, or 429 while
 * throttled; never refused with another status. The active `requests-v2.timeline` check sends one
 * and judges what no single exchange shows (a key refused on every request).
 */
export const v2KeepsWorking: Oracle = {
  id: 'requests-v2.timeline',
  applies: (s) => s.exchange.operation === V2 && status(s) > 0 && (s.at === undefined || s.at < SUNSET_MS) && plainQuery(s.query),
  judge(s) {
    const code = status(s);
    return code === 200 || code === 429
      ? undefined
      : {
          message: `v2 keeps working until ${V2_TIMELINE.sunsetAt}: a plain query (limit and time window only) must be served`,
          expected: '200 (or 429 while throttled)',
          received: `${code}: ${brief(s.exchange.response!.bodyText)}`,
        };
  },
};

/** A v2 exchange dated on or after the sunset: judged by the retirement rules (the active `requests-v2.retired` predicate). */
export const v2Retired: Oracle = {
  id: V2_SIGNAL_IDS.retired,
  applies: (s) => s.exchange.operation === V2 && status(s) > 0 && s.at !== undefined && s.at >= SUNSET_MS,
  judge(s) {
    const p = retirementProblem(status(s), s.exchange.response!.headers, s.exchange.request.url, `dated ${new Date(s.at!).toISOString()}`);
    return p === undefined ? undefined : { message: p.message, expected: p.expected, received: p.received };
  },
};
