#!/usr/bin/env node
/**
 * Benchmark of the reference server's high-cardinality indexes at scale (not a test: prints
 * figures; issue 4: 1,000,000 records must start and answer, equality filters use indexes).
 * Starts crosschain-mock with 1,000,000 records, asks at once for a `term` (a wallet: nine
 * indexes, GET /requests/v3 Search category) before the background warm-up reaches them, then a
 * second `term` (a request id), waits until every index is built and prints RSS.
 *
 * Usage: node bench/mock-server/term-big.mjs [--records 1000000] [--settle 25]
 * (build first: pnpm --filter @crosschain/mock-server build)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const BIN = resolve(here, '../../packages/mock-server/bin/crosschain-mock.js');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const RECORDS = opt('records', 1_000_000);
const SETTLE = opt('settle', 25);

const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);

console.log(`# mock-server term benchmark: ${RECORDS} records, loadavg ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
const t0 = performance.now();
const child = spawn(process.execPath, [BIN, '--port', '0', '--records', String(RECORDS), '--seed', '1', '--now', '2026-08-15T12:00:00Z', '--v2-rate-limit', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const line = await new Promise((res, rej) => {
  createInterface({ input: child.stdout }).once('line', res);
  child.once('exit', (code) => rej(new Error(`mock exited with ${code}`)));
});
const url = line.replace('listening on ', '');
console.log(`start-up: ${Math.round(performance.now() - t0)} ms, RSS ${rssMb(child.pid)} MB`);

async function get(path) {
  const t = performance.now();
  const r = await fetch(url + path, { headers: { 'x-api-key': 'demo-key' } });
  const body = await r.json();
  if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
  return { ms: Math.round(performance.now() - t), body };
}

const sample = (await get('/requests/v3?limit=1&sortBy=amountUsd')).body.requests[0];
const wallet = sample.user;
const first = await get(`/requests/v3?term=${encodeURIComponent(wallet)}&limit=20`);
console.log(`first term (wallet): ${first.ms} ms, ${first.body.requests.length} records, RSS ${rssMb(child.pid)} MB`);
const second = await get(`/requests/v3?term=${encodeURIComponent(sample.id)}&limit=20`);
if (second.body.requests[0]?.id !== sample.id) throw new Error('term=<id> did not find the request');
console.log(`second term (id): ${second.ms} ms`);
await new Promise((r) => setTimeout(r, SETTLE * 1000)); // background warm-up of the remaining indexes
const warm = await get(`/requests/v3?term=${encodeURIComponent(wallet.toUpperCase())}&limit=20`);
if (warm.body.requests.length !== first.body.requests.length) throw new Error('term is not case-insensitive');
console.log(`after ${SETTLE} s: term ${warm.ms} ms, RSS ${rssMb(child.pid)} MB (every index built)`);
await new Promise((res) => {
  child.once('exit', res);
  child.kill('SIGTERM');
});
