import { describe, expect, it } from 'vitest';
import { familyOf, withFamilies } from '../../src/contract/family.js';

describe('familyOf: the family is the id prefix', () => {
  it('the first segment of the id', () => {
    expect(familyOf('currencies-v2.limit.max')).toBe('currencies-v2');
    expect(familyOf('requests-v2.retired')).toBe('requests-v2');
    expect(familyOf('events.ws.ready')).toBe('events');
    expect(familyOf('general')).toBe('general');
  });
  it('for GET /requests/v3, the section: the first two segments, paging and record grouping theirs', () => {
    expect(familyOf('requests-v3.filter.term')).toBe('requests-v3.filter');
    expect(familyOf('requests-v3.filters.not')).toBe('requests-v3.filters');
    expect(familyOf('requests-v3.sort.default')).toBe('requests-v3.paging');
    expect(familyOf('requests-v3.total.exact')).toBe('requests-v3.paging');
    expect(familyOf('requests-v3.response.schema')).toBe('requests-v3.record');
    expect(familyOf('requests-v3')).toBe('requests-v3');
  });
  it('withFamilies adds it to each definition and keeps the rest', () => {
    const run = async () => ({ status: 'pass' as const });
    const [c] = withFamilies([{ id: 'x-v1.a.b', title: 't', clauses: ['c'], operation: 'GET /x', run }]);
    expect(c).toEqual({ id: 'x-v1.a.b', family: 'x-v1', title: 't', clauses: ['c'], operation: 'GET /x', run });
  });
});
