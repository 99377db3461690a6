/**
 * The composite GitHub Action at the repository root (action.yml), run as a
 * runner would run it, with no GitHub: each `run:` step of action.yml with its `${{ inputs.* }}`
 * and `${{ github.action_path }}` substituted, its `env:` set, `bash --noprofile --norc -eo
 * pipefail`, and GITHUB_STEP_SUMMARY / GITHUB_OUTPUT files. The kit runs from this checkout (the
 * action's `command` input) against the reference server, at a URL and embedded.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '@crosschain/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/crosschain-conformance.js', import.meta.url));
const NOW = '2026-10-15T12:00:00Z';

interface Step {
  id?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string; required?: boolean; description: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;

/** `${{ inputs.x }}` and `${{ github.action_path }}` as a runner substitutes them; anything else is an error of this test's model. */
function substitute(text: string, inputs: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
    if (expr === 'github.action_path') return ROOT;
    const m = /^inputs\.([\w-]+)$/.exec(expr);
    if (!m) throw new Error(`action.yml uses ${expr}, which this test does not model`);
    const input = action.inputs[m[1]!];
    if (!input) throw new Error(`action.yml uses undeclared input ${m[1]}`);
    return inputs[m[1]!] ?? input.default ?? '';
  });
}

interface StepRun {
  code: number | null;
  out: string;
  summary: string;
  outputs: string;
  dir: string;
}

/** Runs every `run:` step of the action in a fresh workspace; stops at the first failing step, as a runner does. */
async function runAction(inputs: Record<string, string>): Promise<StepRun> {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-action-'));
  const summaryFile = join(dir, 'step-summary.md');
  const outputFile = join(dir, 'github-output');
  writeFileSync(summaryFile, '');
  writeFileSync(outputFile, '');
  let out = '';
  let code: number | null = 0;
  for (const step of action.runs.steps) {
    if (step.run === undefined) continue;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_WORKSPACE: dir,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_OUTPUT: outputFile,
      CI: 'true',
    };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = substitute(String(v), inputs);
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', substitute(step.run, inputs)], { cwd: dir, env });
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    code = await new Promise<number | null>((done) => child.on('close', done));
    if (code !== 0) break;
  }
  return { code, out, summary: readFileSync(summaryFile, 'utf8'), outputs: readFileSync(outputFile, 'utf8'), dir };
}

/** Every file under a folder, as text. */
function allText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

const KIT = `node ${BIN}`;
let server: Awaited<ReturnType<typeof startMockServer>>;
beforeAll(async () => {
  server = await startMockServer({ port: 0, records: 300, seed: 4, now: NOW, quiet: true });
});
afterAll(async () => {
  await server.close();
});

describe('action.yml', () => {
  it('is a composite action whose steps run bash, declaring the README inputs; it uploads nothing itself', () => {
    expect(action.runs.using).toBe('composite');
    for (const name of ['base-url', 'api-key', 'other-api-key', 'shard', 'baseline', 'fail-on-stale-baseline', 'report-dir', 'record', 'require', 'args', 'version']) expect(action.inputs[name], name).toBeDefined();
    for (const step of action.runs.steps) {
      expect(step.shell).toBe('bash');
      expect(JSON.stringify(step)).not.toMatch(/upload-artifact|uses:/);
      // Keys reach the kit through the environment only, never a command line.
      expect(step.run ?? '').not.toMatch(/api-key/);
    }
    expect(Object.keys(action.outputs)).toEqual(['exit-code', 'report-dir']);
  });

  it('against a URL with keys from secrets: masks them, never prints or writes them, writes the summary, exit 0', async () => {
    const r = await runAction({
      command: KIT,
      'base-url': server.url,
      'api-key': 'demo-key',
      'other-api-key': 'other-key',
      'report-dir': 'reports/shard-1',
      record: 'reports/har/run.har',
      args: `--only requests-v3.pagination --seed 1 --max-rps 1000 --quiet`,
    });
    expect(r.code, r.out).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe('::add-mask::demo-key');
    expect(lines[1]).toBe('::add-mask::other-key');
    expect(lines.slice(2).join('\n')).not.toMatch(/demo-key|other-key/);
    expect(r.summary).toMatch(/^## ✅ Conformance PASSED/);
    expect(r.summary).toContain('### Coverage of the contract');
    expect(r.outputs).toBe('exit-code=0\nreport-dir=reports/shard-1\n');
    expect(existsSync(join(r.dir, 'reports/har/run.har'))).toBe(true);
    for (const f of ['results.json', 'junit.xml', 'summary.md', 'report.html']) expect(existsSync(join(r.dir, 'reports/shard-1', f)), f).toBe(true);
    expect(allText(join(r.dir, 'reports'))).not.toMatch(/demo-key|other-key/);
  });

  it('a failing run fails the step with the kit\'s exit code (1), and its summary says FAILED', async () => {
    const r = await runAction({ command: KIT, args: `--mock-fault v3-page-gap --only requests-v3.pagination --mock-now ${NOW} --seed 1 --quiet` });
    expect(r.code, r.out).toBe(1);
    expect(r.summary).toMatch(/^## ❌ Conformance FAILED/);
    expect(r.outputs).toContain('exit-code=1\n');
  });

  it('require: must with a selection fails the step inconclusive (5), the summary naming the required clauses', async () => {
    const r = await runAction({ command: KIT, require: 'must', args: `--only requests-v3.pagination --mock-now ${NOW} --seed 1 --quiet` });
    expect(r.code, r.out).toBe(5);
    expect(r.out).toMatch(/Result: +INCONCLUSIVE \(exit 5\): --require must: \d+ MUST clauses not judged/);
    expect(r.summary).toContain('### Coverage of the contract (--require must)');
    expect(r.summary).toContain('**(required)**');
  });

  it('fail-on-stale-baseline: true fails the step on a baseline entry whose check now passes, the job summary listing it; false passes', async () => {
    const baseline = join(mkdtempSync(join(tmpdir(), 'conformance-action-baseline-')), 'conformance-baseline.yaml');
    writeFileSync(baseline, 'version: 1\nentries:\n  - {check: requests-v3.pagination.no-gaps, operation: GET /requests/v3, reason: TICKET-1, expires: 2099-01-01}\n');
    const args = `--only requests-v3.pagination.no-gaps --mock-now ${NOW} --seed 1 --quiet`;
    const failing = await runAction({ command: KIT, baseline, 'fail-on-stale-baseline': 'true', args });
    expect(failing.code, failing.out).toBe(1);
    expect(failing.out).toMatch(/FAILED \(exit 1\): --fail-on-stale-baseline: 1 stale entry in .*conformance-baseline\.yaml \(requests-v3\.pagination\.no-gaps now passes: remove its entry\)/);
    expect(failing.summary).toMatch(/^## ❌ Conformance FAILED/);
    expect(failing.summary).toContain('### Stale baseline entries (1)');
    expect(failing.outputs).toContain('exit-code=1\n');
    const passing = await runAction({ command: KIT, baseline, 'fail-on-stale-baseline': 'false', args });
    expect(passing.code, passing.out).toBe(0);
    expect(passing.summary).toContain('### Stale baseline entries (1)');
    const bad = await runAction({ command: KIT, baseline, 'fail-on-stale-baseline': 'yes', args });
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('error: the fail-on-stale-baseline input must be true or false, got "yes"');
    expect(bad.summary).toMatch(/^## ❌ Conformance: exit 2, no summary\.md/);
  });

  it('a usage error (exit 2) still says so in the job summary', async () => {
    const r = await runAction({ command: KIT, shard: '9/2' });
    expect(r.code).toBe(2);
    expect(r.out).toContain('error: --shard must be i/n');
    expect(r.summary).toMatch(/^## ❌ Conformance: exit 2, no summary\.md/);
    expect(r.outputs).toBe('exit-code=2\nreport-dir=conformance-report\n');
  });
});
