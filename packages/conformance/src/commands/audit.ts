/**
 * `crosschain-conformance audit <file-or-folder>... [--report-dir <dir>] [--strict]`: the passive
 * oracles over recorded traffic and integrators' mocks (recordings/: HAR, Polly.js, Pact, WireMock,
 * VCR; the format told from the content), the same reports and exit codes as a run, each violation
 * named by its interaction. A file that cannot be read or is none of these formats is a usage
 * error (exit 2).
 */
import { parseArgs } from 'node:util';
import type { CliIo } from '../cli-io.js';
import { EXIT } from '../engine/types.js';
import { ConfigError } from '../config/fields.js';
import { finishPassive } from '../passive/report.js';
import { apiOperations, apiValidator, auditRecordings, judgedNote } from '../recordings/audit.js';
import { RecordingError, readRecordings, type Recordings } from '../recordings/index.js';

export const USAGE = `Usage: crosschain-conformance audit <file-or-folder>... [--report-dir <dir>] [--strict] [--accept-divergences] [--verbose]

Checks recorded exchanges and mocks with the kit's oracles; the format is told from the content:
  HAR 1.2 (browser exports, --record, proxy logs), Polly.js recordings (recording.har),
  Pact files (specification v1-v4), WireMock mappings (a mapping file, or a folder with mappings/
  and __files/), VCR cassettes (vcrpy and Ruby VCR, YAML or JSON). A folder is read recursively.
  --report-dir <dir>  write results.json, junit.xml, summary.md, report.html (CONFORMANCE_REPORT_DIR)
  --strict            SHOULD violations fail too (CONFORMANCE_STRICT=true)
  --accept-divergences  catalogued divergences of the live service (specs/clauses.yaml) report as known
                      instead of failing, e.g. to audit recordings of the live service
                      (CONFORMANCE_ACCEPT_DIVERGENCES=true)
  --verbose           name every check of a group of skips sharing one reason (CONFORMANCE_VERBOSE=true)
`;

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let files: string[];
  let reportDir: string | undefined;
  let strict: boolean;
  let acceptDivergences: boolean;
  let verbose: boolean;
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: [...argv], options: { 'report-dir': { type: 'string' }, strict: { type: 'boolean' }, 'accept-divergences': { type: 'boolean' }, verbose: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: true });
    } catch (err) {
      throw new ConfigError(`${(err as Error).message}; see crosschain-conformance audit --help`);
    }
    if (parsed.values.help) {
      io.stdout(USAGE);
      return EXIT.ok;
    }
    files = parsed.positionals;
    if (files.length === 0) throw new ConfigError('audit needs at least one recording, e.g. crosschain-conformance audit traffic.har or audit pacts/');
    reportDir = parsed.values['report-dir'] ?? io.env.CONFORMANCE_REPORT_DIR;
    strict = parsed.values.strict === true || io.env.CONFORMANCE_STRICT === 'true' || io.env.CONFORMANCE_STRICT === '1';
    verbose = parsed.values.verbose === true || io.env.CONFORMANCE_VERBOSE === 'true' || io.env.CONFORMANCE_VERBOSE === '1';
    acceptDivergences = parsed.values['accept-divergences'] === true || io.env.CONFORMANCE_ACCEPT_DIVERGENCES === 'true' || io.env.CONFORMANCE_ACCEPT_DIVERGENCES === '1';
  } catch (err) {
    if (err instanceof ConfigError) {
      io.stderr(`error: ${err.message}\n`);
      return EXIT.config;
    }
    throw err;
  }
  const startedAt = new Date();
  const validator = apiValidator();
  let recordings: Recordings;
  try {
    recordings = await readRecordings(files, io.cwd, apiOperations(validator));
  } catch (err) {
    if (!(err instanceof RecordingError)) throw err;
    io.stderr(`error: ${err.message}\n`);
    return EXIT.config;
  }
  const audit = auditRecordings(recordings, { startedAt, files, strict, acceptDivergences, validator });
  io.stdout(judgedNote(audit, recordings));
  return finishPassive(audit.result, io, reportDir, { verbose });
}
