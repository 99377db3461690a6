import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { closedPort } from './engine/fake-fetch.js';

function io(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), env, cwd: process.cwd(), color: false } };
}

describe('crosschain-conformance main()', () => {
  it('--help prints the options and exits 0', async () => {
    const t = io();
    expect(await main(['--help'], t.io)).toBe(0);
    expect(t.out.join('')).toMatch(/--base-url <value>[\s\S]*CONFORMANCE_BASE_URL/);
  });

  it('a bad flag is one line on stderr and exit 2', async () => {
    const t = io();
    expect(await main(['--', '--max-rps', 'lots'], t.io)).toBe(2);
    expect(t.err.join('')).toBe('error: --max-rps must be a positive integer, got "lots". Example: --max-rps 20\n');
  });

  it('an unreachable target: exit 4, a clear message, no key anywhere', async () => {
    const port = await closedPort();
    const t = io({ CONFORMANCE_API_KEY: 'SECRET-env-key' });
    expect(await main(['--base-url', `http://127.0.0.1:${port}`, '--seed', '5', '--verbose'], t.io)).toBe(4);
    const all = t.out.join('') + t.err.join('');
    expect(all).toContain('apiKey: <redacted>');
    expect(all).toContain('Seed: 5');
    expect(all).toMatch(/error: the run stopped early: target unreachable during discovery/);
    expect(all).not.toContain('SECRET-env-key');
  });

  it('runs against the embedded server, prints the report and writes the four files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-cli-'));
    const t = io();
    const code = await main(
      ['--only', 'currencies-v2.limit,requests-v3.auth.key-required', '--mock-now', '2026-10-15T12:00:00Z', '--mock-records', '300', '--seed', '11', '--num-runs', '3', '--report-dir', dir],
      t.io,
    );
    expect(code).toBe(0);
    const out = t.out.join('');
    expect(out).not.toContain('Configuration:');
    expect(out).toContain('Seed: 11');
    expect(out).toMatch(/PASSED/);
    for (const f of ['results.json', 'junit.xml', 'summary.md', 'report.html']) expect(existsSync(join(dir, f))).toBe(true);
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { seed: number };
    expect(results.seed).toBe(11);
    const everything = [out, t.err.join(''), ...['results.json', 'junit.xml', 'summary.md', 'report.html'].map((f) => readFileSync(join(dir, f), 'utf8'))].join('\n');
    expect(everything).not.toMatch(/demo-key|other-key|revoked-key/);
  });

  it('--format json puts only results.json on stdout', async () => {
    const t = io();
    const code = await main(['--format', 'json', '--quiet', '--only', 'currencies-v2.limit.max', '--mock-records', '300', '--seed', '2', '--mock-fault', 'currencies-limit-uncapped'], t.io);
    expect(code).toBe(1);
    const doc = JSON.parse(t.out.join('')) as { outcomes: Array<{ id: string; status: string }> };
    expect(doc.outcomes).toEqual([expect.objectContaining({ id: 'currencies-v2.limit.max', status: 'fail' })]);
  });

  it('an unknown --mock-fault is a usage error', async () => {
    const t = io();
    expect(await main(['--mock-fault', 'no-such-fault', '--quiet'], t.io)).toBe(2);
    expect(t.err.join('')).toMatch(/--mock-fault must name a fault of the reference server, got "no-such-fault"/);
  });

  it('--verbose prints the configuration once, each key once, without the printout\'s own switches', async () => {
    const t = io();
    expect(await main(['--only', 'currencies-v2.limit.max', '--mock-now', '2026-10-15T12:00:00Z', '--mock-records', '300', '--seed', '11', '--verbose', '--quiet'], t.io)).toBe(0);
    expect(t.out.join('')).not.toContain('Configuration:');
    const v = io();
    expect(await main(['--only', 'currencies-v2.limit.max', '--mock-now', '2026-10-15T12:00:00Z', '--mock-records', '300', '--seed', '11', '--verbose'], v.io)).toBe(0);
    const text = v.out.join('');
    expect(text.match(/Configuration:/g)).toHaveLength(1);
    const keys = text.split('Configuration:\n')[1]!.split('\n').filter((l) => l.startsWith('  ')).map((l) => l.trim().split(':')[0]);
    expect(keys).toContain('maxDurationMs');
    expect(keys).toContain('target');
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain('listChecks');
  });

  it('a selection that leaves no check is exit 2, never PASSED: --skip \'*\' and CONFORMANCE_SKIP=\'*\'', async () => {
    for (const [argv, env] of [[['--skip', '*'], {}], [[], { CONFORMANCE_SKIP: '*' }]] as const) {
      const t = io(env);
      expect(await main([...argv, '--mock-now', '2026-10-15T12:00:00Z'], t.io)).toBe(2);
      expect(t.err.join('')).toMatch(/^error: the selection leaves no check \(--skip "\*" excludes all \d+\)/);
      expect(t.out.join('')).not.toMatch(/PASSED/);
    }
  });

  it('--max-duration counts from the process start (io.startedAt), discovery included: a spent bound tests nothing and says so, exit 5', async () => {
    const t = io();
    const code = await main(['--only', 'currencies-v2', '--mock-now', '2026-10-15T12:00:00Z', '--mock-records', '300', '--max-duration', '2s', '--format', 'json'], { ...t.io, startedAt: Date.now() - 60_000 });
    expect(code).toBe(5);
    const doc = JSON.parse(t.out.join('')) as { verdict: string; requests: number; outcomes: Array<{ status: string; reason?: string }> };
    expect(doc.requests).toBe(0);
    expect(doc.outcomes.length).toBeGreaterThan(0);
    expect(doc.outcomes.every((o) => o.status === 'skip' && o.reason?.startsWith('budget: '))).toBe(true);
    expect(t.err.join('')).toMatch(/the run stopped early: budget: time bound of the run reached \(--max-duration\)/);
    expect(doc.verdict).toBe('INCONCLUSIVE');
  });
});
