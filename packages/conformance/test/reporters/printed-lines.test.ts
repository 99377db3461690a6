/**
 * The printed lines run as pasted (friction 3): a `Reproduce:` curl line carried a
 * literal `x-api-key: <redacted>` (401 when pasted) and a `Replay:` line needed CONFORMANCE_API_KEY
 * without saying so. Here the kit runs against the reference server (by URL, a fault on), and the
 * lines it printed are executed by bash exactly as printed, with the variables the console names
 * set, as a user pasting them would. The key itself is never printed.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '@crosschain/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { cliIo } from '../cli-io.js';

const BIN = fileURLToPath(new URL('../../bin/crosschain-conformance.js', import.meta.url));
let server: Awaited<ReturnType<typeof startMockServer>>;
let work: string;

beforeAll(async () => {
  server = await startMockServer({ port: 0, records: 300, seed: 2, now: '2026-06-01T00:00:00Z', faults: ['v3-page-gap'], quiet: true });
  work = mkdtempSync(join(tmpdir(), 'printed-lines-'));
  // `npx crosschain-conformance …` → this package's bin (no registry in tests).
  mkdirSync(join(work, 'bin'));
  writeFileSync(join(work, 'bin', 'npx'), `#!/usr/bin/env bash\nif [ "$1" = "-y" ]; then shift; fi\nif [ "$1" != "crosschain-conformance" ]; then echo "npx shim: unexpected $1" >&2; exit 127; fi\nshift\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`);
  chmodSync(join(work, 'bin', 'npx'), 0o755);
});
afterAll(async () => {
  await server.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs a pasted line in bash (asynchronously: the reference server answers from this process). */
function paste(line: string, env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('bash', ['-c', line], { cwd: work, env: { PATH: `${join(work, 'bin')}:${process.env.PATH ?? ''}`, HOME: work, ...env }, timeout: 120_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('printed lines, pasted', () => {
  it('the Reproduce curl and the Replay line work as printed once the variables the console names are set; the key is never printed', async () => {
    const t = cliIo({ CONFORMANCE_API_KEY: server.apiKeys.demo, CONFORMANCE_OTHER_API_KEY: server.apiKeys.other }, work);
    const args = ['--base-url', server.url, '--only', 'requests-v3.pagination.no-gaps', '--seed', '3', '--max-rps', '1000'];
    expect(await main(args, t.io)).toBe(1);
    const text = t.text();
    expect(text).not.toContain(server.apiKeys.demo);
    expect(text).not.toContain('<redacted>');
    const reproduce = /^ {2}Reproduce: (.*)$/m.exec(text)?.[1];
    const replay = /^ {2}Replay: +(.*)$/m.exec(text)?.[1];
    expect(reproduce).toMatch(/^curl .*-H "x-api-key: \$CONFORMANCE_API_KEY"/);
    expect(replay).toBeDefined();
    const keys = /^Keys: +.*$/m.exec(text)?.[0];
    expect(keys).toContain('CONFORMANCE_API_KEY');
    const env = { CONFORMANCE_API_KEY: server.apiKeys.demo, CONFORMANCE_OTHER_API_KEY: server.apiKeys.other };

    const curl = await paste(reproduce!, env);
    expect(curl.status, curl.stderr).toBe(0);
    const page = JSON.parse(curl.stdout) as { requests?: unknown[] };
    expect(Array.isArray(page.requests)).toBe(true);
    // Without the variable, the same line is refused: it really carries the key from the environment.
    expect(JSON.parse((await paste(reproduce!, {})).stdout)).not.toHaveProperty('requests');

    const again = await paste(replay!, env);
    expect(again.stdout).not.toMatch(/INCOMPLETE/);
    expect(again.stdout).toMatch(/✘ requests-v3\.pagination\.no-gaps/);
    expect(again.status).toBe(1);
  }, 180_000);
});
