/**
 * The command Stryker's command runner runs for each mutant (and once without one, the dry run),
 * in Stryker's sandbox (the working directory: a copy of packages/mock-server whose dist/ is the
 * instrumented build). It runs the conformance kit against that server in this process and exits
 * 0 when the kit passes (the mutant survived), non-zero when it does not (killed).
 *
 * Modes (CROSSCHAIN_MUTATION_JUDGE):
 * - `embedded` (default): the kit's own default run, `runConformance({ seed, mockNow })`, its
 *   embedded target redirected to the mutated build (resolve-hook.mjs): every family, events
 *   (websocket and webhooks) included, the v2 retirement judged on a clock-pinned twin.
 * - `handler`: the mutated `createMockHandler(...)` in process (no socket), the kit with the
 *   embedded run's v2 settings (90 probe requests, 60 per minute); no events family (a fetch
 *   handler has no websocket), so the events modules are not judged.
 * The server's clock is CROSSCHAIN_MUTATION_NOW (default 2026-10-15T00:00:00Z: v2 live and
 * throttled, before its sunset), the kit's seed CROSSCHAIN_MUTATION_KIT_SEED (default 1234).
 *
 * Each run writes what it saw to CROSSCHAIN_MUTATION_OUT: `dry-run.json` (the outcome of every
 * check and the ids of the mutants whose code the unmutated run executed) or `judge/<id>.json`.
 * A mutant whose code the dry run never executed cannot change this deterministic run: it is
 * recorded `no-coverage` and not run (exit 0, so Stryker counts it survived; run.mjs reports it
 * apart). A throw or crash whose stack passes through the sandbox is the mutant's (killed); any
 * other is the harness's, recorded `harness-error` so run.mjs reports it instead of a kill. A run
 * whose only failures are requests that got no answer is run once more (see below).
 *
 * Passive (CROSSCHAIN_MUTATION_PASSIVE=1): the same run also records every exchange (the kit's
 * `record` option, `--record`) to `har/<id>.har.gz`, and the kit's `audit` command judges that
 * recording; both verdicts go to the judge's json (`exitCode`/`failed` for the run, `passive` for
 * the audit), so run.mjs and constants.mjs can say how much of what the run detects the audit of
 * its own recording detects too. The exit code, the verdict Stryker sees, stays the run's.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SANDBOX = process.cwd();
const OUT = process.env.CROSSCHAIN_MUTATION_OUT;
const MODE = process.env.CROSSCHAIN_MUTATION_JUDGE ?? 'embedded';
const NOW = process.env.CROSSCHAIN_MUTATION_NOW ?? '2026-10-15T00:00:00Z';
const KIT_SEED = Number(process.env.CROSSCHAIN_MUTATION_KIT_SEED ?? 1234);
/**
 * The kit's per-request timeout. Its default (10 s) is for real targets; here the server runs in
 * this process at the lowest priority on a shared machine, where one request can wait more than
 * 10 s for the CPU, and two such timeouts in a row close the operation's circuit ("stalled",
 * exit 1): seen against mutants that could not have slowed GET /requests/v3. A server that really
 * hangs is still killed, by Stryker's timeout.
 */
const KIT_TIMEOUT_MS = Number(process.env.CROSSCHAIN_MUTATION_KIT_TIMEOUT_MS ?? 60_000);
const MUTANT = process.env.__STRYKER_ACTIVE_MUTANT__;
const PASSIVE = process.env.CROSSCHAIN_MUTATION_PASSIVE === '1';
/** gzip: a whole run's HAR is about 60 MB of text, a few MB compressed, written in bounded members. */
const HAR = PASSIVE ? join(OUT ?? '.', 'har', `${MUTANT ?? 'dry-run'}.har.gz`) : undefined;
const CLI = join(ROOT, 'packages/conformance/bin/crosschain-conformance.js');
const KEYS = { apiKey: 'demo-key', otherApiKey: 'other-key', inactiveApiKey: 'revoked-key' };
const t0 = Date.now();

if (!OUT) {
  console.error('judge: CROSSCHAIN_MUTATION_OUT is not set (run the bench through bench/mutation/run.mjs)');
  process.exit(70);
}
if (MODE !== 'embedded' && MODE !== 'handler') {
  console.error(`judge: CROSSCHAIN_MUTATION_JUDGE must be embedded or handler, got ${JSON.stringify(MODE)}`);
  process.exit(70);
}

function write(record) {
  const body = JSON.stringify({ mutant: MUTANT ?? null, mode: MODE, ms: Date.now() - t0, ...record });
  if (MUTANT === undefined) writeFileSync(join(OUT, 'dry-run.json'), body);
  else {
    mkdirSync(join(OUT, 'judge'), { recursive: true });
    writeFileSync(join(OUT, 'judge', `${MUTANT}.json`), body);
  }
}

const errorText = (err) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 500);
/** A throw is the mutant's when its stack runs through the sandbox's (mutated) code. */
const fromMutant = (err) => err instanceof Error && typeof err.stack === 'string' && err.stack.includes(SANDBOX);

function crashed(where, err) {
  // A crash leaves no audit to explain: its recording is dropped (the dry run's is kept).
  if (HAR && MUTANT !== undefined) rmSync(HAR, { force: true });
  if (MUTANT === undefined) {
    write({ verdict: 'fail', cause: where, error: errorText(err), stack: String(err?.stack ?? '').slice(0, 2000) });
    console.error(`judge: the dry run (no mutant) crashed: ${where}: ${errorText(err)}`);
    process.exit(1);
  }
  if (fromMutant(err)) {
    write({ verdict: 'killed', cause: `server crash (${where})`, error: errorText(err) });
    process.exit(1);
  }
  write({ verdict: 'harness-error', cause: where, error: errorText(err), stack: String(err?.stack ?? '').slice(0, 2000) });
  process.exit(70);
}
process.on('uncaughtException', (err) => crashed('uncaught exception', err));
process.on('unhandledRejection', (err) => crashed('unhandled rejection', err));

let dry;
if (MUTANT !== undefined) {
  dry = JSON.parse(readFileSync(join(OUT, 'dry-run.json'), 'utf8'));
  // The constants pass (constants.mjs) builds each mutant on its own, with no coverage to read.
  if (process.env.CROSSCHAIN_MUTATION_COVERAGE !== 'off' && !dry.covered.includes(MUTANT)) {
    write({ verdict: 'no-coverage' });
    process.exit(0);
  }
}

const serverEntry = pathToFileURL(join(SANDBOX, 'dist/index.js')).href;
/**
 * With CROSSCHAIN_MUTATION_ADVANCE_EVERY (ms), the embedded server moves requests on its own, as
 * the live service does (`--advance-every`): a shim in front of the mutated build starts it with
 * that interval, so a mutant that only breaks what changes during the run can be seen.
 */
const ADVANCE_EVERY = Number(process.env.CROSSCHAIN_MUTATION_ADVANCE_EVERY ?? 0);
let embeddedEntry = serverEntry;
if (MODE === 'embedded' && ADVANCE_EVERY > 0) {
  const shim = join(OUT, `moving-${process.pid}.mjs`);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(shim, [
    `import * as real from ${JSON.stringify(serverEntry)};`,
    `export * from ${JSON.stringify(serverEntry)};`,
    `export const startMockServer = (options) => real.startMockServer({ advanceEveryMs: ${ADVANCE_EVERY}, ...options });`,
    '',
  ].join('\n'));
  embeddedEntry = pathToFileURL(shim).href;
}
if (MODE === 'embedded') register(pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), 'resolve-hook.mjs')).href, { data: { target: embeddedEntry } });
if (HAR) mkdirSync(dirname(HAR), { recursive: true });
const record = HAR ? { record: HAR } : {};
const { runConformance } = await import(pathToFileURL(join(ROOT, 'packages/conformance/dist/index.js')).href);

/** One run of the kit against the mutated server. */
async function judgeOnce() {
  if (MODE === 'embedded') {
    try {
      return await runConformance({ seed: KIT_SEED, mockNow: NOW, timeoutMs: KIT_TIMEOUT_MS, ...record });
    } catch (err) {
      crashed('runConformance threw', err);
    }
  }
  let handler;
  try {
    const { createMockHandler } = await import(serverEntry);
    handler = createMockHandler({ now: NOW, records: 3000, seed: 1, v2RateLimit: 60, quiet: true });
  } catch (err) {
    if (MUTANT === undefined) crashed('server start', err);
    write({ verdict: 'killed', cause: 'server crash (start)', error: errorText(err) });
    process.exit(1);
  }
  try {
    return await runConformance({ seed: KIT_SEED, ...KEYS, handler, v2ProbeRequests: 90, timeoutMs: KIT_TIMEOUT_MS, ...record });
  } catch (err) {
    crashed('runConformance threw', err);
  } finally {
    await Promise.race([Promise.resolve(handler.close?.()).catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())]);
  }
}

/** A run whose every failure is a request that got no answer (e.g. a connection reset). */
const TRANSPORT = /the target gave no answer|ECONNRESET|socket hang up/;
const onlyTransport = (r) => {
  const failed = r.outcomes.filter((o) => o.status === 'fail');
  const stalled = r.outcomes.some((o) => o.status === 'skip' && /^stalled: /.test(o.reason ?? ''));
  return r.exitCode !== 0 && (failed.length > 0 || stalled) && failed.every((o) => TRANSPORT.test(o.violation?.message ?? ''));
};

let result = await judgeOnce();
let retried;
// On a loaded machine a keep-alive socket can be reset under the kit (seen: ECONNRESET on a check
// unrelated to the mutant), or an operation's circuit can close on slow answers. A run that failed
// only so is run once more and the second run decides; a mutant that really breaks connections or
// stalls an operation fails the same way again.
if (onlyTransport(result)) {
  retried = result.outcomes.filter((o) => o.status === 'fail').map((o) => ({ id: o.id, message: (o.violation?.message ?? '').slice(0, 300) }));
  result = await judgeOnce();
}

const statuses = Object.fromEntries(result.outcomes.map((o) => [o.id, o.status]));
const pick = (status) => result.outcomes.filter((o) => o.status === status).map((o) => ({ id: o.id, ...(o.violation?.message ? { message: o.violation.message.slice(0, 300) } : o.reason ? { reason: o.reason.slice(0, 300) } : {}) }));
const summary = { exitCode: result.exitCode, requests: result.requests, ...(result.aborted ? { aborted: result.aborted } : {}), failed: pick('fail'), errors: pick('error'), warned: pick('warn').map((o) => o.id), stalled: pick('skip').filter((o) => /^stalled: /.test(o.reason ?? '')), ...(retried ? { retriedAfter: retried } : {}) };

/**
 * The kit's `audit` of the run's own recording, in a child process (the CLI, as an integrator runs
 * it: the audit's function is not in the package's public API), so that the recording's parse
 * does not add to this process's heap. The audit reads the v2 timeline from each response's `Date`
 * header, which the embedded server writes from its pinned clock: no clock to pass. The recording
 * describes its run (seed, options, target, clocks: the kit's `record` writes it), so the audit also
 * runs the run's checks again against the recording and judges the relations between exchanges as
 * the run did (the kit's rejudge/): nothing more to pass either. Returns the
 * audit's exit code and the ids of the checks it failed or errored, or `error` when it gave no
 * results.json.
 */
async function auditRecording() {
  const reportDir = join(OUT, 'audit', MUTANT ?? 'dry-run');
  rmSync(reportDir, { recursive: true, force: true });
  const started = Date.now();
  const { code, signal, stderr } = await new Promise((done) => {
    const child = spawn(process.execPath, ['--max-old-space-size=1536', CLI, 'audit', HAR, '--report-dir', reportDir], { cwd: SANDBOX, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
    child.on('error', (e) => done({ code: null, signal: null, stderr: errorText(e) }));
    child.on('exit', (c, sig) => done({ code: c, signal: sig, stderr: err }));
  });
  const ms = Date.now() - started;
  let results;
  try {
    results = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8'));
  } catch {
    return { exitCode: code, ms, error: `audit gave no results.json (exit ${code ?? signal}): ${stderr.trim().split('\n').slice(-3).join(' ').slice(0, 500)}` };
  }
  const ids = (status) => (results.outcomes ?? []).filter((o) => o.status === status).map((o) => o.id);
  return { exitCode: code, ms, interactions: results.config?.interactions, failed: ids('fail'), errors: ids('error') };
}

let passive;
if (HAR) {
  passive = await auditRecording();
  // Kept only where it explains something: the dry run's, and a mutant the run kills that the audit passes.
  const missed = MUTANT !== undefined && result.exitCode !== 0 && passive.exitCode === 0;
  if (MUTANT !== undefined && !missed) rmSync(HAR, { force: true });
  if (passive.error === undefined) rmSync(join(OUT, 'audit', MUTANT ?? 'dry-run'), { recursive: true, force: true });
  summary.passive = passive;
}

if (MUTANT === undefined) {
  const covered = Object.keys(globalThis.__stryker__?.mutantCoverage?.static ?? {});
  write({ verdict: result.exitCode === 0 ? 'pass' : 'fail', ...summary, statuses, covered });
  if (result.exitCode !== 0) console.error(`judge: the unmutated server does not pass the kit (exit ${result.exitCode}): ${summary.failed.map((f) => f.id).join(', ')}`);
  process.exit(result.exitCode === 0 ? 0 : 1);
}

const changed = Object.entries(statuses)
  .filter(([id, s]) => dry.statuses[id] !== s)
  .map(([id, s]) => ({ id, from: dry.statuses[id] ?? null, to: s }));
write({ verdict: result.exitCode === 0 ? 'survived' : 'killed', ...summary, changed });
process.exit(result.exitCode === 0 ? 0 : 1);
