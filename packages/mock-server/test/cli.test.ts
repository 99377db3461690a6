import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../src/cli.js';
import { faultCatalogue } from '../src/index.js';

const BIN = resolve(import.meta.dirname, '../bin/crosschain-mock.js');
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 20_000 });

describe('crosschain-mock CLI', () => {
  it('prints "listening on <url>" first, serves, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, '--port', '0', '--records', '50', '--seed', '3', '--now', '2026-08-15T12:00:00Z']);
    const first = await new Promise<string>((res) => createInterface({ input: child.stdout }).once('line', res));
    expect(first).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = first.slice('listening on '.length);
    const r = await fetch(`${url}/requests/v3?limit=1`, { headers: { 'x-api-key': 'demo-key' } });
    expect(r.status).toBe(200);
    const code = await new Promise<number | null>((res) => {
      child.once('exit', res);
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  });
  it.each(['SIGINT', 'SIGTERM'] as const)('stops with exit 0 under a pnpm script (the root `mock`) when %s reaches the whole process group: no ELIFECYCLE', async (signal) => {
    // The root script's shape (build, then exec the server) without the build: pnpm gets the
    // signal too and forwards its own copy, which must not kill the server while it closes.
    const root = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(root.scripts.mock).toMatch(/ && exec crosschain-mock$/);
    const dir = mkdtempSync(join(tmpdir(), 'mock-signal-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'mock-signal', private: true, scripts: { mock: `true && exec node ${JSON.stringify(BIN)} --port 0 --records 50 --now 2026-08-15T12:00:00Z` } }));
    const child = spawn('pnpm', ['run', '--silent', 'mock'], { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => (output += `${line}\n`));
    await new Promise<void>((res) => lines.on('line', (line) => line.startsWith('listening on') && res()));
    const ended = new Promise<[number | null, NodeJS.Signals | null]>((res) => child.once('exit', (code, sig) => res([code, sig])));
    process.kill(-child.pid!, signal);
    expect(await ended).toEqual([0, null]);
    expect(output).not.toMatch(/ELIFECYCLE|Command failed/);
  }, 30_000);
  it('lists the faults as name, clause, description', () => {
    const r = run('--list-faults');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(faultCatalogue.length);
    expect(lines[0]).toMatch(/^v3-no-auth\s+requests-v3\.auth\.key-required\s+\S/);
  });
  it.each([
    [['--port', 'abc'], /--port must be an integer from 0 to 65535, got "abc"\. Example: --port 4010/],
    [['--fault', 'v9-bogus'], /--fault "v9-bogus" is not a known fault/],
    [['--now', 'yesterday'], /--now must be an ISO 8601 time, got "yesterday"/],
    [['--records'], /--records must be an integer/],
    [['--frobnicate'], /unknown argument "--frobnicate"/],
  ])('exits 2 with one line for %j', (args, message) => {
    const r = run(...(args as string[]));
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });
  it('skips the "--" that `pnpm mock -- …` hands through', () => {
    const r = run('--', '--list-faults');
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(faultCatalogue.length);
  });
  it('exits 0 without a stack trace when the reader closes early (| head)', () => {
    const r = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" --list-faults | head -1`], { encoding: 'utf8', timeout: 20_000 });
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/EPIPE|Error/);
  });
  it('exits 2 naming the line of a bad --data file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-cli-'));
    const file = join(dir, 'bad.ndjson');
    writeFileSync(file, '{"id":"x"}\n');
    const r = run('--data', file);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad\.ndjson line 1: not a valid RequestV3 record/);
  });
});

describe('event flags (issue 9)', () => {
  it('parses --advance-every, --arrive-every, repeated --webhook and --webhook-backoff-ms', () => {
    expect(parseArgs(['--advance-every', '500', '--arrive-every=2000', '--webhook', 'demo-key=http://127.0.0.1:9000/a', '--webhook', 'other-key=https://example.com/b', '--webhook-backoff-ms', '50'])).toEqual({
      action: 'serve',
      options: { advanceEveryMs: 500, arriveEveryMs: 2000, webhooks: { 'demo-key': 'http://127.0.0.1:9000/a', 'other-key': 'https://example.com/b' }, webhookBackoffMs: 50 },
    });
  });
  it.each([
    [['--advance-every', '0'], /--advance-every must be an integer from 1/],
    [['--webhook', 'http://x'], /--webhook must be <key>=<http\(s\) URL>/],
    [['--webhook', 'sk-live-secret=http://127.0.0.1:1/'], /is not an active API key/],
    [['--arrive-every', '100', '--data', 'x.ndjson'], /--arrive-every needs generated data/],
  ])('rejects %j in one line that never echoes a key', (args, message) => {
    expect(() => parseArgs(args)).toThrow(message);
    try {
      parseArgs(args);
    } catch (err) {
      expect((err as Error).message).not.toMatch(/sk-live-secret/);
    }
  });
  it('--advance-every with --webhook: status changes reach the webhook URL, signed', async () => {
    const received: Array<{ headers: Record<string, unknown>; body: string }> = [];
    const { createServer } = await import('node:http');
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as { port: number }).port;
    const child = spawn(process.execPath, [BIN, '--records', '300', '--advance-every', '20', '--webhook', `demo-key=http://127.0.0.1:${port}/hook`, '--quiet']);
    try {
      await new Promise<string>((res) => createInterface({ input: child.stdout }).once('line', res));
      for (let i = 0; i < 200 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(received.length).toBeGreaterThan(0);
      expect(JSON.parse(received[0].body).event).toBe('request.status.updated');
      expect(received[0].headers['x-signature-sha256']).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      child.kill('SIGTERM');
      receiver.closeAllConnections();
      receiver.close();
    }
  });
});
