#!/usr/bin/env node
// Rewrites src/shard/costs.json (the cost table --shard balances by) from one reference run against
// the embedded reference server: the durationMs of each outcome. Run after a build:
//   pnpm --filter @crosschain/conformance build && node scripts/write-costs.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { runConformance } from '../dist/index.js';

const path = new URL('../src/shard/costs.json', import.meta.url);
const table = JSON.parse(readFileSync(path, 'utf8'));
const result = await runConformance({ seed: 1, mockNow: '2026-10-15T12:00:00Z', workers: 1 });
const checks = Object.fromEntries(result.outcomes.map((o) => [o.id, Math.max(1, Math.round(o.durationMs))]).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(path, `${JSON.stringify({ ...table, checks }, null, 2)}\n`);
console.log(`src/shard/costs.json: ${Object.keys(checks).length} checks, exit ${result.exitCode} of the reference run`);
