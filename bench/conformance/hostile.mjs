/**
 * The hostile-target battery through the real CLI: every scenario of
 * packages/conformance/test/support/hostile-targets.mjs, its server in this process, the kit as a
 * child process (`bin/crosschain-conformance.js`, built dist) with the battery's small budgets and a
 * report directory. Prints per scenario: exit code (and the expected one), seconds, the child's
 * peak RSS (`/usr/bin/time -f %M`, else VmHWM polled from /proc), and whether the key or the `-H`
 * value appeared in any output (stdout, stderr, every report file) in any encoding. Targets: peak
 * RSS <= 300 MB, the key nowhere, the expected exit code. Exit status 1 when a target is missed.
 * `BENCH_HOSTILE=<text>` runs only the scenarios whose name contains the text.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const kit = fileURLToPath(new URL('../../packages/conformance/', import.meta.url));
const cli = join(kit, 'bin/crosschain-conformance.js');
if (!existsSync(join(kit, 'dist/cli.js'))) throw new Error('the kit is not built: pnpm --filter @crosschain/conformance... build');
const { GATEWAY_TOKEN, KEY, SCENARIOS: ALL, batteryArgs } = await import(join(kit, 'test/support/hostile-targets.mjs'));
/** BENCH_HOSTILE=<text>: only the scenarios whose name contains it. */
const SCENARIOS = ALL.filter((s) => s.name.includes(process.env.BENCH_HOSTILE ?? ''));
const { leaksIn } = await import(join(kit, 'test/support/key-encodings.mjs'));

const TIME = '/usr/bin/time';
const RSS_LIMIT_MB = 300;
const STACK_LINE = /^\s+at .+(\(|\s)\S+:\d+:\d+\)?$/m;
const root = mkdtempSync(join(tmpdir(), 'bench-hostile-'));

/** Runs the CLI; resolves to its exit code, output and peak RSS in MB. */
function runCli(args) {
  const rssFile = join(root, `rss-${Math.random().toString(36).slice(2)}`);
  const timed = existsSync(TIME);
  const [cmd, argv] = timed ? [TIME, ['-f', '%M', '-o', rssFile, process.execPath, cli, ...args]] : [process.execPath, [cli, ...args]];
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { env: { PATH: process.env.PATH, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let polledKb = 0;
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const poll = timed
      ? undefined
      : setInterval(() => {
          try {
            const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
            if (m) polledKb = Math.max(polledKb, Number(m[1]));
          } catch {
            /* exited */
          }
        }, 20);
    child.on('close', (code) => {
      if (poll) clearInterval(poll);
      const kb = timed ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) : polledKb;
      resolve({ code, stdout, stderr, rssMb: kb / 1024 });
    });
  });
}

console.log(`hostile battery: ${SCENARIOS.length} scenarios, the CLI as a child process; peak RSS by ${existsSync(TIME) ? '/usr/bin/time' : 'polling VmHWM'}`);
console.log(`  ${'scenario'.padEnd(78)} exit (want)  seconds  peak RSS  key leaked  stack trace`);
let missed = 0;
for (const scenario of SCENARIOS) {
  const target = await scenario.start();
  const reportDir = join(root, scenario.name.replace(/[^a-z0-9]+/gi, '-'));
  const t0 = performance.now();
  let run;
  try {
    run = await runCli([...batteryArgs(target.url), ...(scenario.args ?? []), '--report-dir', reportDir, '--quiet']);
  } finally {
    await target.close();
  }
  const seconds = (performance.now() - t0) / 1000;
  const reports = existsSync(reportDir) ? readdirSync(reportDir).map((f) => readFileSync(join(reportDir, f), 'utf8')) : [];
  const everything = [run.stdout, run.stderr, ...reports].join('\n');
  const leaks = leaksIn(everything, [KEY, GATEWAY_TOKEN]);
  const want = [scenario.exit].flat();
  const stack = STACK_LINE.test(everything);
  const ok = want.includes(run.code) && leaks.length === 0 && !stack && run.rssMb <= RSS_LIMIT_MB && seconds < scenario.seconds && (target.leakedTo?.() ?? 0) === 0;
  if (!ok) missed += 1;
  console.log(
    `  ${scenario.name.padEnd(78)} ${String(run.code).padStart(4)} (${want.join('/')})  ${seconds.toFixed(1).padStart(7)}  ${run.rssMb.toFixed(0).padStart(5)} MB  ${(leaks.length ? `YES ${leaks[0]}` : 'no').padEnd(10)}  ${stack ? 'YES' : 'no'}${ok ? '' : '   MISSED'}`,
  );
}
rmSync(root, { recursive: true, force: true });
console.log(`${SCENARIOS.length - missed} of ${SCENARIOS.length} scenarios within target (exit code, peak RSS <= ${RSS_LIMIT_MB} MB, no key, no stack trace, within the bound)`);
process.exitCode = missed ? 1 : 0;
