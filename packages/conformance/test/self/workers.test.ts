/**
 * `--workers` end to end: against the embedded reference server, the default run
 * gives the same outcomes in the same order with one worker and with six, clean and with a fault.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import type { RunResult } from '../../src/index.js';

/** What must not depend on the number of workers: ids, statuses and order, and what a failure says. */
const verdicts = (result: RunResult) => result.outcomes.map((o) => `${o.id} ${o.status}${o.violation ? `: ${o.violation.message} / ${o.violation.received}` : ''}`);

async function both(options: Parameters<typeof runConformance>[0]) {
  const one = await runConformance({ seed: 9, mockSeed: 9, ...options, workers: 1 });
  const six = await runConformance({ seed: 9, mockSeed: 9, ...options, workers: 6 });
  return { one, six };
}

describe('--workers against the embedded reference server', () => {
  it('the default run (seed 9, --mock-seed 9): the same outcomes in the same order with 1 and 6 workers', async () => {
    const { one, six } = await both({});
    expect(verdicts(six)).toEqual(verdicts(one));
    expect(six.exitCode).toBe(one.exitCode);
    expect(one.outcomes.filter((o) => o.status === 'fail' || o.status === 'error')).toEqual([]);
    expect(six.config).toMatchObject({ workers: 6 });
    for (const run of [one, six]) expect(run.outcomes.reduce((n, o) => n + o.requests, 0)).toBeLessThanOrEqual(run.requests);
  }, 120_000);

  it('a fault run (v3-page-gap): the same check fails, with the same violation, with 1 and 6 workers', async () => {
    const { one, six } = await both({ mockFaults: ['v3-page-gap'] });
    expect(verdicts(six)).toEqual(verdicts(one));
    expect(one.outcomes.find((o) => o.id === 'requests-v3.pagination.no-gaps')?.status).toBe('fail');
    expect(six.exitCode).toBe(1);
  }, 120_000);
});
