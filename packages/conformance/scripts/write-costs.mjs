#!/usr/bin/env node
// Rewrites src/shard/costs.json from reference runs (seed 1, one check at a time). Run after a build:
//   pnpm --filter @crosschain/conformance build && node scripts/write-costs.mjs
// - `checks`: the durationMs of each outcome against the embedded reference server (what --shard
//   balances by, and the loopback part of the start order under --workers).
// - `rounds`: round trips of each check that wait on one another: the reference server at a URL,
//   run once with answers as they come and once with every answer held ROUND_DELAY_MS longer; the
//   difference in a check's duration over that delay. The start order under --workers weighs them
//   by the latency discovery measures, so a check of many sequential round trips (a cursor walk)
//   starts early against a remote target.
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { startMockServer } from '@crosschain/mock-server';
import { createAgentFetch, runConformance } from '../dist/index.js';

const ROUND_DELAY_MS = 40;
const SEED = 1;
const NOW = '2026-10-15T12:00:00Z';
const path = new URL('../src/shard/costs.json', import.meta.url);
const table = JSON.parse(readFileSync(path, 'utf8'));
const sorted = (entries) => Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));

const embedded = await runConformance({ seed: SEED, mockNow: NOW, workers: 1, quiet: true });
const checks = sorted(embedded.outcomes.map((o) => [o.id, Math.max(1, Math.round(o.durationMs))]));

const server = await startMockServer({ port: 0, records: 3000, seed: SEED, now: NOW, quiet: true });
const base = createAgentFetch();
const atUrl = async (delayMs) => {
  const fetch = delayMs === 0 ? base : async (url, init) => {
    const res = await base(url, init);
    await sleep(delayMs);
    return res;
  };
  const result = await runConformance({ baseUrl: server.url, apiKey: server.apiKeys?.demo ?? 'demo-key', otherApiKey: server.apiKeys?.other ?? 'other-key', seed: SEED, workers: 1, fetch, quiet: true });
  return new Map(result.outcomes.map((o) => [o.id, o.durationMs]));
};
let rounds;
try {
  const direct = await atUrl(0);
  const delayed = await atUrl(ROUND_DELAY_MS);
  const measured = new Map([...delayed].map(([id, ms]) => [id, Math.max(0, Math.round((ms - (direct.get(id) ?? 0)) / ROUND_DELAY_MS))]));
  // A check these reference runs do not exercise at a URL (no websocket there, a clock that leaves a
  // dated check nothing to send) keeps the figure the table had: measured in a run that sends its
  // requests, it is what lets such a check start early enough against a remote target.
  const kept = Object.entries(table.rounds ?? {}).filter(([id]) => (measured.get(id) ?? 0) === 0);
  rounds = sorted([...[...measured].filter(([, n]) => n > 0), ...kept]);
} finally {
  base.close();
  await server.close();
}
writeFileSync(
  path,
  `${JSON.stringify(
    {
      ...table,
      description: `Cost of each check in reference runs (seed ${SEED}, --workers 1; 2 cores). checks: milliseconds against the embedded reference server (--mock-now ${NOW}). rounds: sequential round trips, from the same server at a URL with every answer held ${ROUND_DELAY_MS} ms longer. Regenerate with \`node scripts/write-costs.mjs\` after a build.`,
      checks,
      rounds,
    },
    null,
    2,
  )}\n`,
);
console.log(`src/shard/costs.json: ${Object.keys(checks).length} checks, ${Object.keys(rounds).length} with round trips; exit ${embedded.exitCode} of the embedded run`);
