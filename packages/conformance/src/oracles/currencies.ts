/**
 * Per-currency oracles of POST /currencies/v2 (API document, Endpoints > POST /currencies/v2 body
 * fields; Limits: default 20, maximum 100). Pure predicates shared by the active `currencies-v2.*`
 * checks and the passive proxy and HAR audit: each says whether one returned currency breaks a
 * filter of the request body.
 */
import { BODY_PROPERTIES } from '@crosschain/specs';
import { isObject } from '../contract/outcome.js';

type Currency = Record<string, unknown>;

/** Limits of POST /currencies/v2 (API document, Limits). */
export const CURRENCIES_DEFAULT_LIMIT: number = BODY_PROPERTIES['POST /currencies/v2'].limit.default;
export const CURRENCIES_MAX_LIMIT: number = BODY_PROPERTIES['POST /currencies/v2'].limit.maximum;

const chainIdOf = (c: Currency): number | undefined => (typeof c.chainId === 'number' ? c.chainId : undefined);
const addressOf = (c: Currency): string | undefined => (typeof c.address === 'string' ? c.address : undefined);

/** `chainIds`: the currency is on none of the chains. */
export function offChains(c: Currency, chainIds: readonly number[]): boolean {
  return !chainIds.includes(chainIdOf(c) as number);
}

/** `verified`: the currency's `metadata.verified` differs from the asked value. */
export function verifiedDiffers(c: Currency, verified: boolean): boolean {
  return (isObject(c.metadata) ? c.metadata.verified : undefined) !== verified;
}

/** `address`: the currency has another address (hex compared ignoring case). */
export function addressDiffers(c: Currency, address: string): boolean {
  return addressOf(c)?.toLowerCase() !== address.toLowerCase();
}

/** `tokens` (`<chainId>:<address>`): the currency is none of the listed tokens. */
export function notAmongTokens(c: Currency, tokens: ReadonlyArray<{ chainId: number; address: string }>): boolean {
  return !tokens.some((t) => t.chainId === chainIdOf(c) && t.address.toLowerCase() === addressOf(c)?.toLowerCase());
}

/**
 * `includeAllChains` with `address` (and `chainIds`): "include all chains of a currency when
 * filtering by chain and address" (API document, POST /currencies/v2 body). The located currencies
 * are the returned entries at that address (on one of `chainIds`, when given); every other entry
 * must be the same currency on another chain. The document names no currency key in the public
 * shape, so "the same currency" is read leniently: the same symbol or the same name (ignoring
 * case) as one of the located entries. Returns the first entry of another currency; undefined when
 * every entry is of a located currency, or when nothing was located (then the answer says nothing
 * of which currency was meant).
 */
export function otherCurrencyThanLocated(list: readonly Currency[], address: string, chainIds: readonly number[] | undefined): Currency | undefined {
  const located = list.filter((c) => !addressDiffers(c, address) && (chainIds === undefined || !offChains(c, chainIds)));
  if (located.length === 0) return undefined;
  const lower = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined);
  const symbols = new Set(located.map((c) => lower(c.symbol)).filter((v) => v !== undefined));
  const names = new Set(located.map((c) => lower(c.name)).filter((v) => v !== undefined));
  return list.find((c) => !located.includes(c) && !symbols.has(lower(c.symbol) ?? '\u0000') && !names.has(lower(c.name) ?? '\u0000'));
}

/** Parses `<chainId>:<address>` tokens; undefined when one is malformed (not judged). */
export function parseTokens(tokens: unknown): Array<{ chainId: number; address: string }> | undefined {
  if (!Array.isArray(tokens)) return undefined;
  const out: Array<{ chainId: number; address: string }> = [];
  for (const t of tokens) {
    const m = typeof t === 'string' ? /^(\d+):(.+)$/.exec(t) : null;
    if (!m) return undefined;
    out.push({ chainId: Number(m[1]), address: m[2]! });
  }
  return out;
}
