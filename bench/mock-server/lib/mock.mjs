/**
 * Shared by the mock-server benchmarks (a library, not a benchmark: `bench/run-all.mjs` runs only
 * `bench/<area>/*.mjs`): `--name <number>` options, RSS of a process, and crosschain-mock started
 * in a child process with the benchmarks' fixed seed, clock and unlimited v2 rate.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** Directory of @crosschain/mock-server (build it first). */
export const PKG = resolve(dirname(fileURLToPath(import.meta.url)), '../../../packages/mock-server');
const BIN = resolve(PKG, 'bin/crosschain-mock.js');

const args = process.argv.slice(2);
/** The number after `--name` on the command line, else `dflt`. */
export function opt(name, dflt) {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
}

/** Resident set size of process `pid` in MB (Linux /proc). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

/** Starts crosschain-mock with `records` records; resolves once it prints its URL. */
export async function startMock(records) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [BIN, '--port', '0', '--records', String(records), '--seed', '1', '--now', '2026-08-15T12:00:00Z', '--v2-rate-limit', '0', '--advance-every', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((res, rej) => {
    createInterface({ input: child.stdout }).once('line', res);
    child.once('exit', (code) => rej(new Error(`mock exited with ${code}`)));
  });
  return { child, url: line.replace('listening on ', ''), startupMs: Math.round(performance.now() - t0) };
}

/** Stops a mock started by `startMock` and waits for it to exit. */
export function stopMock(child) {
  return new Promise((res) => {
    child.once('exit', res);
    child.kill('SIGTERM');
  });
}
