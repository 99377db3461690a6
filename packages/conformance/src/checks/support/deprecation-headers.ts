/**
 * Validators of the v2 deprecation headers (API document, Versioning > Deprecation signals on
 * every v2 response): each returns the problem, or undefined when the header is right.
 */
import LinkHeader from 'http-link-header';
import { parseItem } from 'structured-headers';

/**
 * Parses an RFC 9651 Date item (`@<integer seconds>`, parameters allowed). structured-headers 2.1.0
 * rejects a Date followed by parameters, so those are checked apart, on an integer item.
 */
export function parseSfDate(value: string): Date | { problem: string } {
  const withParams = /^ *@(-?\d{1,15})(;.*)$/.exec(value);
  try {
    if (withParams) {
      parseItem(`0${withParams[2]}`);
      return new Date(Number(withParams[1]) * 1000);
    }
    const item = parseItem(value)[0];
    return item instanceof Date ? item : { problem: 'not a structured-field Date (@<unix seconds>)' };
  } catch (err) {
    return { problem: `not a structured field (${(err as Error).message})` };
  }
}

/** `Deprecation`: an RFC 9651 Date item `@<unix seconds>` (RFC 9745; API document: "`@<unix_seconds>`"). */
export function deprecationProblem(value: string | undefined): string | undefined {
  if (value === undefined) return 'no Deprecation header';
  const parsed = parseSfDate(value);
  return parsed instanceof Date ? undefined : `Deprecation "${value}" is ${parsed.problem}`;
}

/** The instant of a valid Deprecation header. */
export function deprecationMs(value: string): number {
  return (parseSfDate(value) as Date).getTime();
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/** Parses an IMF-fixdate (RFC 9110 §5.6.7, the form senders generate); undefined when malformed. */
export function parseImfFixdate(value: string): number | undefined {
  const m = IMF_FIXDATE.exec(value);
  if (!m) return undefined;
  const [, day, dd, mon, yyyy, hh, mi, ss] = m;
  const ms = Date.UTC(Number(yyyy), MONTHS.indexOf(mon!), Number(dd), Number(hh), Number(mi), Number(ss));
  const d = new Date(ms);
  if (d.getUTCDate() !== Number(dd) || d.getUTCHours() !== Number(hh) || d.getUTCMinutes() !== Number(mi) || d.getUTCSeconds() !== Number(ss)) return undefined;
  if (DAYS[d.getUTCDay()] !== day) return undefined;
  return ms;
}

/** `Sunset`: an HTTP-date (RFC 8594; API document: "RFC 7231 HTTP-date"). */
export function sunsetProblem(value: string | undefined): string | undefined {
  if (value === undefined) return 'no Sunset header';
  if (parseImfFixdate(value) === undefined) return `Sunset "${value}" is not an HTTP-date (IMF-fixdate, e.g. "Tue, 24 Nov 2026 00:00:00 GMT", with the right weekday)`;
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

/** `Link` (RFC 8288): the three relations, successor-version naming /requests/v3. */
export function linkProblem(value: string | undefined, requestUrl: string): string | undefined {
  if (value === undefined) return 'no Link header';
  let link: LinkHeader;
  try {
    link = LinkHeader.parse(value);
  } catch (err) {
    return `Link "${value}" does not parse (${(err as Error).message})`;
  }
  const missing = LINK_RELS.filter((rel) => !link.rel(rel).some((r) => r.uri !== ''));
  if (missing.length > 0) return `Link "${value}" lacks the relation(s) ${missing.join(', ')}`;
  const successor = link.rel('successor-version')[0]!.uri;
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
