#!/usr/bin/env node
/**
 * Benchmark of the reference server's high-cardinality indexes at scale (not a test: prints
 * figures; 1,000,000 records must start and answer, equality filters use indexes).
 * Starts crosschain-mock with 1,000,000 records, asks at once for a `term` (a wallet: nine
 * indexes, GET /requests/v3 Search category) before the background warm-up reaches them, then a
 * second `term` (a request id), waits until every index is built and prints RSS.
 *
 * Usage: node bench/mock-server/term-big.mjs [--records 1000000] [--settle 25]
 * (build first: pnpm --filter @crosschain/mock-server build)
 */
import { loadavg } from 'node:os';
import { opt, rssMb, startMock, stopMock } from './lib/mock.mjs';

const RECORDS = opt('records', 1_000_000);
const SETTLE = opt('settle', 25);

console.log(`# mock-server term benchmark: ${RECORDS} records, loadavg ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
const { child, url, startupMs } = await startMock(RECORDS);
console.log(`start-up: ${startupMs} ms, RSS ${rssMb(child.pid)} MB`);

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
await stopMock(child);
