#!/usr/bin/env node
/**
 * Benchmark of the validating proxy (not a test: prints figures). Starts the reference server and
 * `crosschain-conformance proxy` in child processes, then with a lean load generator at
 * concurrency 8 (`--connections`; lib/load.mjs: why not autocannon there) measures validated
 * exchanges per second following peers.md §4 (each proxy pinned to a core of its own, the
 * upstream server and the load generator to the other, when `taskset` exists; BENCH_PIN=0 turns
 * that off),
 * and the CPU each proxy process spends per exchange (/proc), through the kit's proxy and through
 * Prism 5's validating proxy (installed for this run only into a temporary directory; skipped with
 * a note when the install fails), side by side (a warm-up, then `--rounds` alternating slices
 * each), on a small `GET /intents/status`, a one-record v3 page (both the same body every time,
 * as polling and refetches send) and `GET /intents/status` over 500 different requests (a
 * different body each time: what the kit's shared body verdicts cannot save); the latency the
 * kit's proxy adds (p50 of sequential requests, interleaved, through it minus direct); and the
 * proxy's RSS over a 60 s run.
 *
 * Soak mode (`--soak <seconds>`, e.g. 600): only the kit's proxy, at a fixed `--soak-rate`
 * (default 1000) requests per second cycling over the paths of the three cases, printing its RSS
 * every `--soak-every` seconds (default 30), then whether memory stayed flat. It stops by itself
 * after the given time and sends traffic only to loopback (both servers listen on 127.0.0.1).
 *
 * Usage: node bench/passive/proxy.mjs [--duration 10] [--rounds 3] [--connections 8] [--rss-seconds 60] [--no-prism 1]
 *        node bench/passive/proxy.mjs --soak 600 [--soak-rate 1000] [--soak-every 30]
 * (build first: pnpm --filter @crosschain/conformance... build)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { opt, PKG, rssMb, startMock, stopMock } from '../mock-server/lib/mock.mjs';
import { load, sideBySide, statusPaths } from './lib/load.mjs';

const autocannon = createRequire(resolve(PKG, 'package.json'))('autocannon');
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const KIT_BIN = resolve(ROOT, 'packages/conformance/bin/crosschain-conformance.js');
const OPENAPI_JSON = resolve(ROOT, 'specs/generated/openapi.json');
const PRISM_VERSION = '5.16.0';

const DURATION = opt('duration', 10);
const CONNECTIONS = opt('connections', 8);
const RSS_SECONDS = opt('rss-seconds', 60);
const NO_PRISM = opt('no-prism', 0) === 1;
const SOAK = opt('soak', 0);
const SOAK_RATE = opt('soak-rate', 1000);
const SOAK_EVERY = opt('soak-every', 30);
const KEY = { 'x-api-key': 'demo-key' };

/** Cores of the machine, read before this process pins itself to one. */
const CORES = availableParallelism();
/**
 * peers.md §4 (as bench/conformance/throughput.mjs): the proxy under test on a core of its own
 * (core 1), the upstream server and the load generator on the other (core 0), so that a proxy's
 * rate is not what is left of a core shared with them. BENCH_PIN=0 turns that off.
 */
const PIN = process.env.BENCH_PIN !== '0' && CORES >= 2 && spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;
/** Pins process `pid` (every thread) to core `core` when pinning. */
function pinTo(pid, core) {
  if (PIN) spawnSync('taskset', ['-a', '-cp', String(core), String(pid)], { stdio: 'ignore' });
}
/** Lets the processes run on both cores again: the soak, the added latency and the RSS run are measured unpinned. */
function unpin(...pids) {
  for (const pid of pids) pinTo(pid, '0-1');
}

/** Spawns a process (a proxy: on core 1 when pinning) and resolves with it and the first stdout line matching `pattern`. */
async function startChild(cmd, args, pattern, what) {
  const child = PIN ? spawn('taskset', ['-c', '1', cmd, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }) : spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let errText = '';
  child.stderr.on('data', (d) => {
    if (errText.length < 4000) errText += d;
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`${what} did not start within 60 s: ${errText.slice(0, 500)}`)), 60_000);
    lines.on('line', (line) => {
      const m = pattern.exec(line);
      if (m) {
        clearTimeout(timer);
        res(m[1]);
      }
    });
    child.once('exit', (code) => rej(new Error(`${what} exited with ${code}: ${errText.slice(0, 500)}`)));
  });
  lines.on('line', () => undefined);
  child.stderr.resume();
  return { child, url };
}

/** A free TCP port on 127.0.0.1 (Prism takes no port 0). */
function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

function stop(child) {
  return new Promise((res) => {
    if (child.exitCode !== null) return res();
    child.once('exit', res);
    child.kill('SIGINT');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/**
 * autocannon (the soak only: it paces a fixed rate) at concurrency 8. With `paths` (the varied case) every connection cycles over its own
 * rotation of the paths, pre-built (eight single-connection instances in this process, their
 * figures summed): a `setupRequest` callback would rebuild every request in the load generator
 * (about 30 µs of CPU a request on the same two cores as the proxies it measures), and at any
 * moment the eight connections ask for different requests, each one coming back only after
 * about 500 others: more than the proxy's cache of identical bodies holds (256), so the varied
 * figure is that of judging every body afresh, as real traffic that rarely repeats a body.
 */
function cannon(url, duration = DURATION, extra = {}) {
  const { paths, ...rest } = extra;
  const one = (opts) =>
    new Promise((res, rej) => {
      autocannon({ url, connections: 8, duration, headers: KEY, ...rest, ...opts }, (err, result) => (err ? rej(err) : res(result)));
    });
  if (!paths) return one({});
  const step = Math.floor(paths.length / 8);
  const rotations = Array.from({ length: 8 }, (_, k) => [...paths.slice(k * step), ...paths.slice(0, k * step)].map((path) => ({ path })));
  // The connections and the rate asked for are shared among the eight instances.
  const share = { connections: Math.max(1, Math.round((rest.connections ?? 8) / 8)), ...(rest.overallRate ? { overallRate: rest.overallRate / 8 } : {}) };
  return Promise.all(rotations.map((requests) => one({ ...share, requests }))).then((rs) => ({
    requests: { average: rs.reduce((n, r) => n + r.requests.average, 0), total: rs.reduce((n, r) => n + r.requests.total, 0) },
    non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
    errors: rs.reduce((n, r) => n + r.errors, 0),
  }));
}

const ROUNDS = opt('rounds', 3);

/** Only loopback is ever sent traffic (the soak runs unattended for minutes). */
function loopbackOnly(...urls) {
  for (const u of urls) if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(u).hostname)) throw new Error(`refusing to send benchmark traffic to ${u}: loopback only`);
}

/** Soak: the kit's proxy alone at a fixed rate for `seconds`, RSS printed every SOAK_EVERY seconds. */
async function soak(kitProc, paths) {
  console.log(`soak: ${SOAK} s at ${SOAK_RATE} req/s through the kit's proxy (loopback only), RSS every ${SOAK_EVERY} s`);
  const samples = [];
  const t0 = performance.now();
  let lastAt = 0;
  const sample = () => {
    const mb = rssMb(kitProc.child.pid);
    samples.push(mb);
    lastAt = performance.now();
    console.log(`  t=${Math.round((lastAt - t0) / 1000)} s  RSS ${mb} MB`);
  };
  sample();
  const timer = setInterval(sample, SOAK_EVERY * 1000);
  const r = await cannon(kitProc.url, SOAK, { paths, overallRate: SOAK_RATE, connections: 16 });
  clearInterval(timer);
  if (performance.now() - lastAt > 1000) sample();
  const third = Math.max(1, Math.floor(samples.length / 3));
  const mid = samples.slice(third, 2 * third);
  const last = samples.slice(-third);
  const avg = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const growth = avg(last) - avg(mid);
  console.log(`soak: ${r.requests.total} exchanges, ${Math.round(r.requests.average)} req/s, non-2xx+errors ${r.non2xx + r.errors}; RSS ${samples[0]} MB at start, ${Math.min(...samples)}-${Math.max(...samples)} MB over the run, last third ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB against the middle third (target: flat, within 10 MB)`);
}

/** p50 in ms of `n` sequential requests to each URL, interleaved so that load drift hits both alike. */
async function sequentialP50(urls, n = 400) {
  const times = urls.map(() => []);
  for (let i = 0; i < n; i++) {
    for (const [j, url] of urls.entries()) {
      // A pooled connection the server closed as idle (its keep-alive timeout) fails once: that sample is taken again.
      for (let attempt = 0; ; attempt++) {
        const t0 = performance.now();
        try {
          const r = await fetch(url, { headers: KEY });
          await r.arrayBuffer();
          times[j].push(performance.now() - t0);
          break;
        } catch (err) {
          if (attempt > 0) throw err;
        }
      }
    }
  }
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(n / 2)]);
}

/** Installs Prism into a temporary directory; returns its bin path or undefined with the reason printed. */
function installPrism(dir) {
  const r = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', dir, `@stoplight/prism-cli@${PRISM_VERSION}`], { encoding: 'utf8', timeout: 5 * 60_000 });
  if (r.status !== 0) {
    console.log(`note: Prism ${PRISM_VERSION} could not be installed (${r.error?.message ?? `npm exit ${r.status}: ${(r.stderr ?? '').trim().split('\n').slice(-2).join(' ')}`}); skipping the side-by-side figures`);
    return undefined;
  }
  return join(dir, 'node_modules/.bin/prism');
}

console.log(
  `# passive proxy benchmark: concurrency ${CONNECTIONS}, ${DURATION}s per case, ${CORES} cores, ${PIN ? 'each proxy pinned to core 1, the upstream server and the load generator to core 0' : 'not pinned'}, loadavg ${loadavg().map((x) => x.toFixed(1)).join(' ')} (a shared machine: figures are noisy)`,
);
pinTo(process.pid, 0);
const mock = await startMock(3000);
pinTo(mock.child.pid, 0);
const id = (await (await fetch(`${mock.url}/requests/v3?limit=1`, { headers: KEY })).json()).requests[0].id;
const distinct = await statusPaths(mock.url, 500, KEY);
const cases = [
  ['GET /intents/status', `/intents/status?requestId=${id}`],
  ['GET /requests/v3 one-record page', '/requests/v3?limit=1'],
  [`GET /intents/status, ${distinct.length} different requests`, distinct[0], distinct],
];

const kit = await startChild(process.execPath, [KIT_BIN, 'proxy', '--upstream', mock.url, '--port', '0'], /^listening on (http:\/\/\S+)/, 'crosschain-conformance proxy');
loopbackOnly(mock.url, kit.url);
if (SOAK > 0) {
  unpin(process.pid, mock.child.pid, kit.child.pid);
  try {
    await soak(kit, [cases[0][1], cases[1][1], ...distinct]);
  } finally {
    await stop(kit.child);
    await stopMock(mock.child);
  }
  process.exit(0);
}
let prism;
let prismDir;
if (!NO_PRISM) {
  prismDir = mkdtempSync(join(tmpdir(), 'prism-'));
  const bin = installPrism(prismDir);
  if (bin) {
    try {
      const port = await freePort();
      prism = await startChild(bin, ['proxy', OPENAPI_JSON, mock.url, '--host', '127.0.0.1', '--port', String(port), '--errors', 'false'], /listening on (http:\/\/\S+)/i, 'prism proxy');
    } catch (err) {
      console.log(`note: Prism did not start (${err.message}); skipping the side-by-side figures`);
    }
  }
}

try {
  for (const [label, path, paths] of cases) {
    const opts = { paths: paths ?? [path], connections: CONNECTIONS, duration: DURATION, headers: KEY };
    const direct = await load(mock.url, opts);
    const { kit: viaKit, prism: viaPrism } = await sideBySide({ kit: { url: kit.url, pid: kit.child.pid }, ...(prism ? { prism: { url: prism.url, pid: prism.child.pid } } : {}) }, opts, { rounds: ROUNDS });
    const rate = (r) => Math.round(r.requests.average);
    const bad = (r) => r.non2xx + r.errors;
    const cpu = (r) => (r.cpuUs !== undefined ? `, ${Math.round(r.cpuUs)} µs CPU/exchange` : '');
    const ratio = viaPrism ? ` = ${(rate(viaKit) / Math.max(1, rate(viaPrism))).toFixed(1)}x Prism (target >= 10x)` : '';
    const cpuRatio = viaPrism?.cpuUs && viaKit.cpuUs ? `; CPU per exchange ${(viaPrism.cpuUs / viaKit.cpuUs).toFixed(1)}x less than Prism's` : '';
    console.log(`${label}: direct ${rate(direct)} req/s; kit proxy ${rate(viaKit)} req/s (non-2xx+errors ${bad(viaKit)}${cpu(viaKit)})${viaPrism ? `; Prism proxy ${rate(viaPrism)} req/s (non-2xx+errors ${bad(viaPrism)}${cpu(viaPrism)})` : ''}${ratio}${cpuRatio}; load generator ${Math.round(viaKit.cpuUsPerRequest ?? 0)} µs CPU/request`);
  }
  // As before, unpinned: one request at a time would cross the cores at every hop when pinned.
  unpin(process.pid, mock.child.pid, kit.child.pid);
  const [, small] = cases[0];
  const [d, k] = await sequentialP50([mock.url + small, kit.url + small]);
  console.log(`added latency on ${cases[0][0]} (sequential, interleaved, p50): direct ${d.toFixed(2)} ms, through the kit proxy ${k.toFixed(2)} ms, added ${(k - d).toFixed(2)} ms (target <= 0.3 ms)`);

  const samples = [rssMb(kit.child.pid)];
  const sampler = setInterval(() => samples.push(rssMb(kit.child.pid)), 5000);
  const long = await load(kit.url, { paths: [cases[1][1]], connections: 8, duration: RSS_SECONDS, headers: KEY });
  clearInterval(sampler);
  samples.push(rssMb(kit.child.pid));
  console.log(`RSS of the kit proxy over ${RSS_SECONDS} s at ${Math.round(long.requests.average)} req/s (${long.requests.total} exchanges): ${samples.join(', ')} MB (target: flat)`);
} finally {
  if (prism) await stop(prism.child);
  await stop(kit.child);
  await stopMock(mock.child);
  if (prismDir) rmSync(prismDir, { recursive: true, force: true });
}
