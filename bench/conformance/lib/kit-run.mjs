/**
 * One kit run in its own process, for the remote benchmark (not a benchmark itself: run-all.mjs
 * runs only bench/<area>/*.mjs). `node kit-run.mjs '<runConformance options as JSON>'` runs
 * `runConformance` through the package exports and prints one JSON line: exit code, requests,
 * wall and CPU time of the run itself (process.cpuUsage around it, module loading excluded), the
 * ids of the failed checks and the outcome counts.
 */
import { loadKit, performance } from './support.mjs';

const options = JSON.parse(process.argv[2] ?? '{}');
const { runConformance } = await loadKit();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const result = await runConformance({ ...options, quiet: true });
const wallMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    exitCode: result.exitCode,
    requests: result.requests,
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000, userMs: cpu.user/1000, sysMs: cpu.system/1000,
    failed: result.outcomes.filter((o) => o.status === 'fail').map((o) => o.id),
    totals: result.totals,
  }),
);
