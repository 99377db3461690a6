/**
 * Thrown by the header parsers when a field value does not match its grammar. The message names
 * the header, the problem and the position; the offending value is shown truncated.
 */
export class HeaderParseError extends Error {
  override readonly name = 'HeaderParseError';

  constructor(
    /** Field name, e.g. `Link`. */
    readonly header: string,
    /** The whole field value that failed to parse. */
    readonly value: string,
    /** Zero-based offset of the problem in `value`. */
    readonly position: number,
    reason: string,
  ) {
    super(`${header} header: ${reason} at offset ${position} in ${quoteForMessage(value)}`);
  }
}

/** Shows a field value in an error message, truncated so that huge headers stay readable. */
export function quoteForMessage(value: string, max = 120): string {
  const shown = value.length > max ? `${value.slice(0, max)}…` : value;
  return JSON.stringify(shown);
}
