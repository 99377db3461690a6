import { describe, expect, it } from 'vitest';
import { amountOutside, blockSpan, createdOutside, notNested, partitionProblem, rangeSamples, subsetCountProblem } from '../../src/oracles/ranges.js';

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

describe('partition and nesting predicates (totals at scale)', () => {
  const parts = [
    { label: 'a', count: 3 },
    { label: 'b', count: 4 },
  ];
  it('partitionProblem: equal parts add up; at-most parts never exceed the whole, nor does one part', () => {
    expect(partitionProblem(7, parts, 'equal')).toBeUndefined();
    expect(partitionProblem(8, parts, 'equal')).toBe('the parts add up to 7, the whole counts 8');
    expect(partitionProblem(9, parts, 'at-most')).toBeUndefined();
    expect(partitionProblem(6, parts, 'at-most')).toBe('the parts add up to 7, more than the 6 of the whole');
    expect(partitionProblem(3, parts, 'at-most')).toBe('b counts 4, more than the 3 of the whole');
  });
  it('subsetCountProblem and notNested', () => {
    expect(subsetCountProblem(3, parts)).toBeUndefined();
    expect(subsetCountProblem(4, parts)).toBe('4, more than the 3 of a');
    expect(notNested(['x', 'y'], ['y', 'z'])).toEqual(['x']);
  });
  it('rangeSamples reads blocks, app-fee USD amounts (and their sum), and nothing for the fill time', () => {
    const r = { data: { inTxs: [{ block: 10 }], outTxs: [{ block: 20 }, { block: 0 }], appFees: { actual: [{ amountUsd: '1.5' }, { amountUsd: '2' }] } } };
    expect(rangeSamples(r, 'block')).toEqual([10, 20]);
    expect(rangeSamples(r, 'appFeesUsd')).toEqual([1.5, 2, 3.5]);
    expect(rangeSamples(r, 'fillTime')).toEqual([]);
  });
});

describe('blockSpan', () => {
  const tx = (block: unknown) => ({ txHash: '0x1', block });
  it('spans the blocks of both sides', () => {
    expect(blockSpan({ data: { inTxs: [tx(20)], outTxs: [tx(5), tx(9)] } })).toEqual([5, 20]);
  });
  it('is undefined without transactions on both sides or with a block that is not a non-negative integer', () => {
    expect(blockSpan({ data: { inTxs: [tx(20)], outTxs: [] } })).toBeUndefined();
    expect(blockSpan({ data: { inTxs: [tx(20)] } })).toBeUndefined();
    expect(blockSpan({ data: { inTxs: [tx('20')], outTxs: [tx(5)] } })).toBeUndefined();
    expect(blockSpan({ data: { inTxs: [tx(1.5)], outTxs: [tx(5)] } })).toBeUndefined();
    expect(blockSpan({ data: { inTxs: [tx(-1)], outTxs: [tx(5)] } })).toBeUndefined();
    expect(blockSpan(null)).toBeUndefined();
    expect(blockSpan({})).toBeUndefined();
  });
});
