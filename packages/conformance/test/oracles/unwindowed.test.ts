import { describe, expect, it } from 'vitest';
import { earlierThanFirst, emptyPageBesideTotal, emptyWalkBesideTotal, seenAboveTotal, walkAgainstLargerPage } from '../../src/oracles/unwindowed.js';

describe('emptyPageBesideTotal', () => {
  it('flags an empty last page beside a positive total', () => {
    expect(emptyPageBesideTotal(0, false, 2975)).toMatch(/total = 2975/);
  });
  it('accepts a page with records, a page that goes on, a zero or absent total', () => {
    expect(emptyPageBesideTotal(3, false, 2975)).toBeUndefined();
    expect(emptyPageBesideTotal(0, true, 2975)).toBeUndefined();
    expect(emptyPageBesideTotal(0, false, 0)).toBeUndefined();
    expect(emptyPageBesideTotal(0, false, undefined)).toBeUndefined();
    expect(emptyPageBesideTotal(0, false, '12')).toBeUndefined();
  });
});

describe('emptyWalkBesideTotal', () => {
  it('flags a walk that ends having listed nothing while the total counts requests', () => {
    expect(emptyWalkBesideTotal(0, 11, true, 517, 50)).toMatch(/11 page\(s\), all empty.*total = 517/);
  });
  it('flags a walk of empty pages that goes past the pages the total needs', () => {
    expect(emptyWalkBesideTotal(0, 12, false, 517, 50)).toMatch(/12 pages in a row.*11 page\(s\) of 50/);
  });
  it('accepts a walk that listed something, a zero total, and a walk stopped before the pages the total needs', () => {
    expect(emptyWalkBesideTotal(1, 3, false, 517, 50)).toBeUndefined();
    expect(emptyWalkBesideTotal(0, 2, true, 0, 50)).toBeUndefined();
    expect(emptyWalkBesideTotal(0, 11, false, 517, 50)).toBeUndefined();
  });
});

describe('walkAgainstLargerPage', () => {
  const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `r${i + from}`);
  it('accepts the same records, and newer arrivals ahead of the walk (live data)', () => {
    expect(walkAgainstLargerPage(ids(20), ids(20))).toBeUndefined();
    expect(walkAgainstLargerPage(ids(20, 2), ['new1', 'new2', ...ids(20, 2)])).toBeUndefined();
    // The larger page read later holds arrivals, so it ends earlier in the data: compared as far as it goes.
    expect(walkAgainstLargerPage(ids(20), ['n', ...ids(19)])).toBeUndefined();
  });
  it('flags a record the walk skipped (short pages that lose their last record)', () => {
    const walked = [...ids(9), ...ids(9, 10)];
    expect(walkAgainstLargerPage(walked, ids(19))).toMatch(/r9 is missing from the walk/);
  });
  it('says nothing when there is nothing to compare', () => {
    expect(walkAgainstLargerPage([], ids(5))).toBeUndefined();
    expect(walkAgainstLargerPage(['x'], ids(5))).toBeUndefined();
  });
});

describe('seenAboveTotal and earlierThanFirst', () => {
  it('flags more records than the total read after them', () => {
    expect(seenAboveTotal(31, 30)).toMatch(/31 distinct/);
    expect(seenAboveTotal(30, 30)).toBeUndefined();
  });
  it('flags requests created before the first record of an ascending listing', () => {
    expect(earlierThanFirst(2, 'r2')).toMatch(/2 request\(s\) created before r2/);
    expect(earlierThanFirst(0, 'r0')).toBeUndefined();
  });
});
