/**
 * Conformant client traffic is never flagged: the client generator
 * (clients.ts: infinite lists refetching every page, retries with back-off, status polling, two
 * tabs, restarted walks, pages of different sizes, several keys) goes through the proxy to the
 * reference server, still and while its data moves (statuses advance and requests arrive, by timer
 * and between steps), and under each of its allowed variations. Neither the proxy (with `errors`,
 * so a violation would reach the client as a 502) nor the audit of the same traffic recorded as
 * HAR reports anything.
 */
import { describe, expect, it } from 'vitest';
import { expectClean, watch } from './watch-clients.js';

describe('client libraries through the proxy: zero violations', () => {
  it('still data: every cross-page relation the model judges is exercised and holds', async () => {
    const r = await watch({ moving: false, seed: 11 });
    expectClean(r);
    expect(r.sent).toBeGreaterThan(300);
    const ran = (id: string) => r.proxy.outcomes.find((o) => o.id === id);
    for (const id of ['requests-v3.pagination.no-duplicates', 'requests-v3.pagination.terminates', 'requests-v3.pagination.cursor-stable', 'requests-v3.sort.default', 'requests-v3.total.exact', 'intents-status.response.schema']) expect(ran(id)?.status, id).toBe('pass');
  }, 120_000);

  it('moving data: statuses advance and requests arrive by timer and between steps', async () => {
    expectClean(await watch({ moving: true, seed: 12 }));
  }, 120_000);
});
