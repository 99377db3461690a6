/** `merge-reports --require must|should`: the gate of a sharded run, applied to the merged coverage. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { renderJson } from '../../src/reporters/json.js';
import { outcome, runResult } from '../reporters/fixtures.js';
import { cliIo } from '../cli-io.js';

/** One unsharded results.json whose MUST clause `c.b` no check judged (its check found no data). */
function writeShard(dir: string): void {
  const result = runResult([outcome({ id: 'f.a', status: 'pass', clauses: ['c.a'] }), outcome({ id: 'f.b', status: 'skip', reason: 'the discovery window holds no refunds', clauses: ['c.b'] })]);
  result.clauses = [
    { id: 'c.a', level: 'MUST', kind: 'clause', checks: [{ id: 'f.a', status: 'pass' }], coverage: { state: 'pass' } },
    { id: 'c.b', level: 'MUST', kind: 'clause', checks: [{ id: 'f.b', status: 'skip' }], coverage: { state: 'unjudged', reason: 'no-data', detail: 'f.b: the discovery window holds no refunds' } },
  ];
  mkdirSync(join(dir, 'shard'), { recursive: true });
  writeFileSync(join(dir, 'shard', 'results.json'), renderJson(result));
}

describe('merge-reports --require', () => {
  it('without it the merged run passes; with it, a MUST clause left unjudged makes it inconclusive (exit 5), named', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-merge-require-'));
    writeShard(dir);
    expect(await main(['merge-reports', 'shard', '--report-dir', 'plain'], cliIo({}, dir).io)).toBe(0);
    const gated = cliIo({}, dir);
    expect(await main(['merge-reports', 'shard', '--report-dir', 'gated', '--require', 'must'], gated.io)).toBe(5);
    expect(gated.text()).toMatch(/Result: +INCONCLUSIVE \(exit 5\): --require must: 1 MUST clause not judged: c\.b \(the target's data did not exercise it\)/);
    const merged = JSON.parse(readFileSync(join(dir, 'gated', 'results.json'), 'utf8')) as { exitCode: number; completeness: unknown };
    expect(merged.exitCode).toBe(5);
    expect(merged.completeness).toEqual({ unjudged: { require: 'must', clauses: ['c.b'] } });
  });
  it("a clause left unjudged because the target's data did not move says what would judge it, from the outcome's typed cause (not its text)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-merge-static-'));
    // Shard 1 ran the after-change check, which found no changed request; shard 2 ran the other check.
    const changed = outcome({ id: 'f.changed', status: 'skip', cause: 'static-data', reason: 'nothing to compare', clauses: ['c.changed'] });
    const other = outcome({ id: 'f.a', status: 'pass', clauses: ['c.a'] });
    const clauses = (ran: 'f.changed' | 'f.a') => [
      { id: 'c.a', level: 'MUST' as const, kind: 'clause', checks: [{ id: 'f.a', status: 'pass' as const }], coverage: ran === 'f.a' ? { state: 'pass' as const } : { state: 'unjudged' as const, reason: 'other-shard' as const, detail: 'f.a' } },
      { id: 'c.changed', level: 'MUST' as const, kind: 'clause', checks: [{ id: 'f.changed', status: 'skip' as const }], coverage: ran === 'f.changed' ? { state: 'unjudged' as const, reason: 'static-data' as const, detail: 'f.changed: nothing to compare' } : { state: 'unjudged' as const, reason: 'other-shard' as const, detail: 'f.changed' } },
    ];
    for (const [i, o] of [[1, changed], [2, other]] as const) {
      const result = runResult([o]);
      result.config = { ...result.config, shard: `${i}/2` };
      result.clauses = clauses(o.id as 'f.changed' | 'f.a');
      mkdirSync(join(dir, `shard-${i}`), { recursive: true });
      writeFileSync(join(dir, `shard-${i}`, 'results.json'), renderJson(result));
    }
    const t = cliIo({}, dir);
    expect(await main(['merge-reports', 'shard-1', 'shard-2', '--report-dir', 'merged', '--require', 'must'], t.io)).toBe(5);
    expect(t.text()).toMatch(/--require must: 1 MUST clause not judged: c\.changed \(the target's data did not move during the run \(no request changed while the kit watched\): judge it against a target whose requests move, as the live service's do \(crosschain-mock moves them unless started with --advance-every 0\)\)/);
    const merged = JSON.parse(readFileSync(join(dir, 'merged', 'results.json'), 'utf8')) as { clauses: Array<{ id: string; coverage?: { reason?: string } }>; outcomes: Array<{ id: string; cause?: string }> };
    expect(merged.clauses.find((c) => c.id === 'c.changed')?.coverage?.reason).toBe('static-data');
    expect(merged.outcomes.find((o) => o.id === 'f.changed')?.cause).toBe('static-data');
  });
  it('a bad value is a usage error naming it', async () => {
    const t = cliIo();
    expect(await main(['merge-reports', 'a', '--report-dir', 'out', '--require', 'all'], t.io)).toBe(2);
    expect(t.err.join('')).toBe('error: merge-reports --require must be must or should, got "all". Example: merge-reports shard-1 shard-2 --report-dir merged --require must\n');
  });
});
