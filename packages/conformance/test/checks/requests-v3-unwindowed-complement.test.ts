/**
 * The complement relation of requests-v3.unwindowed.totals (checks/requests-v3-unwindowed-complement.ts):
 * a status no request leaves and its not: complement count the whole, bounded by the wholes read
 * before and after; filters=[{}] counts the whole.
 */
import { describe, expect, it } from 'vitest';
import { complementProblems, complementStatus } from '../../src/checks/requests-v3-unwindowed-complement.js';

const exact = { first: 1772, negated: 1208, again: 1772, empty: 2980, before: 2980, after: 2980 };

describe('complementStatus', () => {
  it('takes the terminal status counting most, none when no terminal status counts any', () => {
    expect(complementStatus([{ label: 'status=pending', count: 2000 }, { label: 'status=refund', count: 220 }, { label: 'status=success', count: 1772 }])).toBe('success');
    expect(complementStatus([{ label: 'pending', count: 9 }, { label: 'refund', count: 3 }], '')).toBe('refund');
    expect(complementStatus([{ label: 'status=pending', count: 9 }, { label: 'status=success', count: 0 }])).toBeUndefined();
  });
});

describe('complementProblems', () => {
  it('holds on exact counts, and while requests arrive or reach the status between the reads', () => {
    expect(complementProblems(exact, 'success')).toEqual([]);
    // Three requests reached success after the first read, two arrived before the last whole.
    expect(complementProblems({ first: 1772, negated: 1205, again: 1775, empty: 2981, before: 2980, after: 2982 }, 'success')).toEqual([]);
  });

  it('fails totals counted high (the sum above the whole read after)', () => {
    const [problem] = complementProblems({ ...exact, first: 1826, negated: 1248, again: 1826 }, 'success');
    expect(problem).toMatch(/count 3074 together, more than the whole read after them \(2980\)/);
  });

  it('fails totals counted low (the sum below the whole read before)', () => {
    expect(complementProblems({ ...exact, negated: 1100 }, 'success').join()).toMatch(/fewer than the whole read before them/);
  });

  it('fails an empty group that counts nothing, or more than the whole', () => {
    expect(complementProblems({ ...exact, empty: 0 }, 'success')).toEqual(['filters=[{}] counts 0, outside the whole read before (2980) and after (2980) it']);
    expect(complementProblems({ ...exact, empty: 2981 }, 'success')).toHaveLength(1);
    expect(complementProblems({ ...exact, empty: undefined }, 'success')).toEqual([]);
  });
});
