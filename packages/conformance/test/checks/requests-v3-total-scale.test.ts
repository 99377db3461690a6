import { describe, expect, it } from 'vitest';
import { checks, splitSecond } from '../../src/checks/requests-v3-total-scale.js';
import { fakeContext } from '../support/fake-context.js';
import { BASE_SEC, discoveryOf, makeRecords } from '../support/fake-requests-v3.js';
import { v3FamilySuite } from '../support/v3-checks.js';

describe('requests-v3 total checks at scale', () => {
  v3FamilySuite(checks, makeRecords(90), [
    ['requests-v3.total.partition', 'total-capped', /time ranges that split the query/],
    ['requests-v3.total.partition', 'total-off-by-one', /time ranges that split the query/],
    ['requests-v3.total.narrower', 'status-total-unfiltered', /one status: the totals of distinct status values/],
  ], { notOnEmpty: ['requests-v3.total.partition', 'requests-v3.total.narrower'] });

  it('splits the window at a second with no record within one second of it, never at its edges', () => {
    const records = makeRecords(90);
    const ctx = fakeContext({ discovery: discoveryOf(records) });
    const m = splitSecond(ctx)!;
    const secs = records.map((r) => Math.floor(Date.parse(r.createdAt as string) / 1000));
    expect(secs.some((s) => Math.abs(s - m) <= 1)).toBe(false);
    expect(m).toBeGreaterThan(ctx.discovery.window.start + 1);
    expect(m).toBeLessThan(ctx.discovery.window.end - 1);
  });

  it('has no split second when the window was not walked to its end, or every second holds a record', () => {
    const records = makeRecords(90);
    expect(splitSecond(fakeContext({ discovery: { ...discoveryOf(records), complete: false } }))).toBeUndefined();
    const dense = Array.from({ length: 20 }, (_, i) => ({ id: `r${i}`, createdAt: new Date((BASE_SEC + i) * 1000).toISOString() }));
    expect(splitSecond(fakeContext({ discovery: { records: dense, complete: true, window: { start: BASE_SEC, end: BASE_SEC + 19 } } }))).toBeUndefined();
  });
});
