#!/usr/bin/env node
/**
 * Benchmark of the reference server (not a test: prints figures). Starts crosschain-mock with
 * 100,000 records in a child process, measures start-up and RSS, then runs autocannon (loopback,
 * concurrency 10) on GET /requests/v3 with one equality filter and with a three-group `filters`
 * plus includeTotal=true. Finally starts 1,000,000 records and prints start-up time and RSS.
 *
 * Usage: node bench/mock-server/requests-v3.mjs [--records 100000] [--duration 10] [--big 1000000]
 * (build first: pnpm --filter @crosschain/mock-server build)
 */
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { opt, PKG, rssMb, startMock, stopMock } from './lib/mock.mjs';

const autocannon = createRequire(resolve(PKG, 'package.json'))('autocannon');

const RECORDS = opt('records', 100_000);
const DURATION = opt('duration', 10);
const BIG = opt('big', 1_000_000);

async function start(records) {
  const { child, url, startupMs } = await startMock(records);
  // first answer (builds the indexes it needs)
  const t1 = performance.now();
  const r = await fetch(`${url}/requests/v3?status=refund&limit=20`, { headers: { 'x-api-key': 'demo-key' } });
  if (r.status !== 200) throw new Error(`first request answered ${r.status}`);
  await r.arrayBuffer();
  const firstMs = Math.round(performance.now() - t1);
  return { child, url, startupMs, firstMs };
}

function cannon(url, path) {
  return new Promise((res, rej) => {
    autocannon({ url: url + path, connections: 10, duration: DURATION, headers: { 'x-api-key': 'demo-key' } }, (err, result) => (err ? rej(err) : res(result)));
  });
}

const groups = encodeURIComponent(JSON.stringify([{ status: 'refund', originChainId: 8453 }, { currencyInSymbol: 'usdc', 'not:destinationChainId': 1 }, { requestType: 'Call', failReason: null }]));
const cases = [
  ['one equality filter (status=refund)', '/requests/v3?status=refund&limit=20', { p50: 5, p99: 25 }],
  ['three-group filters + includeTotal=true', `/requests/v3?filters=${groups}&includeTotal=true&limit=20`, { p50: 15 }],
];

console.log(`# mock-server benchmark: ${RECORDS} records, concurrency 10, ${DURATION}s per case, ${(await import('node:os')).cpus().length} cores, loadavg ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);
const { child, url, startupMs, firstMs } = await start(RECORDS);
console.log(`start-up: ${startupMs} ms (target <= 3000), first answer ${firstMs} ms, RSS after start ${rssMb(child.pid)} MB`);
await new Promise((r) => setTimeout(r, 1500)); // let the background index warm-up finish
for (const [label, path, target] of cases) {
  const result = await cannon(url, path);
  const lat = result.latency;
  const bad = result.non2xx + result.errors;
  console.log(`${label}: p50 ${lat.p50} ms (target <= ${target.p50}), p99 ${lat.p99} ms${target.p99 ? ` (target <= ${target.p99})` : ''}, ${Math.round(result.requests.average)} req/s, non-2xx+errors ${bad}`);
}
console.log(`RSS after load: ${rssMb(child.pid)} MB (target <= 600)`);
await stopMock(child);

if (BIG > 0) {
  const big = await start(BIG);
  console.log(`${BIG} records: start-up ${big.startupMs} ms, first answer ${big.firstMs} ms, RSS ${rssMb(big.child.pid)} MB`);
  await stopMock(big.child);
}
