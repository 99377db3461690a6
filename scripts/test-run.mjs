// `pnpm test`: turbo runs every package's tests (--continue: one failing package does not hide the
// others), its output passes through, and scripts/test-progress.mjs adds a line per package as it
// ends with an estimate of the time left from the previous run's times, and a heartbeat every
// minute; then scripts/test-summary.mjs prints the closing "tests: N passed, N failed" line CI reads
// and gives the exit code. Extra arguments go to turbo (e.g. --filter=@crosschain/types).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createProgress } from './test-progress.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const packages = ['specs', 'packages/types', 'packages/mock-server', 'packages/conformance', 'packages/clients-suite'].map((p) => require(join(root, p, 'package.json')).name);
const timesFile = join(root, 'node_modules', '.cache', 'crosschain-test-times.json');

let history = {};
try {
  history = JSON.parse(readFileSync(timesFile, 'utf8'));
} catch {
  // No earlier run here: no estimate this time.
}

const progress = createProgress({ packages, history, write: (t) => process.stdout.write(t) });
// pnpm hands its scripts pnpm_config_verify_deps_before_run=false, a string its nested runs read as
// true: each of turbo's five `pnpm run test` then checks the install and, when a package.json is newer
// than the last check, rewrites node_modules/.pnpm-workspace-state-v1.json while the others read it
// ("Unexpected end of JSON input", a package's tests never start). The install is not ours to check here.
const env = { ...process.env };
delete env.pnpm_config_verify_deps_before_run;
delete env.npm_config_verify_deps_before_run;
const turbo = spawn('turbo', ['run', 'test', '--continue', '--log-prefix=task', ...process.argv.slice(2)], { cwd: root, stdio: ['inherit', 'pipe', 'pipe'], env: { ...env, PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') } });
for (const [stream, out] of [[turbo.stdout, process.stdout], [turbo.stderr, process.stderr]]) {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    out.write(`${line}\n`);
    progress.line(line);
  });
}
const heartbeat = setInterval(() => progress.tick(), 60_000);
// Ctrl-C reaches turbo too (same process group): wait for it to end, then summarise what ran.
process.on('SIGINT', () => undefined);
turbo.on('close', () => {
  clearInterval(heartbeat);
  const times = progress.finish();
  if (Object.keys(times).length > 0) {
    mkdirSync(dirname(timesFile), { recursive: true });
    writeFileSync(timesFile, `${JSON.stringify({ ...history, ...times }, null, 2)}\n`);
  }
  const summary = spawn(process.execPath, [join(root, 'scripts', 'test-summary.mjs')], { cwd: root, stdio: 'inherit' });
  summary.on('close', (code) => process.exit(code ?? 1));
});
