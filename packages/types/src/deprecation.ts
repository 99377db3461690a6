import type { components } from './generated/api.js';
import { parseHttpDate } from './headers/http-date.js';
import { findLink, parseLinkHeader, type ParsedLink } from './headers/link.js';
import { parseStructuredDate } from './headers/structured-date.js';

/**
 * The deprecation signals of one response (API document, Versioning: "Deprecation signals on
 * every v2 response"), parsed. Absent headers give `null`; malformed ones give `null` plus an
 * entry in `problems`, so a broken header never hides the response.
 */
export interface DeprecationSignals {
  /** `Deprecation: @<unix seconds>` (RFC 9745, structured-field Date of RFC 9651). */
  deprecatedAt: Date | null;
  /** `Sunset: <HTTP-date>` (RFC 8594). */
  sunsetAt: Date | null;
  /** Target of the `Link` relation `successor-version` (RFC 5829), resolved to an absolute URL. */
  successorVersion: string | null;
  /** Target of the `Link` relation `deprecation` (RFC 9745 §3). */
  deprecationLink: string | null;
  /** Target of the `Link` relation `sunset` (RFC 8594 §6). */
  sunsetLink: string | null;
  /** Every parsed link of the `Link` header. */
  links: ParsedLink[];
  /** The `deprecation` object of a v2 200 body, when present. */
  notice: components['schemas']['DeprecationNotice'] | null;
  /** One message per malformed header; empty when every present header parsed. */
  problems: string[];
  /** The header values as received (null when absent). */
  raw: { deprecation: string | null; sunset: string | null; link: string | null };
}

/** Relations that the API document lists on the v2 `Link` header. */
export const DEPRECATION_LINK_RELATIONS = ['deprecation', 'sunset', 'successor-version'] as const;

/**
 * Reads one header with its parser: null when the header is absent, and null plus an entry in
 * `problems` when the parser throws, so a broken header never hides the response.
 */
function parseHeader<T>(raw: string | null, parse: (value: string) => T, problems: string[]): T | null {
  if (raw === null) return null;
  try {
    return parse(raw);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
    return null;
  }
}

/**
 * Reads the `Deprecation`, `Sunset` and `Link` headers of a response.
 *
 * @param headers the response headers
 * @param baseUrl the request URL, against which relative link targets are resolved
 * @param notice the body's `deprecation` object, if the caller has one
 */
export function readDeprecationSignals(
  headers: Headers,
  baseUrl?: string,
  notice: components['schemas']['DeprecationNotice'] | null = null,
): DeprecationSignals {
  const raw = { deprecation: headers.get('deprecation'), sunset: headers.get('sunset'), link: headers.get('link') };
  const problems: string[] = [];
  const deprecatedAt = parseHeader(raw.deprecation, (value) => parseStructuredDate(value, 'Deprecation').date, problems);
  const sunsetAt = parseHeader(raw.sunset, (value) => parseHttpDate(value, 'Sunset').date, problems);
  const links =
    parseHeader(raw.link, (value) => parseLinkHeader(value, baseUrl === undefined ? {} : { baseUrl }), problems) ?? [];
  const hrefOf = (relation: string): string | null => {
    const link = findLink(links, relation);
    return link ? (link.href ?? link.target) : null;
  };

  return {
    deprecatedAt,
    sunsetAt,
    successorVersion: hrefOf('successor-version'),
    deprecationLink: hrefOf('deprecation'),
    sunsetLink: hrefOf('sunset'),
    links,
    notice,
    problems,
    raw,
  };
}

/** True when the response carries any deprecation signal (a header, a relation or a notice). */
export function hasDeprecationSignals(signals: DeprecationSignals): boolean {
  return (
    signals.raw.deprecation !== null ||
    signals.raw.sunset !== null ||
    signals.notice !== null ||
    signals.links.some((link) => DEPRECATION_LINK_RELATIONS.some((relation) => link.rel.includes(relation)))
  );
}
