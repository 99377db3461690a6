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

const USAGE =
  'Usage: crosschain-conformance merge-reports <report-dir>... --report-dir <out> [--require must|should]\n\nMerges the results.json of shard runs (--shard i/n) into one set of reports.\nCoverage is merged (a clause judged in any shard is judged); --require (default: the shards\' own --require)\ngates the merged run: a required clause no shard judged makes it inconclusive (exit 5).\n';

/** `--require`'s value, checked. */
function requireValue(value: string | undefined): 'must' | 'should' {
  if (value === 'must' || value === 'should') return value;
  throw new ConfigError(`merge-reports --require must be must or should, got ${JSON.stringify(value ?? '')}. Example: merge-reports shard-1 shard-2 --report-dir merged --require must`);
}

function parseArgs(argv: readonly string[]): { dirs: string[]; out: string; require?: 'must' | 'should' } {
  const dirs: string[] = [];
  let out: string | undefined;
  let require: 'must' | 'should' | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i]!;
    if (a === '--require') {
      require = requireValue(argv[i + 1]);
      i += 1;
    } else if (a.startsWith('--require=')) require = requireValue(a.slice('--require='.length));
    else if (a === '--report-dir') {
      out = argv[i + 1];
      if (out === undefined || out.startsWith('--')) throw new ConfigError('merge-reports --report-dir needs a directory, got nothing. Example: merge-reports shard-1 shard-2 --report-dir merged');
      i += 1;
    } else if (a.startsWith('--report-dir=')) out = a.slice('--report-dir='.length);
    else if (a.startsWith('-')) throw new ConfigError(`merge-reports does not know the option ${JSON.stringify(a)}. Fix: merge-reports <report-dir>... --report-dir <out>`);
    else dirs.push(a);
  }
  if (dirs.length === 0) throw new ConfigError('merge-reports needs the report directories of the shards, got none. Example: merge-reports shard-1 shard-2 --report-dir merged');
  if (out === undefined || out.trim() === '') throw new ConfigError('merge-reports needs --report-dir <out>, got none. Example: merge-reports shard-1 shard-2 --report-dir merged');
  return { dirs, out, ...(require ? { require } : {}) };
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
  let args: ReturnType<typeof parseArgs>;
  let merged;
  try {
    args = parseArgs(argv);
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
