/**
 * Validated requests per second against a fast target (issue 5, "Speed": >= 2,000/s; the best
 * peer, a validating proxy, managed about 500 here). A child process serves valid
 * GET /requests/v3 pages (records from the reference server) on loopback; the kit's HTTP client
 * (the one every check uses: bounds, curl recording, redaction, JSON parsing, ajv validation of
 * every response, compaction after use as the runner does) sends GET /requests/v3 for a fixed time
 * at concurrency 1 and 8, with pages of 50 records (the figure) and of 1 record (the
 * kit's own per-request overhead). Counts only responses the validator judged valid.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { figure, loadKit, peakRssMb, performance, samplePage } from './lib/support.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** A fresh client per batch keeps the recorded exchanges (and memory) bounded. */
const BATCH = 1000;
/** Page sizes (records per response) to measure. */
const LIMITS = [50, 1];

const { ResponseValidator, FetchHttpClient, openapi } = await loadKit();
const page = await samplePage();
const validator = new ResponseValidator(openapi);

const dir = mkdtempSync(join(tmpdir(), 'bench-throughput-'));
const bodyFile = join(dir, 'page.json');
writeFileSync(bodyFile, page.body);

const child = spawn(process.execPath, [fileURLToPath(new URL('./lib/fast-target.mjs', import.meta.url)), bodyFile], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const cleanup = () => {
  child.stdin.end();
  rmSync(dir, { recursive: true, force: true });
};

try {
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('fast target did not start within 10 s')), 10_000);
    child.once('exit', (code) => reject(new Error(`fast target exited early (code ${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      const m = /^listening on (\S+)$/.exec(line);
      if (m) resolve(m[1]);
      else reject(new Error(`unexpected first line from the fast target: ${line}`));
    });
  });

  const newClient = () =>
    new FetchHttpClient({ baseUrl: url, fetch: globalThis.fetch, apiKey: 'bench-key', timeoutMs: 10_000, maxRequests: Number.MAX_SAFE_INTEGER, validator });

  async function run(concurrency, seconds, limit) {
    let valid = 0;
    let invalid = 0;
    let inBatch = 0;
    let client = newClient();
    const deadline = performance.now() + seconds * 1000;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const worker = async () => {
      while (performance.now() < deadline) {
        if (inBatch >= BATCH) {
          client = newClient();
          inBatch = 0;
        }
        inBatch += 1;
        const ex = await client.send({ method: 'GET', path: '/requests/v3', query: { limit } });
        if (ex.schema?.valid === true && ex.response?.status === 200) valid += 1;
        else invalid += 1;
        client.compact();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    return { valid, invalid, wall, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, valid + invalid) };
  }

  await run(4, 0.5, 50); // warm-up: JIT, connection pool
  console.log(`validated GET /requests/v3 requests against a fast loopback target, ${SECONDS} s per figure (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`);
  for (const limit of LIMITS) {
    const size = Buffer.byteLength(JSON.stringify({ ...page.json, requests: page.json.requests.slice(0, limit) }));
    console.log(`  pages of ${limit} record${limit === 1 ? '' : 's'} (${(size / 1024).toFixed(1)} KiB):`);
    for (const concurrency of [1, 8]) {
      const r = await run(concurrency, SECONDS, limit);
      if (r.invalid > 0) console.log(`    ${r.invalid} responses were not judged valid (expected 0)`);
      figure(`  concurrency ${concurrency}: validated req/s`, r.valid / r.wall, 'req/s', concurrency === 8 ? { op: '>=', limit: 2000 } : undefined);
      figure(`  concurrency ${concurrency}: client CPU/request`, r.cpuMsPerRequest, 'ms');
    }
  }
  figure('peak RSS (client process)', peakRssMb(), 'MB');
} finally {
  cleanup();
}
