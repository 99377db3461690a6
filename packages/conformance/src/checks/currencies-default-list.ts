/**
 * Currencies' default list (API document, POST /currencies/v2 body: `defaultList` "return default
 * currencies"; `address`: the currencies are "searchable by several criteria"). The kit's other
 * currency checks send `defaultList` only to see it accepted, and look currencies up by the address
 * of the first one listed, which a server that searches its default list only still finds. Here the
 * default list is read (it must hold currencies where the unfiltered lookup of discovery does), and
 * a discovered currency outside it is looked up by its own address and chain.
 */
import { brief, ensure, violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckDefinition, CheckSpec, Exchange } from '../contract/types.js';
import { bodyShown, isObject, pass, skip, statusLine } from '../contract/outcome.js';
import { CURRENCIES_MAX_LIMIT } from '../oracles/currencies.js';

const OP = 'POST /currencies/v2';
const PATH = '/currencies/v2';

type Currency = Record<string, unknown>;
const keyOf = (c: Currency): string | undefined => (typeof c.chainId === 'number' && typeof c.address === 'string' ? `${c.chainId}:${c.address.toLowerCase()}` : undefined);

/** The array of a 200 answer to a valid body; anything else is a violation. */
function listOf(exchange: Exchange, body: unknown): Currency[] {
  ensure(exchange.response?.status === 200, 'A valid body must be answered with 200', `200 with a JSON array (body ${brief(body)})`, statusLine(exchange), exchange);
  const json = exchange.response!.json;
  if (!Array.isArray(json)) violate('A 200 of POST /currencies/v2 must be a JSON array of currencies', 'a JSON array', bodyShown(exchange), exchange);
  return json.filter(isObject);
}

const defaultList: CheckSpec = {
  id: 'currencies-v2.filter.default-list',
  title: 'defaultList: true answers the default currencies (not none, where the unfiltered lookup has some), and a currency outside the default list is found by its own address',
  clauses: ['currencies-v2.filter.default-list', 'currencies-v2.filter.address'],
  operation: OP,
  async run(ctx) {
    const discovered = ctx.discovery.currencies.filter((c) => keyOf(c) !== undefined);
    if (discovered.length === 0) return skip('discovery listed no currency with a chainId and an address');
    const body = { defaultList: true, limit: CURRENCIES_MAX_LIMIT };
    const asked = await ctx.http.send({ method: 'POST', path: PATH, body });
    const defaults = listOf(asked, body);
    if (defaults.length === 0) {
      violate('defaultList: true must return the default currencies (API document: "return default currencies"): none came back, while the lookup without it lists currencies', `the default currencies (discovery listed ${discovered.length} currencies)`, '[]', asked);
    }
    const inDefault = new Set(defaults.map(keyOf));
    const outside = discovered.find((c) => !inDefault.has(keyOf(c)));
    // A full default list (the limit reached) may hold more than it showed: no currency is then known to be outside it.
    if (!outside || defaults.length >= body.limit) return pass(`${defaults.length} default currencies; every discovered currency is among them, none looked up outside the list`);
    const lookup = { address: outside.address, chainIds: [outside.chainId] };
    const found = await ctx.http.send({ method: 'POST', path: PATH, body: lookup });
    const list = listOf(found, lookup);
    if (!list.some((c) => keyOf(c) === keyOf(outside))) {
      violate(
        `A currency outside the default list must be found by its own address (the lookup searches every currency, not the default list): ${String(outside.symbol ?? '?')} at ${keyOf(outside)}, listed by the lookup without filters`,
        `the currency at ${keyOf(outside)} in the answer`,
        `${list.length} currencies: ${list.slice(0, 5).map((c) => keyOf(c) ?? '?').join(', ') || 'none'}`,
        found,
      );
    }
    return pass(`${defaults.length} default currencies; ${String(outside.symbol ?? '?')} at ${keyOf(outside)}, outside them, found by its address`);
  },
};

/** The checks of the default list, in run order. */
export const checks: CheckDefinition[] = withFamilies([defaultList]);
