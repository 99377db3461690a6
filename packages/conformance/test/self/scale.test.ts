/**
 * Totals and counts judged at scale: against a reference server of 100,000
 * records the scale relations pass on the clean server, at a cost of a few requests each, and each
 * fault that only a large data set shows (a capped total, an estimated total, a count cache that
 * drops the status filter) fails a named check at default settings, while the walks of
 * requests-v3.total.exact, which read a discovery window of a few hundred records, pass.
 */
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import type { CheckOutcome } from '../../src/index.js';

const SCALE = { mockRecords: 100_000, mockNow: '2026-10-15T12:00:00Z', seed: 7 } as const;
const RELATIONS = ['requests-v3.total.exact', 'requests-v3.total.partition', 'requests-v3.total.narrower', 'requests-v3.filter.range-nested'];
const statuses = (outcomes: CheckOutcome[]) => Object.fromEntries(outcomes.map((o) => [o.id, o.status]));
const shown = (outcomes: CheckOutcome[]) => outcomes.map((o) => `${o.id}: ${o.status} ${o.reason ?? o.violation?.message ?? ''} ${o.violation?.received ?? ''}`).join('\n');

describe('totals at scale (100,000 records)', () => {
  it('the clean server passes every scale relation; the requests they cost', async () => {
    const result = await runConformance({ ...SCALE, only: RELATIONS });
    expect(statuses(result.outcomes), shown(result.outcomes)).toEqual(Object.fromEntries(RELATIONS.map((id) => [id, 'pass'])));
    const cost = Object.fromEntries(result.outcomes.map((o) => [o.id, o.requests]));
    // A few requests each, whatever the data set's size (the walks of total.exact read pages).
    expect(cost['requests-v3.total.partition']).toBeLessThanOrEqual(12);
    expect(cost['requests-v3.total.narrower']).toBeLessThanOrEqual(12);
    expect(cost['requests-v3.filter.range-nested']).toBeLessThanOrEqual(48);
    console.log(`scale relations, requests per check: ${JSON.stringify(cost)}`);
  }, 120_000);

  it.each([
    ['v3-total-capped', 'requests-v3.total.partition'],
    ['v3-total-estimated', 'requests-v3.total.partition'],
    ['v3-count-cache-ignores-status', 'requests-v3.total.narrower'],
  ])('%s: %s fails, the walked total.exact does not see it', async (fault, check) => {
    const result = await runConformance({ ...SCALE, mockFaults: [fault], only: ['requests-v3.total.exact', check] });
    expect(statuses(result.outcomes), shown(result.outcomes)).toEqual({ 'requests-v3.total.exact': 'pass', [check]: 'fail' });
    expect(result.exitCode).toBe(1);
  }, 120_000);

  it.each(['v3-total-capped', 'v3-total-estimated', 'v3-count-cache-ignores-status'])('%s does not show on the default data set of 3,000 records', async (fault) => {
    const result = await runConformance({ ...SCALE, mockRecords: 3_000, mockFaults: [fault], only: RELATIONS });
    expect(result.outcomes.filter((o) => o.status === 'fail'), shown(result.outcomes)).toEqual([]);
  }, 120_000);
});
