import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  amountUsd,
  candidates,
  destinationChainIds,
  fillTxHashes,
  matchesComplete,
  matchesSound,
  originChainIds,
  refundTxHashes,
  termFields,
  userCandidates,
  type RecordJson,
} from '../../src/contract/record.js';

/** The live service's published v3 record (specs/examples/published, MIG "v3" tab). */
const SAMPLE = JSON.parse(readFileSync(new URL('../../../../specs/examples/published/requests-v3-record-example-1.json', import.meta.url), 'utf8')) as RecordJson;

describe('record accessors over the published v3 sample', () => {
  it('reads origin and destination chains from every plausible field', () => {
    expect(originChainIds(SAMPLE)).toEqual([137]);
    expect(destinationChainIds(SAMPLE)).toEqual([8453]);
    expect(amountUsd(SAMPLE)).toBeUndefined();
    expect(fillTxHashes(SAMPLE)).toEqual(['0x1c0089...']);
  });

  it('user candidates differ only in case: sound either way, complete for neither', () => {
    expect(userCandidates(SAMPLE)).toEqual(['0xe7a2052a...', '0xE7a205...']);
    expect(matchesSound(SAMPLE, 'user', '0xE7A2052A...')).toBe(true);
    expect(matchesComplete(SAMPLE, 'user', '0xe7a2052a...')).toBe(false);
  });

  it.each<[Parameters<typeof candidates>[1], string | number, boolean, boolean]>([
    ['originChainId', 137, true, true],
    ['originChainId', '137', true, true],
    ['destinationChainId', 137, false, false],
    ['chainId', 8453, true, true],
    ['chainId', 1, false, false],
    ['currencyInSymbol', 'usdc.e', true, true],
    ['currencyOutSymbol', 'USDC', true, true],
    ['status', 'success', true, true],
    ['status', 'refund', false, false],
    ['requestType', 'bridge', true, true],
    ['depositTxHash', '0xcd4d70...', true, true],
    ['refundTxHash', '0x1c0089...', false, false],
  ])('%s=%s: sound %s, complete %s', (param, value, sound, complete) => {
    expect(matchesSound(SAMPLE, param, value)).toBe(sound);
    expect(matchesComplete(SAMPLE, param, value)).toBe(complete);
  });

  it('a refunded request: its outgoing transaction is a refund candidate, never a certain fill', () => {
    const refunded = { ...SAMPLE, status: 'refund' } as RecordJson;
    expect(refundTxHashes(refunded)).toContain('0x1c0089...');
    expect(matchesSound(refunded, 'fillTxHash', '0x1c0089...')).toBe(true);
    expect(matchesComplete(refunded, 'fillTxHash', '0x1c0089...')).toBe(false);
  });

  it('term fields hold the id, wallets and hashes', () => {
    expect(termFields(SAMPLE)).toEqual(expect.arrayContaining(['0x0000348634...', '0x07082933...', '0xcd4d70...', '0x1c0089...']));
  });
});

describe('candidates are computed once per record and parameter', () => {
  it('hands back the same frozen list for the same record, a fresh one for another record', () => {
    const first = candidates(SAMPLE, 'originChainId');
    expect(candidates(SAMPLE, 'originChainId')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => (first as Array<string | number>).push(1)).toThrow(TypeError);
    const copy = structuredClone(SAMPLE);
    expect(candidates(copy, 'originChainId')).not.toBe(first);
    expect(candidates(copy, 'originChainId')).toEqual(first);
  });
});
