/**
 * The embedded main job covers the whole v2 contract whatever the date: with
 * the embedded server's clock before, inside and after the v2 window, every v2 check runs (the v2
 * family as of a date inside the window, the retirement check as of a date after the sunset), and a
 * v2 fault is caught after the sunset too. Against a URL the target's clock decides.
 */
import { startMockServer } from '@crosschain/mock-server';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import type { CheckOutcome } from '../../src/index.js';

const BEFORE_WINDOW = '2026-05-01T12:00:00Z';
const IN_WINDOW = '2026-10-15T12:00:00Z';
const AFTER_SUNSET = '2026-12-01T12:00:00Z';

const statuses = (outcomes: CheckOutcome[]) => Object.fromEntries(outcomes.map((o) => [o.id, o.status]));
const shown = (outcomes: CheckOutcome[]) => outcomes.map((o) => `${o.id}: ${o.status} ${o.reason ?? o.violation?.message ?? ''}`).join('\n');

describe('v2 against the embedded server, whatever its clock', () => {
  it.each([
    ['before the window', BEFORE_WINDOW],
    ['inside the window', IN_WINDOW],
    ['after the sunset', AFTER_SUNSET],
  ])('%s (%s): the 19 v2 checks and the retirement check all pass', async (_label, mockNow) => {
    const result = await runConformance({ mockNow, mockRecords: 300, only: ['requests-v2'], seed: 1, numRuns: 3 });
    expect(result.outcomes).toHaveLength(20);
    expect(Object.values(statuses(result.outcomes)).every((s) => s === 'pass'), shown(result.outcomes)).toBe(true);
    expect(result.exitCode).toBe(0);
    const retired = result.outcomes.find((o) => o.id === 'requests-v2.retired')!;
    expect(retired.reason).toMatch(/^410/);
    // The server that answered: the main one when its own clock is at the date, else a twin.
    expect(retired.reason).toContain(mockNow === AFTER_SUNSET ? 'the embedded server, its clock after the v2 sunset' : 'a twin of the embedded server, its clock pinned at 2026-12-01T12:00:00Z');
  });

  it('the bad-input sweep sends its v2 inputs inside the window whatever the clock (the same sweep before and after the sunset)', async () => {
    const swept = async (mockNow: string) => {
      const r = await runConformance({ mockNow, mockRecords: 300, only: ['general.no-server-error-on-bad-input'], seed: 1, numRuns: 3 });
      expect(r.outcomes[0]!.status, shown(r.outcomes)).toBe('pass');
      return Number(/^(\d+) bad inputs swept/.exec(r.outcomes[0]!.reason ?? '')?.[1]);
    };
    const inside = await swept(IN_WINDOW);
    expect(inside).toBeGreaterThan(40);
    expect(await swept(AFTER_SUNSET)).toBe(inside);
  });

  it('after the sunset a v2 fault still fails its check (and the retirement answer its own)', async () => {
    const header = await runConformance({ mockNow: AFTER_SUNSET, mockRecords: 300, mockFaults: ['v2-deprecation-header-format'], only: ['requests-v2.deprecation.header'], seed: 1, numRuns: 3 });
    expect(statuses(header.outcomes)).toEqual({ 'requests-v2.deprecation.header': 'fail' });
    expect(header.exitCode).toBe(1);
    const errors = await runConformance({ mockNow: AFTER_SUNSET, mockRecords: 300, mockFaults: ['v2-no-deprecation-on-errors'], only: ['requests-v2.retired'], seed: 1, numRuns: 3 });
    expect(statuses(errors.outcomes)).toEqual({ 'requests-v2.retired': 'fail' });
    expect(errors.outcomes[0]!.violation?.message).toContain('410 of the retired v2');
  });
});

describe('v2 against a URL: the target clock decides', () => {
  it.each([
    [IN_WINDOW, 'pass', 'skip'],
    [AFTER_SUNSET, 'skip', 'pass'],
  ])('target clock %s: the v2 checks %s, the retirement check %s', async (now, v2, retirement) => {
    const server = await startMockServer({ records: 300, seed: 1, now, quiet: true, v2RateLimit: 0 });
    try {
      const result = await runConformance({ baseUrl: server.url, apiKey: 'demo-key', only: ['requests-v2.timeline', 'requests-v2.deprecation.header', 'requests-v2.retired'], seed: 1, numRuns: 3, maxRps: 1000 });
      expect(statuses(result.outcomes), shown(result.outcomes)).toEqual({ 'requests-v2.timeline': v2, 'requests-v2.deprecation.header': v2, 'requests-v2.retired': retirement });
      expect(result.exitCode).toBe(0);
    } finally {
      await server.close();
    }
  });
});
