import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ADVANCE_EVERY_MS, parseArgs, startLines } from '../src/cli.js';
import { faultCatalogue } from '../src/index.js';

const BIN = resolve(import.meta.dirname, '../bin/crosschain-mock.js');
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 20_000 });

describe('crosschain-mock CLI', () => {
  it('prints "listening on <url>" first, serves, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, '--port', '0', '--records', '50', '--seed', '3', '--now', '2026-08-15T12:00:00Z', '--advance-every', '0']);
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

describe('event flags', () => {
  it('parses --advance-every, --arrive-every, repeated --webhook and --webhook-backoff-ms', () => {
    expect(parseArgs(['--advance-every', '500', '--arrive-every=2000', '--webhook', 'demo-key=http://127.0.0.1:9000/a', '--webhook', 'other-key=https://example.com/b', '--webhook-backoff-ms', '50'])).toEqual({
      action: 'serve',
      options: { advanceEveryMs: 500, arriveEveryMs: 2000, webhooks: { 'demo-key': 'http://127.0.0.1:9000/a', 'other-key': 'https://example.com/b' }, webhookBackoffMs: 50 },
    });
  });
  it.each([
    [['--advance-every', '-1'], /--advance-every must be an integer from 0 to 86400000, got "-1"/],
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

/** Starts the bin with `args`, returns its first three stdout lines and a way to stop it. */
async function start(args: string[]): Promise<{ lines: string[]; url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--quiet', ...args]);
  const lines: string[] = [];
  const rl = createInterface({ input: child.stdout });
  await new Promise<void>((res, rej) => {
    rl.on('line', (l) => {
      lines.push(l);
      if (lines.length === 3) res();
    });
    child.once('exit', (code) => rej(new Error(`crosschain-mock exited ${code} before its start lines: ${lines.join(' | ')}`)));
  });
  const url = lines[0]!.slice('listening on '.length);
  const stop = () => new Promise<void>((res) => {
    child.once('exit', () => res());
    child.kill('SIGTERM');
  });
  return { lines, url, stop };
}

const listing = async (url: string): Promise<string> => {
  const r = await fetch(`${url}/requests/v3?limit=50`, { headers: { 'x-api-key': 'demo-key' } });
  expect(r.status).toBe(200);
  const body = (await r.json()) as { requests: Array<{ id: string; status: string; updatedAt: string }> };
  return JSON.stringify(body.requests.map((x) => [x.id, x.status, x.updatedAt]));
};

describe('moving data by default, as the live service (the standalone server)', () => {
  it('defaults --advance-every to 1000 ms; 0 freezes the data; live-traffic keeps its own rhythm unless the flag is given', () => {
    expect(DEFAULT_ADVANCE_EVERY_MS).toBe(1000);
    expect(parseArgs([])).toEqual({ action: 'serve', options: { advanceEveryMs: 1000 } });
    expect(parseArgs(['--advance-every', '0'])).toEqual({ action: 'serve', options: { advanceEveryMs: 0 } });
    expect(parseArgs(['--advance-every=250'])).toEqual({ action: 'serve', options: { advanceEveryMs: 250 } });
    expect(parseArgs(['--variant', 'live-traffic'])).toEqual({ action: 'serve', options: { variants: ['live-traffic'] } });
    expect(parseArgs(['--variant', 'live-traffic', '--advance-every', '0'])).toEqual({ action: 'serve', options: { variants: ['live-traffic'], advanceEveryMs: 0 } });
  });

  it('started without the flag, its requests change while it serves; with --advance-every 0 they stay as generated', async () => {
    const moving = await start(['--records', '50', '--seed', '3', '--now', '2026-08-15T12:00:00Z']);
    const frozen = await start(['--records', '50', '--seed', '3', '--now', '2026-08-15T12:00:00Z', '--advance-every', '0']);
    try {
      expect(moving.lines[2]).toBe('requests move one lifecycle step every 1000 ms, as live ones do (--advance-every 0 freezes them)');
      expect(frozen.lines[2]).toBe('requests frozen as generated (--advance-every 0): no request changes during a run');
      const before = [await listing(moving.url), await listing(frozen.url)];
      await new Promise((r) => setTimeout(r, 2600));
      expect(await listing(moving.url)).not.toBe(before[0]);
      expect(await listing(frozen.url)).toBe(before[1]);
    } finally {
      await moving.stop();
      await frozen.stop();
    }
  }, 30_000);
});

describe('the start line: the date served and what it means for v2', () => {
  it.each([
    ['2026-08-15T12:00:00Z', 200, /^clock 2026-08-15T12:00:0\dZ \(from --now, then running\): GET \/requests\/v2 answers, deprecated \(since 2026-07-22\), not throttled before 2026-09-01, until its sunset 2026-11-24 \(410 Gone from then\)$/],
    ['2026-10-15T12:00:00Z', 200, /^clock 2026-10-15T12:00:0\dZ \(from --now, then running\): GET \/requests\/v2 answers, deprecated \(since 2026-07-22\), throttled to 300 requests a minute per key \(429 above it, stepping down monthly\), until its sunset 2026-11-24/],
    ['2026-12-01T00:00:00Z', 410, /^clock 2026-12-01T00:00:0\dZ \(from --now, then running\): GET \/requests\/v2 is past its sunset \(2026-11-24\) and answers 410 Gone with the deprecation headers \(a conformance run reports the v2 checks as retired\)$/],
  ])('--now %s: the line says it, and GET /requests/v2 does it (%i)', async (now, status, line) => {
    const s = await start(['--records', '50', '--now', now, '--advance-every', '0']);
    try {
      expect(s.lines[1]).toMatch(line);
      expect((await fetch(`${s.url}/requests/v2?limit=1`)).status).toBe(status);
    } finally {
      await s.stop();
    }
  }, 20_000);

  it('on the real clock it says so, and what it says of v2 is what v2 answers (whatever the date)', async () => {
    const s = await start(['--records', '50', '--advance-every', '0']);
    try {
      expect(s.lines[1]).toMatch(/^clock \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(real time; --now pins it\): GET \/requests\/v2 /);
      const v2 = (await fetch(`${s.url}/requests/v2?limit=1`)).status;
      expect(v2 === 410).toBe(s.lines[1]!.includes('is past its sunset (2026-11-24) and answers 410 Gone'));
    } finally {
      await s.stop();
    }
  }, 20_000);

  it('names an explicit --v2-rate-limit, and the arrivals', () => {
    const t = Date.parse('2026-10-15T12:00:00Z');
    expect(startLines({ now: '2026-10-15T12:00:00Z', v2RateLimit: 0, advanceEveryMs: 0 }, t)).toBe(
      'clock 2026-10-15T12:00:00Z (from --now, then running): GET /requests/v2 answers, deprecated (since 2026-07-22), not throttled (--v2-rate-limit 0), until its sunset 2026-11-24 (410 Gone from then)\nrequests frozen as generated (--advance-every 0): no request changes during a run\n',
    );
    expect(startLines({ v2RateLimit: 60, advanceEveryMs: 500, arriveEveryMs: 2000 }, t)).toMatch(/\(real time; --now pins it\): .*throttled to 60 requests a minute per key \(429 above it\), .*\nrequests move one lifecycle step every 500 ms, .*; a new request arrives every 2000 ms\n$/);
    expect(startLines({ variants: ['live-traffic'] }, t)).toMatch(/every 100 ms, .*; a new request arrives every 250 ms\n$/);
  });
});
