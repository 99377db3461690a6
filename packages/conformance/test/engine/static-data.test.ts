/**
 * A target whose requests never move leaves the after-change clauses unjudged; every report then
 * says what would judge them (a target whose requests move), from the check's typed cause
 * `static-data`. The same check judges them against a reference server whose requests move.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockServer } from '@crosschain/mock-server';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { REASON_TEXT } from '../../src/engine/coverage.js';
import { cliIo } from '../cli-io.js';

// The clauses' checks: the after-change check and the ranges and term of changed requests.
const CHECK = 'requests-v3.changed.new-values';
const CLAUSES = ['requests-v3.filter.after-change', 'requests-v3.sort.updated-at-after-change', 'requests-v3.record.updated-at-after-change'];
const NOW = '2026-12-01T12:00:00Z';

interface Results {
  outcomes: Array<{ id: string; status: string; cause?: string }>;
  clauses: Array<{ id: string; coverage?: { state: string; reason?: string } }>;
}

async function runAgainst(advanceEveryMs: number | undefined): Promise<{ code: number; results: Results; html: string }> {
  const server = await startMockServer({ records: 300, seed: 5, now: NOW, quiet: true, ...(advanceEveryMs !== undefined ? { advanceEveryMs } : {}) });
  const dir = mkdtempSync(join(tmpdir(), 'conformance-static-data-'));
  try {
    const t = cliIo({ CONFORMANCE_API_KEY: server.apiKeys.demo, CONFORMANCE_OTHER_API_KEY: server.apiKeys.other }, dir);
    const code = await main(['--base-url', server.url, '--only', 'requests-v3.changed.*', '--seed', '3', '--quiet', '--report-dir', 'r'], t.io);
    const read = (f: string) => readFileSync(join(dir, 'r', f), 'utf8');
    return { code, results: JSON.parse(read('results.json')) as Results, html: read('report.html') };
  } finally {
    await server.close();
  }
}

describe('after-change clauses and the movement of the target data', () => {
  it('frozen data: the check skips with cause static-data, and the reports say what would judge its clauses', async () => {
    const { code, results, html } = await runAgainst(undefined);
    expect(code).toBe(0);
    expect(results.outcomes.find((o) => o.id === CHECK)).toMatchObject({ status: 'skip', cause: 'static-data' });
    for (const id of CLAUSES) expect(results.clauses.find((c) => c.id === id)?.coverage, id).toMatchObject({ state: 'unjudged', reason: 'static-data' });
    expect(html).toContain(REASON_TEXT['static-data'].replace(/'/g, '&#39;'));
    expect(REASON_TEXT['static-data']).toContain('--advance-every 0');
  }, 60_000);

  it('moving data (one step a second, the standalone server\'s default): the same check judges the three clauses', async () => {
    const { code, results } = await runAgainst(1000);
    expect(code).toBe(0);
    expect(results.outcomes.find((o) => o.id === CHECK)?.status).toBe('pass');
    for (const id of CLAUSES) expect(results.clauses.find((c) => c.id === id)?.coverage?.state, id).toBe('pass');
  }, 60_000);
});
