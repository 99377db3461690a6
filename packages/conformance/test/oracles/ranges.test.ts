import { describe, expect, it } from 'vitest';
import { amountOutside, createdOutside } from '../../src/oracles/ranges.js';

const at = (iso: string, usd?: number) => ({ createdAt: iso, ...(usd !== undefined ? { data: { route: { actual: { origin: { inputCurrency: { amountUsd: String(usd) } } } } } } : {}) });

describe('range oracles', () => {
  it('timestamps are whole seconds, both bounds inclusive', () => {
    const start = Date.parse('2026-10-01T00:00:00Z') / 1000;
    expect(createdOutside(at('2026-10-01T00:00:00.000Z'), start, start)).toBe(false);
    expect(createdOutside(at('2026-10-01T00:00:00.999Z'), start, start)).toBe(false);
    expect(createdOutside(at('2026-10-01T00:00:01.000Z'), start, start)).toBe(true);
    expect(createdOutside(at('2026-09-30T23:59:59.999Z'), start, undefined)).toBe(true);
    expect(createdOutside({}, start, start)).toBe(false);
  });

  it('USD amounts: any plausible amount in range; none known is not judged', () => {
    expect(amountOutside(at('x', 50), 10, 100)).toBe(false);
    expect(amountOutside(at('x', 5), 10, 100)).toBe(true);
    expect(amountOutside(at('x', 500), undefined, 100)).toBe(true);
    expect(amountOutside(at('x'), 10, 100)).toBe(false);
  });
});
