/**
 * The root README's CI workflow, run as written (friction 1: on a fresh checkout
 * `--report-dir conformance-report --record conformance-report/run.har` ended `--record file cannot
 * be written (ENOENT)`, exit 2, in every shard). The yaml block is read from README.md and each
 * `run:` step is executed by bash in a fresh folder, with what GitHub would supply: the matrix's
 * shards one after the other, the reference server's URL for `vars.STAGING_URL`, its keys in the
 * step's `env:`, the upload/download of artifacts as a copy, and `npx -y @crosschain/conformance`
 * resolved to this package's bin (a shim on PATH; the command text is the README's). So the README
 * cannot drift from what the kit does again.
 *
 * The gate (its merge step has `--require must`) is also run against the reference server started
 * by the README's own command ("Running the reference server"), the way a user rehearses it: that
 * server serves the real time, so what the test expects of v2 follows the date the server says it
 * serves (its second line), never the test's own clock: judged before the sunset, `retired` after.
 */
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { clauses } from '@crosschain/specs';
import { startMockServer } from '@crosschain/mock-server';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHarText } from '../src/har/har.js';

const README = fileURLToPath(new URL('../../../README.md', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/crosschain-conformance.js', import.meta.url));
const MOCK_BIN = fileURLToPath(new URL('../../mock-server/bin/crosschain-mock.js', import.meta.url));
/** A date long after the v2 sunset: the verdict must not depend on which day after it the run happens. */
const NOW = '2027-06-01T00:00:00Z';
/** A full run's record, all shards together, stays below this (the workflow uploads them). */
const MAX_RECORD_BYTES = 10 * 1024 * 1024;

interface Step { name?: string; run?: string; uses?: string; env?: Record<string, string>; with?: Record<string, string> }
interface Job { strategy?: { matrix?: { shard?: number[] } }; steps: Step[] }

/** The workflow of the README: the yaml block under "Using the kit as a deployment gate". */
export function readmeWorkflow(text: string): Record<string, Job> {
  const block = /```yaml\n(# \.github\/workflows\/[^\n]*\n[\s\S]*?)```/.exec(text);
  if (!block) throw new Error('README.md has no ```yaml block of a .github/workflows file');
  return (parseYaml(block[1]!) as { jobs: Record<string, Job> }).jobs;
}

/** The README's command that starts the reference server: the `pnpm mock` line under "Running the reference server". */
function readmeServerCommand(text: string): string {
  const section = text.split(/^## Running the reference server$/m)[1]?.split(/^## /m)[0] ?? '';
  const line = /```bash\n[\s\S]*?^(pnpm mock [^#\n]*?)\s*(#.*)?$/m.exec(section)?.[1];
  if (!line) throw new Error('README.md has no `pnpm mock` line under "## Running the reference server"');
  return line;
}

/** GitHub's `${{ … }}` expressions replaced by what the runner would put there. */
function expand(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_m, expr: string) => {
    if (!(expr in values)) throw new Error(`the README's workflow uses \${{ ${expr} }}, which this test does not supply`);
    return values[expr]!;
  });
}

let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'readme-workflow-'));
  mkdirSync(join(work, 'bin'));
  // `npx -y @crosschain/conformance …` → this package's bin (no registry in tests).
  const npx = join(work, 'bin', 'npx');
  writeFileSync(npx, `#!/usr/bin/env bash\nif [ "$1" = "-y" ]; then shift; fi\nif [ "$1" != "@crosschain/conformance" ]; then echo "npx shim: unexpected package $1" >&2; exit 127; fi\nshift\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`);
  // `pnpm mock -- …` (the root script: build, then the bin) → the reference server's bin, built before the tests.
  const pnpm = join(work, 'bin', 'pnpm');
  writeFileSync(pnpm, `#!/usr/bin/env bash\nif [ "$1" != "mock" ]; then echo "pnpm shim: unexpected script $1" >&2; exit 127; fi\nshift\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(MOCK_BIN)} "$@"\n`);
  chmodSync(npx, 0o755);
  chmodSync(pnpm, 0o755);
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const PATH = () => `${join(work, 'bin')}:${process.env.PATH ?? ''}`;

function runStep(step: Step, cwd: string, values: Record<string, string>, extraEnv: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { PATH: PATH(), HOME: process.env.HOME ?? work, ...extraEnv };
  for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expand(v, values);
  // Asynchronous: the reference server may answer from this process.
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('bash', ['-eo', 'pipefail', '-c', expand(step.run!, values)], { cwd, env, timeout: 300_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

interface MergedResults {
  exitCode: number;
  requests: number;
  config: { require?: string };
  completeness?: { unjudged?: unknown };
  outcomes: Array<{ id: string; status: string }>;
  clauses: Array<{ id: string; level?: string; coverage?: { state: string; reason?: string } }>;
}

/**
 * Runs the README's workflow against `url` in `root`: every shard's run steps in a fresh checkout,
 * the artifacts copied as upload/download would, then the merge job's run steps.
 */
async function runWorkflow(root: string, url: string, keys: { demo: string; other: string }, extraEnv: Record<string, string>) {
  const jobs = readmeWorkflow(readFileSync(README, 'utf8'));
  const shardJob = jobs.conformance!;
  const mergeJob = jobs['conformance-report']!;
  const shards = shardJob.strategy?.matrix?.shard ?? [];
  expect(shards.length).toBeGreaterThan(1);
  const secrets = { 'secrets.SETTLEMENT_API_KEY': keys.demo, 'secrets.SETTLEMENT_OTHER_API_KEY': keys.other };
  const runSteps = shardJob.steps.filter((s) => s.run);
  expect(runSteps.length).toBeGreaterThan(0);
  const artifacts = join(root, 'artifacts');
  const records: string[] = [];
  for (const shard of shards) {
    // A fresh checkout: the committed baseline and nothing else.
    const checkout = join(root, `checkout-${shard}`);
    mkdirSync(checkout, { recursive: true });
    writeFileSync(join(checkout, 'conformance-baseline.yaml'), 'version: 1\nentries: []\n');
    const values = { ...secrets, 'vars.STAGING_URL': url, 'github.run_id': '7', 'matrix.shard': String(shard) };
    for (const step of runSteps) {
      const r = await runStep(step, checkout, values, extraEnv);
      expect(r.stderr, `shard ${shard}: ${step.name}`).not.toMatch(/cannot be written|ENOENT/);
      expect(r.status, `shard ${shard}: ${r.stderr}${r.stdout.split('\n').slice(-12).join('\n')}`).toBe(0);
      expect(r.stdout).toMatch(/^Result: +PASSED/m);
    }
    // The upload step's path, then the download step's pattern: artifacts/conformance-shard-N/.
    const upload = shardJob.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
    const path = expand(upload.with!.path!, { 'matrix.shard': String(shard) });
    const name = expand(upload.with!.name!, { 'matrix.shard': String(shard) });
    const record = readdirSync(join(checkout, path)).find((f) => /\.har(\.gz)?$/.test(f));
    expect(record, `shard ${shard}: a record in ${path}`).toBeDefined();
    records.push(join(artifacts, name, record!));
    cpSync(join(checkout, path), join(artifacts, name), { recursive: true });
  }
  const download = mergeJob.steps.find((s) => s.uses?.startsWith('actions/download-artifact'))!;
  const merged = join(root, 'merge');
  mkdirSync(merged);
  cpSync(artifacts, join(merged, download.with!.path!), { recursive: true });
  const summary = join(root, 'step-summary.md');
  writeFileSync(summary, '');
  const mergeRuns = mergeJob.steps.filter((s) => s.run);
  for (const step of mergeRuns) {
    const r = await runStep(step, merged, {}, { GITHUB_STEP_SUMMARY: summary });
    expect(r.status, `${step.name}: ${r.stderr}${r.stdout.split('\n').slice(-6).join('\n')}`).toBe(0);
  }
  const results = JSON.parse(readFileSync(join(merged, 'conformance-report', 'results.json'), 'utf8')) as MergedResults;
  return { results, records, artifacts, mergeCommands: mergeRuns.map((s) => s.run!).join('\n'), summary: readFileSync(summary, 'utf8') };
}

describe("README.md's CI workflow, run as written", () => {
  it('every shard passes on a fresh checkout (record and report folders made), the merge passes its --require gate and the summary is published', async () => {
    // Pinned after the v2 sunset, at a date other than today's; requests move as the standalone server's do by default (the gate requires it).
    const server = await startMockServer({ port: 0, records: 300, seed: 4, now: NOW, quiet: true, advanceEveryMs: 1000 });
    try {
      const root = join(work, 'pinned');
      // Keeps the test short: fewer property runs and no request-rate cap against the local server (the commands stay the README's).
      const { results, records, mergeCommands, summary } = await runWorkflow(root, server.url, server.apiKeys, { CONFORMANCE_NUM_RUNS: '4', CONFORMANCE_MAX_RPS: '1000' });
      expect(mergeCommands).toMatch(/merge-reports shards\/\* --report-dir conformance-report --require must/);
      for (const record of records) {
        expect(existsSync(record)).toBe(true);
        expect(JSON.parse(await readHarText(record, 256 * 1024 * 1024)).log.entries.length).toBeGreaterThan(0);
      }
      expect(results.exitCode).toBe(0);
      expect(results.config.require).toBe('must');
      expect(results.outcomes.length).toBeGreaterThan(50);
      // After the sunset the v2 clauses are retired (exempt from --require) and the retirement answer is judged.
      expect(results.clauses.filter((c) => c.coverage?.reason === 'retired').length).toBeGreaterThan(0);
      expect(results.clauses.find((c) => c.id === 'requests-v2.retired-answer')?.coverage?.state).toBe('pass');
      expect(summary).toMatch(/PASSED/);
    } finally {
      await server.close();
    }
  }, 600_000);

  it("against the reference server started by the README's command: every MUST clause judged (or exempt), exit 0, records gzip under 10 MB that audit reads", async () => {
    // The README's command, run by bash with `pnpm mock` resolved to the bin; only its port is
    // changed, to a free one (4010 may be taken on a shared machine).
    const command = readmeServerCommand(readFileSync(README, 'utf8'));
    expect(command).toMatch(/^pnpm mock -- --port 4010 /);
    const server = spawn('bash', ['-c', `exec ${command.replace('--port 4010', '--port 0')}`], { env: { PATH: PATH(), HOME: process.env.HOME ?? work }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const lines: string[] = [];
      await new Promise<void>((resolve, reject) => {
        createInterface({ input: server.stdout! }).on('line', (l) => {
          lines.push(l);
          if (lines.length === 3) resolve();
        });
        server.once('exit', (code) => reject(new Error(`the README's server exited ${code}: ${lines.join(' | ')}`)));
      });
      const url = /^listening on (http:\/\/\S+)$/.exec(lines[0]!)?.[1];
      expect(url, lines[0]).toBeDefined();
      // The server says which date it serves and what that means for v2; the expectations follow it.
      expect(lines[1]).toMatch(/^clock \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(real time; --now pins it\): GET \/requests\/v2 /);
      const pastSunset = lines[1]!.includes('GET /requests/v2 is past its sunset (2026-11-24) and answers 410 Gone');
      expect(lines[2]).toMatch(/^requests move one lifecycle step every \d+ ms/);

      const { results, records, artifacts } = await runWorkflow(join(work, 'verbatim'), url!, { demo: 'demo-key', other: 'other-key' }, {});
      expect(results.exitCode).toBe(0);
      expect(results.config.require).toBe('must');
      expect(results.completeness?.unjudged).toBeUndefined();
      const must = results.clauses.filter((c) => c.level === 'MUST');
      const notJudged = must.filter((c) => c.coverage?.state !== 'pass');
      // Judged, or exempt from --require: untestable by any black-box check, v2 retired by the server's clock,
      // or needing a date of the v2 timeline the kit sets only at its embedded server (the monthly v2 limit).
      expect(notJudged.filter((c) => !['untestable', 'retired', 'date-fixed'].includes(c.coverage?.reason ?? '')).map((c) => `${c.id}: ${c.coverage?.state} ${c.coverage?.reason ?? ''}`)).toEqual([]);
      // Before the sunset the retirement answer also waits for a date the kit cannot set at a URL.
      expect(notJudged.filter((c) => c.coverage?.reason === 'date-fixed').map((c) => c.id).sort()).toEqual(pastSunset ? ['requests-v2.rate-limit.stepped-down'] : ['requests-v2.rate-limit.stepped-down', 'requests-v2.retired-answer']);
      const retired = notJudged.filter((c) => c.coverage?.reason === 'retired').map((c) => c.id);
      if (pastSunset) {
        expect(retired.length).toBeGreaterThan(0);
        // Retired: clauses judged only by v2's checks (the v2 ones, and rate limits per key, which only v2's throttle shows).
        const checksOf = new Map(clauses.map((c) => [c.id, c.checks ?? []]));
        expect(retired.filter((id) => !(checksOf.get(id) ?? []).every((check) => check.startsWith('requests-v2.')))).toEqual([]);
        expect(must.find((c) => c.id === 'requests-v2.retired-answer')?.coverage?.state).toBe('pass');
      } else {
        expect(retired).toEqual([]);
      }
      // The clauses a frozen data set leaves unjudged (issue: exit 5 on the README's server).
      for (const id of ['requests-v3.sort.updated-at-after-change', 'requests-v3.record.updated-at-after-change', 'requests-v3.filter.after-change']) {
        expect(must.find((c) => c.id === id)?.coverage?.state, id).toBe('pass');
      }

      // The records: gzip as the README names them, a whole run's under 10 MB, read by audit as the artifacts folder.
      let bytes = 0;
      let entries = 0;
      let httpEntries = 0;
      for (const record of records) {
        expect(record).toMatch(/\.har\.gz$/);
        const head = readFileSync(record).subarray(0, 2);
        expect([head[0], head[1]]).toEqual([0x1f, 0x8b]);
        bytes += statSync(record).size;
        const logged = (JSON.parse(await readHarText(record, 512 * 1024 * 1024)) as { log: { entries: { _resourceType?: string }[] } }).log.entries;
        entries += logged.length;
        // A websocket conversation is recorded as its upgrade entry with its frames: no request of the HTTP client.
        httpEntries += logged.filter((e) => e._resourceType !== 'websocket').length;
      }
      expect(bytes).toBeLessThanOrEqual(MAX_RECORD_BYTES);
      expect(httpEntries).toBe(results.requests);
      const audit = await runStep({ run: `npx -y @crosschain/conformance audit ${JSON.stringify(artifacts)} --report-dir audit-report` }, join(work, 'verbatim'), {});
      expect(audit.status, audit.stderr).toBe(0);
      // Every recorded exchange is audited; the ones on no operation of the API (the stays-up probe's `//`) are listed as not judged.
      const offApiLine = /^Not judged \((\d+) of (\d+) interactions\)/m.exec(audit.stdout);
      const offApi = Number(offApiLine?.[1] ?? 0);
      if (offApiLine) expect(Number(offApiLine[2])).toBe(entries);
      expect(offApi).toBeLessThanOrEqual(1);
      expect(audit.stdout).toMatch(new RegExp(`^Requests: +${entries - offApi}$`, 'm'));
    } finally {
      if (server.exitCode === null && server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
    }
  }, 600_000);
});
