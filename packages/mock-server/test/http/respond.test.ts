/** The wire form of a reply (src/http/respond.ts): its `Date` header from the server clock. */
import { describe, expect, it } from 'vitest';
import { httpDate, wireReply } from '../../src/http/respond.js';

describe('httpDate', () => {
  it('formats the server clock as an IMF-fixdate, the same for every millisecond of a second', () => {
    const t = Date.parse('2026-08-15T12:00:00Z');
    expect(httpDate(t)).toBe('Sat, 15 Aug 2026 12:00:00 GMT');
    expect(httpDate(t + 999)).toBe('Sat, 15 Aug 2026 12:00:00 GMT');
    expect(httpDate(t + 1_000)).toBe('Sat, 15 Aug 2026 12:00:01 GMT');
    // Back to an earlier second (a clock set back with --now or advance): formatted again, not the last one kept.
    expect(httpDate(t - 1)).toBe('Sat, 15 Aug 2026 11:59:59 GMT');
    expect(httpDate(t)).toBe('Sat, 15 Aug 2026 12:00:00 GMT');
  });

  it('is the Date header of every wire reply', () => {
    const t = Date.parse('2026-11-24T00:00:00Z');
    expect(wireReply({ status: 200, body: { ok: true } }, t + 500).headers.Date).toBe(new Date(t).toUTCString());
  });
});
