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
});
