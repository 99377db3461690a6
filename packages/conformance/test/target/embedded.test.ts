/** The embedded target checks `--mock-variant` against the reference server's catalogue before starting it. */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/fields.js';
import { DATED_CLOCKS, startEmbeddedTarget } from '../../src/target/embedded.js';

const base = { records: 50, seed: 1, faults: [] };

describe('startEmbeddedTarget variants', () => {
  it('refuses an unknown variant, naming the known ones', async () => {
    const err = await startEmbeddedTarget({ ...base, variants: ['nope'] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/^--mock-variant must name a variant of the reference server, got "nope"\. Known: limit-capped, /);
  });

  it('refuses two variants of one group, keeping one in the example', async () => {
    const err = await startEmbeddedTarget({ ...base, variants: ['cursor-numeric', 'cursor-fresh'] }).catch((e: unknown) => e);
    expect((err as Error).message).toBe('--mock-variant cursor-numeric and cursor-fresh cannot be combined (one cursor per server); keep one of them, e.g. --mock-variant cursor-numeric');
  });

  it('starts the server with the variants', async () => {
    const target = await startEmbeddedTarget({ ...base, variants: ['content-type-charset'] });
    try {
      const r = await fetch(`${target.baseUrl}/requests/v3?limit=1`, { headers: { 'x-api-key': target.apiKey } });
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    } finally {
      await target.close();
    }
  });
});

describe('the embedded target at a date of the v2 timeline (at)', () => {
  it('answers from the main server when its clock is there, else from a twin pinned at the date', async () => {
    const target = await startEmbeddedTarget({ ...base, now: '2026-10-01T00:00:00Z' });
    try {
      const window = await target.at('v2-window');
      expect(window.base).toBeUndefined();
      expect(window.what).toContain('the embedded server, its clock inside the v2 window');
      const retired = await target.at('v2-retired');
      expect(retired.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(retired.now.toISOString()).toBe(new Date(DATED_CLOCKS['v2-retired'].pin).toISOString());
      expect((await target.at('v2-retired')).base, 'one twin per date').toBe(retired.base);
      // The twin is retired by its clock; the main server is not.
      expect((await fetch(`${retired.base}/requests/v2?limit=1`)).status).toBe(410);
      expect((await fetch(`${target.baseUrl}/requests/v2?limit=1`)).status).toBe(200);
    } finally {
      await target.close();
    }
  });

  it('before the window both dates are twins; the clocks hold their dates', async () => {
    const target = await startEmbeddedTarget({ ...base, now: '2026-05-01T00:00:00Z' });
    try {
      const window = await target.at('v2-window');
      expect(window.base).toBeDefined();
      expect((await fetch(`${window.base}/requests/v2?limit=1`)).status).toBe(200);
      expect(DATED_CLOCKS['v2-window'].holds(Date.parse('2026-11-23T23:59:59Z'))).toBe(true);
      expect(DATED_CLOCKS['v2-window'].holds(Date.parse('2026-11-24T00:00:00Z'))).toBe(false);
      expect(DATED_CLOCKS['v2-retired'].holds(Date.parse('2026-11-24T00:00:00Z'))).toBe(true);
      expect(DATED_CLOCKS['v2-window'].holds(Date.parse('2026-08-31T23:59:59Z'))).toBe(false);
    } finally {
      await target.close();
    }
  });

  it('the months of the throttle are always twins: clocks held at their dates, the dated v2 limit whatever the run\'s fixed one', async () => {
    // The main server's clock is in October, with a fixed limit of 5 a minute: it never stands in for a throttle month.
    const target = await startEmbeddedTarget({ ...base, now: '2026-10-15T12:00:00Z', v2RateLimit: 5 });
    try {
      const burst = async (url: string, n: number) => {
        let served = 0;
        for (let i = 0; i < n; i++) {
          const r = await fetch(`${url}/requests/v2?limit=1`, { headers: { 'x-api-key': target.apiKey } });
          await r.arrayBuffer();
          if (r.status === 200) served++;
        }
        return served;
      };
      for (const date of ['v2-throttle-month-1', 'v2-throttle-month-2', 'v2-throttle-month-3'] as const) {
        expect(DATED_CLOCKS[date].holds(Date.parse(DATED_CLOCKS[date].pin)), date).toBe(false);
        const twin = await target.at(date);
        expect(twin.base, date).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(twin.now.toISOString()).toBe(new Date(DATED_CLOCKS[date].pin).toISOString());
        expect((await target.at(date)).base, 'one twin per date').toBe(twin.base);
      }
      // November's twin: the dated 150 a minute (held: exactly), not the run's 5.
      const november = (await target.at('v2-throttle-month-3')).base!;
      expect(await burst(november, 160)).toBe(150);
      const r = await fetch(`${november}/requests/v2?limit=1`, { headers: { 'x-api-key': target.apiKey } });
      await r.arrayBuffer();
      expect(r.headers.get('date')).toBe(new Date(DATED_CLOCKS['v2-throttle-month-3'].pin).toUTCString());
      expect(await burst(target.baseUrl, 6)).toBe(5);
    } finally {
      await target.close();
    }
  }, 30_000);
});
