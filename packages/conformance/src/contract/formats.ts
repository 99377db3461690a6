/**
 * A fast path for the `date-time` format (RFC 3339 §5.6) that keeps ajv-formats' full-mode
 * verdicts exactly: it accepts only the canonical shape `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`
 * with a real calendar date and no leap second, a subset of what the full validator accepts, and
 * hands every other string to the full validator. Valid responses carry these timestamps on every
 * record; the full validator splits, runs two regular expressions and allocates per string.
 */

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function digitsAt(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The two ASCII digits at `i` as a number (callers check they are digits). */
function twoDigits(s: string, i: number): number {
  return (s.charCodeAt(i) - 48) * 10 + (s.charCodeAt(i + 1) - 48);
}

/**
 * True when `s` is a canonical RFC 3339 date-time that ajv-formats' full `date-time` accepts;
 * false means "not canonical" (it may still be valid), never "invalid".
 */
export function isCanonicalDateTime(s: string): boolean {
  const n = s.length;
  if (n < 20) return false;
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || (s.charCodeAt(10) | 32) !== 116 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) {
    return false;
  }
  if (!digitsAt(s, 0, 4) || !digitsAt(s, 5, 7) || !digitsAt(s, 8, 10) || !digitsAt(s, 11, 13) || !digitsAt(s, 14, 16) || !digitsAt(s, 17, 19)) {
    return false;
  }
  const year = twoDigits(s, 0) * 100 + twoDigits(s, 2);
  const month = twoDigits(s, 5);
  const day = twoDigits(s, 8);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month] ?? 0))) return false;
  if (twoDigits(s, 11) > 23 || twoDigits(s, 14) > 59 || twoDigits(s, 17) > 59) return false;
  let i = 19;
  if (s.charCodeAt(i) === 46) {
    const first = (i += 1);
    while (i < n && digitsAt(s, i, i + 1)) i += 1;
    if (i === first) return false;
  }
  if (i === n - 1) return (s.charCodeAt(i) | 32) === 122;
  if (i !== n - 6) return false;
  const sign = s.charCodeAt(i);
  return (
    (sign === 43 || sign === 45) &&
    digitsAt(s, i + 1, i + 3) &&
    s.charCodeAt(i + 3) === 58 &&
    digitsAt(s, i + 4, i + 6) &&
    twoDigits(s, i + 1) <= 23 &&
    twoDigits(s, i + 4) <= 59
  );
}

/** `full` with the canonical fast path in front: the same verdict for every string. */
export function withCanonicalFastPath(full: (s: string) => boolean): (s: string) => boolean {
  return (s: string) => isCanonicalDateTime(s) || full(s);
}
