#!/usr/bin/env node
/**
 * Benchmark of the reference server at the volume indexers backfill (Scale; not a
 * test: prints figures). For each size, spawns the real CLI (`crosschain-mock --records N`) and
 * measures the time from spawn to the first complete answer of a filtered query with a total
 * (`GET /requests/v3?status=refund&includeTotal=true`), the peak RSS of the server at that moment
 * (VmHWM), then walks a few pages of that query by continuation, asks for one request by id, lets
 * the background index build run for `--settle` seconds and prints the peak RSS again.
 *
 * Usage: node bench/mock-server/scale.mjs [--records 1000000,10000000] [--settle 20] [--pages 3]
 * (build first: pnpm --filter @crosschain/mock-server build)
 * Targets: 1,000,000 records answer within 2 s of spawn with <= 400 MB RSS; 10,000,000 start and answer.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { opt, PKG } from './lib/mock.mjs';

const BIN = resolve(PKG, 'bin/crosschain-mock.js');
const argv = process.argv.slice(2);
const sizesArg = argv.includes('--records') ? argv[argv.indexOf('--records') + 1] : '1000000,10000000';
const SIZES = sizesArg.split(',').map(Number);
const SETTLE = opt('settle', 20);
const PAGES = opt('pages', 3);
const QUERY = '/requests/v3?status=refund&includeTotal=true&limit=50';
const HEADERS = { 'x-api-key': 'demo-key' };

const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

/** Current and peak RSS of `pid` in MB (Linux /proc). */
function rss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]) / 1024);
  return { now: mb('VmRSS'), peak: mb('VmHWM') };
}

/** CPU time (user + system) of `pid` in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function getJson(url) {
  const r = await fetch(url, { headers: HEADERS });
  const body = await r.json();
  if (r.status !== 200) throw new Error(`${url} answered ${r.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

async function run(records) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [BIN, '--port', '0', '--records', String(records), '--seed', '1', '--now', '2026-08-15T12:00:00Z', '--v2-rate-limit', '0', '--advance-every', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((res) => child.once('exit', (code, signal) => res({ code, signal })));
  try {
    const url = await new Promise((res, rej) => {
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const m = /listening on (\S+)/.exec(out);
        if (m) res(m[1]);
      });
      exited.then(({ code, signal }) => rej(new Error(`crosschain-mock exited (${code ?? signal}) before listening`)));
    });
    const listenMs = Math.round(performance.now() - t0);
    const listenCpu = cpuMs(child.pid);
    const first = await getJson(url + QUERY);
    const firstMs = Math.round(performance.now() - t0);
    const atFirst = rss(child.pid);
    const firstCpu = cpuMs(child.pid);
    if (!(first.total > 0 && first.total <= records) || first.requests.length === 0 || first.requests.some((r) => r.status !== 'refund')) {
      throw new Error(`unexpected first answer: total ${first.total}, ${first.requests.length} records`);
    }
    // A backfill walk: the next pages by continuation, no record twice.
    const seen = new Set(first.requests.map((r) => r.id));
    let page = first;
    const tWalk = performance.now();
    for (let i = 1; i < PAGES && page.continuation; i++) {
      page = await getJson(`${url}${QUERY}&continuation=${encodeURIComponent(page.continuation)}`);
      for (const r of page.requests) {
        if (seen.has(r.id)) throw new Error(`record ${r.id} served twice in the walk`);
        seen.add(r.id);
      }
    }
    const walkMs = Math.round(performance.now() - tWalk);
    const tId = performance.now();
    const one = await getJson(`${url}/requests/v3?id=${first.requests[first.requests.length - 1].id}`);
    const idMs = Math.round(performance.now() - tId);
    if (one.requests.length !== 1) throw new Error(`id lookup found ${one.requests.length} records`);
    await new Promise((r) => setTimeout(r, SETTLE * 1000));
    const settled = rss(child.pid);
    const ok = records > 1_000_000 || (firstMs <= 2000 && atFirst.peak <= 400);
    console.log(
      `${records.toLocaleString('en')} records: listening ${listenMs} ms (server CPU ${listenCpu} ms); first filtered answer with total (${first.total}) ${firstMs} ms after spawn (server CPU ${firstCpu} ms); ` +
        `RSS then ${atFirst.now} MB (peak ${atFirst.peak} MB); ${seen.size} records in ${PAGES} pages ${walkMs} ms; id lookup ${idMs} ms; ` +
        `after ${SETTLE} s of background indexing RSS ${settled.now} MB (peak ${settled.peak} MB)` +
        (records === 1_000_000 ? ` [target: <= 2000 ms and <= 400 MB: ${ok ? 'ok' : 'MISSED'}]` : ' [target: starts and answers: ok]'),
    );
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

console.log(`# mock-server scale benchmark: ${SIZES.join(', ')} records, query ${QUERY}, loadavg ${load()}`);
for (const n of SIZES) await run(n);
console.log(`# loadavg at the end ${load()}`);
