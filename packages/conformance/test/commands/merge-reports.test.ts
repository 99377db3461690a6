/** `merge-reports --require must|should` (issue 27 point 2): the gate of a sharded run, applied to the merged coverage. */
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
  it('a bad value is a usage error naming it', async () => {
    const t = cliIo();
    expect(await main(['merge-reports', 'a', '--report-dir', 'out', '--require', 'all'], t.io)).toBe(2);
    expect(t.err.join('')).toBe('error: merge-reports --require must be must or should, got "all". Example: merge-reports shard-1 shard-2 --report-dir merged --require must\n');
  });
});
