import { describe, expect, it } from 'vitest';
import { tightestRateLimit } from '../../src/engine/rate-limit-headers.js';

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('tightestRateLimit', () => {
  it.each([
    ['the draft List form', { ratelimit: '"default";r=50;t=30' }, { remaining: 50, resetMs: 30_000, header: 'ratelimit' }],
    ['the draft form with a token name', { ratelimit: 'default;r=0;t=2' }, { remaining: 0, resetMs: 2_000, header: 'ratelimit' }],
    ['the draft form whose window comes from RateLimit-Policy', { ratelimit: '"day";r=3', 'ratelimit-policy': '"hour";q=10;w=3600, "day";q=100;w=86400' }, { remaining: 3, resetMs: 86_400_000, header: 'ratelimit' }],
    ['the older draft Dictionary form', { ratelimit: 'limit=100, remaining=0, reset=5' }, { remaining: 0, resetMs: 5_000, header: 'ratelimit' }],
    ['RateLimit-Remaining / RateLimit-Reset', { 'ratelimit-remaining': '4', 'ratelimit-reset': '10' }, { remaining: 4, resetMs: 10_000, header: 'ratelimit-remaining' }],
    ['X-RateLimit-* with seconds to wait', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1.5' }, { remaining: 0, resetMs: 1_500, header: 'x-ratelimit-remaining' }],
    ['X-RateLimit-* with an epoch in seconds', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 12) }, { remaining: 0, resetMs: 12_000, header: 'x-ratelimit-remaining' }],
    ['X-RateLimit-* with an epoch in milliseconds', { 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': String(NOW + 700) }, { remaining: 2, resetMs: 700, header: 'x-ratelimit-remaining' }],
    ['X-RateLimit-* with an epoch already past', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 - 5) }, { remaining: 0, resetMs: 0, header: 'x-ratelimit-remaining' }],
  ])('reads %s', (_what, headers, expected) => {
    expect(tightestRateLimit(headers, NOW)).toEqual(expected);
  });

  it('prefers an exhausted limit, the longest wait among them, over one with requests left', () => {
    const headers = { ratelimit: '"a";r=1;t=1, "b";r=0;t=4, "c";r=0;t=9', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '3' };
    expect(tightestRateLimit(headers, NOW)).toMatchObject({ remaining: 0, resetMs: 9_000 });
  });

  it('else picks the limit leaving the lowest rate', () => {
    expect(tightestRateLimit({ ratelimit: '"a";r=100;t=10, "b";r=5;t=10', 'x-ratelimit-remaining': '50', 'x-ratelimit-reset': '10' }, NOW)).toMatchObject({ remaining: 5, resetMs: 10_000 });
  });

  it.each([
    ['no header', {}],
    ['a malformed draft field', { ratelimit: '"default;r=0;t=30' }],
    ['a draft field with an upper-case parameter key', { ratelimit: '"default";R=0;t=30' }],
    ['a draft field with a trailing comma', { ratelimit: '"default";r=0;t=30,' }],
    ['a draft field with an integer over 15 digits', { ratelimit: '"default";r=1234567890123456;t=30' }],
    ['a draft item without r', { ratelimit: '"default";t=30' }],
    ['a draft item with a negative r', { ratelimit: '"default";r=-1;t=30' }],
    ['a draft item without t nor a policy window', { ratelimit: '"default";r=0' }],
    ['a remaining without a reset', { 'x-ratelimit-remaining': '0' }],
    ['a remaining that is not a count', { 'x-ratelimit-remaining': 'none', 'x-ratelimit-reset': '5' }],
    ['a reset that is not a number', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': 'soon' }],
  ])('ignores %s', (_what, headers) => {
    expect(tightestRateLimit(headers, NOW)).toBeUndefined();
  });
});
