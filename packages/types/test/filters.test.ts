import { describe, expect, it } from 'vitest';
import { encodeRequestsV3Filters, REQUESTS_V3_RANGE_KEYS } from '../src/filters.js';
import type { RequestsV3Filters } from '../src/index.js';

describe('encodeRequestsV3Filters (GET /requests/v3 rule 7)', () => {
  it('JSON-encodes groups with scalars, arrays, null-checks and not: keys', () => {
    const groups: RequestsV3Filters = [{ status: ['refund', 'failure'], originChainId: 8453 }, { 'not:depositAddress': null, user: '0xabc' }];
    const encoded = encodeRequestsV3Filters(groups);
    expect(JSON.parse(encoded)).toEqual(groups);
    expect(encoded).toBe('[{"status":["refund","failure"],"originChainId":8453},{"not:depositAddress":null,"user":"0xabc"}]');
  });

  it('encodes an empty list of groups', () => {
    expect(encodeRequestsV3Filters([])).toBe('[]');
  });

  it.each([
    ['a non-array', { status: 'refund' }, /filters must be an array of groups/],
    ['a non-object group', ['status=refund'], /filters\[0\] must be an object/],
    ['an empty group', [{}], /filters\[0\] is empty/],
    ['null mixed with values', [{ status: 'success' }, { user: [null, '0x1'] }], /filters\[1\]\.user combines null with values.*400/],
    ['an empty array', [{ user: [] }], /empty array/],
    ['a nested object', [{ user: { eq: '0x1' } }], /must be a string, number, boolean, null or an array/],
    ['an object in an array', [{ user: ['0x1', { a: 1 }] }], /contains \{"a":1\}/],
    ['a non-finite number', [{ chainId: Number.NaN }], /got NaN/],
    ['an empty field name', [{ '': 'x' }], /empty field name/],
  ])('refuses %s', (_name, groups, message) => {
    expect(() => encodeRequestsV3Filters(groups as never)).toThrow(TypeError);
    expect(() => encodeRequestsV3Filters(groups as never)).toThrow(message);
  });

  it.each([...REQUESTS_V3_RANGE_KEYS, 'features'].flatMap((key) => [key, `not:${key}`]))('refuses %s inside a group: top-level only (rule 7)', (key) => {
    const groups = [{ status: 'refund' }, { [key]: key === 'features' ? ['fast_fill'] : 5 }];
    expect(() => encodeRequestsV3Filters(groups as never)).toThrow(TypeError);
    expect(() => encodeRequestsV3Filters(groups as never)).toThrow(`filters[1].${key} is not allowed in a group: range filters and features are top-level only`);
  });

  it('names the document\'s range parameters, each a query parameter of the contract', async () => {
    const { openapi } = await import('@crosschain/specs');
    const doc = openapi as { paths: Record<string, { get: { parameters: { name: string }[] } }> };
    const names = doc.paths['/requests/v3']!.get.parameters.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining([...REQUESTS_V3_RANGE_KEYS, 'features']));
  });
});
