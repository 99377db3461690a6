import { HeaderCursor } from './header-cursor.js';

/** Which of the three HTTP-date forms was sent (RFC 9110 §5.6.7). */
export type HttpDateFormat = 'imf-fixdate' | 'rfc850-date' | 'asctime-date';

export interface HttpDate {
  date: Date;
  format: HttpDateFormat;
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const DAY_NAMES_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Scans one HTTP-date; every method consumes input or throws a {@link HeaderParseError}. */
class Scanner extends HeaderCursor {
  literal(expected: string): void {
    if (this.input.startsWith(expected, this.pos)) {
      this.pos += expected.length;
      return;
    }
    const found = this.input.slice(this.pos, this.pos + expected.length);
    this.fail(`expected ${JSON.stringify(expected)}, found ${found ? JSON.stringify(found) : 'the end'}`);
  }

  /** Exactly `count` DIGITs. */
  digits(count: number, what: string): number {
    const text = this.input.slice(this.pos, this.pos + count);
    if (text.length !== count || !/^[0-9]+$/.test(text)) this.fail(`expected ${count} digit(s) for the ${what}`);
    this.pos += count;
    return Number.parseInt(text, 10);
  }

  alpha(): string {
    const start = this.pos;
    while (/[A-Za-z]/.test(this.peek())) this.pos++;
    return this.input.slice(start, this.pos);
  }

  month(): number {
    const at = this.pos;
    const name = this.alpha();
    const index = (MONTHS as readonly string[]).indexOf(name);
    if (index < 0) this.fail(`unknown month ${JSON.stringify(name)} (expected one of ${MONTHS.join(', ')})`, at);
    return index;
  }

  /** time-of-day = hour ":" minute ":" second (RFC 9110 §5.6.7). */
  timeOfDay(): [number, number, number] {
    const at = this.pos;
    const hour = this.digits(2, 'hour');
    this.literal(':');
    const minute = this.digits(2, 'minute');
    this.literal(':');
    const second = this.digits(2, 'second');
    // second may be 60 for a leap second (RFC 9110 §5.6.7).
    if (hour > 23 || minute > 59 || second > 60) this.fail('time of day out of range', at);
    return [hour, minute, second];
  }

  end(): void {
    if (this.pos !== this.input.length) this.fail('unexpected characters after the date');
  }
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month]!;
}

/** The instant of a scanned date; the day must exist and `dayNameIndex` (sent at offset 0) must match it. */
function build(s: Scanner, dayNameIndex: number, year: number, month: number, day: number, time: [number, number, number], dayAt: number): Date {
  if (day < 1 || day > daysInMonth(year, month)) s.fail(`day ${day} does not exist in ${MONTHS[month]} ${year}`, dayAt);
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0..99 to 1900..1999.
  date.setUTCFullYear(year, month, day);
  if (date.getUTCDay() !== dayNameIndex) {
    s.fail(`${MONTHS[month]} ${day} ${year} is a ${DAY_NAMES_LONG[date.getUTCDay()]}, not a ${DAY_NAMES_LONG[dayNameIndex]}`, 0);
  }
  // A leap second (:60) rolls over to the next minute.
  date.setUTCHours(time[0], time[1], time[2], 0);
  return date;
}

/**
 * RFC 9110 §5.6.7: a two-digit rfc850 year that appears more than 50 years in the future is the
 * most recent past year with the same last two digits.
 */
function expandTwoDigitYear(yy: number, now: Date): number {
  const current = now.getUTCFullYear();
  let year = Math.floor(current / 100) * 100 + yy;
  if (year > current + 50) year -= 100;
  return year;
}

/**
 * Parses an HTTP-date (RFC 9110 §5.6.7, formerly RFC 7231 §7.1.1.1), the value of the `Sunset`
 * header (RFC 8594 §3). Accepts the preferred IMF-fixdate (`Tue, 24 Nov 2026 00:00:00 GMT`) and,
 * as recipients must, the obsolete rfc850-date and asctime-date forms. Names are case-sensitive;
 * the day name must match the date.
 *
 * @param now reference time for two-digit rfc850 years (defaults to the current time)
 * @throws {HeaderParseError} when the value is not an HTTP-date
 */
export function parseHttpDate(value: string, header = 'Sunset', now: Date = new Date()): HttpDate {
  const input = value.replace(/^[ \t]+|[ \t]+$/g, '');
  const s = new Scanner(header, input);
  if (input === '') s.fail('empty value');
  const dayName = s.alpha();
  const short = (DAY_NAMES as readonly string[]).indexOf(dayName);
  const long = (DAY_NAMES_LONG as readonly string[]).indexOf(dayName);

  if (short >= 0 && input[s.pos] === ',') {
    // IMF-fixdate = day-name "," SP date1 SP time-of-day SP GMT; date1 = day SP month SP year
    s.literal(', ');
    const dayAt = s.pos;
    const day = s.digits(2, 'day');
    s.literal(' ');
    const month = s.month();
    s.literal(' ');
    const year = s.digits(4, 'year');
    s.literal(' ');
    const time = s.timeOfDay();
    s.literal(' GMT');
    s.end();
    return { date: build(s, short, year, month, day, time, dayAt), format: 'imf-fixdate' };
  }
  if (long >= 0 && input[s.pos] === ',') {
    // rfc850-date = day-name-l "," SP date2 SP time-of-day SP GMT; date2 = day "-" month "-" 2DIGIT
    s.literal(', ');
    const dayAt = s.pos;
    const day = s.digits(2, 'day');
    s.literal('-');
    const month = s.month();
    s.literal('-');
    const year = expandTwoDigitYear(s.digits(2, 'year'), now);
    s.literal(' ');
    const time = s.timeOfDay();
    s.literal(' GMT');
    s.end();
    return { date: build(s, long, year, month, day, time, dayAt), format: 'rfc850-date' };
  }
  if (short >= 0 && input[s.pos] === ' ') {
    // asctime-date = day-name SP date3 SP time-of-day SP year; date3 = month SP ( 2DIGIT / ( SP DIGIT ) )
    s.literal(' ');
    const month = s.month();
    s.literal(' ');
    const dayAt = s.pos;
    const day = input[s.pos] === ' ' ? (s.literal(' '), s.digits(1, 'day')) : s.digits(2, 'day');
    s.literal(' ');
    const time = s.timeOfDay();
    s.literal(' ');
    const year = s.digits(4, 'year');
    s.end();
    return { date: build(s, short, year, month, day, time, dayAt), format: 'asctime-date' };
  }
  if (short < 0 && long < 0) {
    return s.fail(`expected a day name (${DAY_NAMES.join(', ')}), found ${JSON.stringify(dayName || input.slice(0, 10))}`, 0);
  }
  return s.fail(short >= 0 ? 'expected "," or " " after the day name' : 'expected "," after the day name');
}
