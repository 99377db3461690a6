import { describe, expect, it } from 'vitest';
import { HeaderParseError } from '../../src/headers/header-parse-error.js';
import { parseStructuredDate } from '../../src/headers/structured-date.js';

describe('parseStructuredDate (RFC 9651 §3.3.7, Deprecation of RFC 9745)', () => {
  it('parses the v2 Deprecation value', () => {
    const parsed = parseStructuredDate('@1784678400');
    expect(parsed.seconds).toBe(1784678400);
    expect(parsed.date.toISOString()).toBe('2026-07-22T00:00:00.000Z');
    expect(parsed.params.size).toBe(0);
  });

  it('accepts negative dates, leading/trailing spaces and parameters of every bare-item type', () => {
    expect(parseStructuredDate('  @-86400 ').date.toISOString()).toBe('1969-12-31T00:00:00.000Z');
    // structured-headers 2.1.0 refuses a Date followed by anything, so the Date parameter comes last.
    const parsed = parseStructuredDate('@0;a=1;b=2.5;c="x\\"y";d=tok/en:1;e=:aGk=:;f=?0;h=%"caf%c3%a9";flag;g=@5');
    expect(Object.fromEntries(parsed.params)).toEqual({
      a: { type: 'integer', value: 1 },
      b: { type: 'decimal', value: 2.5 },
      c: { type: 'string', value: 'x"y' },
      d: { type: 'token', value: 'tok/en:1' },
      e: { type: 'byte-sequence', value: 'aGk=' },
      f: { type: 'boolean', value: false },
      h: { type: 'display-string', value: 'café' },
      flag: { type: 'boolean', value: true },
      g: { type: 'date', value: 5 },
    });
  });

  it.each([
    ['an empty value', '', /empty value/],
    ['an HTTP-date (the older draft form)', 'Wed, 22 Jul 2026 00:00:00 GMT', /expected a date "@<unix seconds>", found a token/],
    ['a bare integer', '1784678400', /found a integer/],
    ['the boolean of early drafts', '?1', /found a boolean/],
    ['a decimal date', '@1784678400.5', /must be an integer/],
    ['16 digits', '@1234567890123456', /more than 15 digits/],
    ['a list', '@1, @2', /found a list/],
    ['a missing number', '@', /expected a digit/],
    ['trailing junk', '@1784678400x', /unexpected characters after the date/],
    ['an upper-case parameter key', '@1;A=1', /a key must begin with an asterisk or letter \(a-z\) at offset 3/],
    ['an unterminated string parameter', '@1;a="x', /unexpected end of input/],
    ['a bad escape', '@1;a="\\n"', /a backslash must be followed by another backslash or double quote/],
    ['a Date parameter followed by another (structured-headers 2.1.0)', '@1;g=@5;h=1', /expected a digit \(0-9\), whitespace or EOL at offset 8/],
    ['an out-of-range date', '@999999999999999', /outside the representable range/],
  ])('rejects %s', (_name, value, message) => {
    expect(() => parseStructuredDate(value)).toThrow(HeaderParseError);
    expect(() => parseStructuredDate(value)).toThrow(message);
  });
});
