/**
 * POST /currencies/v2 (document, Endpoints > POST /currencies/v2): the eleven body fields,
 * `limit` default 20 and maximum 100 (above 100: 400). `useExternalSearch` is accepted and has no
 * effect (the mock has no third-party search).
 */
import { BODY_PROPERTIES } from '@crosschain/specs';
import { CURRENCIES, type CatalogueCurrency } from '../data/catalogue.js';
import { optionalKey } from '../auth.js';
import { badParam, HttpError } from '../http/errors.js';
import type { Reply } from '../http/respond.js';
import type { Faults } from '../faults.js';
import { addExtrasDeep } from '../variants/extra-fields.js';
import { capBodyLimit } from '../variants/limits.js';
import type { Route, RouteContext } from './context.js';

/** `limit` of the body, generated from the OpenAPI document: default 20, maximum 100. */
const LIMIT = BODY_PROPERTIES['POST /currencies/v2'].limit;
export const CURRENCIES_DEFAULT_LIMIT: number = LIMIT.default;
export const CURRENCIES_MAX_LIMIT: number = LIMIT.maximum;
/** Valid limits the fault `currencies-limit-ignored-at-boundary` ignores (the default 20 come back). */
const IGNORED_LIMITS: ReadonlySet<number> = new Set([1, 99]);

const BOOLEAN_FIELDS = ['defaultList', 'verified', 'includeAllChains', 'useExternalSearch', 'depositAddressOnly'] as const;
const STRING_FIELDS = ['term', 'address', 'currencyId'] as const;

function publicCurrency(c: CatalogueCurrency): Record<string, unknown> {
  return { chainId: c.chainId, address: c.address, symbol: c.symbol, name: c.name, decimals: c.decimals, vmType: c.vmType, metadata: { ...c.metadata } };
}

export function currencies(body: unknown, faults: Faults): Reply {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badParam('body', body, 'a JSON object (all fields optional)');
  const b = body as Record<string, unknown>;
  for (const f of BOOLEAN_FIELDS) if (b[f] !== undefined && typeof b[f] !== 'boolean') throw badParam(f, b[f], 'a boolean');
  for (const f of STRING_FIELDS) if (b[f] !== undefined && typeof b[f] !== 'string') throw badParam(f, b[f], 'a string');
  let chainIds: number[] | undefined;
  if (b.chainIds !== undefined) {
    if (!Array.isArray(b.chainIds) || b.chainIds.length > 100 || !b.chainIds.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= 0)) {
      throw badParam('chainIds', b.chainIds, 'an array of chain ids (non-negative integers), at most 100');
    }
    chainIds = b.chainIds as number[];
  }
  let tokens: Array<[number, string]> | undefined;
  if (b.tokens !== undefined) {
    if (!Array.isArray(b.tokens) || b.tokens.length > 100 || !b.tokens.every((x) => typeof x === 'string' && /^\d+:.+$/.test(x))) {
      throw badParam('tokens', b.tokens, 'an array of "<chainId>:<address>" strings, at most 100');
    }
    tokens = (b.tokens as string[]).map((t) => {
      const i = t.indexOf(':');
      return [Number(t.slice(0, i)), t.slice(i + 1).toLowerCase()];
    });
    // Fault currencies-tokens-upper-cased: the token's address is upper-cased, so it never equals a lower-cased one.
    if (faults.has('currencies-tokens-upper-cased')) tokens = tokens.map(([chain, addr]) => [chain, addr.toUpperCase()]);
  }
  let limit = faults.has('currencies-default-limit-50') ? 50 : CURRENCIES_DEFAULT_LIMIT;
  if (b.limit !== undefined) {
    const max = faults.has('currencies-limit-uncapped') ? 1000 : CURRENCIES_MAX_LIMIT;
    if (typeof b.limit !== 'number' || !Number.isInteger(b.limit) || b.limit < 1 || b.limit > max) {
      throw badParam('limit', b.limit, `an integer from 1 to ${max}`);
    }
    limit = faults.has('currencies-limit-ignored-at-boundary') && IGNORED_LIMITS.has(b.limit) ? CURRENCIES_DEFAULT_LIMIT : b.limit;
  }
  const term = (b.term as string | undefined)?.toLowerCase();
  const address = (b.address as string | undefined)?.toLowerCase();
  const currencyId = (b.currencyId as string | undefined)?.toLowerCase();
  const verified = faults.has('currencies-verified-ignored') ? undefined : (b.verified as boolean | undefined);
  const common = (c: CatalogueCurrency): boolean =>
    (verified === undefined || c.metadata.verified === verified) &&
    (b.depositAddressOnly !== true || c.depositAddress) &&
    (b.defaultList !== true || c.defaultList) &&
    (currencyId === undefined || c.currencyId === currencyId) &&
    (term === undefined || c.symbol.toLowerCase().includes(term) || c.name.toLowerCase().includes(term) || c.address.toLowerCase().includes(term));
  // Fault currencies-address-default-only: a lookup by address or token searches the default list only.
  const defaultOnly = faults.has('currencies-address-default-only') && (address !== undefined || tokens !== undefined);
  const located = (c: CatalogueCurrency): boolean =>
    (!defaultOnly || c.defaultList) &&
    (address === undefined || c.address.toLowerCase() === address) &&
    (tokens === undefined || tokens.some(([chain, addr]) => c.chainId === chain && c.address.toLowerCase() === addr));
  let result = CURRENCIES.filter((c) => common(c) && located(c) && (chainIds === undefined || chainIds.includes(c.chainId)));
  if (b.includeAllChains === true && (address !== undefined || tokens !== undefined)) {
    // Fault currencies-include-all-chains-any: every currency counts as located, so every one passing the other filters comes back.
    const anyCurrency = faults.has('currencies-include-all-chains-any');
    const ids = new Set(CURRENCIES.filter((c) => anyCurrency || (located(c) && (chainIds === undefined || chainIds.includes(c.chainId)))).map((c) => c.currencyId));
    result = CURRENCIES.filter((c) => common(c) && ids.has(c.currencyId));
  }
  // Fault currencies-lookup-empty: no currency is ever located, so every answer is [].
  if (faults.has('currencies-lookup-empty')) result = [];
  // Fault currencies-default-list-empty: defaultList: true selects nothing.
  if (faults.has('currencies-default-list-empty') && b.defaultList === true) result = [];
  return { status: 200, body: result.slice(0, limit).map(publicCurrency) };
}

/** Largest request body read (bytes). */
const MAX_BODY = 64 * 1024;

/** The POST /currencies/v2 handler: the key optional, the JSON body parsed (empty = `{}`), then {@link currencies}. */
export function currenciesRoute(ctx: RouteContext): Route {
  const { faults, variants } = ctx;
  const capped = variants.has('limit-capped');
  return async (req) => {
    optionalKey(req.headers['x-api-key']);
    const text = await req.body(MAX_BODY);
    let body: unknown = {};
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        throw new HttpError(400, 'Invalid JSON body: expected a JSON object such as {"chainIds":[1],"limit":20}', 'INVALID_BODY');
      }
    }
    const reply = currencies(capped ? capBodyLimit(body, CURRENCIES_MAX_LIMIT) : body, faults);
    if (variants.has('currency-extra-fields')) addExtrasDeep(reply.body);
    return reply;
  };
}
