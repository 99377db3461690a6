/**
 * Soak: is the gate ever red for nothing? `--runs` (default 300) default runs of the kit, each the
 * real CLI in its own process (`bin/crosschain-conformance.js`, built), against ONE standalone
 * reference server (`crosschain-mock`, its own process, clock pinned so the v2 checks run), while a
 * second kit runs the same command in a loop beside them to load the machine (`--no-load`: alone).
 * Every run gets a fresh random seed, as a default run does, printed with any non-zero exit.
 * `--parallel N` (default 1) keeps N measured runs going at once against the same server (the
 * runs spend most of their time waiting on the rate schedule, so on a shared machine this is how
 * 300 runs fit in an hour; it loads the server and the machine more, never less), their starts
 * `--stagger` seconds apart (default 15: five kits' first requests in the same second against a
 * server still compiling its hot paths, on a loaded machine, timed out past the kit's 10 s).
 *
 * Prints each measured run (exit, seconds, load average), then: runs, non-zero exits with their
 * failing outcomes (status, id, cause, reason or violation) and seed, the loader's runs and its own
 * non-zero exits, and the load average (min, median, max, sampled every 5 s). Target: 0 non-zero
 * exits. Not run by `pnpm bench` (it takes hours at 300 runs): `node bench/conformance/soak.mjs
 * --runs 40`, or `pnpm bench:soak`. `--kit <bin>` soaks another build of the CLI (e.g. a checkout
 * before a change), `--server-arg <arg>` (repeatable) adds an argument to the reference server,
 * `--kit-arg=<arg>` (repeatable) one to every run of the kit, the loader's included (e.g.
 * `--kit-arg=--require --kit-arg=must`: the gate of the README's workflow, where a clause left
 * unjudged is exit 5).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MOCK_NOW, performance } from './lib/support.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '300' },
    parallel: { type: 'string', default: '1' },
    stagger: { type: 'string', default: '15' },
    'no-load': { type: 'boolean', default: false },
    kit: { type: 'string', default: join(root, 'packages/conformance/bin/crosschain-conformance.js') },
    'server-arg': { type: 'string', multiple: true, default: [] },
    'kit-arg': { type: 'string', multiple: true, default: [] },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a whole number of at least 1, got ${JSON.stringify(args.runs)}`);
  process.exit(2);
}
const parallel = Number(args.parallel);
const stagger = Number(args.stagger);
if (!Number.isInteger(parallel) || parallel < 1 || parallel > runs) {
  console.error(`--parallel must be a whole number from 1 to --runs, got ${JSON.stringify(args.parallel)}`);
  process.exit(2);
}
const mockBin = join(root, 'packages/mock-server/bin/crosschain-mock.js');
for (const [bin, pkg] of [
  [args.kit, 'packages/conformance'],
  [mockBin, 'packages/mock-server'],
]) {
  if (!existsSync(bin) || !existsSync(join(dirname(bin), '..', 'dist'))) {
    console.error(`${bin} or its dist/ is missing: build first (pnpm build, or pnpm --filter ./${pkg}... build)`);
    process.exit(2);
  }
}

/** Starts the reference server; resolves with its URL and a stop function. */
function startServer() {
  const child = spawn(process.execPath, [mockBin, '--port', '0', '--now', MOCK_NOW, '--quiet', ...args['server-arg']], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ url, pid: child.pid, stop: () => child.kill('SIGTERM') });
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (c) => (out += c));
    child.once('exit', (code) => reject(new Error(`the reference server exited (${code}) before listening: ${out.slice(0, 500)}`)));
  });
}

const KEYS = ['--api-key', 'demo-key', '--other-api-key', 'other-key', '--inactive-api-key', 'revoked-key'];
/**
 * The run beside uses the keys the other way round. A default run sends 20 requests to GET
 * /requests/v2 (10 of them the bad-input sweep) with its first key in about 12 s; two runs back to
 * back on one key spend the reference server's v2 quota (150 a minute per key from November 2026)
 * and the measured run ends inconclusive (exit 5, "the key's quota may have been spent before the
 * run"), rightly, for a reason no single gate meets. The loader is there to load the machine and
 * the server, not to share the key.
 */
const LOADER_KEYS = ['--api-key', 'other-key', '--other-api-key', 'demo-key', '--inactive-api-key', 'revoked-key'];

/** One default run of the CLI against `url` with a random seed: exit, seconds, failing outcomes. */
function kitRun(url, keys = KEYS) {
  const seed = Math.floor(Math.random() * 2 ** 31);
  const t0 = performance.now();
  const child = spawn(process.execPath, [args.kit, '--base-url', url, ...keys, '--seed', String(seed), '--format', 'json', '--quiet', ...args['kit-arg']], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      const seconds = (performance.now() - t0) / 1000;
      let outcomes = [];
      let verdict = '';
      try {
        const result = JSON.parse(stdout);
        verdict = result.verdict ?? '';
        outcomes = result.outcomes.filter((o) => o.status === 'fail' || o.status === 'error' || (o.status === 'skip' && o.cause !== undefined && o.cause !== 'strict-only'));
        // Under --require (--kit-arg), the clauses left unjudged and why (an exit 5 with nothing failed).
        const unjudged = result.completeness?.unjudged;
        if (unjudged) {
          const why = (id) => result.clauses.find((c) => c.id === id)?.coverage;
          outcomes.unshift(...unjudged.clauses.map((id) => ({ status: 'unjudged', id, cause: why(id)?.reason, reason: why(id)?.detail ?? '' })));
        }
      } catch {
        // No results.json: the kit crashed or refused to run; its first error line says why.
        const lines = (stderr || stdout).trim().split('\n');
        const why = lines.find((l) => /error/i.test(l)) ?? lines[0] ?? '';
        outcomes = [{ status: 'no results.json', id: '-', reason: why.slice(0, 400) }];
      }
      resolve({ seed, exit: code ?? signal, seconds, verdict, outcomes, stderr: stderr.trim().split('\n').filter((l) => l.startsWith('error')).slice(0, 3) });
    });
  });
}

/** The first `n` outcome lines of a run, and how many more (a stopped run skips every check with the same cause). */
const outcomeLines = (outcomes, n) => [...outcomes.slice(0, n).map(outcomeLine), ...(outcomes.length > n ? [`… ${outcomes.length - n} more`] : [])];
const outcomeLine = (o) => `${o.status} ${o.id}${o.cause ? ` [${o.cause}]` : ''}: ${(o.violation?.message ?? o.reason ?? '').replace(/\s+/g, ' ').slice(0, 300)}`;

const loads = [];
const sampler = setInterval(() => loads.push(loadavg()[0]), 5000);
loads.push(loadavg()[0]);
const server = await startServer();
console.log(
  `soak: ${runs} ${args['kit-arg'].length ? `runs (${args['kit-arg'].join(' ')})` : 'default runs'} of ${args.kit === join(root, 'packages/conformance/bin/crosschain-conformance.js') ? 'the kit' : args.kit} against one reference server (${server.url}, clock ${MOCK_NOW}${args['server-arg'].length ? `, ${args['server-arg'].join(' ')}` : ''})${parallel > 1 ? `, ${parallel} measured runs at a time` : ''}${args['no-load'] ? '' : ', a second run in parallel throughout'}; ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)}`,
);

let measuring = true;
const loader = { runs: 0, bad: [] };
const loading = (async () => {
  if (args['no-load']) return;
  while (measuring) {
    const r = await kitRun(server.url, LOADER_KEYS);
    loader.runs += 1;
    if (r.exit !== 0) loader.bad.push(r);
  }
})();

const t0 = performance.now();
const bad = [];
const seconds = [];
let next = 1;
let done = 0;
/** One of `--parallel` measured streams: takes the next run number until all are taken. */
const stream = async (_, k) => {
  // Streams start a stagger apart, as runs of CI jobs do, not all in the same second on a cold server.
  await new Promise((r) => setTimeout(r, k * stagger * 1000));
  while (next <= runs) {
    next += 1;
    const r = await kitRun(server.url);
    done += 1;
    seconds.push(r.seconds);
    console.log(`  run ${String(done).padStart(String(runs).length)}/${runs}: exit ${r.exit}  ${r.seconds.toFixed(1)} s  load ${loadavg()[0].toFixed(1)}${r.exit !== 0 ? `  seed ${r.seed}: ${outcomeLines(r.outcomes, 2).join('; ')}` : ''}`);
    if (r.exit !== 0) bad.push(r);
  }
};
try {
  await Promise.all(Array.from({ length: parallel }, stream));
} finally {
  measuring = false;
  await loading;
  clearInterval(sampler);
  server.stop();
}

const sorted = [...loads].sort((a, b) => a - b);
const median = (xs) => xs[Math.floor((xs.length - 1) / 2)];
const wall = (performance.now() - t0) / 1000;
console.log(`\nruns: ${runs} in ${(wall / 60).toFixed(1)} min (median ${median([...seconds].sort((a, b) => a - b)).toFixed(1)} s a run)`);
console.log(`non-zero exits: ${bad.length} of ${runs}  (target 0: ${bad.length === 0 ? 'ok' : 'MISSED'})`);
for (const r of bad) {
  console.log(`  exit ${r.exit} (${r.verdict || 'no verdict'}), seed ${r.seed}:`);
  for (const line of outcomeLines(r.outcomes, 5)) console.log(`    ${line}`);
  for (const line of r.stderr) console.log(`    stderr: ${line}`);
}
if (!args['no-load']) {
  console.log(`loader (the run beside): ${loader.runs} runs, ${loader.bad.length} non-zero exits`);
  for (const r of loader.bad) console.log(`  exit ${r.exit}, seed ${r.seed}: ${outcomeLines(r.outcomes, 2).join('; ')}`);
}
console.log(`load average (1 min, every 5 s): min ${sorted[0].toFixed(1)}, median ${median(sorted).toFixed(1)}, max ${sorted.at(-1).toFixed(1)} on ${availableParallelism()} cores`);
