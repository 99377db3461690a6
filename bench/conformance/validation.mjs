/**
 * Validation cost ("Speed": <= 0.2 ms per 50-record page). Compiles the engine's response
 * validator from the bundled OpenAPI document once, then validates one real 50-record
 * GET /requests/v3 page (from the reference server) many times, in trials. The target is judged
 * on CPU time per page of the median trial (what validation costs, whoever else shares the cores);
 * the best trial, wall-clock p50/p99 and JSON.parse are printed beside it.
 */
import { availableParallelism, loadavg } from 'node:os';
import { figure, loadKit, peakRssMb, percentile, performance, samplePage } from './lib/support.mjs';

const WARMUP = 300;
/** Trials of PER_TRIAL validations; the CPU figure is the median trial (runs vary on a shared machine). */
const TRIALS = 7;
const PER_TRIAL = 500;
const ROUNDS = TRIALS * PER_TRIAL;

const { ResponseValidator, openapi } = await loadKit();
const page = await samplePage();

const c0 = performance.now();
const validator = new ResponseValidator(openapi);
const compileMs = performance.now() - c0;

const op = 'GET /requests/v3';
const first = validator.validate(op, 200, page.contentType, page.body, page.json, true);
if (!first || !first.valid) {
  console.error(`the sample page does not validate: ${JSON.stringify(first?.errors ?? 'no schema applies')}`);
  process.exit(1);
}
// A copy with one broken record must be rejected: the validator really checks.
const broken = structuredClone(page.json);
broken.requests[49].status = 'not-a-status';
if (validator.validate(op, 200, page.contentType, '', broken, true)?.valid !== false) {
  console.error('a page with an invalid status was accepted: the benchmark would measure nothing');
  process.exit(1);
}

for (let i = 0; i < WARMUP; i += 1) validator.validate(op, 200, page.contentType, page.body, page.json, true);
const samples = new Float64Array(ROUNDS);
const trialCpu = [];
for (let trial = 0; trial < TRIALS; trial += 1) {
  const cpu0 = process.cpuUsage();
  for (let i = trial * PER_TRIAL; i < (trial + 1) * PER_TRIAL; i += 1) {
    const t = performance.now();
    validator.validate(op, 200, page.contentType, page.body, page.json, true);
    samples[i] = performance.now() - t;
  }
  const cpu = process.cpuUsage(cpu0);
  trialCpu.push((cpu.user + cpu.system) / 1000 / PER_TRIAL);
}
trialCpu.sort((a, b) => a - b);
const cpuMsPerPage = percentile(trialCpu, 50);
const sorted = [...samples].sort((a, b) => a - b);
const mean = samples.reduce((a, b) => a + b, 0) / ROUNDS;

const parseSamples = [];
for (let i = 0; i < 500; i += 1) {
  const t = performance.now();
  JSON.parse(page.body);
  parseSamples.push(performance.now() - t);
}
parseSamples.sort((a, b) => a - b);

console.log(
  `validation of one 50-record GET /requests/v3 page (${(page.body.length / 1024).toFixed(0)} KiB of JSON), ${ROUNDS} rounds, load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
);
figure('compile (whole OpenAPI document)', compileMs, 'ms');
figure('validate, CPU per page (median trial)', cpuMsPerPage, 'ms/page', { op: '<=', limit: 0.2 });
figure('validate, CPU per page (best trial)', trialCpu[0], 'ms/page');
figure('validate, wall mean', mean, 'ms/page');
figure('validate, wall p50', percentile(sorted, 50), 'ms/page');
figure('validate, wall p99', percentile(sorted, 99), 'ms/page');
figure('per record (CPU / 50)', (cpuMsPerPage / 50) * 1000, 'µs');
figure('JSON.parse of the page, wall p50', percentile(parseSamples, 50), 'ms/page');
figure('peak RSS', peakRssMb(), 'MB');
