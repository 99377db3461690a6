import { describe, expect, it } from 'vitest';
import { addressDiffers, notAmongTokens, offChains, parseTokens, verifiedDiffers } from '../../src/oracles/currencies.js';

const usdc = { chainId: 8453, address: '0xAbC', symbol: 'USDC', metadata: { verified: true } };

describe('currency filter oracles', () => {
  it('chainIds, verified and address (hex case ignored)', () => {
    expect(offChains(usdc, [1, 8453])).toBe(false);
    expect(offChains(usdc, [1])).toBe(true);
    expect(verifiedDiffers(usdc, true)).toBe(false);
    expect(verifiedDiffers(usdc, false)).toBe(true);
    expect(verifiedDiffers({ chainId: 1 }, true)).toBe(true);
    expect(addressDiffers(usdc, '0xabc')).toBe(false);
    expect(addressDiffers(usdc, '0xabd')).toBe(true);
  });

  it('tokens: parsed <chainId>:<address>, a malformed list is not judged', () => {
    expect(parseTokens(['8453:0xabc', '1:0xdef'])).toEqual([{ chainId: 8453, address: '0xabc' }, { chainId: 1, address: '0xdef' }]);
    expect(parseTokens(['0xabc'])).toBeUndefined();
    expect(parseTokens('8453:0xabc')).toBeUndefined();
    expect(notAmongTokens(usdc, parseTokens(['8453:0xabc'])!)).toBe(false);
    expect(notAmongTokens(usdc, parseTokens(['1:0xabc'])!)).toBe(true);
  });
});
