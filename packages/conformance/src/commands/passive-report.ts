/**
 * The end of a passive run (proxy, audit): the console summary, the report files when asked
 * (reporters/index.ts), and the exit code (contract/types.ts EXIT).
 */
import { resolve } from 'node:path';
import type { CliIo } from '../cli-io.js';
import { EXIT, type RunResult } from '../contract/types.js';
import { renderConsole, writeReports } from '../reporters/index.js';

/** Prints the summary of `result`, writes the reports into `reportDir` if given; returns the exit code. */
export async function finishPassive(result: RunResult, io: CliIo, reportDir: string | undefined, options: { verbose?: boolean } = {}): Promise<number> {
  const color = io.color ?? (!io.env.NO_COLOR && process.stdout.isTTY === true);
  io.stdout(renderConsole(result, { color, verbose: options.verbose === true }));
  if (result.aborted) io.stderr(`error: ${result.aborted}\n`);
  if (reportDir === undefined) return result.exitCode;
  try {
    const paths = await writeReports(result, resolve(io.cwd, reportDir));
    io.stdout(`Reports: ${Object.values(paths).join(', ')}\n`);
  } catch (err) {
    io.stderr(`error: cannot write the reports to --report-dir ${JSON.stringify(reportDir)}: ${err instanceof Error ? err.message : String(err)}\n`);
    return result.exitCode === EXIT.ok ? EXIT.internal : result.exitCode;
  }
  return result.exitCode;
}
