/** The argument parsing step every subcommand shares (src/commands/). */
import type { CliIo } from '../cli-io.js';
import { ConfigError } from '../config/fields.js';

/**
 * Parses a subcommand's arguments: a usage or configuration error ({@link ConfigError}) is printed
 * on stderr as `error: …` and gives `undefined` (the caller exits 2, EXIT.config); anything else
 * propagates.
 */
export function parseOrReport<T>(parse: () => T, io: CliIo): T | undefined {
  try {
    return parse();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.stderr(`error: ${err.message}\n`);
    return undefined;
  }
}
