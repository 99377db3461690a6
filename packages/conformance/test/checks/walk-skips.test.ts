/**
 * A pagination fault is blamed on pagination only (friction 5): with `v3-page-gap`
 * (the next page skips one record) `requests-v3.filter.ranges` failed "A sub-window must return a
 * subset of the window" for a record inside the window, and `requests-v3.total.exact` blamed a
 * correct total; the walks they compare with skipped a record. They now withhold their verdict with
 * the reason (skip, naming pagination), pagination's check fails, and their own faults are still caught.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import type { RunResult } from '../../src/contract/types.js';
import { cliIo } from '../cli-io.js';

const CHECKS = 'requests-v3.pagination.no-gaps,requests-v3.filter.ranges,requests-v3.total.exact';

async function run(faults: string[], seed: string): Promise<Record<string, { status: string; reason?: string; message?: string }>> {
  const dir = mkdtempSync(join(tmpdir(), 'walk-skips-'));
  const args = ['--only', CHECKS, '--mock-seed', seed, '--seed', '1', '--mock-now', '2026-06-01T00:00:00Z', '--quiet', '--report-dir', 'r', ...faults.flatMap((f) => ['--mock-fault', f])];
  await main(args, cliIo({}, dir).io);
  const result = JSON.parse(readFileSync(join(dir, 'r', 'results.json'), 'utf8')) as RunResult;
  return Object.fromEntries(result.outcomes.map((o) => [o.id, { status: o.status, ...(o.reason ? { reason: o.reason } : {}), ...(o.violation ? { message: o.violation.message } : {}) }]));
}

describe('a walk that skipped records is pagination\'s fault', () => {
  it.each(['1', '2'])('v3-page-gap (data set %s): pagination fails; ranges and total withhold their verdict naming pagination', async (seed) => {
    const o = await run(['v3-page-gap'], seed);
    expect(o['requests-v3.pagination.no-gaps']!.status).toBe('fail');
    for (const id of ['requests-v3.filter.ranges', 'requests-v3.total.exact']) {
      expect(o[id]!.status, `${id}: ${o[id]!.message ?? o[id]!.reason}`).not.toBe('fail');
      if (o[id]!.status === 'skip') expect(o[id]!.reason).toMatch(/requests-v3\.pagination\.no-gaps/);
    }
    // At least one of them met the skipped record (the run the issue reported).
    expect(['requests-v3.filter.ranges', 'requests-v3.total.exact'].some((id) => o[id]!.status === 'skip')).toBe(true);
  });

  it.each([
    ['v3-total-page-count', 'requests-v3.total.exact'],
    ['v3-total-stale-after-first-read', 'requests-v3.total.exact'],
    ['v3-amountusd-range-ignored', 'requests-v3.filter.ranges'],
  ])('their own faults are still caught: %s fails %s', async (fault, check) => {
    const o = await run([fault], '1');
    expect(o[check]!.status).toBe('fail');
    expect(o['requests-v3.pagination.no-gaps']!.status).toBe('pass');
  });
});
