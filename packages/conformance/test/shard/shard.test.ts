import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schemaAjv } from '../support/ajv.js';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { main } from '../../src/cli.js';
import { familySummaries, resultsSchema } from '../../src/reporters/index.js';
import { MERGED_TIMES } from '../../src/reporters/summary.js';
import * as mergeModule from '../../src/shard/merge.js';
import { verifyShards } from '../../src/shard/merge.js';
import { COSTS, ROUNDS, assignShards, costOf, expectedMs, shardOf } from '../../src/shard/shard.js';
import type { RunResult } from '../../src/contract/types.js';
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
    expect(allChecks.filter((c) => COSTS[c.id] === undefined && c.oracleOnly !== true).map((c) => c.id)).toEqual([]);
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
    expect(schemaAjv().validate(resultsSchema, merged)).toBe(true);
    for (const f of ['junit.xml', 'summary.md', 'report.html']) expect(readFileSync(join(dir, 'merged', f), 'utf8')).toContain('currencies-v2.limit.max');

    // Not one whole run: a usage error (exit 2) naming what is missing, doubled or different, never PASSED.
    expect(await main([...common.map((a) => (a === '6' ? '7' : a)), '--shard', '2/2', '--report-dir', 'other-seed'], cliIo({}, dir).io)).toBeLessThan(2);
    const refused = async (dirs: string[], message: RegExp) => {
      const t = cliIo({}, dir);
      expect(await main(['merge-reports', ...dirs, '--report-dir', 'refused'], t.io)).toBe(2);
      expect(t.err.join('')).toMatch(message);
      expect(t.out.join('')).not.toMatch(/PASSED|Merged/);
    };
    await refused(['shard-1'], /^error: merge-reports needs each shard of the run once: missing shard 2\/2\./);
    await refused(['shard-1', 'shard-1'], /missing shard 2\/2; doubled shard 1\/2 \(shard-1, shard-1\)/);
    await refused(['shard-1', 'other-seed'], /^error: merge-reports got results of different runs \(seed differs: shard-1: 6; other-seed: 7\)/);
    await refused(['whole', 'shard-1', 'shard-2'], /different runs \(shard count differs: whole: unsharded; shard-1, shard-2: 2\)/);
  });

  it('merged family times are wall time (the shards side by side), never the sum of the shards, and the reports say so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-shard-'));
    const common = ['--only', 'currencies-v2,requests-v3.paging', '--mock-records', '300', '--seed', '6', '--num-runs', '3', '--workers', '8', '--quiet'];
    for (const i of [1, 2]) expect(await main([...common, '--shard', `${i}/2`, '--report-dir', `shard-${i}`], cliIo({}, dir).io)).toBe(0);
    const merge = cliIo({}, dir);
    expect(await main(['merge-reports', 'shard-1', 'shard-2', '--report-dir', 'merged'], merge.io)).toBe(0);
    const read = (d: string) => JSON.parse(readFileSync(join(dir, d, 'results.json'), 'utf8')) as RunResult;
    const shards = [read('shard-1'), read('shard-2')];
    const merged = read('merged');
    const longest = Math.max(...shards.map((r) => r.durationMs));
    expect(merged.durationMs).toBe(longest);
    const families = familySummaries(merged.outcomes);
    expect(families.length).toBeGreaterThan(1);
    // The sum of the checks' times exceeds the run (checks run side by side); the family's time does not.
    const summed = merged.outcomes.reduce((n, o) => n + o.durationMs, 0);
    expect(summed).toBeGreaterThan(longest);
    for (const f of families) {
      expect(f.durationMs).toBeGreaterThan(0);
      expect(f.durationMs).toBeLessThanOrEqual(longest);
      // At least the longest span of the family in any one shard.
      for (const r of shards) expect(f.durationMs).toBeGreaterThanOrEqual(familySummaries(r.outcomes).find((g) => g.family === f.family)?.durationMs ?? 0);
    }
    expect(merge.text()).toContain(`2 shards merged: ${MERGED_TIMES}`);
    expect(readFileSync(join(dir, 'merged', 'summary.md'), 'utf8')).toContain('2 shards merged: family times are wall time');
  });

  it('merge-reports: results of different targets are refused (the embedded server\'s port is not its identity)', () => {
    const result = (baseUrl: string, embedded: boolean, mockFaults: string[] = []) =>
      ({ spec: { hash: 'h' }, seed: 1, target: { baseUrl, embedded }, config: { shard: '1/1', mockFaults }, outcomes: [], clauses: [] }) as unknown as RunResult;
    expect(() => verifyShards([result('http://127.0.0.1:1', true), result('http://127.0.0.1:2', true)].map((r, i) => ({ ...r, config: { ...r.config, shard: `${i + 1}/2` } })))).not.toThrow();
    expect(() => verifyShards([result('https://a.example', false), { ...result('https://b.example', false), config: { shard: '2/2' } }].map((r, i) => ({ ...r, config: { ...r.config, shard: `${i + 1}/2` } })))).toThrow(/target differs: #1: https:\/\/a.example; #2: https:\/\/b.example/);
    expect(() => verifyShards([result('http://x', true), result('http://x', true, ['f'])].map((r, i) => ({ ...r, config: { ...r.config, shard: `${i + 1}/2` } })))).toThrow(/target differs: .*faults none.*faults f/);
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

describe('merge-reports reads causes, never prose', () => {
  const shard = (i: number, outcome: Partial<RunResult['outcomes'][number]>, extra: Partial<RunResult> = {}): RunResult => ({
    kit: { name: 'k', version: '0' },
    spec: { hash: 'h' },
    startedAt: '2026-11-10T00:00:00.000Z',
    finishedAt: '2026-11-10T00:00:01.000Z',
    durationMs: 1000,
    config: { shard: `${i}/2` },
    seed: 1,
    target: { baseUrl: 'http://t', embedded: false },
    outcomes: [{ id: `a.${i}`, family: 'a', title: 't', operation: 'o', clauses: [], level: 'MUST', status: 'pass', durationMs: 1, seed: 1, replay: 'r', requests: 1, ...outcome }],
    totals: { pass: 0, fail: 0, warn: 0, known: 0, skip: 0, disabled: 0, error: 0 },
    requests: 1,
    exitCode: 0,
    clauses: [],
    ...extra,
  });
  const { mergeResults } = mergeModule;

  it('a skip whose cause is budget makes the merged run inconclusive whatever its text says', () => {
    const merged = mergeResults([shard(1, {}), shard(2, { status: 'skip', cause: 'budget', reason: 'ran out of time' }, { exitCode: 0 })]);
    expect(merged.exitCode).toBe(5);
  });

  it('text that looks like a cause decides nothing; a stalled cause fails the merged run', () => {
    expect(mergeResults([shard(1, {}), shard(2, { status: 'skip', reason: 'stalled: budget: inconclusive: prose' })]).exitCode).toBe(0);
    expect(mergeResults([shard(1, {}), shard(2, { status: 'skip', cause: 'stalled', reason: 'went quiet' })]).exitCode).toBe(1);
  });

  it("keeps the stop's cause of the shard that gave the merged exit code", () => {
    const merged = mergeResults([
      shard(1, { status: 'skip', cause: 'not-json', reason: 'html' }, { exitCode: 2, aborted: 'html came back', abortCause: 'not-json' }),
      shard(2, {}),
    ]);
    expect(merged.exitCode).toBe(2);
    expect(merged.abortCause).toBe('not-json');
  });
});
