import { describe, expect, it } from 'vitest';
import { filtersMismatch, groupMismatch, mixesNull, parseGroups } from '../../src/oracles/groups.js';

const rec = (over: Record<string, unknown> = {}) => ({ id: 'r1', status: 'success', requestType: 'Bridge', recipient: '0xabc', depositAddress: null, ...over });

describe('filters group soundness (rule 7)', () => {
  it('AND within a group, OR across groups', () => {
    expect(groupMismatch(rec(), { status: 'success', requestType: 'bridge' })).toBeUndefined();
    expect(groupMismatch(rec(), { status: 'success', requestType: 'Call' })).toMatchObject({ key: 'requestType', rule: 'and' });
    expect(filtersMismatch(rec(), [{ status: 'failure' }, { status: 'success' }])).toBeUndefined();
    expect(filtersMismatch(rec(), [{ status: 'failure' }, { status: 'refund' }])).toMatchObject({ key: 'status', value: 'failure' });
  });

  it('not:, arrays and null', () => {
    expect(groupMismatch(rec(), { 'not:status': 'success' })).toMatchObject({ rule: 'not' });
    expect(groupMismatch(rec(), { 'not:status': 'failure' })).toBeUndefined();
    expect(groupMismatch(rec(), { status: ['failure', 'refund'] })).toMatchObject({ rule: 'array' });
    expect(groupMismatch(rec(), { status: ['failure', 'success'] })).toBeUndefined();
    expect(groupMismatch(rec(), { depositAddress: null })).toBeUndefined();
    expect(groupMismatch(rec({ depositAddress: { address: '0xdep' } }), { depositAddress: null })).toMatchObject({ rule: 'null' });
    expect(groupMismatch(rec(), { 'not:depositAddress': null })).toMatchObject({ rule: 'null' });
  });

  it('keys and values the oracle does not know are not judged', () => {
    expect(groupMismatch(rec(), { someFutureKey: 'x', status: { nested: true } })).toBeUndefined();
  });

  it('parses filters and detects null mixed with values', () => {
    expect(parseGroups('[{"status":"success"}]')).toEqual([{ status: 'success' }]);
    expect(parseGroups('{"status":"success"}')).toEqual([{ status: 'success' }]);
    expect(parseGroups('not json')).toBeUndefined();
    expect(parseGroups('[1]')).toBeUndefined();
    expect(mixesNull([{ status: ['success', null] }])).toBe(true);
    expect(mixesNull([{ status: [null] }, { depositAddress: null }])).toBe(false);
  });
});
