/**
 * SIGINT/SIGTERM to the whole process group, as a terminal's Ctrl-C sends it: the command ends
 * with its reports written, however it was started. `pnpm exec` gets the signal too and forwards
 * its own copy, which used to kill the proxy half-way (no summary, no report folder).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer, type MockServer } from '@crosschain/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/crosschain-conformance.js', import.meta.url));
const NOW = '2026-10-15T12:00:00Z';

interface Started {
  child: ChildProcess;
  /** Everything printed, by every process of the group. */
  output: () => string;
  /** Resolves when every process holding the output pipes has ended (pnpm may end before the kit). */
  drained: Promise<void>;
  exit: Promise<[number | null, NodeJS.Signals | null]>;
}

/** Starts `command` in a process group of its own; resolves once it printed `waitFor`. */
async function startGroup(command: string, args: readonly string[], waitFor: RegExp, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env } });
  let text = '';
  let closed = 0;
  let onDrained: () => void = () => undefined;
  const drained = new Promise<void>((res) => (onDrained = res));
  const exit = new Promise<[number | null, NodeJS.Signals | null]>((res) => child.once('exit', (code, sig) => res([code, sig])));
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (d: Buffer) => (text += d.toString()));
    stream.on('close', () => ++closed === 2 && onDrained());
  }
  await new Promise<void>((res, rej) => {
    const timer = setInterval(() => {
      if (waitFor.test(text)) {
        clearInterval(timer);
        res();
      }
    }, 20);
    void exit.then(() => {
      clearInterval(timer);
      rej(new Error(`ended before ${waitFor}: ${text}`));
    });
  });
  return { child, output: () => text, drained, exit };
}

let upstream: MockServer;
beforeAll(async () => {
  upstream = await startMockServer({ port: 0, now: NOW, records: 200 });
});
afterAll(async () => {
  await upstream.close();
});

describe('signals to the process group', () => {
  it.each([
    ['pnpm', 'exec'],
    ['npx', '--no-install'],
  ])('`%s %s crosschain-conformance proxy`: SIGINT to the group writes the summary and the report folder', async (runner, flag) => {
    const dir = join(mkdtempSync(join(tmpdir(), 'proxy-signal-')), 'reports');
    const run = await startGroup(runner, [flag, 'crosschain-conformance', 'proxy', '--upstream', upstream.url, '--report-dir', dir], /listening on http:\/\/127\.0\.0\.1:\d+/);
    const url = /listening on (\S+)/.exec(run.output())![1]!;
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(`${url}/requests/v3?limit=2`, { headers: { 'x-api-key': upstream.apiKeys.demo } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    process.kill(-run.child.pid!, 'SIGINT');
    await run.drained;
    expect(run.output()).toMatch(/^Result: /m);
    expect(run.output()).toContain(`Reports: ${join(dir, 'results.json')}`);
    for (const file of ['results.json', 'summary.md', 'report.html', 'junit.xml']) expect(existsSync(join(dir, file)), file).toBe(true);
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { requests: number; config: { command: string } };
    expect(results.config.command).toBe('proxy');
    expect(results.requests).toBeGreaterThanOrEqual(3);
  }, 60_000);

  describe('a run against a slow target', () => {
    let slow: Server;
    let slowUrl: string;
    beforeAll(async () => {
      // Forwards to the reference server, each answer 150 ms late: the run is still going when the signal comes.
      const target = new URL(upstream.url);
      slow = createServer((req, res) => {
        setTimeout(() => {
          const out = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          });
          out.on('error', () => res.destroy());
          req.pipe(out);
        }, 150);
      });
      await new Promise<void>((res) => slow.listen(0, '127.0.0.1', res));
      const address = slow.address();
      slowUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(async () => {
      slow.closeAllConnections();
      await new Promise((res) => slow.close(res));
    });

    it.each(['SIGINT', 'SIGTERM'] as const)('the bin: %s to the group stops the traffic, skips the checks not finished and writes the reports (exit 5)', async (signal) => {
      const dir = join(mkdtempSync(join(tmpdir(), 'run-signal-')), 'reports');
      const args = [BIN, '--base-url', slowUrl, '--api-key', upstream.apiKeys.demo, '--other-api-key', upstream.apiKeys.other, '--report-dir', dir, '--seed', '1'];
      const run = await startGroup(process.execPath, args, /^Seed: /m);
      await new Promise((res) => setTimeout(res, 1_500));
      process.kill(-run.child.pid!, signal);
      const [code, sig] = await run.exit;
      await run.drained;
      expect(sig).toBeNull();
      expect(code).toBe(5);
      expect(run.output()).toContain(`${signal}: stopping the run`);
      const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { exitCode: number; outcomes: Array<{ status: string; reason?: string }> };
      expect(results.exitCode).toBe(5);
      expect(results.outcomes.some((o) => o.status === 'skip' && o.reason?.includes(`interrupted by ${signal}`))).toBe(true);
      expect(existsSync(join(dir, 'summary.md'))).toBe(true);
    }, 60_000);

    it.each(['SIGINT', 'SIGTERM'] as const)('the GitHub Action (scripts/action-run.sh): a cancelled job (%s to the group) still gets the kit\'s reports, the job summary and the outputs', async (signal) => {
      const work = mkdtempSync(join(tmpdir(), 'action-signal-'));
      const [summaryFile, outputFile] = [join(work, 'summary.md'), join(work, 'output')];
      writeFileSync(summaryFile, '');
      writeFileSync(outputFile, '');
      const env = {
        INPUT_COMMAND: `${process.execPath} ${BIN}`,
        INPUT_BASE_URL: slowUrl,
        INPUT_REPORT_DIR: join(work, 'reports'),
        CONFORMANCE_API_KEY: upstream.apiKeys.demo,
        GITHUB_STEP_SUMMARY: summaryFile,
        GITHUB_OUTPUT: outputFile,
      };
      const run = await startGroup('bash', [join(ROOT, 'scripts', 'action-run.sh')], /^Seed: /m, env);
      await new Promise((res) => setTimeout(res, 1_500));
      process.kill(-run.child.pid!, signal);
      expect(await run.exit).toEqual([5, null]);
      expect(readFileSync(summaryFile, 'utf8')).toMatch(/^## .*Conformance INCONCLUSIVE/);
      expect(readFileSync(summaryFile, 'utf8')).toContain(`interrupted by ${signal}`);
      expect(readFileSync(outputFile, 'utf8')).toContain('exit-code=5\n');
      expect(existsSync(join(work, 'reports', 'results.json'))).toBe(true);
    }, 60_000);
  });
});
