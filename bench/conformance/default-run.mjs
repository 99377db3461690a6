/**
 * The default run: the whole kit against the embedded reference server with
 * 3,000 records, through the public API `runConformance`, as `pnpm conformance` does it. Targets:
 * <= 60 s on two cores, peak RSS <= 300 MB (this process holds both the kit and the embedded
 * server). Prints requests/s, checks/s and the time per check family. Fixed seed and server clock,
 * so runs are comparable; BENCH_SEED overrides the seed.
 */
import { availableParallelism, loadavg } from 'node:os';
import { MOCK_NOW, figure, loadKit, peakRssMb, performance } from './lib/support.mjs';

const seed = Number(process.env.BENCH_SEED ?? 1234);
const { runConformance } = await loadKit();

/** Wall time per family from the engine's family-start/family-end events (main and final phase add up). */
const familyWall = new Map();
const familyChecks = new Map();
let familyStarted = 0;
let discoveryMs = 0;
let discoveryRecords = 0;
let peakHeapMb = 0;
const sampler = setInterval(() => {
  peakHeapMb = Math.max(peakHeapMb, process.memoryUsage().heapUsed / 1024 / 1024);
}, 50);

const t0 = performance.now();
const result = await runConformance({
  seed,
  mockNow: MOCK_NOW,
  onEvent(event) {
    if (event.type === 'family-start') familyStarted = performance.now();
    if (event.type === 'family-end') {
      familyWall.set(event.family, (familyWall.get(event.family) ?? 0) + performance.now() - familyStarted);
      familyChecks.set(event.family, (familyChecks.get(event.family) ?? 0) + event.outcomes.length);
    }
    if (event.type === 'discovery-end') {
      discoveryMs = event.durationMs;
      discoveryRecords = event.records;
    }
  },
});
const wallMs = performance.now() - t0;
clearInterval(sampler);

const checks = result.outcomes.length;
const t = result.totals;
console.log(
  `default run: embedded reference server (3,000 records, clock ${MOCK_NOW}), seed ${seed}, load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
);
console.log(`  outcome: exit ${result.exitCode}; ${checks} checks: ${t.pass} pass, ${t.fail} fail, ${t.warn} warn, ${t.skip} skip, ${t.disabled} disabled, ${t.error} error`);
figure('wall time (server start to result)', wallMs / 1000, 's', { op: '<=', limit: 60 });
figure('  of which discovery', discoveryMs / 1000, 's');
figure('requests', result.requests, '');
figure('requests/s', result.requests / (wallMs / 1000), 'req/s');
figure('checks/s', checks / (wallMs / 1000), 'checks/s');
figure('peak RSS (kit + embedded server)', peakRssMb(), 'MB', { op: '<=', limit: 300 });
figure('peak JS heap used (sampled)', peakHeapMb, 'MB');
console.log(`  discovery sampled ${discoveryRecords} records`);
console.log('  time per check family (wall, main + final phase):');
const rows = [...familyWall.entries()].sort((a, b) => b[1] - a[1]);
const reqByFamily = new Map();
for (const o of result.outcomes) reqByFamily.set(o.family, (reqByFamily.get(o.family) ?? 0) + o.requests);
for (const [family, ms] of rows) {
  console.log(
    `    ${family.padEnd(24)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${String(familyChecks.get(family)).padStart(3)} checks  ${String(reqByFamily.get(family) ?? 0).padStart(5)} requests`,
  );
}
if (result.exitCode !== 0) {
  for (const o of result.outcomes.filter((x) => x.status === 'fail' || x.status === 'error')) {
    console.log(`  ${o.status}: ${o.id}: ${o.violation?.message ?? o.reason ?? ''}`);
  }
}
