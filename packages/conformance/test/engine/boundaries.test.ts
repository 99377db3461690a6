import { describe, expect, it } from 'vitest';
import { edgePairs, enumExamples, integerBoundaries, rangeBoundaries } from '../../src/engine/boundaries.js';

describe('boundary values', () => {
  it('limit of GET /requests/v3 (1..50): 1, 2, 49, 50, 51; currencies (1..100): 1, 2, 99, 100, 101', () => {
    expect(integerBoundaries(1, 50)).toEqual([1, 2, 49, 50, 51]);
    expect(integerBoundaries(1, 100)).toEqual([1, 2, 99, 100, 101]);
  });
  it('a narrow range keeps each value once', () => {
    expect(integerBoundaries(1, 2)).toEqual([1, 2, 3]);
    expect(integerBoundaries(5, 5)).toEqual([5, 6]);
  });
  it('the edges of a window: equal bounds at each end and the whole span', () => {
    expect(edgePairs(['new', 'mid', 'old'])).toEqual([
      { a: 'new', b: 'new' },
      { a: 'new', b: 'old' },
      { a: 'old', b: 'old' },
    ]);
    expect(edgePairs(['only'])).toEqual([{ a: 'only', b: 'only' }]);
  });
  it('every value of every enum and boolean field at least once, in as few examples as the longest list', () => {
    const examples = enumExamples({ limit: 2, sortBy: 'createdAt', direction: undefined as string | undefined, flag: false }, {
      sortBy: ['createdAt', 'updatedAt', 'amountUsd'],
      direction: [undefined, 'asc', 'desc'],
      flag: [true, false],
    });
    expect(examples).toEqual([
      { limit: 2, sortBy: 'createdAt', direction: undefined, flag: true },
      { limit: 2, sortBy: 'updatedAt', direction: 'asc', flag: false },
      { limit: 2, sortBy: 'amountUsd', direction: 'desc', flag: true },
    ]);
  });
});

describe('range edges', () => {
  it('equal bounds, min above max, both 0, a negative min, a huge max', () => {
    expect(rangeBoundaries(100).map((e) => [e.min, e.max])).toEqual([
      [100, 100],
      [101, 100],
      [0, 0],
      [-1, 100],
      [100, Number.MAX_SAFE_INTEGER],
    ]);
  });
});
