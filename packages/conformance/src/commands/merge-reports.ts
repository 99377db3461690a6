/**
 * `crosschain-conformance merge-reports <dir>... --report-dir <out>`: reads the
 * results.json of each shard's report directory, merges them (shard/merge.ts) and writes one set
 * of reports (results.json, junit.xml, summary.md, report.html) with the console summary. Exits
 * with the merged run's code (see EXIT), or 2 when the directories are not every shard of one run
 * once (shard/merge.ts, verifyShards).
 */
import { join, resolve } from 'node:path';
import type { CliIo } from '../cli-io.js';
import { ConfigError } from '../config/fields.js';
import type { ParsedCommandLine } from '../config/program.js';
import { EXIT } from '../contract/types.js';
import { commandLine } from './parse-args.js';
import { renderConsole, REPORT_FILES, writeReports } from '../reporters/index.js';
import { readResultsFile } from '../reporters/read-results.js';
import { mergeResults, runResultOf } from '../shard/merge.js';
import type { ResultsDocument } from '../shard/merge.js';

/** `--require`'s value, checked. */
function requireValue(value: string | undefined): 'must' | 'should' {
  if (value === 'must' || value === 'should') return value;
  throw new ConfigError(`merge-reports --require must be must or should, got ${JSON.stringify(value ?? '')}. Example: merge-reports shard-1 shard-2 --report-dir merged --require must`);
}

/** Checks the command line (config/fields.ts, COMMAND_LINES['merge-reports']). */
function parseArgs(line: ParsedCommandLine, cwd: string): { dirs: string[]; out: string; require?: 'must' | 'should' } {
  const dirs = line.args;
  const out = line.values.reportDir as string | undefined;
  const require = line.values.require === undefined ? undefined : requireValue(line.values.require as string);
  if (dirs.length === 0) throw new ConfigError('merge-reports needs the report directories of the shards, got none. Example: merge-reports shard-1 shard-2 --report-dir merged');
  if (out === undefined || out.trim() === '') throw new ConfigError('merge-reports needs --report-dir <out>, got none. Example: merge-reports shard-1 shard-2 --report-dir merged');
  const into = dirs.find((d) => resolve(cwd, d) === resolve(cwd, out));
  if (into !== undefined) throw new ConfigError(`merge-reports --report-dir must not be one of the shard directories (its results.json would be overwritten), got ${JSON.stringify(out)}. Example: merge-reports shard-1 shard-2 --report-dir merged`);
  return { dirs, out, ...(require ? { require } : {}) };
}

function readResults(dir: string, cwd: string): ResultsDocument {
  return readResultsFile(join(resolve(cwd, dir), REPORT_FILES.json), join(dir, REPORT_FILES.json), 'merge-reports');
}

/** Runs `merge-reports`. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const line = commandLine('merge-reports', argv, io);
  if (typeof line === 'number') return line;
  let args: ReturnType<typeof parseArgs>;
  let merged;
  try {
    args = parseArgs(line, io.cwd);
    merged = mergeResults(
      args.dirs.map((d) => runResultOf(readResults(d, io.cwd))),
      args.dirs,
      args.require ? { require: args.require } : {},
    );
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.stderr(`error: ${err.message}\n`);
    return EXIT.config;
  }
  io.stdout(renderConsole(merged, { color: io.color ?? false }));
  try {
    const paths = await writeReports(merged, resolve(io.cwd, args.out));
    io.stdout(`Merged ${args.dirs.length} shard${args.dirs.length === 1 ? '' : 's'}. Reports: ${Object.values(paths).join(', ')}\n`);
  } catch (err) {
    io.stderr(`error: cannot write the reports to --report-dir ${JSON.stringify(args.out)}: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT.internal;
  }
  return merged.exitCode;
}
