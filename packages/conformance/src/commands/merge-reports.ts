/**
 * `crosschain-conformance merge-reports <dir>... --report-dir <out>` (issue 10 item 7): reads the
 * results.json of each shard's report directory, merges them (shard/merge.ts) and writes one set
 * of reports (results.json, junit.xml, summary.md, report.html) with the console summary. Exits
 * with the merged run's code (see EXIT), or 2 when the directories are not every shard of one run
 * once (shard/merge.ts, verifyShards).
 */
import { join, resolve } from 'node:path';
import type { CliIo } from '../cli-io.js';
import { ConfigError } from '../config/fields.js';
import { EXIT } from '../engine/types.js';
import { renderConsole, REPORT_FILES, writeReports } from '../reporters/index.js';
import { readResultsFile } from '../reporters/read-results.js';
import { mergeResults, runResultOf } from '../shard/merge.js';
import type { ResultsDocument } from '../shard/merge.js';

const USAGE = 'Usage: crosschain-conformance merge-reports <report-dir>... --report-dir <out>\n\nMerges the results.json of shard runs (--shard i/n) into one set of reports.\n';

function parseArgs(argv: readonly string[]): { dirs: string[]; out: string } {
  const dirs: string[] = [];
  let out: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i]!;
    if (a === '--report-dir') {
      out = argv[i + 1];
      if (out === undefined || out.startsWith('--')) throw new ConfigError('merge-reports --report-dir needs a directory, got nothing. Example: merge-reports shard-1 shard-2 --report-dir merged');
      i += 1;
    } else if (a.startsWith('--report-dir=')) out = a.slice('--report-dir='.length);
    else if (a.startsWith('-')) throw new ConfigError(`merge-reports does not know the option ${JSON.stringify(a)}. Fix: merge-reports <report-dir>... --report-dir <out>`);
    else dirs.push(a);
  }
  if (dirs.length === 0) throw new ConfigError('merge-reports needs the report directories of the shards, got none. Example: merge-reports shard-1 shard-2 --report-dir merged');
  if (out === undefined || out.trim() === '') throw new ConfigError('merge-reports needs --report-dir <out>, got none. Example: merge-reports shard-1 shard-2 --report-dir merged');
  return { dirs, out };
}

function readResults(dir: string, cwd: string): ResultsDocument {
  return readResultsFile(join(resolve(cwd, dir), REPORT_FILES.json), join(dir, REPORT_FILES.json), 'merge-reports');
}

/** Runs `merge-reports`. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(USAGE);
    return EXIT.ok;
  }
  let args: { dirs: string[]; out: string };
  let merged;
  try {
    args = parseArgs(argv);
    merged = mergeResults(args.dirs.map((d) => runResultOf(readResults(d, io.cwd))), args.dirs);
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
