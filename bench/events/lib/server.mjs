/**
 * Child process of bench/events/stream.mjs (a library, not a benchmark: run-all runs only
 * `bench/<area>/*.mjs`): starts the reference server with webhooks to the parent's receiver,
 * inserts a pool of new requests, and on `start` moves them one lifecycle step at a time at the
 * requested rate (round robin, skipping the ones that reached a terminal status).
 *
 * IPC: -> { type: 'ready', wsUrl, ids }; <- { type: 'start', rate }; <- { type: 'stop' } ->
 * { type: 'stats', changes, webhooks }; <- { type: 'exit' }.
 */
import { startMockServer } from '../../../packages/mock-server/dist/index.js';

const [receiverUrl, poolArg] = process.argv.slice(2);
const server = await startMockServer({
  records: 3000,
  seed: 1,
  quiet: true,
  webhooks: { 'demo-key': receiverUrl, 'demo-unnamed-key': receiverUrl, 'other-key': receiverUrl },
  webhookBackoffMs: 100,
});
let open = server.arrive(Number(poolArg));
process.send({ type: 'ready', wsUrl: server.wsUrl, ids: open });

let changes = 0;
let timer;
process.on('message', async (msg) => {
  if (msg.type === 'start') {
    const t0 = performance.now();
    let next = 0;
    timer = setInterval(() => {
      const due = Math.floor(((performance.now() - t0) / 1000) * msg.rate);
      while (changes < due && open.length > 0) {
        const id = open[next % open.length];
        const moved = server.advance(id);
        if (moved.length === 0) open = open.filter((x) => x !== id);
        else {
          changes++;
          next++;
        }
      }
    }, 5);
  } else if (msg.type === 'stop') {
    clearInterval(timer);
    for (let i = 0; i < 600 && server.webhookStats().pending > 0; i++) await new Promise((r) => setTimeout(r, 50));
    process.send({ type: 'stats', changes, left: open.length, webhooks: server.webhookStats() });
  } else if (msg.type === 'exit') {
    await server.close();
    process.exit(0);
  }
});
