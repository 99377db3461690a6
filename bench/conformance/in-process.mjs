/**
 * In process vs over loopback HTTP: the default run against the reference
 * server as a fetch handler (`runConformance({ handler })`, no socket) next to the same run against
 * the embedded server over loopback HTTP, alternating, in one process. Both use 3,000 records, the
 * same clock, seed and v2 probe (90 requests at 60 per minute), and leave out the events family
 * (a fetch handler has no websocket; over HTTP it would add its fixed waits). Prints wall time and
 * CPU (user + system of this process, which holds kit and server in both cases) per run, and the
 * medians with their ratio. BENCH_ROUNDS (default 3) pairs of runs; BENCH_SEED the seed.
 */
import { availableParallelism, loadavg } from 'node:os';
import { MOCK_NOW, figure, loadKit, performance } from './lib/support.mjs';

const seed = Number(process.env.BENCH_SEED ?? 1234);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const { runConformance } = await loadKit();
const { createMockHandler } = await import('@crosschain/mock-server');

const common = { seed, skip: ['events'], v2ProbeRequests: 90 };
const keys = { apiKey: 'demo-key', otherApiKey: 'other-key', inactiveApiKey: 'revoked-key' };

async function measure(run) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await run();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, requests: result.requests, exitCode: result.exitCode, checks: result.outcomes.length };
}

const overHttp = () => measure(() => runConformance({ ...common, mockNow: MOCK_NOW, mockV2RateLimit: 60 }));
const inProcess = () =>
  measure(async () => {
    const handler = createMockHandler({ now: MOCK_NOW, records: 3000, seed: 1, v2RateLimit: 60, quiet: true });
    try {
      return await runConformance({ ...common, ...keys, handler });
    } finally {
      await handler.close();
    }
  });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`in process vs loopback HTTP: default run without the events family, 3,000 records, clock ${MOCK_NOW}, seed ${seed}, ${rounds} rounds, load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`);
await inProcess(); // warm-up: module loading and the first compile of validators go to neither side
const http = [];
const local = [];
for (let i = 0; i < rounds; i += 1) {
  http.push(await overHttp());
  local.push(await inProcess());
  const [h, l] = [http.at(-1), local.at(-1)];
  console.log(`  round ${i + 1}: HTTP ${(h.wallMs / 1000).toFixed(2)} s wall, ${(h.cpuMs / 1000).toFixed(2)} s CPU, ${h.requests} requests, exit ${h.exitCode}; in process ${(l.wallMs / 1000).toFixed(2)} s wall, ${(l.cpuMs / 1000).toFixed(2)} s CPU, ${l.requests} requests, exit ${l.exitCode}`);
  if (h.exitCode !== 0 || l.exitCode !== 0) throw new Error('a run of the clean reference server did not pass: the figures would not compare like with like');
}
const [hw, lw, hc, lc] = [median(http.map((r) => r.wallMs)), median(local.map((r) => r.wallMs)), median(http.map((r) => r.cpuMs)), median(local.map((r) => r.cpuMs))];
figure('wall time over loopback HTTP (median)', hw / 1000, 's');
figure('wall time in process (median)', lw / 1000, 's');
figure('wall time ratio HTTP / in process', hw / lw, 'x');
figure('CPU over loopback HTTP (median, kit + server)', hc / 1000, 's');
figure('CPU in process (median, kit + server)', lc / 1000, 's');
figure('CPU ratio HTTP / in process', hc / lc, 'x');
