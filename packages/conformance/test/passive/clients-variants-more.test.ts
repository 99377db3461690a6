/**
 * Conformant client traffic under each allowed variation of the reference server (second half of
 * variantCatalogue; two files so that two vitest workers share them), data moving: zero
 * violations through the proxy and in the HAR audit (see clients.test.ts).
 */
import { variantCatalogue } from '@crosschain/mock-server';
import { describe, it } from 'vitest';
import { expectAsMapped, watch } from './watch-clients.js';

describe('client libraries through the proxy, per variant: zero violations', () => {
  it.each(variantCatalogue.map((v) => v.name).slice(Math.ceil(variantCatalogue.length / 2)))('variant %s, data moving', async (variant) => {
    expectAsMapped(await watch({ variants: [variant], moving: true, seed: 13, light: true }), variant);
  }, 120_000);
});
