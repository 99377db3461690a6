#!/usr/bin/env node
/**
 * Benchmark of the reference server's events (not a test: prints figures). The server
 * runs in a child process (bench/events/lib/server.mjs). This process opens `--sockets` websockets
 * with `--subs` subscriptions each to a pool of new requests, runs a local webhook receiver
 * registered for the server's active keys, and lets the server move `--rate` requests per second
 * for `--duration` seconds. Prints: push latency p50/p99 from the change (the pushed `updatedAt`)
 * to this process, pushes received, webhook deliveries (received, signature-valid, lost), and the
 * server's RSS sampled every 5 s.
 *
 * Usage: node bench/events/stream.mjs [--sockets 1000] [--subs 10] [--rate 100] [--duration 60]
 * (build first: pnpm --filter @crosschain/mock-server --filter @crosschain/types build)
 * Targets: p50 <= 5 ms, p99 <= 50 ms; no webhook lost; RSS flat.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { opt, PKG, rssMb } from '../mock-server/lib/mock.mjs';
import { verifyWebhookSignature } from '../../packages/types/dist/index.js';

const WebSocket = createRequire(resolve(PKG, 'package.json'))('ws');
const SOCKETS = opt('sockets', 1000);
const SUBS = opt('subs', 10);
const RATE = opt('rate', 100);
const DURATION = opt('duration', 60);
const POOL = Math.max(100, Math.ceil((RATE * DURATION) / 2.5));
const KEYS = ['demo-key', 'demo-unnamed-key', 'other-key'];

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

// Webhook receiver: counts deliveries and checks their signatures against the registered keys.
const hooks = { received: 0, valid: 0, bodies: new Set() };
const receiver = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    hooks.received++;
    if (KEYS.some((k) => verifyWebhookSignature(raw, req.headers, k).valid)) hooks.valid++;
    hooks.bodies.add(raw.toString('utf8'));
    res.writeHead(200).end();
  });
});
await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
const receiverUrl = `http://127.0.0.1:${receiver.address().port}/hook`;

const child = fork(resolve(dirname(fileURLToPath(import.meta.url)), 'lib/server.mjs'), [receiverUrl, String(POOL)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const fromChild = (type) => new Promise((r) => child.on('message', function on(m) {
  if (m.type === type) {
    child.off('message', on);
    r(m);
  }
}));
const { wsUrl, ids } = await fromChild('ready');
console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} (2 cores shared: figures are noisy); ${SOCKETS} sockets x ${SUBS} subscriptions over ${ids.length} requests, ${RATE} changes/s for ${DURATION} s`);

// Sockets: open in batches, wait for ready, subscribe, wait for the acks.
const latencies = [];
let pushes = 0;
const sockets = [];
let k = 0;
for (let b = 0; b < SOCKETS; b += 100) {
  await Promise.all(Array.from({ length: Math.min(100, SOCKETS - b) }, () => new Promise((resolveSocket, reject) => {
    const ws = new WebSocket(`${wsUrl}?apiKey=demo-key`);
    let acks = 0;
    ws.on('error', reject);
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString());
      if (m.type === 'connection') {
        for (let s = 0; s < SUBS; s++) ws.send(JSON.stringify({ type: 'subscribe', event: 'request.status.updated', filters: { id: ids[k++ % ids.length] } }));
      } else if (m.type === 'subscribe' && ++acks === SUBS) resolveSocket();
      else if (m.event) {
        pushes++;
        latencies.push(Date.now() - m.data.updatedAt);
      }
    });
    sockets.push(ws);
  })));
}
console.log(`${sockets.length} sockets subscribed; server RSS ${rssMb(child.pid)} MB`);

const rss = [];
const sampler = setInterval(() => rss.push(rssMb(child.pid)), 5000);
child.send({ type: 'start', rate: RATE });
await new Promise((r) => setTimeout(r, DURATION * 1000));
child.send({ type: 'stop' });
const stats = await fromChild('stats');
clearInterval(sampler);
await new Promise((r) => setTimeout(r, 500));

latencies.sort((a, b) => a - b);
console.log(`changes: ${stats.changes} (${(stats.changes / DURATION).toFixed(1)}/s); pushes received: ${pushes}`);
console.log(`push latency (change -> client, ms): p50 ${pct(latencies, 50)}, p99 ${pct(latencies, 99)}, max ${latencies.at(-1)}  [targets p50 <= 5, p99 <= 50]`);
const lost = stats.webhooks.failed + stats.webhooks.dropped + stats.webhooks.pending;
console.log(`webhooks: server delivered ${stats.webhooks.delivered}, receiver got ${hooks.received} (${hooks.bodies.size} distinct, ${hooks.valid} with a valid signature); failed ${stats.webhooks.failed}, dropped ${stats.webhooks.dropped}, still pending ${stats.webhooks.pending} => lost ${lost}`);
console.log(`server RSS every 5 s (MB): ${rss.join(' ')}`);

for (const ws of sockets) ws.terminate();
child.send({ type: 'exit' });
await new Promise((r) => child.once('exit', r));
receiver.close();
if (lost > 0 || hooks.valid !== hooks.received) process.exitCode = 1;
