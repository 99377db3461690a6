/**
 * Mutation bench: how much of the reference server's behaviour the conformance
 * kit pins down. StrykerJS (@stryker-mutator/core, its command runner) mutates the server's
 * semantic modules (lib/mutants.mjs MUTATE: query, store, views, routes, deprecation, lifecycle,
 * events; not the fault or variant catalogues, not the CLI); each mutant of a seeded sample is
 * judged by the kit's run against the mutated server in one process (lib/judge.mjs): killed when
 * the run fails, survived when it passes, timed out when it hangs. Prints the score and writes a
 * machine-readable result; every survivor is looked up in the committed triage (triage.json).
 *
 * Stryker is installed for the bench only, like Prism in bench/passive: `npm install --no-save`
 * into a directory under the system's temporary directory (kept there and reused while it holds
 * the pinned version; `--tool-dir` to choose another), never a dependency of the repository.
 *
 *   pnpm bench:mutation [-- --sample 200 --seed 1 --concurrency 2 --judge embedded]
 *   node bench/mutation/run.mjs --sample 30            (a quick check of the harness)
 *   node bench/mutation/run.mjs --all                   (every mutant; hours on two cores)
 *   node bench/mutation/run.mjs --files src/deprecation.ts --all
 *
 * Flags: --sample N (default 200) or --all; --seed S (sampling seed, default 1); --concurrency N
 * (Stryker's, default 2); --judge embedded|handler (default embedded, see lib/judge.mjs); --now
 * ISO (the server's clock, default 2026-10-15T00:00:00Z, before the v2 sunset); --kit-seed N
 * (default 1234); --advance-every MS (the embedded server moves a request every MS ms, as the live
 * service moves them; default 500, 0 for still data: embedded judge only); --timeout-ms N and --timeout-factor F (Stryker's per-mutant timeout: the dry
 * run's time x F + N; defaults 30000 and 3, generous because the load of a shared machine moves); --files glob[,glob] (mutate only these, paths
 * relative to packages/mock-server); --out DIR (default bench/mutation/out); --nice N (default 19,
 * 0 for none); --tool-dir DIR; --passive (each judge also audits the run's own recording, see
 * lib/judge.mjs, and the bench says how many of the mutants the run killed the audit detects too).
 * Build first: `pnpm build` (the kit's dist is what judges).
 *
 * Exit 0 when the run completed; 1 when Stryker failed, the unmutated server did not pass the kit,
 * or the harness itself crashed on a mutant (those mutants are listed, not counted as killed).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { passiveSummary } from './lib/passive.mjs';
import { serverFiles } from './lib/files.mjs';
import { parseFlags } from './lib/flags.mjs';
import { MUTATE, catalogueIgnorer, contentKeys, fromApiLocation, parseTriage, runIdentity, sampleKeys, scores, textAt, whereOf } from './lib/mutants.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const SERVER = join(ROOT, 'packages/mock-server');
const STRYKER_VERSION = '9.6.1';

// ---------------------------------------------------------------------------------------------- flags
const FLAGS = {
  sample: '200',
  all: undefined,
  seed: '1',
  concurrency: '2',
  judge: 'embedded',
  now: '2026-10-15T00:00:00Z',
  'kit-seed': '1234',
  'advance-every': '500',
  'timeout-ms': '30000',
  'timeout-factor': '3',
  files: undefined,
  passive: undefined,
  out: join(HERE, 'out'),
  nice: '19',
  'tool-dir': join(tmpdir(), `crosschain-bench-stryker-${STRYKER_VERSION}`),
};
function positiveInt(name, v, min = 1) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}, got ${JSON.stringify(v)}`);
  return n;
}

let flags;
try {
  flags = parseFlags(process.argv.slice(2), FLAGS, ['all', 'passive']);
  flags.sampleSize = flags.all ? Infinity : positiveInt('sample', flags.sample);
  flags.seedN = positiveInt('seed', flags.seed, 0);
  flags.concurrencyN = positiveInt('concurrency', flags.concurrency);
  flags.kitSeedN = positiveInt('kit-seed', flags['kit-seed'], 0);
  flags.advanceEveryN = positiveInt('advance-every', flags['advance-every'], 0);
  flags.timeoutMs = positiveInt('timeout-ms', flags['timeout-ms'], 0);
  flags.timeoutFactor = Number(flags['timeout-factor']);
  if (!(flags.timeoutFactor >= 1)) throw new Error(`--timeout-factor must be a number >= 1, got ${JSON.stringify(flags['timeout-factor'])}`);
  flags.niceN = positiveInt('nice', flags.nice, 0);
  if (!['embedded', 'handler'].includes(flags.judge)) throw new Error(`--judge must be embedded or handler, got ${JSON.stringify(flags.judge)}`);
  if (Number.isNaN(Date.parse(flags.now))) throw new Error(`--now must be an ISO 8601 date, got ${JSON.stringify(flags.now)}`);
} catch (err) {
  console.error(`bench:mutation: ${err.message}`);
  process.exit(2);
}
const patterns = flags.files ? flags.files.split(',').map((s) => s.trim()).filter(Boolean) : MUTATE;
const OUT = resolve(flags.out);

// ---------------------------------------------------------------------------------------------- files
const files = serverFiles(SERVER, patterns);
if (files.length === 0) {
  console.error(`bench:mutation: no file of packages/mock-server matches ${patterns.join(', ')}`);
  process.exit(2);
}
if (!existsSync(join(ROOT, 'packages/conformance/dist/index.js'))) {
  console.error('bench:mutation: packages/conformance/dist is missing: build first (pnpm build)');
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------- Stryker
const toolDir = resolve(flags['tool-dir']);
const coreDir = join(toolDir, 'node_modules/@stryker-mutator/core');
function installedVersion() {
  try {
    return JSON.parse(readFileSync(join(coreDir, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}
if (installedVersion() !== STRYKER_VERSION) {
  console.log(`installing @stryker-mutator/core@${STRYKER_VERSION} into ${toolDir} (for this bench only, not a dependency of the repository)`);
  mkdirSync(toolDir, { recursive: true });
  const r = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', toolDir, `@stryker-mutator/core@${STRYKER_VERSION}`], { encoding: 'utf8', timeout: 5 * 60_000 });
  if (r.status !== 0 || installedVersion() !== STRYKER_VERSION) {
    console.error(`bench:mutation: could not install @stryker-mutator/core@${STRYKER_VERSION} (${r.error?.message ?? `npm exit ${r.status}: ${(r.stderr ?? '').trim().split('\n').slice(-3).join(' ')}`})`);
    process.exit(1);
  }
}

// ---------------------------------------------------------------------------------------------- enumerate + sample
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
console.log(`# mutation bench: Stryker ${STRYKER_VERSION}, judge ${flags.judge}, clock ${flags.now}, kit seed ${flags.kitSeedN}, ${flags.advanceEveryN ? `data moving (a request advanced every ${flags.advanceEveryN} ms)` : 'data still'}, ${availableParallelism()} cores, load average ${load()} (a shared machine: times are noisy)`);
const t0 = Date.now();
const { Instrumenter } = await import(pathToFileURL(join(toolDir, 'node_modules/@stryker-mutator/instrumenter/dist/src/index.js')).href);
const quietLog = { isTraceEnabled: () => false, isDebugEnabled: () => false, isInfoEnabled: () => false, isWarnEnabled: () => true, isErrorEnabled: () => true, isFatalEnabled: () => true, trace() {}, debug() {}, info() {}, warn: (...a) => console.warn(...a), error: (...a) => console.error(...a), fatal: (...a) => console.error(...a) };
const sources = new Map(files.map((f) => [f, readFileSync(join(SERVER, f), 'utf8')]));
const instrumented = await new Instrumenter(quietLog).instrument(
  files.map((f) => ({ name: join(SERVER, f), content: sources.get(f), mutate: true })),
  { ignorers: [{ shouldIgnore: catalogueIgnorer() }], plugins: null, excludedMutations: [] },
);
const all = instrumented.mutants.map((m) => {
  const file = relative(SERVER, m.fileName).split('\\').join('/');
  const location = fromApiLocation(m.location);
  return { file, location, mutatorName: m.mutatorName, replacement: m.replacement, original: textAt(sources.get(file), location), ignored: m.status === 'Ignored' };
});
const keys = contentKeys(all);
all.forEach((m, i) => {
  m.key = keys[i];
  m.identity = runIdentity(m.file, m.location, m.mutatorName, m.replacement);
});
const eligible = all.filter((m) => !m.ignored);
const chosen = sampleKeys(eligible.map((m) => m.key), flags.seedN, flags.sampleSize);
const sample = eligible.filter((m) => chosen.has(m.key));
console.log(`${files.length} files, ${all.length} mutants: ${all.length - eligible.length} left out (catalogue switches and the code only they reach), ${eligible.length} eligible; sample ${sample.length}${flags.all ? ' (all)' : ` (seed ${flags.seedN})`}; enumerated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

rmSync(join(OUT, 'judge'), { recursive: true, force: true });
// A passive run's recordings and audit reports (lib/judge.mjs) of an earlier run.
rmSync(join(OUT, 'har'), { recursive: true, force: true });
rmSync(join(OUT, 'audit'), { recursive: true, force: true });
rmSync(join(OUT, 'dry-run.json'), { force: true });
mkdirSync(OUT, { recursive: true });
const sampleFile = join(OUT, 'sample.json');
writeFileSync(sampleFile, JSON.stringify({ base: SERVER, seed: flags.seedN, size: sample.length, selected: sample.map((m) => m.identity) }));

if (/\s/.test(process.execPath + HERE)) {
  console.error(`bench:mutation: Stryker's build command cannot take paths with spaces (${process.execPath}, ${HERE}): move the checkout or Node`);
  process.exit(2);
}
const node = `"${process.execPath}"`;
const reportFile = join(OUT, 'stryker-report.json');
rmSync(reportFile, { force: true });
const config = {
  testRunner: 'command',
  commandRunner: { command: `${node} --max-old-space-size=1536 "${join(HERE, 'lib/judge.mjs')}"` },
  // Stryker splits the build command on spaces without a shell (quotes are not honoured).
  buildCommand: `${process.execPath} ${join(HERE, 'lib/build.mjs')}`,
  mutate: files,
  plugins: [join(HERE, 'lib/plugins.mjs')],
  ignorers: ['crosschain-catalogues'],
  checkers: ['crosschain-sample'],
  coverageAnalysis: 'off',
  concurrency: flags.concurrencyN,
  timeoutMS: flags.timeoutMs,
  timeoutFactor: flags.timeoutFactor,
  reporters: ['json', 'html', 'progress-append-only'],
  jsonReporter: { fileName: reportFile },
  htmlReporter: { fileName: join(OUT, 'stryker-report.html') },
  tempDirName: join(tmpdir(), `crosschain-mutation-${process.pid}`),
  cleanTempDir: true,
  ignorePatterns: ['test', 'coverage', '.turbo', 'reports'],
  // lib/build.mjs compiles the sandbox without the package's tsconfig.json; naming a file that does
  // not exist keeps Stryker from rewriting that tsconfig (which needs TypeScript in its install).
  tsconfigFile: 'no-tsconfig-for-the-mutation-bench.json',
  fileLogLevel: 'off',
  logLevel: 'info',
  allowConsoleColors: false,
  incremental: false,
  disableBail: true,
};
const configFile = join(OUT, 'stryker.config.json');
writeFileSync(configFile, JSON.stringify(config, null, 2));

// The CPU time of Stryker and every judge it ran (children are waited for, so /usr/bin/time's
// user + system time covers them all): the figure that does not move with the machine's load.
const timeFile = join(OUT, 'cpu.txt');
rmSync(timeFile, { force: true });
const timed = existsSync('/usr/bin/time') ? ['/usr/bin/time', '-f', '%U %S', '-o', timeFile] : [];
const strykerCmd = [...timed, process.execPath, join(coreDir, 'bin/stryker.js'), 'run', configFile];
const [cmd, ...args] = flags.niceN > 0 ? ['nice', '-n', String(flags.niceN), ...strykerCmd] : strykerCmd;
const env = {
  ...process.env,
  CROSSCHAIN_MUTATION_OUT: OUT,
  CROSSCHAIN_MUTATION_SAMPLE: sampleFile,
  CROSSCHAIN_MUTATION_JUDGE: flags.judge,
  CROSSCHAIN_MUTATION_NOW: flags.now,
  CROSSCHAIN_MUTATION_KIT_SEED: String(flags.kitSeedN),
  CROSSCHAIN_MUTATION_ADVANCE_EVERY: String(flags.advanceEveryN),
  CROSSCHAIN_MUTATION_PASSIVE: flags.passive ? '1' : '0',
};
const tRun = Date.now();
const code = await new Promise((res) => {
  const child = spawn(cmd, args, { cwd: SERVER, env, stdio: 'inherit' });
  child.on('exit', (c, sig) => res(c ?? (sig ? 128 : 1)));
  child.on('error', (err) => {
    console.error(`bench:mutation: cannot start Stryker: ${err.message}`);
    res(1);
  });
});
const runSeconds = (Date.now() - tRun) / 1000;
let cpuSeconds;
try {
  const [u, sys] = readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(/\s+/).map(Number);
  if (Number.isFinite(u) && Number.isFinite(sys)) cpuSeconds = u + sys;
} catch {
  /* no /usr/bin/time: no CPU figure */
}
if (code !== 0 || !existsSync(reportFile)) {
  const dry = existsSync(join(OUT, 'dry-run.json')) ? JSON.parse(readFileSync(join(OUT, 'dry-run.json'), 'utf8')) : undefined;
  if (dry && dry.verdict !== 'pass') console.error(`bench:mutation: the unmutated server did not pass the kit (exit ${dry.exitCode ?? '?'}; failed: ${(dry.failed ?? []).map((f) => f.id).join(', ') || dry.error})`);
  console.error(`bench:mutation: Stryker exited ${code}${existsSync(reportFile) ? '' : ' without a report'}`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------- results
const report = JSON.parse(readFileSync(reportFile, 'utf8'));
const byIdentity = new Map(all.map((m) => [m.identity, m]));
const dry = JSON.parse(readFileSync(join(OUT, 'dry-run.json'), 'utf8'));
let triage = new Map();
const triageFile = join(HERE, 'triage.json');
if (existsSync(triageFile)) triage = parseTriage(JSON.parse(readFileSync(triageFile, 'utf8')));

const rows = [];
for (const [path, fileReport] of Object.entries(report.files)) {
  const file = relative(SERVER, resolve(SERVER, path)).split('\\').join('/');
  for (const m of fileReport.mutants) {
    if (m.status === 'Ignored') continue;
    if (m.status === 'CompileError' && m.statusReason === 'not in the sample') continue;
    const identity = runIdentity(file, m.location, m.mutatorName, m.replacement);
    const known = byIdentity.get(identity);
    if (!known) throw new Error(`Stryker reported a mutant the enumeration did not produce: ${identity}`);
    const judgeFile = join(OUT, 'judge', `${m.id}.json`);
    const judged = existsSync(judgeFile) ? JSON.parse(readFileSync(judgeFile, 'utf8')) : undefined;
    let status;
    if (m.status === 'Timeout') status = 'timeout';
    else if (m.status === 'Killed') status = judged?.verdict === 'harness-error' ? 'harness-error' : judged ? 'killed' : 'killed-crash';
    else if (m.status === 'Survived') status = judged?.verdict === 'no-coverage' ? 'no-coverage' : judged?.verdict === 'survived' ? 'survived' : 'harness-error';
    else status = `stryker-${m.status}`;
    const t = triage.get(known.key);
    rows.push({
      key: known.key,
      where: whereOf(known),
      mutator: m.mutatorName,
      original: known.original,
      replacement: m.replacement,
      status,
      ...(judged?.cause ? { cause: judged.cause } : {}),
      ...(judged?.error ? { error: judged.error } : {}),
      ...(judged?.exitCode !== undefined ? { exitCode: judged.exitCode } : {}),
      ...(judged?.failed?.length ? { failed: judged.failed.map((f) => f.id) } : {}),
      ...(judged?.errors?.length ? { checkErrors: judged.errors.map((f) => f.id) } : {}),
      ...(judged?.changed?.length ? { changed: judged.changed } : {}),
      ...(judged?.passive ? { passive: judged.passive } : {}),
      ...(judged?.ms !== undefined ? { ms: judged.ms } : {}),
      ...(t && (status === 'survived' || status === 'no-coverage') ? { triage: t.class } : {}),
    });
  }
}
rows.sort((a, b) => (a.where < b.where ? -1 : a.where > b.where ? 1 : 0));
const count = (s) => rows.filter((r) => r.status === s).length;
const killedRun = count('killed');
const killedCrash = count('killed-crash');
const timeouts = count('timeout');
const survived = rows.filter((r) => r.status === 'survived');
const noCoverage = rows.filter((r) => r.status === 'no-coverage');
const harness = rows.filter((r) => r.status === 'harness-error' || r.status.startsWith('stryker-'));
const killed = killedRun + killedCrash + timeouts;
const undetected = [...survived, ...noCoverage];
const byClass = (c) => undetected.filter((r) => r.triage === c).length;
const untriaged = undetected.filter((r) => !r.triage);
const gaps = byClass('gap');
const s = scores({ killed, survived: undetected.length, gaps, untriaged: untriaged.length });
const pct = (x) => (x === undefined ? 'n/a' : `${(100 * x).toFixed(1)}%`);
const killedByCheckError = rows.filter((r) => r.status === 'killed' && r.exitCode === 3).length;

const figures = {
  date: new Date().toISOString(),
  stryker: STRYKER_VERSION,
  judge: flags.judge,
  now: flags.now,
  kitSeed: flags.kitSeedN,
  advanceEveryMs: flags.advanceEveryN,
  sampleSeed: flags.seedN,
  files: files.length,
  mutants: all.length,
  leftOut: all.length - eligible.length,
  eligible: eligible.length,
  sampled: sample.length,
  killed: killedRun,
  killedByCrash: killedCrash,
  killedByCheckError,
  timeout: timeouts,
  survived: survived.length,
  noCoverage: noCoverage.length,
  harnessErrors: harness.length,
  triaged: { equivalent: byClass('equivalent'), unconstrained: byClass('unconstrained'), gap: gaps, untriaged: untriaged.length },
  mutationScore: s.mutationScore,
  contractScore: s.contractScore,
  contractScoreUntriagedAsGaps: s.contractScoreUntriagedAsGaps,
  dryRunMs: dry.ms,
  dryRunRequests: dry.requests,
  strykerSeconds: runSeconds,
  ...(cpuSeconds !== undefined ? { cpuSeconds } : {}),
  totalSeconds: (Date.now() - t0) / 1000,
  loadAverage: loadavg(),
  concurrency: flags.concurrencyN,
};
// The run's verdicts by its checks only: a crash of the server or a timeout is no check's verdict.
const passive = flags.passive
  ? passiveSummary(dry.passive, rows.filter((r) => r.status === 'killed' || r.status === 'survived').map((r) => ({ name: `${r.where} ${r.mutator}: ${JSON.stringify(r.original.slice(0, 60))} -> ${JSON.stringify(r.replacement.slice(0, 60))}`, killedByRun: r.status === 'killed' && !r.cause, activeFailed: [...(r.failed ?? []), ...(r.checkErrors ?? [])], passive: r.passive })))
  : undefined;
if (passive) figures.passive = passive.figures;
writeFileSync(join(OUT, 'result.json'), JSON.stringify({ figures, mutants: rows }, null, 2));

console.log(`\n# mutation score (${flags.judge} judge, clock ${flags.now}, sample ${sample.length} of ${eligible.length} eligible mutants, seed ${flags.seedN})`);
console.log(`  killed          ${killed}  (kit failed ${killedRun}, of which ${killedByCheckError} by a check error; server crashed ${killedCrash}; timeout ${timeouts})`);
console.log(`  survived        ${survived.length}`);
console.log(`  no coverage     ${noCoverage.length}  (code the kit's run never executes)`);
if (harness.length) console.log(`  harness errors  ${harness.length}  (not counted: ${harness.map((r) => r.where).join(', ')})`);
console.log(`  mutation score  ${pct(s.mutationScore)}  killed / (killed + survived + no coverage)`);
console.log(`  triage of the ${undetected.length} undetected: equivalent ${byClass('equivalent')}, unconstrained ${byClass('unconstrained')}, gap ${gaps}, untriaged ${untriaged.length}`);
console.log(`  contract score  ${pct(s.contractScore)}  killed / (killed + gaps)${untriaged.length ? `; ${pct(s.contractScoreUntriagedAsGaps)} counting the untriaged as gaps` : ''}`);
console.log(`  time            ${runSeconds.toFixed(0)} s in Stryker (dry run ${(dry.ms / 1000).toFixed(1)} s, ${dry.requests} requests), ${figures.totalSeconds.toFixed(0)} s in all${cpuSeconds !== undefined ? `; CPU ${cpuSeconds.toFixed(0)} s (Stryker and every judge)` : ''}; load average now ${load()}`);
if (passive) for (const line of passive.lines) console.log(line);
if (untriaged.length) {
  console.log(`\n# untriaged (add each to bench/mutation/triage.json):`);
  for (const r of untriaged) console.log(`  ${r.status === 'no-coverage' ? 'no coverage' : 'survived   '} ${r.where} ${r.mutator}: ${JSON.stringify(r.original.slice(0, 80))} -> ${JSON.stringify(r.replacement.slice(0, 80))}\n      key ${JSON.stringify(r.key)}`);
}
console.log(`\nresult: ${relative(process.cwd(), join(OUT, 'result.json'))}; Stryker's report: ${relative(process.cwd(), join(OUT, 'stryker-report.html'))}`);
process.exitCode = harness.length ? 1 : 0;
