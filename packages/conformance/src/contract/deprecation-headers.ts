/**
 * Validators of the v2 deprecation headers (API document, Versioning > Deprecation signals on
 * every v2 response): each returns the problem, or undefined when the header is right.
 */
import { V2_TIMELINE_MS } from '@crosschain/specs';
import { findLink, HeaderParseError, parseHttpDate, parseLinkHeader, parseStructuredDate } from '@crosschain/types';

/** The problem of a header value as the shared parsers of @crosschain/types report it. */
function reasonOf(error: unknown): string {
  return error instanceof HeaderParseError ? error.message.replace(/^[^:]*header: /, '') : String(error);
}

/**
 * `Deprecation`: an RFC 9651 Date item `@<unix seconds>` (RFC 9745; API document: "`@<unix_seconds>`"),
 * read with `parseStructuredDate` of @crosschain/types (structured-headers underneath).
 */
export function deprecationProblem(value: string | undefined): string | undefined {
  if (value === undefined) return 'no Deprecation header';
  try {
    parseStructuredDate(value);
    return undefined;
  } catch (error) {
    const reason = reasonOf(error);
    return reason.startsWith('expected a date')
      ? `Deprecation "${value}" is not a structured-field Date (@<unix seconds>): ${reason}`
      : `Deprecation "${value}" is not a structured field (${reason})`;
  }
}

/** The instant of a valid Deprecation header. */
export function deprecationMs(value: string): number {
  return parseStructuredDate(value).date.getTime();
}

/**
 * Parses an IMF-fixdate (RFC 9110 §5.6.7, the form senders generate) with the strict HTTP-date
 * reader of @crosschain/types; undefined when malformed or in an obsolete form.
 */
export function parseImfFixdate(value: string): number | undefined {
  try {
    const parsed = parseHttpDate(value);
    return parsed.format === 'imf-fixdate' ? parsed.date.getTime() : undefined;
  } catch {
    return undefined;
  }
}

/** `Sunset`: an HTTP-date (RFC 8594; API document: "RFC 7231 HTTP-date"). */
export function sunsetProblem(value: string | undefined): string | undefined {
  if (value === undefined) return 'no Sunset header';
  if (parseImfFixdate(value) === undefined) return `Sunset "${value}" is not an HTTP-date (IMF-fixdate, e.g. "${new Date(V2_TIMELINE_MS.sunsetAt).toUTCString()}", with the right weekday)`;
  return undefined;
}

const LINK_RELS = ['deprecation', 'sunset', 'successor-version'] as const;

/**
 * Whether a successor address (resolved against the request URL) names /requests/v3; undefined when
 * it is not a URI. Shared by the Link header and the v2 429 body's `successor`.
 */
export function namesRequestsV3(target: string, requestUrl: string): boolean | undefined {
  try {
    return new URL(target, requestUrl).pathname.replace(/\/+$/, '').endsWith('/requests/v3');
  } catch {
    return undefined;
  }
}

/**
 * `Link` (RFC 8288): the three relations, successor-version naming /requests/v3. Read with
 * `parseLinkHeader` of @crosschain/types, the one Link grammar of the toolkit.
 */
export function linkProblem(value: string | undefined, requestUrl: string): string | undefined {
  if (value === undefined) return 'no Link header';
  let links: ReturnType<typeof parseLinkHeader>;
  try {
    links = parseLinkHeader(value, { baseUrl: requestUrl });
  } catch (error) {
    return `Link "${value}" does not parse (${reasonOf(error)})`;
  }
  const missing = LINK_RELS.filter((rel) => !links.some((link) => link.rel.includes(rel) && link.target !== ''));
  if (missing.length > 0) return `Link "${value}" lacks the relation(s) ${missing.join(', ')}`;
  const successor = findLink(links, 'successor-version')!.target;
  const v3 = namesRequestsV3(successor, requestUrl);
  if (v3 === undefined) return `Link successor-version target "${successor}" is not a URI`;
  return v3 ? undefined : `Link successor-version target "${successor}" does not name /requests/v3`;
}

/** `Access-Control-Expose-Headers` lists Deprecation, Sunset and Link. */
export function exposeProblem(value: string | undefined): string | undefined {
  if (value === undefined) return 'no Access-Control-Expose-Headers header';
  const listed = new Set(value.split(',').map((s) => s.trim().toLowerCase()));
  const missing = ['deprecation', 'sunset', 'link'].filter((h) => !listed.has(h));
  return missing.length > 0 ? `Access-Control-Expose-Headers "${value}" does not list ${missing.join(', ')}` : undefined;
}
