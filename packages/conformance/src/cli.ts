/**
 * `crosschain-conformance`: parses the configuration (flags > env > file > defaults), prints it
 * redacted with the seed, runs the engine, prints the console report, writes the report files and
 * returns the exit code (ARCHITECTURE.md, "Outcomes and exit codes"). The only module that prints.
 */
import { resolve as resolvePath } from 'node:path';
import { resolveConfig } from './config/resolve.js';
import { targetDefaults } from './config/defaults.js';
import { invocationOf } from './config/invocation.js';
import { ConfigError, HelpRequested } from './config/fields.js';
import type { ConformanceConfig } from './config/fields.js';
import { redactConfig, secretsOf } from './config/redact.js';
import { redactor } from './contract/redact.js';
import { SUBCOMMANDS, subcommandHelp } from './commands/index.js';
import { runConformance } from './run/runner.js';
import { loadHandlerTarget } from './target/handler.js';
import { createProgressPrinter, renderConsole, renderJson, verdict, writeReports } from './reporters/index.js';
import { listChecks } from './commands/list-checks.js';
import { writeBaselineFile } from './baseline/write.js';
import type { CliIo } from './cli-io.js';
import { listenForStop } from './signals.js';

export type { CliIo } from './cli-io.js';

function defaultIo(): CliIo {
  return {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    env: process.env,
    cwd: process.cwd(),
    startedAt: performance.timeOrigin,
  };
}

/** Keys that only steer this printout or the CLI itself: left out of the --verbose configuration. */
const NOT_SHOWN = new Set(['listChecks', 'quiet', 'verbose', 'format']);

/** `--verbose`: the effective configuration, keys redacted, each key once. */
export function configLines(config: ConformanceConfig): string {
  const shown = redactConfig({ ...config, ...targetDefaults(config, !config.baseUrl) });
  for (const k of Object.keys(shown)) if (NOT_SHOWN.has(k) || (config.baseUrl && k.startsWith('mock'))) delete shown[k];
  const lines = Object.entries(shown).map(([k, v]) => `  ${k}: ${Array.isArray(v) ? v.join(', ') || '(none)' : String(v)}`);
  if (config.target) lines.push(`  target: in-process handler ${config.target}`);
  else if (!config.baseUrl) lines.push('  target: embedded reference server');
  return `Configuration:\n${lines.join('\n')}\n`;
}

/** `--list-checks`: prints the selected checks, exit 0 (2 on a pattern that matches nothing). */
function printCheckList(config: ConformanceConfig, io: CliIo): number {
  try {
    io.stdout(listChecks(config));
    return 0;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.stderr(`error: ${err.message}\n`);
    return 2;
  }
}

/**
 * When the CLI's --max-duration starts counting: the process's start (module loading counts),
 * less a reserve for what follows the run (closing sockets, writing the reports): a tenth of the
 * bound, at most a second (`--max-duration 2s` ran 6.1 s).
 */
function boundFrom(startedAt: number, maxDurationMs: number): number {
  return startedAt - Math.min(1_000, maxDurationMs / 10);
}

/** The file options resolved against the CLI's working directory. */
function withFilePaths(config: ConformanceConfig, cwd: string): ConformanceConfig {
  const out = { ...config };
  for (const key of ['baseline', 'writeBaseline', 'record', 'reportDir'] as const) if (out[key] !== undefined) out[key] = resolvePath(cwd, out[key]);
  return out;
}

/** Runs the CLI; resolves to the exit code (0 ok, 1 failed, 2 usage, 3 internal, 4 unreachable, 5 inconclusive). */
export async function main(argv: readonly string[], io: CliIo = defaultIo()): Promise<number> {
  const startedAt = io.startedAt ?? Date.now();
  const command = argv[0] !== undefined && Object.hasOwn(SUBCOMMANDS, argv[0]) ? SUBCOMMANDS[argv[0] as keyof typeof SUBCOMMANDS] : undefined;
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
  if (config.listChecks) return printCheckList(config, io);
  config = withFilePaths(config, io.cwd);
  const color = io.color ?? (!io.env.NO_COLOR && process.stdout.isTTY === true);
  const json = config.format === 'json';
  // With --format json, stdout carries only results.json; everything else goes to stderr.
  const info = json ? io.stderr : io.stdout;
  if (config.verbose && !config.quiet) info(configLines(config));
  info(`Seed: ${config.seed} (replay with --seed ${config.seed})\n`);

  const progress = config.quiet ? undefined : createProgressPrinter(io.stderr, { color });
  // SIGINT/SIGTERM end the traffic, not the process: the checks not finished are skipped and the
  // reports written. The handlers stay until then, so a parent's forwarded copy is ignored (signals.ts).
  const interrupted = new AbortController();
  const stop = listenForStop((signal) => {
    io.stderr(`\n${signal}: stopping the run; the checks not finished are skipped, the reports are written\n`);
    interrupted.abort(`interrupted by ${signal}`);
  });
  try {
    return await runAndReport(config, io, { startedAt, color, json, info, progress, signal: interrupted.signal });
  } finally {
    stop.dispose();
  }
}

/** The run of `main` after its configuration: the run, the console report, the baseline and the report files. */
async function runAndReport(
  config: ConformanceConfig,
  io: CliIo,
  at: { startedAt: number; color: boolean; json: boolean; info: (text: string) => void; progress: ReturnType<typeof createProgressPrinter> | undefined; signal: AbortSignal },
): Promise<number> {
  const { startedAt, color, json, info, progress } = at;
  let result;
  try {
    const handler = config.target !== undefined ? await loadHandlerTarget(config.target, io.cwd) : undefined;
    result = await runConformance({
      ...config,
      ...(handler ? { handler } : {}),
      onEvent: progress,
      signal: at.signal,
      invocation: invocationOf(io.env, io.cwd),
      ...(config.maxDurationMs !== undefined ? { boundFrom: boundFrom(startedAt, config.maxDurationMs) } : {}),
    });
  } catch (err) {
    if (err instanceof ConfigError) {
      io.stderr(`error: ${err.message}\n`);
      return 2;
    }
    const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    io.stderr(`error: internal error of the kit (exit 3), please report it: ${redactor(secretsOf(config))(why.split('\n')[0] ?? '')}\n`);
    return 3;
  }
  const ranNothing = result.outcomes.every((o) => o.requests === 0);
  if (json) io.stdout(renderJson(result));
  else if (result.exitCode === 4 && ranNothing) {
    io.stdout(`Checks:    ${result.outcomes.length} not run\nSeed:      ${result.seed}\nTarget:    ${result.target.baseUrl}\nResult:    ${verdict(result).sentence}\n`);
  } else io.stdout(renderConsole(result, { color, verbose: config.verbose === true }));
  if (result.aborted) io.stderr(`error: the run stopped early: ${result.aborted}\n`);
  if (result.baseline && result.baseline.fixed.length > 0) {
    info(`Baseline: ${result.baseline.fixed.join(', ')} now pass${result.baseline.fixed.length === 1 ? 'es' : ''}: remove ${result.baseline.fixed.length === 1 ? 'it' : 'them'} from ${result.baseline.file}\n`);
  }
  if (result.baseline && result.baseline.expired.length > 0) {
    info(`Baseline: the entries of ${result.baseline.expired.join(', ')} expired: ${result.baseline.expired.length === 1 ? 'that failure counts' : 'those failures count'} again (renew or fix; see the reason in results.json)\n`);
  }
  if (config.record) info(`Recorded: ${config.record} (HAR 1.2)\n`);
  if (config.writeBaseline && result.exitCode > 1) {
    io.stderr(`error: --write-baseline ${JSON.stringify(config.writeBaseline)} not written: the run did not complete (exit ${result.exitCode}), so its failures are not a baseline\n`);
  } else if (config.writeBaseline) {
    try {
      const n = writeBaselineFile(config.writeBaseline, result.outcomes, config.baseline);
      info(`Baseline written: ${config.writeBaseline} (${n} entr${n === 1 ? 'y' : 'ies'})\n`);
    } catch (err) {
      io.stderr(`error: cannot write --write-baseline ${JSON.stringify(config.writeBaseline)}: ${err instanceof Error ? err.message : String(err)}\n`);
      return result.exitCode === 0 ? 3 : result.exitCode;
    }
  }
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
