import { arrayBufferToBase64, DisplayString, parseItem, Token, type BareItem } from 'structured-headers';
import { HeaderParseError } from './header-parse-error.js';

/**
 * A bare item of a structured field (RFC 9651 §3.3). Only used for parameters here; the
 * `Deprecation` item itself must be a Date.
 */
export type StructuredBareItem =
  | { type: 'integer'; value: number }
  | { type: 'decimal'; value: number }
  | { type: 'string'; value: string }
  | { type: 'token'; value: string }
  | { type: 'byte-sequence'; value: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'date'; value: number }
  | { type: 'display-string'; value: string };

/** A parsed `Deprecation` field: the date and the item's parameters (RFC 9651 §3.1.2). */
export interface StructuredDate {
  /** The instant, from `@<unix seconds>`. */
  date: Date;
  /** Seconds since the Unix epoch, exactly as sent. */
  seconds: number;
  /** Parameters in order of appearance; a later duplicate key overrides (RFC 9651 §4.2.3.2). */
  params: Map<string, StructuredBareItem>;
}

/** The range of a JavaScript `Date`, in seconds (ECMA-262 §21.4.1.22). */
const MAX_DATE_SECONDS = 8.64e12;

/** `@`, an optional sign and the digits of a date (RFC 9651 §4.2.9), then what follows it. */
const DATE_PREFIX = /^@(-?)([0-9]*)(\.[0-9]*)?(.*)$/s;

/**
 * Runs structured-headers' `parseItem`; its ParseError becomes a {@link HeaderParseError} at the
 * position in the whole field value (`offset` is where `text` starts in it, minus any prefix added).
 */
function libraryParse(header: string, value: string, text: string, offset: number): ReturnType<typeof parseItem> {
  try {
    return parseItem(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const match = /^Parse error: (.*) at offset (\d+)$/s.exec(message);
    const reason = match ? match[1]! : message;
    const at = match ? Math.max(0, Math.min(value.length, offset + Number(match[2]))) : offset;
    throw new HeaderParseError(header, value, at, reason.charAt(0).toLowerCase() + reason.slice(1));
  }
}

/** The kind of a bare item as RFC 9651 §3.3 names it (structured-headers returns JavaScript values). */
function describeItem(item: BareItem): StructuredBareItem {
  if (typeof item === 'number') return Number.isInteger(item) ? { type: 'integer', value: item } : { type: 'decimal', value: item };
  if (typeof item === 'string') return { type: 'string', value: item };
  if (typeof item === 'boolean') return { type: 'boolean', value: item };
  if (item instanceof Token) return { type: 'token', value: item.toString() };
  if (item instanceof DisplayString) return { type: 'display-string', value: item.toString() };
  if (item instanceof Date) return { type: 'date', value: item.getTime() / 1000 };
  const bytes = item instanceof ArrayBuffer ? item : new Uint8Array(item.buffer, item.byteOffset, item.byteLength).slice().buffer;
  return { type: 'byte-sequence', value: arrayBufferToBase64(bytes) };
}

/** What a value that is not a Date item starts with, as RFC 9651 names it, for the error message. */
function kindOf(input: string): string {
  for (const text of [input, input.split(/[ ,;]/)[0]!]) {
    try {
      return describeItem(parseItem(text)[0]).type;
    } catch {
      /* not an item: try its first element */
    }
  }
  return 'value that is not a structured field';
}

/**
 * Parses a structured-field Date item (RFC 9651 §3.3.7), the value of the `Deprecation` header
 * (RFC 9745 §2.1: `Deprecation: @1688169599`), with structured-headers: the date and, apart (the
 * library refuses a Date followed by parameters), its parameters. Anything else (a list, a non-date
 * item, trailing characters) is an error. Known limit of the library: a parameter whose value is a
 * Date must be the last one; a decimal with a zero fraction (`2.0`) reads as an integer.
 *
 * @param header field name used in error messages
 * @throws {HeaderParseError} when the value is not a single sf-date item
 */
export function parseStructuredDate(value: string, header = 'Deprecation'): StructuredDate {
  // RFC 9651 §4.2: leading and trailing SP are discarded.
  const lead = value.length - value.replace(/^ +/, '').length;
  const input = value.trim() === '' ? '' : value.slice(lead).replace(/ +$/, '');
  const fail = (reason: string, at: number): never => {
    throw new HeaderParseError(header, value, at, reason);
  };
  if (input === '') fail('empty value', 0);
  const match = DATE_PREFIX.exec(input);
  if (!match) {
    return fail(`expected a date "@<unix seconds>", found a ${kindOf(input)}`, 0);
  }
  const [, sign, digits, fraction, rest] = match as unknown as [string, string, string, string | undefined, string];
  const digitsAt = lead + 1 + sign.length;
  if (digits === '') fail('expected a digit', digitsAt);
  if (fraction !== undefined) fail('a date must be an integer number of seconds', lead);
  if (digits.length > 15) fail('integer has more than 15 digits', lead);
  const restAt = digitsAt + digits.length;
  if (rest.startsWith(',')) fail('expected a single date, found a list', restAt);
  if (rest !== '' && !rest.startsWith(';')) fail('unexpected characters after the date', restAt);
  const seconds = Number(`${sign}${digits}`);
  if (Math.abs(seconds) > MAX_DATE_SECONDS) fail('date is outside the representable range', 0);
  const [item] = libraryParse(header, value, `@${sign}${digits}`, lead);
  if (!(item instanceof Date)) fail('expected a date "@<unix seconds>"', lead);
  // The parameters on a placeholder Integer item: the position maps back past the "0".
  const params = new Map<string, StructuredBareItem>();
  if (rest !== '') {
    for (const [key, bare] of libraryParse(header, value, `0${rest}`, restAt - 1)[1]) params.set(key, describeItem(bare));
  }
  return { date: new Date(seconds * 1000), seconds, params };
}
