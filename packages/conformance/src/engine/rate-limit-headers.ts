/**
 * What a target's rate-limit response headers say is left: the IETF draft's `RateLimit` (with
 * `RateLimit-Policy` for a window the item does not give), in its current form
 * (`RateLimit: "default";r=50;t=30`) and its older ones (`RateLimit: limit=100, remaining=50, reset=5`;
 * `RateLimit-Remaining` / `RateLimit-Reset`), and the common `X-RateLimit-Remaining` /
 * `X-RateLimit-Reset` (seconds to wait, or an epoch in seconds or milliseconds).
 * draft-ietf-httpapi-ratelimit-headers, "The rate the target allows". Malformed fields are
 * ignored; the caller still honours `Retry-After` on a 429.
 */
import { parseDictionary, parseList, ParseError, Token, type BareItem, type InnerList, type Item as SfItem } from 'structured-headers';

/** One member of an RFC 9651 List or Dictionary (structured-headers), as the readers below use it. */
interface Item {
  value: BareItem | InnerList;
  params: ReadonlyMap<string, BareItem>;
}

const itemOf = ([value, params]: SfItem | [InnerList, SfItem[1]]): Item => ({ value, params });

export interface RateLimitState {
  /** Requests left in the current window. */
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
  /** The header it was read from, e.g. `x-ratelimit-remaining`. */
  header: string;
}

/** An epoch in seconds is at least this (2001-09-09); smaller values are seconds to wait. */
const EPOCH_SECONDS = 1e9;
/** An epoch in milliseconds is at least this. */
const EPOCH_MS = 1e12;

function count(value: Item['value'] | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function seconds(value: Item['value'] | undefined): number | undefined {
  return typeof value === 'number' && value >= 0 ? value * 1000 : undefined;
}

function policyName(item: Item): string | undefined {
  const v = item.value;
  return typeof v === 'string' ? v : v instanceof Token ? v.toString() : undefined;
}

/** Parses with structured-headers; a malformed field (its ParseError) is `undefined`, ignored. */
function tryParse<T>(parse: () => T): T | undefined {
  try {
    return parse();
  } catch (err) {
    if (err instanceof ParseError) return undefined;
    throw err;
  }
}

const listOf = (field: string): Item[] | undefined => tryParse(() => parseList(field).map(itemOf));
const dictionaryOf = (field: string): Map<string, Item> | undefined =>
  tryParse(() => new Map([...parseDictionary(field)].map(([k, member]) => [k, itemOf(member)])));

/** `RateLimit` of the draft: a List of policies with `r` (remaining) and `t` (seconds to reset), else the older Dictionary. */
function draftStates(headers: Readonly<Record<string, string>>): RateLimitState[] {
  const field = headers.ratelimit;
  if (field === undefined) return [];
  const list = listOf(field);
  if (list !== undefined && list.every((i) => i.params.has('r'))) {
    const windows = new Map<string, number>();
    const policy = headers['ratelimit-policy'];
    for (const p of (policy !== undefined && listOf(policy)) || []) {
      const name = policyName(p);
      const w = seconds(p.params.get('w'));
      if (name !== undefined && w !== undefined) windows.set(name, w);
    }
    return list.flatMap((i) => {
      const remaining = count(i.params.get('r'));
      const name = policyName(i);
      const resetMs = seconds(i.params.get('t')) ?? (name !== undefined ? windows.get(name) : undefined);
      return remaining !== undefined && resetMs !== undefined ? [{ remaining, resetMs, header: 'ratelimit' }] : [];
    });
  }
  const dict = dictionaryOf(field);
  const remaining = count(dict?.get('remaining')?.value);
  const resetMs = seconds(dict?.get('reset')?.value);
  return remaining !== undefined && resetMs !== undefined ? [{ remaining, resetMs, header: 'ratelimit' }] : [];
}

/** A `*-Remaining` / `*-Reset` pair; the reset is seconds to wait, or (X- only) an epoch. */
function pairState(headers: Readonly<Record<string, string>>, prefix: string, now: number, epochs: boolean): RateLimitState[] {
  const rem = headers[`${prefix}-remaining`]?.trim();
  const reset = headers[`${prefix}-reset`]?.trim();
  if (rem === undefined || reset === undefined || !/^\d+$/.test(rem) || !/^\d+(\.\d+)?$/.test(reset)) return [];
  const r = Number(reset);
  let resetMs = r * 1000;
  if (epochs && r >= EPOCH_MS) resetMs = r - now;
  else if (epochs && r >= EPOCH_SECONDS) resetMs = r * 1000 - now;
  return [{ remaining: Number(rem), resetMs: Math.max(0, resetMs), header: `${prefix}-remaining` }];
}

/**
 * The tightest limit the headers of one response announce: an exhausted one (the longest wait
 * among them) before any other, else the one leaving the lowest rate. Headers are keyed in lower case.
 */
export function tightestRateLimit(headers: Readonly<Record<string, string>>, now: number): RateLimitState | undefined {
  const states = [...draftStates(headers), ...pairState(headers, 'ratelimit', now, false), ...pairState(headers, 'x-ratelimit', now, true)];
  const exhausted = states.filter((s) => s.remaining === 0);
  if (exhausted.length > 0) return exhausted.reduce((a, b) => (b.resetMs > a.resetMs ? b : a));
  return states.reduce<RateLimitState | undefined>((a, b) => (a === undefined || b.remaining / Math.max(1, b.resetMs) < a.remaining / Math.max(1, a.resetMs) ? b : a), undefined);
}
