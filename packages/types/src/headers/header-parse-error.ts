import { truncate } from '../errors.js';

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
    super(`${header} header: ${reason} at offset ${position} in ${JSON.stringify(truncate(value, 120))}`);
  }
}
