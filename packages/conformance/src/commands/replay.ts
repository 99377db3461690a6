/**
 * `crosschain-conformance replay <results.json> [--check <id>] [--base-url <url>]`: re-sends the recorded request of each failure and re-evaluates it against the current
 * server (replay/replay.ts), printing per failure "still failing" or "fixed". The key comes from
 * --api-key or CONFORMANCE_API_KEY and goes only to the target. Exit 0 when every replayed failure
 * is fixed, 1 when one still fails, 2 on a usage error.
 */
import { resolve } from 'node:path';
import type { CliIo } from '../cli-io.js';
import { ConfigError, FIELD_BY_KEY } from '../config/fields.js';
import { coerce } from '../config/validate.js';
import { redactor } from '../contract/redact.js';
import { matchesAny, patternMatches } from '../engine/selection.js';
import type { ParsedCommandLine } from '../config/program.js';
import { EXIT } from '../contract/types.js';
import { commandLine } from './parse-args.js';
import { needsKey, replayFailures, replayable } from '../replay/replay.js';
import { readResultsFile } from '../reporters/read-results.js';
import { runResultOf } from '../shard/merge.js';
import type { ResultsDocument } from '../shard/merge.js';

interface ReplayArgs {
  file: string;
  checks: string[];
  baseUrl?: string;
  apiKey?: string;
}

/** Checks the command line (config/fields.ts, COMMAND_LINES.replay; the key: --api-key or CONFORMANCE_API_KEY). */
function parseArgs(line: ParsedCommandLine): ReplayArgs {
  const files = line.args;
  if (files.length !== 1) throw new ConfigError(`replay needs one results.json, got ${files.length}. Example: crosschain-conformance replay reports/results.json --check requests-v3.limit.max`);
  const { baseUrl, apiKey, check } = line.values;
  return {
    file: files[0]!,
    checks: ((check as string[] | undefined) ?? []).flatMap((c) => c.split(',')).map((c) => c.trim()).filter(Boolean),
    ...(baseUrl !== undefined ? { baseUrl: coerce(FIELD_BY_KEY.get('baseUrl')!, baseUrl, 'flag') as string } : {}),
    ...(apiKey !== undefined ? { apiKey: coerce(FIELD_BY_KEY.get('apiKey')!, apiKey, 'flag') as string } : {}),
  };
}

function readResults(file: string, cwd: string): ResultsDocument {
  return readResultsFile(resolve(cwd, file), file, 'replay');
}

/** Runs `replay`. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const line = commandLine('replay', argv, io);
  if (typeof line === 'number') return line;
  let args: ReplayArgs;
  let result;
  let selected;
  try {
    args = parseArgs(line);
    result = runResultOf(readResults(args.file, io.cwd));
    const failures = result.outcomes.filter((o) => o.status === 'fail' || o.status === 'warn' || o.status === 'known');
    // --check takes what --only takes (ids, families, dot-bounded prefixes, globs; selection.ts).
    const unknown = args.checks.filter((pattern) => !failures.some((o) => patternMatches(o, pattern)));
    if (unknown.length > 0) {
      throw new ConfigError(`replay --check must name failed checks of ${args.file} (ids, families, dot-bounded prefixes or globs, as --only), got ${JSON.stringify(unknown.join(','))}. Failed checks: ${failures.map((o) => o.id).join(', ') || '(none)'}`);
    }
    selected = args.checks.length > 0 ? replayable(result).filter((o) => matchesAny(o, args.checks)) : replayable(result);
    if (!result.target.embedded && args.baseUrl === undefined && !/^https?:/.test(result.target.baseUrl)) {
      throw new ConfigError(`replay needs --base-url: the recorded target ${JSON.stringify(result.target.baseUrl)} is not a URL. Example: --base-url https://staging.example.com`);
    }
    if (!result.target.embedded && args.apiKey === undefined && selected.some(needsKey)) {
      throw new ConfigError('replay needs the API key the recorded requests used (redacted in results.json), got none. Fix: set CONFORMANCE_API_KEY or pass --api-key');
    }
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.stderr(`error: ${err.message}\n`);
    return EXIT.config;
  }
  if (selected.length === 0) {
    io.stdout(`Nothing to replay: ${args.file} records no failure.\n`);
    return EXIT.ok;
  }
  const redact = redactor(args.apiKey ? [args.apiKey] : []);
  const verdicts = await replayFailures(result, selected, { ...(args.baseUrl ? { baseUrl: args.baseUrl } : {}), ...(args.apiKey ? { apiKey: args.apiKey } : {}) });
  for (const v of verdicts) io.stdout(redact(`${v.status === 'fixed' ? '✔ fixed' : v.status === 'still failing' ? '✘ still failing' : '? not replayable'}  ${v.id}: ${v.detail}\n`));
  const still = verdicts.filter((v) => v.status !== 'fixed').length;
  io.stdout(`Replayed ${verdicts.length}: ${verdicts.length - still} fixed, ${still} still failing or not replayable\n`);
  return still > 0 ? EXIT.failed : EXIT.ok;
}
