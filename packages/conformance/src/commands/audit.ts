/**
 * `crosschain-conformance audit <file-or-folder>... [--fixtures <glob=operation|manifest>]
 * [--report-dir <dir>] [--strict]`: the passive oracles over recorded traffic and integrators'
 * mocks (recordings/: HAR, Polly.js, Pact, WireMock, VCR; the format told from the content) and
 * JSON fixture bodies mapped to their operation (recordings/fixtures.ts), the same reports and
 * exit codes as a run, each violation named by its interaction. The kit's own recording (`--record`)
 * also has its run's checks run again against it (rejudge/), judging the relations between
 * exchanges as the run did. A file that cannot be read or is
 * none of these formats, a glob that matches nothing: a usage error (exit 2).
 */
import type { CliIo } from '../cli-io.js';
import { EXIT } from '../contract/types.js';
import { listenForStop } from '../signals.js';
import { commandLine } from './parse-args.js';
import { finishPassive } from './passive-report.js';
import { apiOperations, apiValidator, judgedNote } from '../recordings/audit.js';
import { auditAndRejudge, rejudgeLine } from '../rejudge/audit.js';
import { fixtureMappings, readFixtures } from '../recordings/fixtures.js';
import { RecordingError, readRecordings, type Recordings } from '../recordings/index.js';

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const line = commandLine('audit', argv, io);
  if (typeof line === 'number') return line;
  const files = line.args;
  const fixtures = (line.values.fixtures as string[] | undefined) ?? [];
  if (files.length === 0 && fixtures.length === 0) {
    io.stderr("error: audit needs at least one recording or --fixtures, e.g. crosschain-conformance audit traffic.har, audit pacts/ or audit --fixtures 'test/fixtures/status-v3/*.json=GET /intents/status/v3'\n");
    return EXIT.config;
  }
  const reportDir = line.values.reportDir as string | undefined;
  const strict = line.values.strict === true;
  const verbose = line.values.verbose === true;
  const acceptDivergences = line.values.acceptDivergences === true;
  // A big recording takes a while to read and judge: a signal then (or a parent's forwarded copy)
  // lets the audit finish and write its reports instead of ending the process with none (signals.ts).
  const stop = listenForStop((signal) => io.stderr(`${signal}: finishing the audit and writing the reports\n`));
  try {
    return await audit(files, { fixtures, reportDir, strict, verbose, acceptDivergences }, io);
  } finally {
    stop.dispose();
  }
}

async function audit(files: readonly string[], options: { fixtures: readonly string[]; reportDir: string | undefined; strict: boolean; verbose: boolean; acceptDivergences: boolean }, io: CliIo): Promise<number> {
  const { fixtures, reportDir, strict, verbose, acceptDivergences } = options;
  const startedAt = new Date();
  const validator = apiValidator();
  let recordings: Recordings;
  try {
    recordings = files.length > 0 ? await readRecordings(files, io.cwd, apiOperations(validator)) : { files: [], interactions: [], skipped: [] };
    if (fixtures.length > 0) {
      const bodies = await readFixtures(await fixtureMappings(fixtures, io.cwd), io.cwd, validator);
      recordings = { files: [...recordings.files, ...bodies.files], interactions: [...recordings.interactions, ...bodies.interactions], skipped: recordings.skipped };
    }
  } catch (err) {
    if (!(err instanceof RecordingError)) throw err;
    io.stderr(`error: ${err.message}\n`);
    return EXIT.config;
  }
  const audit = await auditAndRejudge(recordings, { startedAt, files, fixtures, strict, acceptDivergences, validator });
  io.stdout(judgedNote(audit, recordings));
  if (audit.notes.length > 0) io.stdout(`${audit.notes.map(rejudgeLine).join('\n')}\n`);
  return finishPassive(audit.result, io, reportDir, { verbose });
}
