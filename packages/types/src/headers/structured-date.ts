import { HeaderCursor } from './header-cursor.js';

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

const DIGIT = /[0-9]/;
const LCALPHA = /[a-z]/;
const ALPHA = /[A-Za-z]/;
const KEY_CHAR = /[a-z0-9_\-.*]/;
const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z:/]/;
const BASE64_CHAR = /[A-Za-z0-9+/=]/;

/**
 * A small cursor over a structured field value, following the parsing algorithms of
 * RFC 9651 §4.2. Each method consumes input or throws a {@link HeaderParseError}.
 */
class Cursor extends HeaderCursor {
  skipSpaces(): void {
    while (this.peek() === ' ') this.pos++;
  }

  /** RFC 9651 §4.2.4 Parsing an Integer or Decimal. */
  number(): { type: 'integer' | 'decimal'; value: number } {
    const start = this.pos;
    let sign = 1;
    if (this.peek() === '-') {
      sign = -1;
      this.pos++;
    }
    if (!DIGIT.test(this.peek())) this.fail('expected a digit');
    let text = '';
    let decimal = false;
    while (!this.done) {
      const c = this.peek();
      if (DIGIT.test(c)) text += c;
      else if (c === '.' && !decimal) {
        if (text.length > 12) this.fail('decimal has more than 12 integer digits', start);
        decimal = true;
        text += c;
      } else break;
      this.pos++;
      if (!decimal && text.length > 15) this.fail('integer has more than 15 digits', start);
      if (decimal && text.length > 16) this.fail('decimal is too long', start);
    }
    if (!decimal) return { type: 'integer', value: sign * Number.parseInt(text, 10) };
    if (text.endsWith('.')) this.fail('decimal ends with "."', start);
    if (text.length - text.indexOf('.') - 1 > 3) this.fail('decimal has more than 3 fractional digits', start);
    return { type: 'decimal', value: sign * Number.parseFloat(text) };
  }

  /** RFC 9651 §4.2.5 Parsing a String. */
  string(): string {
    const start = this.pos;
    this.pos++; // opening DQUOTE
    let out = '';
    for (;;) {
      if (this.done) this.fail('unterminated string', start);
      const c = this.input[this.pos++]!;
      if (c === '\\') {
        if (this.done) this.fail('string ends after a backslash', start);
        const next = this.input[this.pos++]!;
        if (next !== '"' && next !== '\\') this.fail('only \\" and \\\\ may be escaped in a string', this.pos - 1);
        out += next;
      } else if (c === '"') return out;
      else if (c < ' ' || c > '~') this.fail('string contains a character outside printable ASCII', this.pos - 1);
      else out += c;
    }
  }

  /** RFC 9651 §4.2.6 Parsing a Token. */
  token(): string {
    const start = this.pos;
    this.pos++;
    while (!this.done && TOKEN_CHAR.test(this.peek())) this.pos++;
    return this.input.slice(start, this.pos);
  }

  /** RFC 9651 §4.2.7 Parsing a Byte Sequence (kept as its base64 text). */
  byteSequence(): string {
    const start = this.pos;
    this.pos++;
    const end = this.input.indexOf(':', this.pos);
    if (end < 0) this.fail('unterminated byte sequence', start);
    const text = this.input.slice(this.pos, end);
    for (let i = 0; i < text.length; i++) {
      if (!BASE64_CHAR.test(text[i]!)) this.fail('byte sequence contains a non-base64 character', this.pos + i);
    }
    this.pos = end + 1;
    return text;
  }

  /** RFC 9651 §4.2.8 Parsing a Boolean. */
  boolean(): boolean {
    this.pos++;
    const c = this.peek();
    if (c === '1' || c === '0') {
      this.pos++;
      return c === '1';
    }
    return this.fail('expected ?0 or ?1');
  }

  /** RFC 9651 §4.2.9 Parsing a Date. */
  date(): number {
    const start = this.pos;
    this.pos++; // "@"
    const n = this.number();
    if (n.type !== 'integer') this.fail('a date must be an integer number of seconds', start);
    return n.value;
  }

  /** RFC 9651 §4.2.10 Parsing a Display String (kept decoded). */
  displayString(): string {
    const start = this.pos;
    this.pos += 2; // %"
    const bytes: number[] = [];
    for (;;) {
      if (this.done) this.fail('unterminated display string', start);
      const c = this.input[this.pos++]!;
      if (c === '"') break;
      if (c === '%') {
        const hex = this.input.slice(this.pos, this.pos + 2);
        if (!/^[0-9a-f]{2}$/.test(hex)) this.fail('invalid percent-encoding in display string', this.pos - 1);
        bytes.push(Number.parseInt(hex, 16));
        this.pos += 2;
      } else if (c < ' ' || c > '~') this.fail('display string contains a character outside printable ASCII', this.pos - 1);
      else bytes.push(c.charCodeAt(0));
    }
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
    } catch {
      return this.fail('display string is not valid UTF-8', start);
    }
  }

  /** RFC 9651 §4.2.3.1 Parsing a Bare Item. */
  bareItem(): StructuredBareItem {
    const c = this.peek();
    if (c === '-' || DIGIT.test(c)) return this.number();
    if (c === '"') return { type: 'string', value: this.string() };
    if (c === '*' || ALPHA.test(c)) return { type: 'token', value: this.token() };
    if (c === ':') return { type: 'byte-sequence', value: this.byteSequence() };
    if (c === '?') return { type: 'boolean', value: this.boolean() };
    if (c === '@') return { type: 'date', value: this.date() };
    if (c === '%' && this.input[this.pos + 1] === '"') return { type: 'display-string', value: this.displayString() };
    return this.fail(this.done ? 'expected a value, found the end' : `unexpected character ${JSON.stringify(c)}`);
  }

  /** RFC 9651 §4.2.3.3 Parsing a Key. */
  key(): string {
    const c = this.peek();
    if (!(c === '*' || LCALPHA.test(c))) this.fail('a parameter key must start with a lowercase letter or "*"');
    const start = this.pos;
    while (!this.done && KEY_CHAR.test(this.peek())) this.pos++;
    return this.input.slice(start, this.pos);
  }

  /** RFC 9651 §4.2.3.2 Parsing Parameters. */
  params(): Map<string, StructuredBareItem> {
    const params = new Map<string, StructuredBareItem>();
    while (this.peek() === ';') {
      this.pos++;
      this.skipSpaces();
      const key = this.key();
      let value: StructuredBareItem = { type: 'boolean', value: true };
      if (this.peek() === '=') {
        this.pos++;
        value = this.bareItem();
      }
      params.set(key, value);
    }
    return params;
  }
}

/** The range of a JavaScript `Date`, in seconds (ECMA-262 §21.4.1.22). */
const MAX_DATE_SECONDS = 8.64e12;

/**
 * Parses a structured-field Date item (RFC 9651 §3.3.7), the value of the `Deprecation` header
 * (RFC 9745 §2.1: `Deprecation: @1688169599`). Parameters are parsed and returned; anything
 * else (a list, a non-date item, trailing characters) is an error.
 *
 * @param header field name used in error messages
 * @throws {HeaderParseError} when the value is not a single sf-date item
 */
export function parseStructuredDate(value: string, header = 'Deprecation'): StructuredDate {
  const cursor = new Cursor(header, value);
  cursor.skipSpaces();
  if (cursor.done) cursor.fail('empty value');
  if (cursor.peek() !== '@') {
    const item = cursor.bareItem();
    cursor.fail(`expected a date "@<unix seconds>", found a ${item.type}`, 0);
  }
  const seconds = cursor.date();
  const params = cursor.params();
  cursor.skipSpaces();
  if (!cursor.done) {
    cursor.fail(cursor.peek() === ',' ? 'expected a single date, found a list' : 'unexpected characters after the date');
  }
  if (Math.abs(seconds) > MAX_DATE_SECONDS) cursor.fail('date is outside the representable range', 0);
  return { date: new Date(seconds * 1000), seconds, params };
}
