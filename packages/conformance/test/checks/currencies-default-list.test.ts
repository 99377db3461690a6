/**
 * currencies-v2.filter.default-list against a fake POST /currencies/v2: a catalogue with a default
 * list passes; an empty default list, or lookups by address that search the default list only, fail.
 */
import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/currencies-default-list.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { checkById } from '../support/check-cases.js';
import { fakeContext, json, route } from '../support/fake-context.js';
import { settle } from '../support/settle.js';

const check = checkById(checks, 'currencies-v2.filter.default-list');
const CATALOGUE = [
  { chainId: 1, address: '0xaa', symbol: 'USDC', isDefault: true },
  { chainId: 1, address: '0xbb', symbol: 'ETH', isDefault: true },
  { chainId: 10, address: '0xcc', symbol: 'PEPE1', isDefault: false },
];
const publicOf = ({ isDefault: _d, ...c }: (typeof CATALOGUE)[number]) => c;

function currencies(options: { emptyDefault?: boolean; addressDefaultOnly?: boolean } = {}) {
  return route({
    'POST /currencies/v2': (req: RequestSpec) => {
      const b = (req.body ?? {}) as { defaultList?: boolean; address?: string; chainIds?: number[] };
      let list = CATALOGUE.filter((c) => b.defaultList !== true || c.isDefault);
      if (b.defaultList === true && options.emptyDefault) list = [];
      if (b.address !== undefined) list = list.filter((c) => c.address === b.address && (!options.addressDefaultOnly || c.isDefault));
      if (b.chainIds) list = list.filter((c) => b.chainIds!.includes(c.chainId));
      return json(200, list.map(publicOf));
    },
  });
}

const run = (handler: ReturnType<typeof currencies>) => settle(check, fakeContext({ handler, discovery: { currencies: CATALOGUE.map(publicOf) } }));

describe('currencies-v2.filter.default-list', () => {
  it('passes a catalogue with a default list, finding the currency outside it by its address', async () => {
    const result = await run(currencies());
    expect(result).toMatchObject({ status: 'pass' });
    expect(JSON.stringify(result)).toContain('10:0xcc');
  });
  it('fails an empty default list', async () => {
    const result = await run(currencies({ emptyDefault: true }));
    expect(result.status).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/return default currencies/);
  });
  it('fails lookups by address that search the default list only', async () => {
    const result = await run(currencies({ addressDefaultOnly: true }));
    expect(result.status).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/outside the default list must be found by its own address/);
  });
  it('skips without discovered currencies', async () => {
    expect((await settle(check, fakeContext({ handler: currencies(), discovery: { currencies: [] } }))).status).toBe('skip');
  });
});
