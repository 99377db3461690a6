/**
 * `crosschain-conformance`: parses the configuration (flags > env > file > defaults), prints it
 * redacted with the seed, runs the engine, prints the console report, writes the report files and
 * returns the exit code (architecture.md, "Outcomes and exit codes"). The only module that prints.
 */
import { resolveConfig } from './config/resolve.js';
import { targetDefaults } from './config/defaults.js';
import { ConfigError, HelpRequested } from './config/fields.js';
import type { ConformanceConfig } from './config/fields.js';
import { redactConfig } from './config/redact.js';
import { SUBCOMMANDS, subcommandHelp } from './commands/index.js';
import { runConformance } from './engine/runner.js';
import { createProgressPrinter, renderConsole, renderJson, writeReports } from './reporters/index.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Colours on the console (default: stdout is a TTY and NO_COLOR is unset). */
  color?: boolean;
}

function defaultIo(): CliIo {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    env: process.env,
    cwd: process.cwd(),
  };
}

function configLines(config: ConformanceConfig): string {
  const shown = redactConfig({ ...config, ...targetDefaults(config, !config.baseUrl) });
  if (config.baseUrl) for (const k of Object.keys(shown)) if (k.startsWith('mock')) delete shown[k];
  const lines = Object.entries(shown).map(([k, v]) => `  ${k}: ${Array.isArray(v) ? v.join(', ') || '(none)' : String(v)}`);
  if (!config.baseUrl) lines.push('  target: embedded reference server');
  return `Configuration:\n${lines.join('\n')}\n`;
}

/** Runs the CLI; resolves to the exit code (0 ok, 1 failed, 2 usage, 3 internal, 4 unreachable). */
export async function main(argv: readonly string[], io: CliIo = defaultIo()): Promise<number> {
  const command = argv[0] !== undefined ? SUBCOMMANDS[argv[0]] : undefined;
  if (command) return (await command.load()).run(argv.slice(1), io);
  let config: ConformanceConfig;
  try {
    config = resolveConfig({ argv, env: io.env, cwd: io.cwd });
  } catch (err) {
    if (err instanceof HelpRequested) {
      io.stdout(err.text.startsWith('Usage') ? `${err.text}${subcommandHelp()}` : err.text);
      return 0;
    }
    if (err instanceof ConfigError) {
      io.stderr(`error: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const color = io.color ?? (!io.env.NO_COLOR && process.stdout.isTTY === true);
  const json = config.format === 'json';
  // With --format json, stdout carries only results.json; everything else goes to stderr.
  const info = json ? io.stderr : io.stdout;
  if (!config.quiet) info(configLines(config));
  info(`Seed: ${config.seed} (replay with --seed ${config.seed})\n`);

  const progress = config.quiet ? undefined : createProgressPrinter(io.stderr, { color });
  let result;
  try {
    result = await runConformance({ ...config, onEvent: progress });
  } catch (err) {
    if (err instanceof ConfigError) {
      io.stderr(`error: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const ranNothing = result.outcomes.every((o) => o.requests === 0);
  if (json) io.stdout(renderJson(result));
  else if (result.exitCode === 4 && ranNothing) {
    io.stdout(`Checks:    ${result.outcomes.length} not run\nSeed:      ${result.seed}\nTarget:    ${result.target.baseUrl}\n`);
  } else io.stdout(renderConsole(result, { color }));
  if (result.aborted) io.stderr(`error: the run stopped early: ${result.aborted}\n`);
  if (config.reportDir) {
    try {
      const paths = await writeReports(result, config.reportDir);
      info(`Reports: ${Object.values(paths).join(', ')}\n`);
    } catch (err) {
      io.stderr(`error: cannot write the reports to --report-dir ${JSON.stringify(config.reportDir)}: ${err instanceof Error ? err.message : String(err)}\n`);
      return result.exitCode === 0 ? 3 : result.exitCode;
    }
  }
  return result.exitCode;
}
