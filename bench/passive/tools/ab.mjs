#!/usr/bin/env node
/**
 * A/B of two builds of the kit's proxy (a tool, not one of `pnpm bench`'s benchmarks: prints figures). Starts one reference server
 * and `crosschain-conformance proxy` from two checkouts (each built), warms both up, then measures
 * them in alternating slices with the lean generator (lib/load.mjs): exchanges per second and the
 * CPU per exchange of each proxy and of the shared server. On a shared two-core machine whose speed
 * drifts by tens of percent within minutes, alternating slices is what makes a 5% change visible;
 * run it a few times.
 *
 * Usage: node bench/passive/tools/ab.mjs --a <checkout> [--b <checkout, default this one>]
 *          [--mode varied|same] [--rounds 6] [--slice 3]
 * e.g.   git worktree add /tmp/base HEAD~1 && (cd /tmp/base && pnpm install --offline && pnpm build)
 *        node bench/passive/tools/ab.mjs --a /tmp/base
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startMock, stopMock } from '../../mock-server/lib/mock.mjs';
import { sideBySide, statusPaths } from '../lib/load.mjs';

const args = process.argv.slice(2);
const arg = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : dflt;
};
const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const A = arg('a', undefined);
const B = resolve(arg('b', HERE));
const MODE = arg('mode', 'varied');
const ROUNDS = Number(arg('rounds', 6));
const SLICE = Number(arg('slice', 3));
if (!A || !['varied', 'same'].includes(MODE) || !(ROUNDS > 0) || !(SLICE > 0)) {
  console.error('usage: node bench/passive/tools/ab.mjs --a <checkout> [--b <checkout>] [--mode varied|same] [--rounds 6] [--slice 3]');
  process.exit(2);
}
const KEY = { 'x-api-key': 'demo-key' };

function startProxy(checkout, upstream) {
  const child = spawn(process.execPath, [resolve(checkout, 'packages/conformance/bin/crosschain-conformance.js'), 'proxy', '--upstream', upstream, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`the proxy of ${checkout} did not start within 60 s`)), 60_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^listening on (http:\/\/\S+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        res({ child, url: m[1] });
      }
    });
    child.once('exit', (code) => rej(new Error(`the proxy of ${checkout} exited with ${code}`)));
  });
}

const mock = await startMock(3000);
const paths = await statusPaths(mock.url, 500, KEY);
const proxies = { A: await startProxy(A, mock.url), B: await startProxy(B, mock.url) };
try {
  const opts = { paths: MODE === 'same' ? [paths[0]] : paths, connections: 8, headers: KEY };
  const r = await sideBySide({ A: { url: proxies.A.url, pid: proxies.A.child.pid }, B: { url: proxies.B.url, pid: proxies.B.child.pid } }, { ...opts, duration: ROUNDS * SLICE }, { rounds: ROUNDS, watch: { server: mock.child.pid } });
  console.log(`# A/B of the proxy, ${MODE} status requests, ${ROUNDS} alternating slices of ${SLICE} s each, loadavg ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  for (const k of ['A', 'B']) {
    const x = r[k];
    const us = (v) => (v === undefined ? '?' : v.toFixed(0));
    console.log(`${k} (${k === 'A' ? A : B}): ${Math.round(x.requests.average)} req/s (non-2xx+errors ${x.non2xx + x.errors}); CPU per exchange: proxy ${us(x.cpuUs)} µs, server ${us(x.watched.server)} µs`);
  }
} finally {
  for (const p of Object.values(proxies)) p.child.kill('SIGINT');
  await stopMock(mock.child);
}
