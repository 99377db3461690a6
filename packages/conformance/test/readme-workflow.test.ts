/**
 * The root README's CI workflow, run as written (issue 27 point 1, friction 1: on a fresh checkout
 * `--report-dir conformance-report --record conformance-report/run.har` ended `--record file cannot
 * be written (ENOENT)`, exit 2, in every shard). The yaml block is read from README.md and each
 * `run:` step is executed by bash in a fresh folder, with what GitHub would supply: the matrix's
 * shards one after the other, the reference server's URL for `vars.STAGING_URL`, its keys in the
 * step's `env:`, the upload/download of artifacts as a copy, and `npx -y @crosschain/conformance`
 * resolved to this package's bin (a shim on PATH; the command text is the README's). So the README
 * cannot drift from what the kit does again.
 */
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '@crosschain/mock-server';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const README = fileURLToPath(new URL('../../../README.md', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/crosschain-conformance.js', import.meta.url));
const NOW = '2026-06-01T00:00:00Z';

interface Step { name?: string; run?: string; uses?: string; env?: Record<string, string>; with?: Record<string, string> }
interface Job { strategy?: { matrix?: { shard?: number[] } }; steps: Step[] }

/** The workflow of the README: the yaml block under "Using the kit as a deployment gate". */
export function readmeWorkflow(text: string): Record<string, Job> {
  const block = /```yaml\n(# \.github\/workflows\/[^\n]*\n[\s\S]*?)```/.exec(text);
  if (!block) throw new Error('README.md has no ```yaml block of a .github/workflows file');
  return (parseYaml(block[1]!) as { jobs: Record<string, Job> }).jobs;
}

/** GitHub's `${{ … }}` expressions replaced by what the runner would put there. */
function expand(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_m, expr: string) => {
    if (!(expr in values)) throw new Error(`the README's workflow uses \${{ ${expr} }}, which this test does not supply`);
    return values[expr]!;
  });
}

let server: Awaited<ReturnType<typeof startMockServer>>;
let work: string;

beforeAll(async () => {
  server = await startMockServer({ port: 0, records: 300, seed: 4, now: NOW, quiet: true });
  work = mkdtempSync(join(tmpdir(), 'readme-workflow-'));
  // `npx -y @crosschain/conformance …` → this package's bin (no registry in tests).
  mkdirSync(join(work, 'bin'));
  const shim = join(work, 'bin', 'npx');
  writeFileSync(shim, `#!/usr/bin/env bash\nif [ "$1" = "-y" ]; then shift; fi\nif [ "$1" != "@crosschain/conformance" ]; then echo "npx shim: unexpected package $1" >&2; exit 127; fi\nshift\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`);
  chmodSync(shim, 0o755);
});
afterAll(async () => {
  await server.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

function runStep(step: Step, cwd: string, values: Record<string, string>, extraEnv: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { PATH: `${join(work, 'bin')}:${process.env.PATH ?? ''}`, HOME: process.env.HOME ?? work, ...extraEnv };
  for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expand(v, values);
  // Keeps the test short: fewer property runs and no request-rate cap against the local server (the commands stay the README's).
  env.CONFORMANCE_NUM_RUNS = '4';
  env.CONFORMANCE_MAX_RPS = '1000';
  // Asynchronous: the reference server answers from this process.
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('bash', ['-eo', 'pipefail', '-c', expand(step.run!, values)], { cwd, env, timeout: 240_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe("README.md's CI workflow, run as written", () => {
  it('every shard passes on a fresh checkout (record and report folders made), the merge passes and the summary is published', async () => {
    const jobs = readmeWorkflow(readFileSync(README, 'utf8'));
    const shardJob = jobs.conformance!;
    const mergeJob = jobs['conformance-report']!;
    const shards = shardJob.strategy?.matrix?.shard ?? [];
    expect(shards.length).toBeGreaterThan(1);
    const secrets = { 'secrets.SETTLEMENT_API_KEY': server.apiKeys.demo, 'secrets.SETTLEMENT_OTHER_API_KEY': server.apiKeys.other };
    const runSteps = shardJob.steps.filter((s) => s.run);
    expect(runSteps.length).toBeGreaterThan(0);
    const artifacts = join(work, 'artifacts');
    for (const shard of shards) {
      // A fresh checkout: the committed baseline and nothing else.
      const checkout = join(work, `checkout-${shard}`);
      mkdirSync(checkout, { recursive: true });
      writeFileSync(join(checkout, 'conformance-baseline.yaml'), 'version: 1\nentries: []\n');
      const values = { ...secrets, 'vars.STAGING_URL': server.url, 'github.run_id': '7', 'matrix.shard': String(shard) };
      for (const step of runSteps) {
        const r = await runStep(step, checkout, values);
        expect(r.stderr, `shard ${shard}: ${step.name}`).not.toMatch(/cannot be written|ENOENT/);
        expect(r.status, `shard ${shard}: ${r.stderr}${r.stdout.split('\n').slice(-4).join('\n')}`).toBe(0);
        expect(r.stdout).toMatch(/^Result: +PASSED/m);
      }
      // The upload step's path, then the download step's pattern: artifacts/conformance-shard-N/.
      const upload = shardJob.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
      const path = expand(upload.with!.path!, { 'matrix.shard': String(shard) });
      const name = expand(upload.with!.name!, { 'matrix.shard': String(shard) });
      expect(existsSync(join(checkout, path, 'run.har'))).toBe(true);
      expect(JSON.parse(readFileSync(join(checkout, path, 'run.har'), 'utf8')).log.entries.length).toBeGreaterThan(0);
      cpSync(join(checkout, path), join(artifacts, name), { recursive: true });
    }
    const download = mergeJob.steps.find((s) => s.uses?.startsWith('actions/download-artifact'))!;
    const merged = join(work, 'merge');
    mkdirSync(merged);
    cpSync(artifacts, join(merged, download.with!.path!), { recursive: true });
    const summary = join(work, 'step-summary.md');
    writeFileSync(summary, '');
    for (const step of mergeJob.steps.filter((s) => s.run)) {
      const r = await runStep(step, merged, {}, { GITHUB_STEP_SUMMARY: summary });
      expect(r.status, `${step.name}: ${r.stderr}${r.stdout.split('\n').slice(-4).join('\n')}`).toBe(0);
    }
    const results = JSON.parse(readFileSync(join(merged, 'conformance-report', 'results.json'), 'utf8')) as { exitCode: number; outcomes: unknown[] };
    expect(results.exitCode).toBe(0);
    expect(results.outcomes.length).toBeGreaterThan(50);
    expect(readFileSync(summary, 'utf8')).toMatch(/PASSED/);
  }, 600_000);
});
