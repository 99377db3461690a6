/** The argument parsing step every subcommand shares (src/commands/): one parser, config/program.ts. */
import type { CliIo } from '../cli-io.js';
import { ConfigError, HelpRequested } from '../config/fields.js';
import type { CommandName } from '../config/fields.js';
import { parseCommandLine, type ParsedCommandLine } from '../config/program.js';
import { EXIT } from '../contract/types.js';

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

/**
 * A subcommand's command line parsed from its table (config/fields.ts, COMMAND_LINES): its values,
 * or the exit code once `--help` was printed (0) or a usage error reported (2).
 */
export function commandLine(name: CommandName, argv: readonly string[], io: CliIo): ParsedCommandLine | number {
  try {
    return parseCommandLine(name, argv, io.env);
  } catch (err) {
    if (err instanceof HelpRequested) {
      io.stdout(err.text);
      return EXIT.ok;
    }
    if (!(err instanceof ConfigError)) throw err;
    io.stderr(`error: ${err.message}\n`);
    return EXIT.config;
  }
}
