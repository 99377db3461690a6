/**
 * POST /currencies/v2 oracles (API document, POST /currencies/v2): at most min(limit, max)
 * currencies, the default limit, and every returned currency matches the body's filters.
 */
import { brief } from '../contract/expect.js';
import { CURRENCIES_DEFAULT_LIMIT, CURRENCIES_MAX_LIMIT, addressDiffers, notAmongTokens, offChains, otherCurrencyThanLocated, parseTokens, verifiedDiffers } from './currencies.js';
import { CURRENCIES, ok, type Oracle, type Seen } from './oracle.js';

/** The ids of the checks these oracles report under (their definitions in src/checks/ take them from here: one spelling). */
export const CURRENCIES_V2_IDS = {
  filterAddress: 'currencies-v2.filter.address',
  filterChainIds: 'currencies-v2.filter.chain-ids',
  filterTokens: 'currencies-v2.filter.tokens',
  filterVerified: 'currencies-v2.filter.verified',
  limitDefault: 'currencies-v2.limit.default',
  limitMax: 'currencies-v2.limit.max',
} as const;

type Body = Record<string, unknown>;
const bodyOf = (s: Seen): Body => (typeof s.requestJson === 'object' && s.requestJson !== null && !Array.isArray(s.requestJson) ? (s.requestJson as Body) : {});
const currencies = (s: Seen): Body[] | undefined => {
  const json = s.exchange.response?.json;
  return Array.isArray(json) ? json.map((c) => (typeof c === 'object' && c !== null ? (c as Body) : {})) : undefined;
};
const label = (c: Body): string => `${String(c.symbol ?? '?')} ${String(c.chainId ?? '?')}:${String(c.address ?? '?')}`;

/** With includeAllChains=true the location fields (address, tokens, chainIds) find a currency whose other chains come back too: they no longer bound every entry. */
const allChains = (s: Seen): boolean => bodyOf(s).includeAllChains === true;
const LOCATING = new Set(['chainIds', 'address', 'tokens']);

function currencyFilter(id: string, field: string, wrong: (c: Body, value: unknown) => boolean, valid: (v: unknown) => boolean): Oracle {
  return {
    id,
    applies: (s) => ok(CURRENCIES)(s) && currencies(s) !== undefined && valid(bodyOf(s)[field]) && !(LOCATING.has(field) && allChains(s)),
    judge(s) {
      const value = bodyOf(s)[field];
      const bad = currencies(s)!.find((c) => wrong(c, value));
      return bad ? { message: `With ${field}, every returned currency must match it`, expected: `${field} ${brief(value)}`, received: label(bad) } : undefined;
    },
  };
}

/**
 * includeAllChains with an address: only the located currency, on its chains (otherCurrencyThanLocated).
 * Its id is the active check's (checks/currencies.ts reads it from here).
 */
export const includeAllChains: Oracle = {
  id: 'currencies-v2.filter.include-all-chains',
  applies: (s) => ok(CURRENCIES)(s) && currencies(s) !== undefined && allChains(s) && typeof bodyOf(s).address === 'string' && bodyOf(s).address !== '' && bodyOf(s).tokens === undefined,
  judge(s) {
    const b = bodyOf(s);
    const chainIds = Array.isArray(b.chainIds) && b.chainIds.every((x) => typeof x === 'number') ? (b.chainIds as number[]) : undefined;
    const other = otherCurrencyThanLocated(currencies(s)!, b.address as string, chainIds);
    return other
      ? {
          message: 'With includeAllChains, address and chainIds, only the located currency comes back (on all its chains), not other currencies',
          expected: `entries of the currency at ${String(b.address)}${chainIds ? ` on ${chainIds.join(',')}` : ''} only`,
          received: label(other),
        }
      : undefined;
  },
};

export const currencyOracles: Oracle[] = [
  {
    id: CURRENCIES_V2_IDS.limitMax,
    applies: (s) => ok(CURRENCIES)(s) && currencies(s) !== undefined && typeof bodyOf(s).limit === 'number',
    judge(s) {
      const max = Math.min(bodyOf(s).limit as number, CURRENCIES_MAX_LIMIT);
      const n = currencies(s)!.length;
      const limit = bodyOf(s).limit as number;
      return n > max
        ? { message: `The maximum limit of POST /currencies/v2 is ${CURRENCIES_MAX_LIMIT}: at most min(limit, ${CURRENCIES_MAX_LIMIT}) currencies come back`, expected: `at most ${max} currencies for limit=${limit}`, received: `${n} currencies` }
        : undefined;
    },
  },
  {
    id: CURRENCIES_V2_IDS.limitDefault,
    applies: (s) => ok(CURRENCIES)(s) && currencies(s) !== undefined && bodyOf(s).limit === undefined,
    judge(s) {
      const n = currencies(s)!.length;
      return n > CURRENCIES_DEFAULT_LIMIT ? { message: `The default limit of POST /currencies/v2 is ${CURRENCIES_DEFAULT_LIMIT}`, expected: `at most ${CURRENCIES_DEFAULT_LIMIT}`, received: `${n} currencies without limit` } : undefined;
    },
  },
  currencyFilter(CURRENCIES_V2_IDS.filterChainIds, 'chainIds', (c, v) => offChains(c, v as number[]), (v) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number')),
  currencyFilter(CURRENCIES_V2_IDS.filterVerified, 'verified', (c, v) => verifiedDiffers(c, v as boolean), (v) => typeof v === 'boolean'),
  currencyFilter(CURRENCIES_V2_IDS.filterAddress, 'address', (c, v) => addressDiffers(c, v as string), (v) => typeof v === 'string' && v !== ''),
  currencyFilter(CURRENCIES_V2_IDS.filterTokens, 'tokens', (c, v) => notAmongTokens(c, parseTokens(v)!), (v) => parseTokens(v) !== undefined && (v as unknown[]).length > 0),
  includeAllChains,
];
