/**
 * The kit's proof of worth, part 1 (architecture.md, "The kit tests itself"): against the clean
 * reference server nothing fails, warns or errors.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import type { CheckOutcome } from '../../src/index.js';

/** Inside the v2 window (deprecated 2026-07-22, throttled from 2026-09-01, retired 2026-11-24). */
const IN_V2_WINDOW = '2026-10-15T12:00:00Z';
const AFTER_SUNSET = '2026-12-01T12:00:00Z';

const problems = (outcomes: CheckOutcome[]) =>
  outcomes.filter((o) => o.status === 'fail' || o.status === 'warn' || o.status === 'error').map((o) => `${o.id}: ${o.status} ${o.reason ?? o.violation?.message ?? ''}`);

describe('the kit against the clean reference server', () => {
  it('every check passes or skips with a reason; exit 0', async () => {
    const result = await runConformance({ mockNow: IN_V2_WINDOW, mockRecords: 1000, seed: 20261015, numRuns: 5 });
    expect(problems(result.outcomes)).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.totals.pass).toBeGreaterThan(result.outcomes.length * 0.8);
    for (const o of result.outcomes.filter((x) => x.status === 'skip')) expect(o.reason).toBeTruthy();
    expect(result.discovery).toMatchObject({ complete: true });
    expect(result.discovery!.records).toBeGreaterThan(50);
    expect(result.clauses.length).toBeGreaterThan(0);
    // The embedded defaults probe the v2 throttle (60/min, up to 90 probes): both 429 checks run, and
    // the other key is asked once the first is throttled; the monthly steps are asked of the held-clock twins.
    const rateLimit = result.outcomes.filter((o) => o.id.startsWith('requests-v2.rate-limit.'));
    expect(rateLimit.map((o) => `${o.id}: ${o.status}`)).toEqual(['requests-v2.rate-limit.body: pass', 'requests-v2.rate-limit.no-retry-after: pass', 'requests-v2.rate-limit.per-key: pass', 'requests-v2.rate-limit.stepped-down: pass']);
    expect(result.config).toMatchObject({ v2ProbeRequests: 90, mockV2RateLimit: 30 });
  });

  it('the v2 rate-limit checks pass on 429s provoked under a low v2 limit', async () => {
    const result = await runConformance({ mockNow: IN_V2_WINDOW, mockRecords: 300, mockV2RateLimit: 3, v2ProbeRequests: 8, only: ['requests-v2.rate-limit'], seed: 1, numRuns: 3 });
    expect(problems(result.outcomes)).toEqual([]);
    expect(result.outcomes.map((o) => o.status)).toEqual(result.outcomes.map(() => 'pass'));
    expect(result.exitCode).toBe(0);
  });

  it('under --strict the reference server adds no undeclared response field', async () => {
    const result = await runConformance({ mockNow: IN_V2_WINDOW, mockRecords: 300, strict: true, only: ['general.unknown-fields'], seed: 2, numRuns: 3 });
    expect(problems(result.outcomes)).toEqual([]);
    expect(result.outcomes.map((o) => o.status)).toEqual(['pass']);
    expect(result.outcomes[0]!.reason).toMatch(/GET \/requests\/v2/);
  });

  it('after the v2 sunset date the embedded run still checks v2 (as of a date inside the window) and the retirement, exit 0', async () => {
    const result = await runConformance({ mockNow: AFTER_SUNSET, mockRecords: 300, only: ['requests-v2'], seed: 1, numRuns: 3 });
    expect(problems(result.outcomes)).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.outcomes.find((o) => o.id === 'requests-v2.timeline')).toMatchObject({ status: 'pass' });
    expect(result.outcomes.find((o) => o.id === 'requests-v2.retired')).toMatchObject({ status: 'pass' });
  });
});
