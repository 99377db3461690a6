import { describe, expect, it } from 'vitest';
import { HeaderParseError } from '../../src/headers/header-parse-error.js';
import { parseHttpDate } from '../../src/headers/http-date.js';

describe('parseHttpDate (RFC 9110 §5.6.7)', () => {
  it('parses the IMF-fixdate of the v2 Sunset header', () => {
    const parsed = parseHttpDate('Tue, 24 Nov 2026 00:00:00 GMT');
    expect(parsed.format).toBe('imf-fixdate');
    expect(parsed.date.toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });

  it('parses the obsolete rfc850 and asctime forms', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', 'Sunset', now).date.toISOString()).toBe('1994-11-06T08:49:37.000Z');
    expect(parseHttpDate('Tuesday, 24-Nov-26 00:00:00 GMT', 'Sunset', now).date.toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994').date.toISOString()).toBe('1994-11-06T08:49:37.000Z');
    expect(parseHttpDate('Tue Nov 24 00:00:00 2026').format).toBe('asctime-date');
  });

  it('reads a two-digit year more than 50 years ahead as the past century', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    // 2076 is exactly 50 years ahead: kept. 2077 would be 51 years ahead: 1977.
    expect(parseHttpDate('Tuesday, 24-Nov-76 00:00:00 GMT', 'Sunset', now).date.getUTCFullYear()).toBe(2076);
    expect(parseHttpDate('Thursday, 24-Nov-77 00:00:00 GMT', 'Sunset', now).date.getUTCFullYear()).toBe(1977);
  });

  it('accepts surrounding whitespace, a leap second, and 29 Feb of a leap year', () => {
    expect(parseHttpDate('  Tue, 24 Nov 2026 00:00:00 GMT\t').date.getTime()).toBe(Date.UTC(2026, 10, 24));
    expect(parseHttpDate('Sat, 31 Dec 2016 23:59:60 GMT').date.toISOString()).toBe('2017-01-01T00:00:00.000Z');
    expect(parseHttpDate('Sat, 29 Feb 2020 12:00:00 GMT').date.toISOString()).toBe('2020-02-29T12:00:00.000Z');
  });

  it.each([
    ['an empty value', '', /empty value/],
    ['an ISO 8601 date', '2026-11-24T00:00:00Z', /expected a day name/],
    ['a wrong day name', 'Mon, 24 Nov 2026 00:00:00 GMT', /is a Tuesday, not a Monday/],
    ['a lower-case month', 'Tue, 24 nov 2026 00:00:00 GMT', /unknown month "nov"/],
    ['a missing GMT', 'Tue, 24 Nov 2026 00:00:00', /expected " GMT"/],
    ['another zone', 'Tue, 24 Nov 2026 00:00:00 UTC', /expected " GMT"/],
    ['a one-digit day in IMF-fixdate', 'Tue, 4 Nov 2026 00:00:00 GMT', /2 digit\(s\) for the day/],
    ['a two-digit year in IMF-fixdate', 'Tue, 24 Nov 26 00:00:00 GMT', /4 digit\(s\) for the year/],
    ['hour 24', 'Tue, 24 Nov 2026 24:00:00 GMT', /time of day out of range/],
    ['30 February', 'Mon, 30 Feb 2026 00:00:00 GMT', /day 30 does not exist in Feb 2026/],
    ['29 February of a common year', 'Sun, 29 Feb 2026 00:00:00 GMT', /day 29 does not exist/],
    ['trailing text', 'Tue, 24 Nov 2026 00:00:00 GMT, Wed, 25 Nov 2026 00:00:00 GMT', /unexpected characters/],
    ['a short day name in rfc850 form', 'Tue, 24-Nov-26 00:00:00 GMT', /expected " "/],
    ['a Unix timestamp', '1795478400', /expected a day name/],
  ])('rejects %s', (_name, value, message) => {
    expect(() => parseHttpDate(value)).toThrow(HeaderParseError);
    expect(() => parseHttpDate(value)).toThrow(message);
  });

  it('names the header in the error', () => {
    expect(() => parseHttpDate('soon', 'Sunset')).toThrow(/^Sunset header: /);
  });
});
