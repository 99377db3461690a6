/**
 * What the CLI and its subcommands print to and read from: the one type both sides share, below
 * both (cli.ts loads the subcommands, so they must not import cli.ts back, not even for a type).
 */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Colours on the console (default: stdout is a TTY and NO_COLOR is unset). */
  color?: boolean;
  /** When the process started (ms since the epoch): --max-duration counts from it (default: when main() was called). */
  startedAt?: number;
}
