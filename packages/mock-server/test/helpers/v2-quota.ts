/**
 * The v2 quota of one key at a held clock: a server started with `freezeClock` at `now` and the
 * dated default limit (no `v2RateLimit`), asked GET /requests/v2?limit=1 with the demo key until it
 * answers something else than 200. The bucket never refills, so the count is the minute's limit.
 */
import { startMockServer } from '../../src/index.js';

/** Requests asked at once: the clock is held, so the order of the answers changes no count. */
const BATCH = 25;

/** How many requests the key is served before its first refusal (at most `cap`), and the statuses seen. */
export async function v2Quota(now: string, faults: string[] = [], cap = 1_000): Promise<{ served: number; statuses: Set<number> }> {
  const s = await startMockServer({ records: 100, seed: 11, now, freezeClock: true, faults, quiet: true });
  const statuses = new Set<number>();
  let served = 0;
  try {
    for (let sent = 0; sent < cap; sent += BATCH) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(BATCH, cap - sent) }, async () => {
          const r = await fetch(`${s.url}/requests/v2?limit=1`, { headers: { 'x-api-key': 'demo-key' } });
          await r.arrayBuffer();
          return r.status;
        }),
      );
      for (const status of answers) statuses.add(status);
      served += answers.filter((status) => status === 200).length;
      if (answers.some((status) => status !== 200)) break;
    }
  } finally {
    await s.close();
  }
  return { served, statuses };
}

/** The held clocks of the throttle's first three months (the last before the sunset of Nov 24, 2026). */
export const THROTTLE_MONTHS = { september: '2026-09-15T12:00:00Z', october: '2026-10-15T12:00:00Z', november: '2026-11-10T12:00:00Z' } as const;
