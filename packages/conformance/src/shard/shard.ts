/**
 * Sharding (`--shard i/n`): the selected checks are split into n shards,
 * deterministically and balanced by their recorded cost (costs.json, milliseconds per check from a
 * reference run against the embedded server; a check missing from it costs the table's median).
 * Checks of the `final` phase read every exchange of their run (e.g. the schema checks), so every
 * shard runs them; merge-reports keeps the worst of their outcomes. The CI's matrix spreads the
 * shards over machines; the kit only splits and merges.
 */
import costTable from './costs.json' with { type: 'json' };
import type { CheckDefinition } from '../contract/types.js';

/** Recorded cost per check id (ms of a reference run). */
export const COSTS: Readonly<Record<string, number>> = (costTable as { checks: Record<string, number> }).checks;

/**
 * Round trips per check id that wait on one another (costs.json `rounds`: how much longer the check
 * took when every answer came later, over that delay). What a check costs against a remote target
 * is about its round trips times the target's latency, not the milliseconds it took on loopback.
 */
export const ROUNDS: Readonly<Record<string, number>> = (costTable as { rounds?: Record<string, number> }).rounds ?? {};

/**
 * A check's expected time (ms) against a target `latencyMs` away: its recorded cost plus its
 * sequential round trips times that latency. The start order under --workers (the longest first).
 */
export function expectedMs(id: string, latencyMs: number, costs: Readonly<Record<string, number>> = COSTS, rounds: Readonly<Record<string, number>> = ROUNDS): number {
  return costOf(id, costs) + (rounds[id] ?? 0) * Math.max(0, latencyMs);
}

/** A parsed `--shard i/n` (1-based index). */
export interface ShardSpec {
  index: number;
  count: number;
}

/** Parses `i/n` (validated by the config: 1 <= i <= n). */
export function parseShard(text: string): ShardSpec {
  const [i, n] = text.split('/').map(Number);
  return { index: i!, count: n! };
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 1;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The cost of each check: its recorded cost, else the median of the table. */
export function costOf(id: string, costs: Readonly<Record<string, number>> = COSTS): number {
  return costs[id] ?? median(Object.values(costs));
}

/**
 * Assigns each main-phase check to a shard: longest first (ties by id), each to the least loaded
 * shard (ties to the lowest index). Returns shard index (0-based) by check id.
 */
export function assignShards(ids: readonly string[], count: number, costs: Readonly<Record<string, number>> = COSTS): Map<string, number> {
  const loads = new Array<number>(count).fill(0);
  const order = [...ids].sort((a, b) => costOf(b, costs) - costOf(a, costs) || (a < b ? -1 : a > b ? 1 : 0));
  const out = new Map<string, number>();
  for (const id of order) {
    let best = 0;
    for (let s = 1; s < count; s += 1) if (loads[s]! < loads[best]!) best = s;
    loads[best]! += costOf(id, costs);
    out.set(id, best);
  }
  return out;
}

/** The checks of one shard, in their original order; every `final`-phase check is in every shard. */
export function shardOf<T extends CheckDefinition>(checks: readonly T[], shard: string | undefined, costs: Readonly<Record<string, number>> = COSTS): T[] {
  if (shard === undefined) return [...checks];
  const { index, count } = parseShard(shard);
  const assigned = assignShards(checks.filter((c) => c.phase !== 'final').map((c) => c.id), count, costs);
  return checks.filter((c) => c.phase === 'final' || assigned.get(c.id) === index - 1);
}
