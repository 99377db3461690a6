/**
 * A full run against a remote server: the default run (kit seed 9, reference server with
 * 3,000 records, seed 9, fixed clock) against the reference server over loopback, then behind a
 * loopback proxy that delays every response by 100 ms; each as the kit's own child process, with
 * requests, wall time, the kit's CPU time, and wall time over requests / --max-rps (targets: at
 * most 560 requests, and at most 12 s 100 ms away; within 1.2x). Then requests per finding: the default
 * embedded run against a subset of the fault catalogue (BENCH_FAULTS, comma list, or `all`),
 * faults caught (a check failed) over requests sent. Prints; never fails on a missed target.
 * BENCH_WORKERS sets --workers for the two remote runs (default: the kit's own, auto).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest, createServer, Agent } from 'node:http';
import { connect } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MOCK_NOW, figure } from './lib/support.mjs';

const SEED = 9;
const RECORDS = 3000;
const DELAY_MS = 100;
const MAX_RPS = 50;
const mockBin = fileURLToPath(new URL('../../packages/mock-server/bin/crosschain-mock.js', import.meta.url));
const kitRun = fileURLToPath(new URL('./lib/kit-run.mjs', import.meta.url));
/** One or two faults per family of checks: auth, limits, sort, filters, totals, pagination, records, v2, currencies, intents, general. */
const SUBSET = [
  'v3-no-auth',
  'v3-limit-uncapped',
  'v3-default-sort-asc',
  'v3-groups-anded',
  'v3-amountusd-range-ignored',
  'v3-total-page-count',
  'v3-page-gap',
  'v3-failreason-na',
  'v2-deprecation-header-format',
  'currencies-limit-uncapped',
  'intents-status-refund-as-failure',
  'server-error-on-bad-input',
];

/** Runs a child process to its end; resolves to its stdout. */
function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

async function kit(options) {
  const out = await run([kitRun, JSON.stringify(options)]);
  return JSON.parse(out.trim().split('\n').pop());
}

/** The reference server in a child process; resolves to `{ url, close }`. */
function startMock() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [mockBin, '--port', '0', '--records', String(RECORDS), '--seed', String(SEED), '--now', MOCK_NOW, '--advance-every', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let buf = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`crosschain-mock exited ${code} before listening`)));
    child.stdout.on('data', (d) => {
      buf += d;
      const m = /listening on (http:\/\/\S+)/.exec(buf);
      if (m) resolve({ url: m[1], close: () => child.kill() });
    });
  });
}

/** A loopback proxy to `upstream` that holds every response `delayMs` before answering. */
function startDelayingProxy(upstream, delayMs) {
  const agent = new Agent({ keepAlive: true });
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const send = (retry) => {
        const up = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host }, agent }, (upRes) => {
          const body = [];
          upRes.on('data', (c) => body.push(c));
          upRes.on('end', () =>
            setTimeout(() => {
              res.writeHead(upRes.statusCode ?? 502, upRes.headers);
              res.end(Buffer.concat(body));
            }, delayMs),
          );
        });
        up.on('error', (err) => {
          // A pooled connection the server closed as idle (its 5 s keep-alive timeout) just as the
          // proxy reused it: the proxy's own race, not the server's answer; asked again once on a
          // fresh connection (under load this turned one request in a few hundred into a 502).
          if (retry && up.reusedSocket && err.code === 'ECONNRESET') return send(false);
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: `proxy: ${err.message}` }));
        });
        up.end(Buffer.concat(chunks));
      };
      send(true);
    });
  });
  // Websocket upgrades (the events stream) are passed through as raw bytes, delayed once at the
  // handshake: without them the events checks would see a target with no stream.
  const tunnels = new Set();
  server.on('upgrade', (req, socket, head) => {
    const up = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i].toLowerCase() === 'host' ? target.host : req.rawHeaders[i + 1]}`);
      setTimeout(() => {
        up.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) up.write(head);
        up.pipe(socket);
        socket.pipe(up);
      }, delayMs);
    });
    tunnels.add(up);
    const end = () => (up.destroy(), socket.destroy(), tunnels.delete(up));
    up.on('error', end);
    socket.on('error', end);
    up.on('close', end);
    socket.on('close', end);
  });
  const close = () => {
    for (const t of tunnels) t.destroy();
    server.close();
    server.closeAllConnections();
    agent.destroy();
  };
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, close })));
}

function report(label, r) {
  const floor = r.requests / MAX_RPS;
  console.log(`${label}: exit ${r.exitCode}; ${r.totals.pass} pass, ${r.totals.fail} fail, ${r.totals.warn} warn, ${r.totals.skip} skip, ${r.totals.error} error${r.failed.length ? `; failed: ${r.failed.join(', ')}` : ''}`);
  figure('requests', r.requests, 'requests');
  figure('wall time', r.wallMs / 1000, 's');
  figure('kit CPU time', r.cpuMs / 1000, 's', { op: '<=', limit: 3.4 });
  figure(`wall / (requests / ${MAX_RPS} rps)`, r.wallMs / 1000 / floor, 'x', { op: '<=', limit: 1.2 });
}

console.log(`remote run: kit seed ${SEED}, reference server ${RECORDS} records seed ${SEED} clock ${MOCK_NOW}, --max-rps ${MAX_RPS}; load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`);
const mock = await startMock();
const proxy = await startDelayingProxy(mock.url, DELAY_MS);
try {
  const target = { apiKey: 'demo-key', otherApiKey: 'other-key', seed: SEED, ...(process.env.BENCH_WORKERS ? { workers: process.env.BENCH_WORKERS === 'auto' ? 'auto' : Number(process.env.BENCH_WORKERS) } : {}) };
  const direct = await kit({ ...target, baseUrl: mock.url });
  report('direct (loopback)', direct);
  figure('  requests', direct.requests, 'requests', { op: '<=', limit: 560 });
  const delayed = await kit({ ...target, baseUrl: proxy.url });
  report(`behind a ${DELAY_MS} ms proxy`, delayed);
  figure('  wall time 100 ms away', delayed.wallMs / 1000, 's', { op: '<=', limit: 12 });
  console.log(`  load average now ${loadavg()[0].toFixed(1)}`);
} finally {
  proxy.close();
  mock.close();
}

/**
 * The self-test's fault map: which checks must fail for each fault, and the run options some need
 * (e.g. --strict for the SHOULD-level events faults, a low v2 quota for the 429 fault).
 */
const faultMap = JSON.parse(readFileSync(fileURLToPath(new URL('../../packages/conformance/test/fixtures/fault-map.json', import.meta.url)), 'utf8')).faults;
const faults = process.env.BENCH_FAULTS === 'all' ? Object.keys(faultMap) : (process.env.BENCH_FAULTS?.split(',') ?? SUBSET);
console.log(`requests per finding: the default embedded run (seed ${SEED}, ${RECORDS} records, mock seed ${SEED}, with the fault map's options) against ${faults.length} faults${process.env.BENCH_FAULTS ? '' : ' (a subset, one or two per family; BENCH_FAULTS=all for the whole catalogue)'}; caught = a check the fault map names failed`);
let sent = 0;
let caught = 0;
for (const fault of faults) {
  const entry = faultMap[fault] ?? { checks: [] };
  const r = await kit({ seed: SEED, mockSeed: SEED, mockRecords: RECORDS, mockNow: MOCK_NOW, ...(entry.options ?? {}), mockFaults: [fault] });
  sent += r.requests;
  const hit = entry.checks.some((id) => r.failed.includes(id));
  if (hit) caught += 1;
  console.log(`  ${fault.padEnd(36)} ${hit ? 'caught' : 'MISSED'}  ${String(r.requests).padStart(5)} requests  ${(r.wallMs / 1000).toFixed(1).padStart(5)} s  ${r.failed.slice(0, 3).join(', ')}${r.failed.length > 3 ? ', …' : ''}`);
}
figure('faults caught', caught, `of ${faults.length}`);
figure('requests sent', sent, 'requests');
figure('requests per finding', caught ? sent / caught : Infinity, 'requests');
