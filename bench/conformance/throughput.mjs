/**
 * Validated requests per second against a fast target ("Speed": >= 2,000/s; the best
 * peer, a validating proxy, managed about 500 here), following peers.md §4: a node:http child
 * process on loopback answers small valid responses of the reference server (a 1-record
 * GET /requests/v3 page, the POST /currencies/v2 default of 20 currencies, a GET /intents/status
 * record) and the 50-record page (365 KiB, the former headline figure); server and client are
 * pinned to separate cores when `taskset` exists (BENCH_PIN=0 turns that off); each figure is the
 * median of 3 runs after a warm-up.
 *
 * The client is the kit's own: `FetchHttpClient` (bounds, curl recording, redaction, JSON parsing,
 * ajv validation of every response, compaction after use as the runner does) over the kit's
 * default transport (`createAgentFetch`, keep-alive node:http) at concurrency 1 and 8 (the engine
 * runs checks one at a time; 8 shows what the client can do), and over Node's `fetch` (undici, the
 * transport before) at concurrency 8 for comparison. Counts only responses judged valid; the
 * server's own request counter is checked against the client's at the end.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { figure, loadKit, peakRssMb, percentile, performance, sampleResponses } from './lib/support.mjs';

/** Seconds per run; a figure is the median of RUNS runs. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const RUNS = 3;
/** A fresh client per batch keeps the recorded exchanges (and memory) bounded. */
const BATCH = 1000;

const { ResponseValidator, FetchHttpClient, createAgentFetch, openapi } = await loadKit();
const samples = await sampleResponses();
const validator = new ResponseValidator(openapi);

/** What is measured: a request and the response the target gives it. */
const KINDS = [
  { label: 'GET /requests/v3, 1 record', req: { method: 'GET', path: '/requests/v3', query: { limit: 1 } }, bytes: pageBytes(1) },
  { label: 'POST /currencies/v2, 20 currencies', req: { method: 'POST', path: '/currencies/v2', body: {} }, bytes: samples.currencies.body.length },
  {
    label: 'GET /intents/status, 1 record',
    req: { method: 'GET', path: '/intents/status', query: { requestId: samples.page.json.requests[0].id } },
    bytes: samples.intentStatus.body.length,
  },
  { label: 'GET /requests/v3, 50 records', req: { method: 'GET', path: '/requests/v3', query: { limit: 50 } }, bytes: pageBytes(50) },
];
function pageBytes(limit) {
  return Buffer.byteLength(JSON.stringify({ ...samples.page.json, requests: samples.page.json.requests.slice(0, limit) }));
}

const dir = mkdtempSync(join(tmpdir(), 'bench-throughput-'));
const samplesFile = join(dir, 'samples.json');
writeFileSync(samplesFile, JSON.stringify({ page: samples.page.json, currencies: samples.currencies.json, intentStatus: samples.intentStatus.json }));

/** Cores of the machine, read before this process pins itself to one. */
const cores = availableParallelism();
const pin = process.env.BENCH_PIN !== '0' && cores >= 2 && hasTaskset();
const targetScript = fileURLToPath(new URL('./lib/fast-target.mjs', import.meta.url));
const child = pin
  ? spawn('taskset', ['-c', '1', process.execPath, targetScript, samplesFile], { stdio: ['pipe', 'pipe', 'pipe'] })
  : spawn(process.execPath, [targetScript, samplesFile], { stdio: ['pipe', 'pipe', 'pipe'] });
if (pin) execFileSync('taskset', ['-a', '-cp', '0', String(process.pid)], { stdio: 'ignore' });
let childErr = '';
child.stderr.on('data', (d) => (childErr += d));
const agentFetch = createAgentFetch();
const cleanup = () => {
  agentFetch.close();
  child.stdin.end();
  rmSync(dir, { recursive: true, force: true });
};

function hasTaskset() {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

let sentTotal = 0;
try {
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('fast target did not start within 10 s')), 10_000);
    child.once('exit', (code) => reject(new Error(`fast target exited early (code ${code}): ${childErr}`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      const m = /^listening on (\S+)$/.exec(line);
      if (m) resolve(m[1]);
      else reject(new Error(`unexpected first line from the fast target: ${line}`));
    });
  });

  const transports = { agent: agentFetch, fetch: globalThis.fetch };
  const newClient = (transport) =>
    new FetchHttpClient({ baseUrl: url, fetch: transports[transport], apiKey: 'bench-key', timeoutMs: 10_000, maxRequests: Number.MAX_SAFE_INTEGER, validator });

  /** One run: validated requests/s and client CPU per request. */
  async function run(kind, transport, concurrency, seconds) {
    let valid = 0;
    let invalid = 0;
    let inBatch = 0;
    let client = newClient(transport);
    const deadline = performance.now() + seconds * 1000;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const worker = async () => {
      while (performance.now() < deadline) {
        if (inBatch >= BATCH) {
          client = newClient(transport);
          inBatch = 0;
        }
        inBatch += 1;
        const ex = await client.send(kind.req);
        if (ex.schema?.valid === true && ex.response?.status === 200) valid += 1;
        else invalid += 1;
        client.compact();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    sentTotal += valid + invalid;
    return { valid, invalid, rps: valid / wall, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, valid + invalid) };
  }

  /** Median of RUNS runs (by requests/s). */
  async function measure(kind, transport, concurrency) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await run(kind, transport, concurrency, SECONDS));
    const invalid = runs.reduce((a, r) => a + r.invalid, 0);
    if (invalid > 0) throw new Error(`${invalid} responses to ${kind.label} were not judged valid (expected 0): the benchmark would count nothing`);
    runs.sort((a, b) => a.rps - b.rps);
    return { rps: percentile(runs.map((r) => r.rps), 50), cpu: runs[Math.floor(RUNS / 2)].cpuMsPerRequest, spread: [runs[0].rps, runs[RUNS - 1].rps] };
  }

  for (const transport of ['agent', 'fetch']) for (const kind of KINDS) await run(kind, transport, 4, 0.3); // warm-up: JIT, connections
  console.log(
    `validated requests against a fast loopback target (${pin ? 'server and client pinned to separate cores' : 'not pinned'}), median of ${RUNS} runs of ${SECONDS} s, load average ${loadavg()[0].toFixed(1)} on ${cores} cores`,
  );
  for (const kind of KINDS) {
    console.log(`  ${kind.label} (${(kind.bytes / 1024).toFixed(1)} KiB):`);
    const small = kind.bytes < 64 * 1024;
    for (const [transport, concurrency] of [
      ['agent', 1],
      ['agent', 8],
      ['fetch', 8],
    ]) {
      const m = await measure(kind, transport, concurrency);
      const name = `${transport === 'agent' ? 'kit (node:http)' : 'via fetch (before)'}, c=${concurrency}`;
      figure(`  ${name}: validated req/s`, m.rps, 'req/s', small && transport === 'agent' && concurrency === 8 ? { op: '>=', limit: 2000 } : undefined);
      console.log(`      runs ${m.spread.map((x) => x.toFixed(0)).join(' to ')} req/s; client CPU ${m.cpu.toFixed(3)} ms/request`);
    }
  }
  figure('peak RSS (client process)', peakRssMb(), 'MB');
} finally {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanup();
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  const served = Number(/served (\d+)/.exec(childErr)?.[1] ?? NaN);
  if (served !== sentTotal) console.log(`  note: the target counted ${served} requests, the client sent ${sentTotal}`);
  else console.log(`  the target's counter agrees: ${served} requests served`);
}
