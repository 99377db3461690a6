/**
 * How long the whole test suite takes, in units of one default run of the kit: times `pnpm conformance`
 * (the whole kit against its embedded reference server, build step included, as a user types it)
 * `--conformance-runs` times (3 by default) and takes the median, then times one `pnpm test`, in the
 * same session, and prints both, their ratio and the load average before, between and after. The
 * target is a ratio of at most 150 on two cores. A shared machine inflates both figures, though not
 * by the same factor: say the load average with every figure.
 *
 *   node bench/suite/ratio.mjs [--conformance-runs 3] [--skip-test] [--max-ratio 150]
 *
 * Exit 1 when `pnpm test` fails (its failures make the time meaningless) or the ratio is above
 * --max-ratio; 0 otherwise. Runs alone (not in `pnpm bench`): it takes as long as the suite does.
 */
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    'conformance-runs': { type: 'string', default: '3' },
    'skip-test': { type: 'boolean', default: false },
    'max-ratio': { type: 'string', default: '150' },
  },
});
const runs = Number(values['conformance-runs']);
const maxRatio = Number(values['max-ratio']);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--conformance-runs must be a whole number of at least 1, got ${values['conformance-runs']}`);
if (!Number.isFinite(maxRatio) || maxRatio <= 0) throw new Error(`--max-ratio must be a positive number, got ${values['max-ratio']}`);

const load = () => loadavg().map((x) => x.toFixed(1)).join(' / ');

/** Runs `pnpm <script>` at the root, its output kept out of the way; resolves to wall seconds and exit code. */
function timed(script, { quiet }) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn('pnpm', [script], { cwd: root, stdio: quiet ? ['ignore', 'ignore', 'pipe'] : 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr = (stderr + d).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ seconds: (performance.now() - t0) / 1000, code, stderr }));
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

console.log(`suite ratio: ${availableParallelism()} cores, load average (1/5/15 min) ${load()} at start`);
const conformance = [];
for (let i = 0; i < runs; i++) {
  const r = await timed('conformance', { quiet: true });
  // The default run's exit code judges the reference server (0 expected); anything but a verdict code means it did not run.
  if (r.code !== 0 && r.code !== 1) {
    console.error(`pnpm conformance exited ${r.code}:\n${r.stderr}`);
    process.exit(1);
  }
  conformance.push(r.seconds);
  console.log(`pnpm conformance run ${i + 1}: ${r.seconds.toFixed(1)} s (exit ${r.code}), load ${load()}`);
}
const one = median(conformance);
console.log(`pnpm conformance, median of ${runs}: ${one.toFixed(1)} s`);
if (values['skip-test']) process.exit(0);

console.log(`pnpm test: starting, load ${load()}`);
const test = await timed('test', { quiet: false });
const ratio = test.seconds / one;
console.log('');
console.log(`pnpm test: ${test.seconds.toFixed(1)} s (${(test.seconds / 60).toFixed(1)} min), exit ${test.code}`);
console.log(`pnpm conformance (median of ${runs}): ${one.toFixed(1)} s`);
console.log(`ratio: ${ratio.toFixed(1)} (target <= ${maxRatio})`);
console.log(`load average (1/5/15 min) at the end: ${load()}`);
if (test.code !== 0) console.log('pnpm test failed: the time is of a failing suite');
process.exitCode = test.code !== 0 || ratio > maxRatio ? 1 : 0;
