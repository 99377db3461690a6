/**
 * GET /intents/status/v2 and /v3 in the active run, against the embedded reference server (clock
 * pinned): the schema checks validate what the agreement check read, and all pass on the clean
 * server; the deprecated operation answering a refund as `failure` (fault
 * intents-status-refund-as-failure) disagrees with v3's `refund` and warns (SHOULD), failing with --strict.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';

const ONLY = ['intents-status.versions-agree', 'intents-status-v2.response.schema', 'intents-status-v3.response.schema'];
const NOW = '2026-10-15T12:00:00Z';

describe('the newer status operations, active', () => {
  it('pass on the clean reference server, each having judged something', async () => {
    const result = await runConformance({ only: ONLY, mockNow: NOW, mockRecords: 300, seed: 3, numRuns: 3 });
    expect(result.outcomes.map((o) => [o.id, o.status])).toEqual(expect.arrayContaining(ONLY.map((id) => [id, 'pass'])));
    expect(result.exitCode).toBe(0);
  });

  it('a refund answered as failure by the deprecated operation is caught by the agreement (strict: exit 1)', async () => {
    const ids = (await runConformance({ only: ['intents-status.versions-agree'], mockNow: NOW, mockRecords: 300, seed: 3, numRuns: 3, mockFaults: ['intents-status-refund-as-failure'], strict: true })).outcomes;
    const outcome = ids.find((o) => o.id === 'intents-status.versions-agree')!;
    expect(outcome.status).toBe('fail');
    expect(outcome.violation!.received).toMatch(/says "failure".*says "refund"|says "refund".*says "failure"/);
  });
});
