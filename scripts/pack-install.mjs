#!/usr/bin/env node
/**
 * Pack-and-install test: what a user outside this repository gets from the registry.
 *
 * Packs the four publishable packages with `pnpm pack` (which rewrites `workspace:*` to real
 * versions), installs the tarballs with npm into an empty scratch project (no workspace), and there
 * runs the two bins, the kit against the installed reference server and against its embedded target,
 * and `tsc` on a consumer file importing `@crosschain/types`. Then the typed client's other consumers
 *, each compiled and RUN against the installed reference server: a CommonJS project (what
 * `npm init -y` creates) compiled by tsc with `module: commonjs`/`moduleResolution: node10` and with
 * `module: node16`/`moduleResolution: node16`, and a bundler project (`moduleResolution: bundler`)
 * bundled by esbuild. In the node16 CommonJS project, the kit's jest entries are required too
 * (`/recorder/jest`, `/matchers`, `/matchers/jest`), compiled by tsc and run with require(esm) off,
 * as ts-jest or babel-jest in CommonJS mode would load them. Prints one line per step and a result;
 * exits 0 when every step passed, 1 otherwise. Needs the packages built (`pnpm build`) and the npm
 * registry for third-party dependencies. `KEEP_SCRATCH=1` keeps the scratch directory.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['specs', 'packages/types', 'packages/mock-server', 'packages/conformance'];
/** Same compiler and Node types as the repository, so the consumer check sees what users see. */
const CONSUMER_DEV_DEPENDENCIES = ['typescript@5.9.3', '@types/node@20.19.43'];
/** The bundler of the bundler consumer (the version vite 8's peer range names). */
const BUNDLER = 'esbuild@0.28.2';
const STEP_TIMEOUT_MS = 180_000;
const started = Date.now();

const scratch = mkdtempSync(join(tmpdir(), 'crosschain-pack-install-'));
const tarballs = join(scratch, 'tarballs');
const project = join(scratch, 'project');
let failures = 0;

function tail(text, lines = 25) {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** Runs a command to completion; returns its status and combined output. */
function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: STEP_TIMEOUT_MS, env: { ...process.env, npm_config_update_notifier: 'false' } });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? `\n${result.error.message}` : ''}`;
  return { status: result.status, output };
}

function step(name, ok, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
  if (!ok) {
    failures++;
    if (detail) console.log(tail(detail).replace(/^/gm, '     '));
  }
  return ok;
}

/** Starts `npx crosschain-mock --port 0` and resolves with its URL from the first line it prints. */
function startMock() {
  const child = spawn('npx', ['crosschain-mock', '--port', '0'], { cwd: project, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" line within 30 s:\n${output}`)), 30_000);
    const onData = (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`crosschain-mock exited with ${code}:\n${output}`));
    });
  });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  return { url, stop };
}

const CONSUMER = `import {
  createSettlementClient,
  encodeRequestsV3Filters,
  readDeprecationSignals,
  type RequestV3,
  type paths,
} from '@crosschain/types';

const client = createSettlementClient({ baseUrl: 'https://api.example.com', apiKey: process.env.SETTLEMENT_API_KEY });
export async function firstRequest(): Promise<RequestV3 | undefined> {
  const { data } = await client.requestsV3({ limit: 1, filters: encodeRequestsV3Filters([{ status: 'refund' }]) });
  return data?.requests[0];
}
export const sunset: Date | null = readDeprecationSignals(new Headers()).sunsetAt;
export type V3Path = keyof paths;
`;

/** Must not compile: the installed declarations say why a keyless client cannot list v3 requests. */
const CONSUMER_MISSING_KEY = `import { createSettlementClient } from '@crosschain/types';

const client = createSettlementClient({ baseUrl: 'https://api.example.com' });
export const page = client.requestsV3();
`;

/**
 * A consumer that RUNS: the client against the reference server at SETTLEMENT_BASE_URL (one v3
 * record, the filters encoder, an error class), printing one line that the step checks.
 */
const RUNNING_CONSUMER = `import { createSettlementClient, encodeRequestsV3Filters, SettlementApiError, type RequestV3 } from '@crosschain/types';

async function main(): Promise<void> {
  const client = createSettlementClient({ baseUrl: process.env.SETTLEMENT_BASE_URL!, apiKey: 'demo-key' });
  const { data, response } = await client.requestsV3({ limit: 1, filters: encodeRequestsV3Filters([{ status: 'success' }]) });
  const first: RequestV3 | undefined = data?.requests[0];
  console.log(\`consumer ok: \${response.status} \${first?.status ?? 'none'} \${typeof SettlementApiError}\`);
}
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
`;

/**
 * The kit's jest entries from CommonJS (ts-jest and babel-jest in CommonJS mode compile a setup
 * file to this): the recorder, the matchers and the jest matcher entry, required from the
 * installed tarball and judged with. Compiled by tsc (the `require` conditions' types) and run
 * with Node's require(esm) switched off, so an ES module anywhere in what they load fails.
 */
const CJS_KIT_CONSUMER = `import { installApiRecorder, installWith } from '@crosschain/conformance/recorder/jest';
import { judgeApiContract, toSatisfyApiContract, type ApiContractVerdict } from '@crosschain/conformance/matchers';

const extended: Record<string, unknown> = {};
(globalThis as { expect?: unknown }).expect = { extend: (m: Record<string, unknown>) => Object.assign(extended, m) };
require('@crosschain/conformance/matchers/jest');
const warned: string[] = [];
const verdict: ApiContractVerdict = judgeApiContract({ status: 'success', txHashes: [{ txHash: '0xhash', chainId: 1 }] }, 'GET /intents/status/v3', { warn: (m) => warned.push(m) });
const failed = toSatisfyApiContract({ status: 'success', txHashes: ['0xabc'] }, 'GET /intents/status', {});
console.log(\`cjs kit ok: \${typeof installApiRecorder} \${typeof installWith} \${extended.toSatisfyApiContract === toSatisfyApiContract} \${verdict.pass} \${verdict.warnings[0]?.check} \${verdict.warnings[0]?.path} \${failed.pass}\`);
`;

/** The CommonJS and bundler consumers: name, directory, package.json, tsconfig, build command, file to run. */
const CONSUMERS = [
  {
    name: 'CommonJS consumer (npm init -y), tsc module commonjs + moduleResolution node10',
    dir: 'cjs-node10',
    pkg: { name: 'cjs-node10', version: '1.0.0', main: 'index.js' },
    tsconfig: { compilerOptions: { target: 'ES2022', module: 'commonjs', moduleResolution: 'node10', strict: true, esModuleInterop: true, outDir: 'out', types: ['node'], skipLibCheck: false }, files: ['index.ts'] },
    build: ['tsc', '-p', 'tsconfig.json'],
    run: 'out/index.js',
  },
  {
    name: 'CommonJS consumer (npm init -y), tsc module node16 + moduleResolution node16',
    dir: 'cjs-node16',
    pkg: { name: 'cjs-node16', version: '1.0.0', main: 'index.js' },
    tsconfig: { compilerOptions: { target: 'ES2022', module: 'node16', moduleResolution: 'node16', strict: true, outDir: 'out', types: ['node'], skipLibCheck: false }, files: ['index.ts'] },
    build: ['tsc', '-p', 'tsconfig.json'],
    run: 'out/index.js',
    kit: true,
  },
  {
    name: 'bundler consumer, tsc moduleResolution bundler + esbuild bundle',
    dir: 'bundler',
    pkg: { name: 'bundler-consumer', version: '1.0.0', private: true, type: 'module' },
    tsconfig: { compilerOptions: { target: 'ES2022', module: 'esnext', moduleResolution: 'bundler', strict: true, noEmit: true, types: ['node'], skipLibCheck: false }, files: ['index.ts'] },
    build: ['tsc', '-p', 'tsconfig.json'],
    bundle: ['esbuild', 'index.ts', '--bundle', '--platform=node', '--format=cjs', '--outfile=out/index.cjs'],
    run: 'out/index.cjs',
  },
];

/** Compiles and runs each consumer of {@link CONSUMERS} in its own project beside `project`, against `url`. */
function runConsumers(files, url) {
  for (const c of CONSUMERS) {
    const dir = join(scratch, c.dir);
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(c.pkg, null, 2)}\n`);
    writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(c.tsconfig, null, 2)}\n`);
    writeFileSync(join(dir, 'index.ts'), RUNNING_CONSUMER);
    const deps = [...files, ...CONSUMER_DEV_DEPENDENCIES, ...(c.bundle ? [BUNDLER] : [])];
    const install = run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...deps], dir);
    if (!step(`${c.name}: npm install`, install.status === 0, install.output)) continue;
    const built = run('npx', c.build, dir);
    if (!step(`${c.name}: tsc --strict compiles`, built.status === 0, built.output)) continue;
    if (c.bundle) {
      const bundled = run('npx', c.bundle, dir);
      if (!step(`${c.name}: esbuild bundles`, bundled.status === 0, bundled.output)) continue;
    }
    const ran = spawnSync('node', [c.run], { cwd: dir, encoding: 'utf8', timeout: STEP_TIMEOUT_MS, env: { ...process.env, SETTLEMENT_BASE_URL: url } });
    const output = `${ran.stdout ?? ''}${ran.stderr ?? ''}`;
    step(`${c.name}: runs (node ${c.run})`, ran.status === 0 && /consumer ok: 200 success function/.test(ran.stdout ?? '') && !/ExperimentalWarning|ERR_/.test(output), `exit ${ran.status}\n${output}`);
    if (c.kit) runCjsKit(c, dir);
  }
}

/** {@link CJS_KIT_CONSUMER} in a CommonJS consumer's project: compiled with its tsconfig, run without require(esm). */
function runCjsKit(c, dir) {
  writeFileSync(join(dir, 'kit.ts'), CJS_KIT_CONSUMER);
  writeFileSync(join(dir, 'tsconfig.kit.json'), `${JSON.stringify({ ...c.tsconfig, compilerOptions: { ...c.tsconfig.compilerOptions, outDir: 'out-kit' }, files: ['kit.ts'] }, null, 2)}\n`);
  const name = `${c.name}: require('@crosschain/conformance/recorder/jest'), /matchers and /matchers/jest`;
  const built = run('npx', ['tsc', '-p', 'tsconfig.kit.json'], dir);
  if (!step(`${name}: tsc --strict compiles against the require types`, built.status === 0, built.output)) return;
  const emitted = run('node', ['-e', "process.stdout.write(require('fs').readFileSync('out-kit/kit.js', 'utf8'))"], dir).output;
  step(`${name}: emitted as CommonJS (require, no import)`, /require\("@crosschain\/conformance\/recorder\/jest"\)/.test(emitted) && !/^import /m.test(emitted), emitted);
  const ran = spawnSync('node', ['--no-experimental-require-module', 'out-kit/kit.js'], { cwd: dir, encoding: 'utf8', timeout: STEP_TIMEOUT_MS });
  const output = `${ran.stdout ?? ''}${ran.stderr ?? ''}`;
  step(
    `${name}: runs with require(esm) off, judging a SHOULD violation and a MUST one`,
    ran.status === 0 && /cjs kit ok: function function true true intents-status-v3\.response\.schema \/txHashes\/0 false/.test(ran.stdout ?? '') && !/ExperimentalWarning|ERR_/.test(output),
    `exit ${ran.status}\n${output}`,
  );
}

async function main() {
  console.log(`pack-install: scratch ${scratch}`);
  const unbuilt = PACKAGES.filter((dir) => !existsSync(join(root, dir, 'dist')));
  if (unbuilt.length > 0) {
    step('packages are built', false, `no dist/ in ${unbuilt.join(', ')}: run 'pnpm build' first`);
    return;
  }

  for (const dir of PACKAGES) {
    const { status, output } = run('pnpm', ['pack', '--pack-destination', tarballs], join(root, dir));
    if (!step(`pnpm pack ${dir}`, status === 0, output)) return;
  }
  const files = readdirSync(tarballs).filter((f) => f.endsWith('.tgz')).map((f) => join(tarballs, f));
  for (const file of files) {
    const manifest = run('tar', ['-xzOf', file, 'package/package.json'], scratch).output;
    step(`${file.split('/').pop()}: no workspace: protocol left`, manifest.includes('"name"') && !manifest.includes('workspace:'), manifest);
  }

  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'pack-install-scratch', private: true, type: 'module' }, null, 2)}\n`);
  writeFileSync(join(project, 'consumer.ts'), CONSUMER);
  writeFileSync(join(project, 'consumer-missing-key.ts'), CONSUMER_MISSING_KEY);
  writeFileSync(
    join(project, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: ['node'] }, files: ['consumer.ts'] }, null, 2)}\n`,
  );
  const install = run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...files, ...CONSUMER_DEV_DEPENDENCIES], project);
  if (!step('npm install of the four tarballs into an empty project', install.status === 0, install.output)) return;

  const help = run('npx', ['crosschain-conformance', '--help'], project);
  step('npx crosschain-conformance --help', help.status === 0 && help.output.includes('Usage: crosschain-conformance'), help.output);

  const mock = startMock();
  try {
    const url = await mock.url;
    step(`npx crosschain-mock --port 0 (${url})`, true);
    const kit = run(
      'npx',
      ['crosschain-conformance', '--base-url', url, '--api-key', 'demo-key', '--other-api-key', 'other-key', '--inactive-api-key', 'revoked-key', '--only', 'requests-v3', '--num-runs', '3', '--seed', '1', '--quiet'],
      project,
    );
    step('npx crosschain-conformance against the installed mock: exit 0', kit.status === 0, `exit ${kit.status}\n${kit.output}`);
    runConsumers(files, url);
  } catch (error) {
    step('npx crosschain-mock --port 0', false, error.message);
  } finally {
    mock.stop();
  }

  const embedded = run('npx', ['crosschain-conformance', '--only', 'requests-v3.auth', '--num-runs', '2', '--seed', '1', '--quiet'], project);
  step('npx crosschain-conformance against the embedded target (@crosschain/mock-server from the tarball): exit 0', embedded.status === 0, `exit ${embedded.status}\n${embedded.output}`);

  const tsc = run('npx', ['tsc', '-p', 'tsconfig.json'], project);
  step('tsc on a consumer file importing @crosschain/types', tsc.status === 0, tsc.output);
  const keyless = run('npx', ['tsc', '--noEmit', '--strict', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--target', 'ES2022', '--types', 'node', 'consumer-missing-key.ts'], project);
  step(
    'tsc refuses requestsV3 on a keyless client, naming RequestsV3NeedsAnApiKey',
    keyless.status !== 0 && keyless.output.includes('RequestsV3NeedsAnApiKey') && !keyless.output.includes('requestsV2'),
    keyless.output,
  );
}

try {
  await main();
} catch (error) {
  step('pack-install ran to the end', false, error instanceof Error ? (error.stack ?? error.message) : String(error));
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);
if (process.env.KEEP_SCRATCH === '1') console.log(`pack-install: kept ${scratch}`);
else rmSync(scratch, { recursive: true, force: true });
console.log(failures === 0 ? `pack-install: PASSED in ${seconds} s` : `pack-install: FAILED (${failures} step(s)) in ${seconds} s`);
process.exitCode = failures === 0 ? 0 : 1;
