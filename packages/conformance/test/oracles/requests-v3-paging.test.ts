import { describe, expect, it } from 'vitest';
import { repeatedOnPage } from '../../src/oracles/requests-v3-paging.js';

describe('repeatedOnPage', () => {
  it('names each id a page lists more than once, once', () => {
    expect(repeatedOnPage(['a', 'a', 'a', 'b', 'c', 'b'])).toEqual(['a', 'b']);
  });
  it('accepts distinct ids and ignores unreadable ones (?)', () => {
    expect(repeatedOnPage(['a', 'b', 'c'])).toEqual([]);
    expect(repeatedOnPage(['?', '?', 'a'])).toEqual([]);
    expect(repeatedOnPage([])).toEqual([]);
  });
});
