import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { main } from '../../src/cli.js';
import { resultsSchema } from '../../src/reporters/index.js';
import { COSTS, ROUNDS, assignShards, costOf, expectedMs, shardOf } from '../../src/shard/shard.js';
import { cliIo } from '../cli-io.js';

describe('--shard i/n', () => {
  it('every main-phase check is in exactly one shard, every final-phase check in each; deterministic', () => {
    const shards = [1, 2, 3].map((i) => shardOf(allChecks, `${i}/3`));
    const main = allChecks.filter((c) => c.phase !== 'final').map((c) => c.id);
    const final = allChecks.filter((c) => c.phase === 'final').map((c) => c.id);
    expect(shards.flatMap((s) => s.filter((c) => c.phase !== 'final').map((c) => c.id)).sort()).toEqual([...main].sort());
    for (const s of shards) expect(s.filter((c) => c.phase === 'final').map((c) => c.id)).toEqual(final);
    expect(shardOf(allChecks, '2/3').map((c) => c.id)).toEqual(shards[1]!.map((c) => c.id));
  });

  it('balances by recorded cost: no shard carries more than the mean plus the costliest check', () => {
    const ids = allChecks.filter((c) => c.phase !== 'final').map((c) => c.id);
    const assigned = assignShards(ids, 4);
    const loads = [0, 0, 0, 0];
    for (const [id, s] of assigned) loads[s]! += costOf(id);
    const mean = loads.reduce((a, b) => a + b, 0) / 4;
    expect(Math.max(...loads)).toBeLessThanOrEqual(mean + Math.max(...ids.map((id) => costOf(id))));
  });

  it('the committed cost table covers the registry; a check missing from it costs the median', () => {
    expect(allChecks.filter((c) => COSTS[c.id] === undefined).map((c) => c.id)).toEqual([]);
    expect(costOf('no.such.check', { a: 1, b: 5, c: 9 })).toBe(5);
  });

  it('a malformed --shard is a usage error', async () => {
    const t = cliIo();
    expect(await main(['--shard', '3/2'], t.io)).toBe(2);
    expect(t.err.join('')).toBe('error: --shard must be i/n with 1 <= i <= n, got "3/2". Example: --shard 1/4\n');
  });

  it('end to end: two shards and merge-reports give the outcomes of one unsharded run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-shard-'));
    const common = ['--only', 'currencies-v2', '--mock-records', '300', '--seed', '6', '--num-runs', '3', '--mock-fault', 'currencies-limit-uncapped', '--quiet'];
    const whole = cliIo({}, dir);
    expect(await main([...common, '--report-dir', 'whole'], whole.io)).toBe(1);
    const codes: number[] = [];
    for (const i of [1, 2]) codes.push(await main([...common, '--shard', `${i}/2`, '--report-dir', `shard-${i}`], cliIo({}, dir).io));
    expect(codes.sort()).toEqual([0, 1]);
    const merge = cliIo({}, dir);
    expect(await main(['merge-reports', 'shard-1', 'shard-2', '--report-dir', 'merged'], merge.io)).toBe(1);
    expect(merge.text()).toMatch(/Merged 2 shards/);
    const read = (d: string) => JSON.parse(readFileSync(join(dir, d, 'results.json'), 'utf8')) as { outcomes: Array<{ id: string; status: string }>; totals: Record<string, number>; exitCode: number };
    const merged = read('merged');
    const statuses = (r: ReturnType<typeof read>) => Object.fromEntries(r.outcomes.map((o) => [o.id, o.status]));
    expect(statuses(merged)).toEqual(statuses(read('whole')));
    expect(merged.totals).toEqual(read('whole').totals);
    expect(new Ajv2020({ strict: false }).validate(resultsSchema, merged)).toBe(true);
    for (const f of ['junit.xml', 'summary.md', 'report.html']) expect(readFileSync(join(dir, 'merged', f), 'utf8')).toContain('currencies-v2.limit.max');
  });

  it('merge-reports: a directory without results.json is a usage error', async () => {
    const t = cliIo({}, mkdtempSync(join(tmpdir(), 'conformance-shard-')));
    expect(await main(['merge-reports', 'nowhere', '--report-dir', 'out'], t.io)).toBe(2);
    expect(t.err.join('')).toMatch(/^error: merge-reports cannot read "nowhere\/results.json" \(ENOENT\)/);
  });
});

describe('expected duration at a latency (the start order under --workers)', () => {
  it('adds the round trips times the latency to the recorded cost; a check without round trips is its cost at any latency', () => {
    expect(expectedMs('x', 100, { x: 30 }, { x: 12 })).toBe(30 + 12 * 100);
    expect(expectedMs('y', 100, { y: 30 }, {})).toBe(30);
    expect(expectedMs('x', -5, { x: 30 }, { x: 12 })).toBe(30);
  });

  it('the recorded table counts round trips of real checks, the pagination walks among the longest', () => {
    const ids = new Set(allChecks.map((c) => c.id));
    for (const id of Object.keys(ROUNDS)) expect(ids.has(id), id).toBe(true);
    const walks = Math.max(...['terminates', 'no-duplicates', 'no-gaps'].map((c) => ROUNDS[`requests-v3.pagination.${c}`] ?? 0));
    expect(walks).toBeGreaterThan(5);
  });
});
