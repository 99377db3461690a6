import { describe, expect, it } from 'vitest';
import { DEFAULTS, targetDefaults, withDefaults } from '../../src/config/defaults.js';

describe('withDefaults', () => {
  it('fills the documented defaults and keeps what is set', () => {
    const c = withDefaults({ numRuns: 7, mockFaults: ['f'] });
    expect(c).toMatchObject({ numRuns: 7, mockFaults: ['f'], timeoutMs: DEFAULTS.timeoutMs, maxRequests: DEFAULTS.maxRequests, format: 'console', quiet: false, only: [], disable: [] });
    expect(c.maxRps).toBeUndefined();
    expect(Number.isInteger(c.seed)).toBe(true);
  });
});

describe('targetDefaults (v2 throttle probing)', () => {
  const nov = Date.UTC(2026, 10, 21);
  it('probes the embedded server, under a 30/min v2 limit while v2 is throttled by its clock', () => {
    expect(targetDefaults(withDefaults({}), true, nov)).toEqual({ v2ProbeRequests: 90, mockV2RateLimit: 30 });
    expect(targetDefaults(withDefaults({ mockNow: '2026-09-01T00:00:00Z' }), true, nov)).toEqual({ v2ProbeRequests: 90, mockV2RateLimit: 30 });
  });
  it("keeps the server's own (no) limit before the throttle date", () => {
    expect(targetDefaults(withDefaults({ mockNow: '2026-08-31T23:59:59Z' }), true, nov)).toEqual({ v2ProbeRequests: 90 });
  });
  it('never probes an external target unless asked', () => {
    expect(targetDefaults(withDefaults({ baseUrl: 'https://x.test' }), false, nov)).toEqual({ v2ProbeRequests: 0 });
    expect(targetDefaults(withDefaults({ baseUrl: 'https://x.test', v2ProbeRequests: 5 }), false, nov)).toEqual({ v2ProbeRequests: 5 });
  });
  it('what the user set wins, 0 included', () => {
    expect(targetDefaults(withDefaults({ v2ProbeRequests: 0, mockV2RateLimit: 0 }), true, nov)).toEqual({ v2ProbeRequests: 0, mockV2RateLimit: 0 });
    expect(targetDefaults(withDefaults({ mockV2RateLimit: 7 }), true, nov)).toEqual({ v2ProbeRequests: 90, mockV2RateLimit: 7 });
  });
});
