/**
 * The kit's subcommands beside the default run (`crosschain-conformance <command> [options]`,
 * ARCHITECTURE.md, "Interfaces that other tools rely on"). Each lives in its own module under
 * `src/commands/`, loaded only when invoked, and exports {@link SubcommandModule}. The CLI
 * dispatches on the first argument; anything else is the default run.
 */
import type { CliIo } from '../cli-io.js';
import type { CommandName } from '../config/fields.js';

export interface SubcommandModule {
  /** Runs the subcommand with the arguments after its name; resolves to the exit code (see EXIT). */
  run(argv: readonly string[], io: CliIo): Promise<number>;
}

export interface Subcommand {
  /** One line for `--help`. */
  summary: string;
  load(): Promise<SubcommandModule>;
}

/** Every subcommand by name. Add one line per subcommand, and its command line in config/fields.ts (COMMAND_LINES). */
export const SUBCOMMANDS: Readonly<Record<CommandName, Subcommand>> = {
  proxy: { summary: 'validating proxy: forward to --upstream and check every exchange', load: () => import('./proxy.js') },
  audit: { summary: 'check recorded exchanges and mocks: HAR, Polly.js, Pact, WireMock, VCR (a file or a folder)', load: () => import('./audit.js') },
  'merge-reports': { summary: 'merge the results.json of shards (--shard i/n) into one set of reports', load: () => import('./merge-reports.js') },
  replay: { summary: 're-send the recorded requests of failures: still failing or fixed', load: () => import('./replay.js') },
  'webhook-receiver': { summary: 'receive and check signed webhook deliveries (signature, timestamp, schema, retry)', load: () => import('./webhook-receiver.js') },
};

/** The `Commands:` section of `--help`. */
export function subcommandHelp(): string {
  const names = (Object.keys(SUBCOMMANDS) as CommandName[]).sort();
  if (names.length === 0) return '';
  const width = Math.max(...names.map((n) => n.length));
  return `\nCommands:\n${names.map((n) => `  ${n.padEnd(width)}  ${SUBCOMMANDS[n].summary}`).join('\n')}\n\nRun crosschain-conformance <command> --help for a command's options and their environment variables.\n`;
}
