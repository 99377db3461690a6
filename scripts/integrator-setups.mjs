#!/usr/bin/env node
/**
 * Integrators' test setups, rebuilt outside the repository: what the recorder says about mocks of
 * the API written the way public projects that mock the live service write them.
 *
 * Packs the four publishable packages with `pnpm pack`, installs the tarballs with npm into four
 * scratch projects (jest 29 and jest 30 with ts-jest in CommonJS mode, vitest 3 and vitest 4; one
 * install per runner, shared by its scenarios), copies the scenario projects of
 * `scripts/integrator-setups/` into them and runs each. Every scenario has the recorder's one
 * setup line and nothing else of the kit, except the two whose client takes an injected plain
 * function: their test's own fetch helper has the one documented line that wraps it.
 *
 * | scenario | technique | expected verdict |
 * | jest/ (jest 29, 30) | `jest.mock` of a fetch helper module, `successfulFetchMock.mockResolvedValue({ json: async () => body })`, GET /intents/status/v3 answering `txHashes` of objects | the file passes and the output shows the SHOULD violation of `intents-status-v3.response.schema` |
 * | vitest/axios-spy | `vi.spyOn(axios, 'request').mockImplementation((config) => …{ data, status: 200 })`, three v3 statuses | judged (the output names the operation), pass |
 * | vitest/module-mock | `vi.mock('./utils/relayService', () => ({ relayService: { get: vi.fn(async () => …) } }))`, a v2 status through a result wrapper | judged and passing, or a notice naming GET /intents/status/v2 |
 * | vitest/fixture-replay | published v3 statuses replayed by a plain async function injected as the client's fetch | judged, pass |
 * | vitest/fake-fetch | a hand-written `fakeFetch([{ method, match, reply }])` answering GET /requests/v3 with records of the v2 shape | the file fails on `requests-v3.response.schema` |
 * | vitest/mockttp | mockttp on localhost read with `fetch`, GET /intents/status answering `{status, txHashes}` only | the file fails on `intents-status.response.schema` |
 *
 * Every vitest scenario runs on vitest 3 and on vitest 4. Each scenario's own tests must pass (a
 * verdict is the recorder's, never a broken test). Prints one line per scenario and a result;
 * exits 0 when every scenario got its verdict, 1 otherwise. Needs the packages built
 * (`pnpm build`) and the npm registry. `SETUPS_ONLY=<text>` runs the scenarios whose name contains
 * it, `SETUPS_JOBS=<n>` how many run at once (default 2), `KEEP_SCRATCH=1` keeps the scratch
 * directory.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = join(root, 'scripts', 'integrator-setups');
const PACKAGES = ['specs', 'packages/types', 'packages/mock-server', 'packages/conformance'];
const TYPESCRIPT = ['typescript@5.9.3', '@types/node@20.19.43'];
const HTTP = ['axios@1.21.1', 'mockttp@4.6.5'];
/** One scratch project per runner: its type (CommonJS or ESM) and its pinned dependencies. */
const RUNNERS = {
  jest29: { type: 'commonjs', deps: ['jest@29.7.0', 'ts-jest@29.4.15', '@types/jest@29.5.14', ...TYPESCRIPT] },
  jest30: { type: 'commonjs', deps: ['jest@30.5.2', 'ts-jest@29.4.15', '@types/jest@30.0.0', ...TYPESCRIPT] },
  vitest3: { type: 'module', deps: ['vitest@3.2.7', ...HTTP] },
  vitest4: { type: 'module', deps: ['vitest@4.1.12', ...HTTP] },
};
const JOBS = process.env.SETUPS_JOBS === undefined ? 2 : Number(process.env.SETUPS_JOBS);
const INSTALL_TIMEOUT_MS = 300_000;
const RUN_TIMEOUT_MS = 120_000;
const started = Date.now();

/** The scenario's own tests all passed (so that a failing file is the recorder's verdict). */
function testsPassed(runner, out) {
  if (runner.startsWith('jest')) return /^Tests:\s+(?:\d+ skipped, )?\d+ passed, \d+ total/m.test(out);
  const line = /^\s*Tests\s+(.*)$/m.exec(out)?.[1] ?? '';
  return /\d+ passed/.test(line) && !/failed/.test(line);
}

/**
 * The recorder's own words about GET /intents/status/v3 (the operation or its check id; the
 * scenarios' sources never spell either, so a code frame cannot match), and that it did not say it
 * could not read or judge them.
 */
const NOT_JUDGED = /could not (?:read|judge)|cannot (?:read|judge)|not judged|no check could judge/i;
const judgedV3 = (out) => /GET \/intents\/status\/v3|intents-status-v3\./.test(out) && !NOT_JUDGED.test(out);
const violation = (out) => out.includes('✘');

/**
 * What each scenario must get: a list of the expectations it missed (empty: the right verdict).
 * `run` is `{ runner, code, out }` (exit code, stdout and stderr).
 */
const EXPECTED = {
  'module-mock-jest': {
    verdict: 'passes, the SHOULD violation of intents-status-v3.response.schema shown',
    check: ({ code, out }) => [
      code !== 0 && `exit code ${code}, expected 0 (a SHOULD violation fails only with strict)`,
      !out.includes('intents-status-v3.response.schema') && 'the output does not name intents-status-v3.response.schema',
      !/txHashes/.test(out) && 'the output does not say what is wrong (txHashes)',
    ],
  },
  'axios-spy': {
    verdict: 'judged (the output names GET /intents/status/v3), pass',
    check: ({ code, out }) => [
      code !== 0 && `exit code ${code}, expected 0`,
      !judgedV3(out) && 'the output does not show the three statuses were judged (GET /intents/status/v3 not named, or named as not read)',
      violation(out) && 'a violation was reported',
    ],
  },
  'module-mock': {
    verdict: 'judged and passing, or a notice naming GET /intents/status/v2 as reached through a mock it could not read',
    check: ({ out }) => [
      !out.includes('GET /intents/status/v2') && 'the output does not name GET /intents/status/v2 (judged or not read)',
      violation(out) && 'a violation was reported',
    ],
  },
  'fixture-replay': {
    verdict: 'judged (the output names GET /intents/status/v3), pass',
    check: ({ code, out }) => [
      code !== 0 && `exit code ${code}, expected 0`,
      !judgedV3(out) && 'the output does not show the fixtures were judged (GET /intents/status/v3 not named, or named as not read)',
      violation(out) && 'a violation was reported',
    ],
  },
  'fake-fetch': {
    verdict: 'fails on requests-v3.response.schema',
    check: ({ code, out }) => [
      code !== 1 && `exit code ${code}, expected 1`,
      !/✘ requests-v3\.response\.schema/.test(out) && 'no failure block of requests-v3.response.schema',
      out.includes('test-key') && "the test's API key is printed",
    ],
  },
  mockttp: {
    verdict: 'fails on intents-status.response.schema',
    check: ({ code, out }) => [
      code !== 1 && `exit code ${code}, expected 1`,
      !/✘ intents-status\.response\.schema/.test(out) && 'no failure block of intents-status.response.schema',
    ],
  },
};

const ALL = [
  ...['jest29', 'jest30'].map((runner) => ({ runner, name: 'module-mock-jest', source: 'jest' })),
  ...['vitest3', 'vitest4'].flatMap((runner) =>
    ['axios-spy', 'module-mock', 'fixture-replay', 'fake-fetch', 'mockttp'].map((name) => ({ runner, name, source: `vitest/${name}` })),
  ),
];
const SCENARIOS = ALL.filter((s) => !process.env.SETUPS_ONLY || `${s.runner} ${s.name}`.includes(process.env.SETUPS_ONLY));

function tail(text, lines = 40) {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** Runs a command to completion (asynchronously, so that scenarios can run side by side). */
function run(command, args, { cwd, env = {}, timeout = RUN_TIMEOUT_MS }) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_update_notifier: 'false', CI: 'true', FORCE_COLOR: '0', NO_COLOR: '1', ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => {
      out += `\n(killed after ${timeout / 1000} s)`;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeout);
    child.on('error', (error) => (out += `\n${error.message}`));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolveRun({ code, out });
    });
  });
}

/** A port free now, for the mockttp server (the setup line names its origin). */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Runs `tasks` (functions returning promises) at most `n` at a time. */
async function pool(tasks, n) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, tasks.length) }, worker));
  return results;
}

let failures = 0;
function report(ok, line, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
  if (!ok) {
    failures++;
    if (detail) console.log(detail.replace(/^/gm, '     '));
  }
  return ok;
}

async function main(scratch) {
  const unbuilt = PACKAGES.filter((dir) => !existsSync(join(root, dir, 'dist')));
  if (unbuilt.length > 0) return report(false, 'packages are built', `no dist/ in ${unbuilt.join(', ')}: run 'pnpm build' first`);
  if (!Number.isInteger(JOBS) || JOBS < 1) return report(false, `SETUPS_JOBS must be a positive integer, got ${JSON.stringify(process.env.SETUPS_JOBS)}. Example: SETUPS_JOBS=2`);
  if (SCENARIOS.length === 0) return report(false, `SETUPS_ONLY=${JSON.stringify(process.env.SETUPS_ONLY)} selects no scenario; names: ${ALL.map((s) => `${s.runner} ${s.name}`).join(', ')}`);

  const tarballs = join(scratch, 'tarballs');
  for (const dir of PACKAGES) {
    const packed = await run('pnpm', ['pack', '--pack-destination', tarballs], { cwd: join(root, dir) });
    if (!report(packed.code === 0, `pnpm pack ${dir}`, tail(packed.out))) return;
  }
  const files = readdirSync(tarballs).filter((f) => f.endsWith('.tgz')).map((f) => join(tarballs, f));

  const runners = [...new Set(SCENARIOS.map((s) => s.runner))];
  const installed = await pool(
    runners.map((name) => async () => {
      const dir = join(scratch, name);
      mkdirSync(dir);
      writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: `setups-${name}`, private: true, type: RUNNERS[name].type }, null, 2)}\n`);
      const t = Date.now();
      const install = await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...files, ...RUNNERS[name].deps], { cwd: dir, timeout: INSTALL_TIMEOUT_MS });
      const ok = report(install.code === 0, `${name}: npm install of the tarballs and ${RUNNERS[name].deps.join(' ')} (${((Date.now() - t) / 1000).toFixed(0)} s)`, tail(install.out));
      return [name, ok];
    }),
    JOBS,
  );
  const ready = new Set(installed.filter(([, ok]) => ok).map(([name]) => name));

  const verdicts = await pool(
    SCENARIOS.filter((s) => ready.has(s.runner)).map((s) => async () => {
      const dir = join(scratch, s.runner, s.name);
      cpSync(join(SOURCES, s.source), dir, { recursive: true });
      const port = await freePort();
      const t = Date.now();
      const result = s.runner.startsWith('jest')
        ? await run(join(scratch, s.runner, 'node_modules', '.bin', 'jest'), ['--ci'], { cwd: dir })
        : await run(join(scratch, s.runner, 'node_modules', '.bin', 'vitest'), ['run', '--root', dir], { cwd: join(scratch, s.runner), env: { MOCK_PORT: String(port) } });
      const expected = EXPECTED[s.name];
      const missed = [...expected.check({ runner: s.runner, ...result }), !testsPassed(s.runner, result.out) && "the scenario's own tests did not all pass"].filter(Boolean);
      return { s, result, expected, missed, seconds: ((Date.now() - t) / 1000).toFixed(0) };
    }),
    JOBS,
  );
  for (const { s, result, expected, missed, seconds } of verdicts) {
    report(missed.length === 0, `${s.runner} ${s.name}: ${expected.verdict} (exit ${result.code}, ${seconds} s)`, missed.length ? `${missed.map((m) => `- ${m}`).join('\n')}\n--- output (tail) ---\n${tail(result.out)}` : '');
  }
  const missing = SCENARIOS.filter((s) => !ready.has(s.runner));
  for (const s of missing) report(false, `${s.runner} ${s.name}: not run (its npm install failed)`);
  const right = verdicts.filter((v) => v.missed.length === 0).length;
  console.log(`integrator-setups: ${right} of ${SCENARIOS.length} scenarios got their verdict`);
}

const scratch = mkdtempSync(join(tmpdir(), 'crosschain-setups-'));
console.log(`integrator-setups: scratch ${scratch}`);
try {
  await main(scratch);
} catch (error) {
  report(false, 'integrator-setups ran to the end', error instanceof Error ? (error.stack ?? error.message) : String(error));
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);
if (process.env.KEEP_SCRATCH === '1') console.log(`integrator-setups: kept ${scratch}`);
else rmSync(scratch, { recursive: true, force: true });
console.log(failures === 0 ? `integrator-setups: PASSED in ${seconds} s` : `integrator-setups: FAILED (${failures} step(s)) in ${seconds} s`);
process.exitCode = failures === 0 ? 0 : 1;
