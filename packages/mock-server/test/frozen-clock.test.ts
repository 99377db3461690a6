/**
 * `freezeClock`: the clock held at `now` for good. The v2 throttle's bucket then never refills, so a
 * burst of one key is served exactly the minute's limit of the dated default (600, 300, 150 in the
 * throttle's first three months), even after a pause; without it the clock runs on. Bad input is refused.
 */
import { describe, expect, it } from 'vitest';
import { startMockServer } from '../src/index.js';
import { THROTTLE_MONTHS, v2Quota } from './helpers/v2-quota.js';

const NOW = '2026-10-15T12:00:00Z';

describe('freezeClock', () => {
  it('holds now() and the Date header at `now`', async () => {
    const s = await startMockServer({ records: 100, seed: 3, now: NOW, freezeClock: true, quiet: true });
    try {
      await new Promise((r) => setTimeout(r, 30));
      expect(s.now()).toBe(Date.parse(NOW));
      const r = await fetch(`${s.url}/requests/v3?limit=1`, { headers: { 'x-api-key': 'demo-key' } });
      await r.arrayBuffer();
      expect(r.headers.get('date')).toBe(new Date(NOW).toUTCString());
      expect(s.now()).toBe(Date.parse(NOW));
    } finally {
      await s.close();
    }
  });

  it('lets the clock run on from `now` without it', async () => {
    const s = await startMockServer({ records: 100, seed: 3, now: NOW, quiet: true });
    try {
      await new Promise((r) => setTimeout(r, 30));
      expect(s.now()).toBeGreaterThan(Date.parse(NOW));
    } finally {
      await s.close();
    }
  });

  it('serves a burst exactly the dated limit of each month of the throttle (600, 300, 150), refused with 429 after', async () => {
    const [sep, oct, nov] = await Promise.all([v2Quota(THROTTLE_MONTHS.september), v2Quota(THROTTLE_MONTHS.october), v2Quota(THROTTLE_MONTHS.november)]);
    expect([sep.served, oct.served, nov.served]).toEqual([600, 300, 150]);
    for (const q of [sep, oct, nov]) expect([...q.statuses].sort()).toEqual([200, 429]);
  }, 60_000);

  it('never refills the bucket: a key refused stays refused after a pause that refills a running clock', async () => {
    // 60 a minute: one token a second on a running clock.
    const after = async (freezeClock: boolean) => {
      const s = await startMockServer({ records: 100, seed: 3, now: NOW, freezeClock, v2RateLimit: 60, quiet: true });
      const ask = async () => {
        const r = await fetch(`${s.url}/requests/v2?limit=1`, { headers: { 'x-api-key': 'other-key' } });
        await r.arrayBuffer();
        return r.status;
      };
      try {
        const burst: number[] = [];
        for (let i = 0; i < 61; i++) burst.push(await ask());
        await new Promise((r) => setTimeout(r, 1_200));
        return { served: burst.filter((x) => x === 200).length, last: burst.at(-1), afterPause: await ask() };
      } finally {
        await s.close();
      }
    };
    expect(await after(true)).toEqual({ served: 60, last: 429, afterPause: 429 });
    expect((await after(false)).afterPause).toBe(200);
  }, 30_000);

  it('refuses freezeClock without now, and a freezeClock that is not a boolean, saying what to give', async () => {
    await expect(startMockServer({ records: 100, freezeClock: true, quiet: true })).rejects.toThrow(/freezeClock needs now/);
    await expect(startMockServer({ records: 100, now: NOW, freezeClock: 'yes' as unknown as boolean, quiet: true })).rejects.toThrow(/freezeClock must be true or false, got "yes"/);
  });
});
