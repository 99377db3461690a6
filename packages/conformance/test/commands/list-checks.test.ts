import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { main } from '../../src/cli.js';
import { listChecks } from '../../src/commands/list-checks.js';
import { cliIo } from '../cli-io.js';

describe('--list-checks', () => {
  it('lists id, family, level and clauses of every selected check, and exits 0 without running', async () => {
    const t = cliIo();
    expect(await main(['--list-checks', '--only', 'currencies-v2.limit'], t.io)).toBe(0);
    const lines = t.out.join('').trimEnd().split('\n');
    expect(lines[0]).toBe('id\tfamily\tlevel\tclauses');
    const ids = allChecks.filter((c) => c.id.startsWith('currencies-v2.limit.'));
    expect(lines.slice(1, -1).map((l) => l.split('\t')[0])).toEqual(ids.map((c) => c.id));
    // Tab-separated, never padded: every field is exactly its value.
    for (const l of lines.slice(0, -1)) expect(l.split('\t').every((v) => v === v.trim() && v !== '')).toBe(true);
    expect(lines[1]!.split('\t')).toEqual([ids[0]!.id, ids[0]!.family, expect.stringMatching(/^(MUST|SHOULD)$/), ids[0]!.clauses.join(',')]);
    expect(lines.at(-1)).toBe(`${ids.length} checks`);
  });

  it('follows --skip and --shard; an unknown pattern exits 2', async () => {
    expect(listChecks({ only: [], skip: ['requests-v2'], shard: undefined })).not.toMatch(/^requests-v2\./m);
    const t = cliIo();
    expect(await main(['--list-checks', '--skip', 'nothing-like-this'], t.io)).toBe(2);
  });
});
