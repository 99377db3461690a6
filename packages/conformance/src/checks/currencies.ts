/**
 * POST /currencies/v2 (API document, Endpoints > POST /currencies/v2; Limits; Authentication rule 2).
 * Filter values come from the currencies discovery saw (`ctx.discovery.currencies`).
 */
import fc from 'fast-check';
import { withFamilies } from '../contract/family.js';
import { enumExamples, integerBoundaries } from '../engine/boundaries.js';
import { brief, ensure, violate } from '../contract/expect.js';
import type { AuthChoice, CheckContext, CheckDefinition, Exchange } from '../contract/types.js';
import { CURRENCIES_DEFAULT_LIMIT, CURRENCIES_MAX_LIMIT, addressDiffers, notAmongTokens, offChains, otherCurrencyThanLocated, verifiedDiffers } from '../oracles/currencies.js';
import { validateRecorded } from './schema.js';
import { bodyShown, fromProperty, isObject, pass, skip, statusLine } from '../contract/outcome.js';
import { causeText } from '../engine/outcome.js';
import type { CheckResult } from '../contract/types.js';
import { CURRENCIES_V2_IDS, includeAllChains as includeAllChainsOracle } from '../oracles/currencies-v2.js';
import { SCHEMA_CHECK_IDS } from '../oracles/schema-ids.js';
import { ruleOf } from '../oracles/rules.js';

const OP = 'POST /currencies/v2';
const PATH = '/currencies/v2';

type Body = Record<string, unknown>;

function post(ctx: CheckContext, body: unknown, auth?: AuthChoice): Promise<Exchange> {
  return ctx.http.send({ method: 'POST', path: PATH, body, ...(auth !== undefined ? { auth } : {}) });
}

/** The array of a 200 answer; anything else for a valid body is a violation. */
function currenciesOf(exchange: Exchange, body: unknown): Body[] {
  const status = exchange.response?.status;
  ensure(status === 200, `A valid body must be answered with 200`, `200 with a JSON array (body ${brief(body)})`, statusLine(exchange), exchange);
  const json = exchange.response!.json;
  if (!Array.isArray(json)) violate('A 200 of POST /currencies/v2 must be a JSON array of currencies', 'a JSON array', bodyShown(exchange), exchange);
  return json.map((c) => (isObject(c) ? c : {}));
}

function chainIdOf(c: Body): number | undefined {
  return typeof c.chainId === 'number' ? c.chainId : undefined;
}

function addressOf(c: Body): string | undefined {
  return typeof c.address === 'string' ? c.address : undefined;
}

function label(c: Body): string {
  return `${String(c.symbol ?? '?')} ${String(c.chainId ?? '?')}:${String(c.address ?? '?')}`;
}

/** Chain ids worth asking for: those of the discovered currencies, then those of the records. */
function knownChainIds(ctx: CheckContext): number[] {
  const ids = new Set<number>();
  for (const c of ctx.discovery.currencies) {
    const id = chainIdOf(c);
    if (id !== undefined) ids.add(id);
  }
  for (const id of ctx.discovery.values.chainIds) ids.add(id);
  return [...ids];
}

type Located = { chainId: number; address: string };

/** The currencies of `list` that have both a chain id and an address, once each. */
function addressableOf(list: readonly Body[]): Located[] {
  const out: Located[] = [];
  const seen = new Set<string>();
  for (const c of list) {
    const chainId = chainIdOf(c);
    const address = addressOf(c);
    if (chainId === undefined || address === undefined || address === '') continue;
    const key = `${chainId}:${address.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ chainId, address });
  }
  return out;
}

/** Discovered currencies that have both a chain id and an address. */
function addressable(ctx: CheckContext): Located[] {
  return addressableOf(ctx.discovery.currencies);
}

/** The unfiltered lookup (`{limit: CURRENCIES_MAX_LIMIT}`, discovery's body), asked again once per run (shared-reads.ts). */
function unfiltered(ctx: CheckContext): Promise<Exchange> {
  const load = (http: CheckContext['http']) => http.send({ method: 'POST', path: PATH, body: { limit: CURRENCIES_MAX_LIMIT } });
  return ctx.shared ? ctx.shared.read('currencies unfiltered', load) : load(ctx.http);
}

/**
 * The currencies a check asks for by their own location (address, tokens), or the result of the
 * check when there is none ("no currency was discovered" is a claim about the
 * target, verified before it skips). Discovery's list first; when it holds no currency with a chain
 * id and an address, the unfiltered lookup is read again (the list may have moved: its currencies
 * are then used). Still none: against the embedded reference server, whose curated list holds
 * currencies, a failure; against another target the check could not test what it was asked to,
 * so it is inconclusive (exit 5), never a pass. The records' currencies do not settle it: the
 * document promises a curated list, not that every currency of a request is in it.
 */
async function locatable(ctx: CheckContext): Promise<Located[] | CheckResult> {
  const known = addressable(ctx);
  if (known.length > 0) return known;
  const ex = await unfiltered(ctx);
  if (ex.response?.status !== 200 || !Array.isArray(ex.response.json)) {
    return skip(`the unfiltered POST /currencies/v2 was not answered with a 200 array (${statusLine(ex)}): no currency to ask for`);
  }
  const again = addressableOf(ex.response.json.filter(isObject));
  if (again.length > 0) return again;
  const n = ex.response.json.length;
  const got = n === 0 ? 'an empty array' : `${n} currencies, none with a chain id and an address`;
  if (ctx.config.embedded) {
    violate(
      `The reference server's curated list holds currencies: the unfiltered POST /currencies/v2 ({limit: ${CURRENCIES_MAX_LIMIT}}) must return some, each findable by its address`,
      'currencies with a chainId and an address',
      got,
      ex,
    );
  }
  return skip(
    causeText('inconclusive', `the unfiltered POST /currencies/v2 ({limit: ${CURRENCIES_MAX_LIMIT}}) returned ${got} (twice): no currency could be asked for by its address or token, so the filter is untested`),
    'inconclusive',
  );
}

/** A result rather than a list. */
const isResult = (v: Located[] | CheckResult): v is CheckResult => !Array.isArray(v);

/**
 * Completeness of a located lookup: each currency of `wanted` (asked for by its own spelling) must
 * be in `list`, judged only when `list` is shorter than `limit` (else it may have been cut off).
 * A currency missing is re-read in the unfiltered lookup first: it fails only if the curated list
 * still holds it (a list that moved withholds the verdict, never flakes).
 */
async function ensureFound(ctx: CheckContext, ex: Exchange, list: readonly Body[], wanted: readonly Located[], limit: number, how: string): Promise<void> {
  if (list.length >= limit) return;
  const missing = wanted.filter((w) => list.every((c) => notAmongTokens(c, [w])));
  if (missing.length === 0) return;
  const again = await unfiltered(ctx);
  const current = again.response?.status === 200 && Array.isArray(again.response.json) ? again.response.json.filter(isObject) : [];
  const still = missing.find((w) => current.some((c) => !notAmongTokens(c, [w])));
  if (still === undefined) return;
  violate(
    `A currency the unfiltered lookup returns must come back when asked for by its own ${how}`,
    `${still.chainId}:${still.address} among the answer`,
    list.length === 0 ? 'an empty array' : `${list.length} currencies, none at ${still.chainId}:${still.address}`,
    ex,
  );
}

/** Re-cases the letters of an address (hex addresses compare case-insensitively). */
function recase(address: string, pattern: boolean[]): string {
  return [...address].map((ch, i) => (pattern[i % pattern.length] ? ch.toUpperCase() : ch.toLowerCase())).join('');
}

const small = (ctx: CheckContext, n: number): number => Math.max(1, Math.min(ctx.config.numRuns, n));

export const checks: CheckDefinition[] = withFamilies([
  {
    id: 'currencies-v2.auth.optional',
    title: 'POST /currencies/v2 without x-api-key is served with a 200',
    clauses: ['currencies-v2.auth.optional'],
    operation: OP,
    async run(ctx) {
      const ex = await post(ctx, {}, 'none');
      if (ex.response?.status === 429) return skip('the request without a key was rate limited (429); a key gives higher rate limits');
      ensure(
        ex.response?.status === 200,
        'The x-api-key header is optional on POST /currencies/v2: a request without it must be served',
        '200 with a JSON array',
        statusLine(ex),
        ex,
      );
      ensure(Array.isArray(ex.response!.json), 'A 200 of POST /currencies/v2 must be a JSON array', 'a JSON array', () => bodyShown(ex), ex);
      return pass();
    },
  },
  {
    ...ruleOf(CURRENCIES_V2_IDS.limitDefault),
    async run(ctx) {
      const chains = knownChainIds(ctx);
      const arb = fc.record(
        {
          chainIds: chains.length > 0 ? fc.subarray(chains, { minLength: 1, maxLength: Math.min(3, chains.length) }) : fc.constant(undefined),
          verified: fc.boolean(),
        },
        { requiredKeys: [] },
      );
      const compare = async (body: Body): Promise<void> => {
        const full = currenciesOf(await post(ctx, { ...body, limit: CURRENCIES_MAX_LIMIT }), { ...body, limit: CURRENCIES_MAX_LIMIT });
        const ex = await post(ctx, body);
        const dflt = currenciesOf(ex, body);
        const expected = Math.min(CURRENCIES_DEFAULT_LIMIT, full.length);
        ensure(
          dflt.length === expected,
          `The default limit of POST /currencies/v2 is ${CURRENCIES_DEFAULT_LIMIT}`,
          `${expected} currencies (min(${CURRENCIES_DEFAULT_LIMIT}, ${full.length} with limit=${CURRENCIES_MAX_LIMIT})) for ${brief(body)}`,
          `${dflt.length} currencies`,
          ex,
        );
      };
      await compare({});
      const outcome = await ctx.property(arb, (body) => compare(body as Body), { numRuns: small(ctx, 3) });
      return fromProperty(outcome);
    },
  },
  {
    ...ruleOf(CURRENCIES_V2_IDS.limitMax),
    async run(ctx) {
      const outcome = await ctx.property(
        fc.oneof(fc.constantFrom(CURRENCIES_MAX_LIMIT + 1, CURRENCIES_MAX_LIMIT + 50, 10 * CURRENCIES_MAX_LIMIT), fc.integer({ min: CURRENCIES_MAX_LIMIT + 1, max: 100_000 }), fc.integer({ min: 1, max: CURRENCIES_MAX_LIMIT })),
        async (limit) => {
          const ex = await post(ctx, { limit });
          const status = ex.response?.status ?? 0;
          if (limit > CURRENCIES_MAX_LIMIT && status >= 400 && status < 500) return;
          const what = limit > CURRENCIES_MAX_LIMIT ? `A limit above ${CURRENCIES_MAX_LIMIT} must be capped or refused with a 4xx` : `limit=${limit} must be accepted`;
          ensure(status === 200, what, limit > CURRENCIES_MAX_LIMIT ? `200 with at most ${CURRENCIES_MAX_LIMIT} currencies, or a 4xx` : '200', statusLine(ex), ex);
          // How many come back is the limit oracle's verdict (oracles/currencies-v2.ts), on this exchange as on any.
        },
        // The boundaries first (1, 2, max - 1, max, max + 1: a limit ignored at a boundary), then random limits.
        { numRuns: small(ctx, 3), examples: integerBoundaries(1, CURRENCIES_MAX_LIMIT) },
      );
      return fromProperty(outcome);
    },
  },
  {
    ...ruleOf(CURRENCIES_V2_IDS.filterChainIds),
    async run(ctx) {
      const chains = knownChainIds(ctx);
      if (chains.length === 0) return skip('no chain id was discovered (no currencies and no records)');
      const outcome = await ctx.property(
        fc.tuple(fc.subarray(chains, { minLength: 1, maxLength: Math.min(3, chains.length) }), fc.option(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { nil: undefined })),
        async ([known, random]) => {
          const chainIds = random === undefined ? known : [...known, random];
          const body = { chainIds, limit: CURRENCIES_MAX_LIMIT };
          const ex = await post(ctx, body);
          const wrong = currenciesOf(ex, body).find((c) => offChains(c, chainIds));
          if (wrong) violate('With chainIds, every returned currency must be on one of those chains', `chainId in ${brief(chainIds)}`, label(wrong), ex);
        },
        { numRuns: small(ctx, 4) },
      );
      return fromProperty(outcome);
    },
  },
  {
    ...ruleOf(CURRENCIES_V2_IDS.filterVerified),
    async run(ctx) {
      const chains = knownChainIds(ctx);
      const outcome = await ctx.property(
        fc.record({
          verified: fc.boolean(),
          chainIds: chains.length > 0 ? fc.option(fc.subarray(chains, { minLength: 1, maxLength: Math.min(2, chains.length) }), { nil: undefined }) : fc.constant(undefined),
        }),
        async ({ verified, chainIds }) => {
          const body: Body = { verified, limit: CURRENCIES_MAX_LIMIT, ...(chainIds ? { chainIds } : {}) };
          const ex = await post(ctx, body);
          const wrong = currenciesOf(ex, body).find((c) => verifiedDiffers(c, verified));
          if (wrong) {
            violate(
              `With verified=${verified}, every returned currency must have metadata.verified = ${verified}`,
              `metadata.verified = ${verified}`,
              `${label(wrong)} has metadata ${brief(wrong.metadata)}`,
              ex,
            );
          }
        },
        // verified=true and verified=false first, then random combinations with chainIds.
        { numRuns: Math.max(2, small(ctx, 4)), examples: enumExamples({ verified: true, chainIds: undefined as number[] | undefined }, { verified: [true, false] }) },
      );
      return fromProperty(outcome);
    },
  },
  {
    ...ruleOf(CURRENCIES_V2_IDS.filterAddress),
    async run(ctx) {
      const known = await locatable(ctx);
      if (isResult(known)) return known;
      const outcome = await ctx.property(
        fc.tuple(fc.constantFrom(...known), fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), fc.boolean()),
        async ([currency, pattern, keepCase]) => {
          const hex = /^0x[0-9a-f]+$/i.test(currency.address);
          const address = keepCase || !hex ? currency.address : `0x${recase(currency.address.slice(2), pattern)}`;
          const body = { address, limit: CURRENCIES_MAX_LIMIT };
          const ex = await post(ctx, body);
          const list = currenciesOf(ex, body);
          const wrong = list.find((c) => addressDiffers(c, address));
          if (wrong) violate('With address, every returned currency must have that address', `address ${address} (any letter case)`, label(wrong), ex);
          // Completeness is asked of the currency's own spelling only: the document says nothing of letter case.
          if (address === currency.address) await ensureFound(ctx, ex, list, [currency], CURRENCIES_MAX_LIMIT, 'address');
        },
        // The first currency at its own spelling first (completeness), then random ones and casings.
        { numRuns: small(ctx, 3), examples: [[known[0]!, [false], true] as [Located, boolean[], boolean]] },
      );
      return fromProperty(outcome);
    },
  },
  {
    ...ruleOf(CURRENCIES_V2_IDS.filterTokens),
    async run(ctx) {
      const known = await locatable(ctx);
      if (isResult(known)) return known;
      // A token whose address has a hex letter first (a server that re-cases the token before comparing misses it).
      const lettered = known.find((c) => /^0x[0-9]*[a-f]/i.test(c.address)) ?? known[0]!;
      const outcome = await ctx.property(
        fc.subarray(known, { minLength: 1, maxLength: Math.min(3, known.length) }),
        async (picked) => {
          const tokens = picked.map((c) => `${c.chainId}:${c.address}`);
          const body = { tokens, limit: CURRENCIES_MAX_LIMIT };
          const ex = await post(ctx, body);
          const list = currenciesOf(ex, body);
          const wrong = list.find((c) => notAmongTokens(c, picked));
          if (wrong) violate('With tokens, every returned currency must be one of the listed tokens', `one of ${brief(tokens)}`, label(wrong), ex);
          await ensureFound(ctx, ex, list, picked, CURRENCIES_MAX_LIMIT, 'token (<chainId>:<address>)');
        },
        { numRuns: small(ctx, 3), examples: [[lettered]] },
      );
      return fromProperty(outcome);
    },
  },
  {
    ...ruleOf(includeAllChainsOracle.id),
    async run(ctx) {
      const known = await locatable(ctx);
      if (isResult(known)) return known;
      // The discovered currency seen on the most chains (by symbol): its other chains are the ones includeAllChains adds.
      const symbolOf = (t: { chainId: number; address: string }): string =>
        String(ctx.discovery.currencies.find((c) => chainIdOf(c) === t.chainId && addressOf(c)?.toLowerCase() === t.address.toLowerCase())?.symbol ?? '').toLowerCase();
      const chainsOf = (t: { chainId: number; address: string }): number => known.filter((k) => symbolOf(k) === symbolOf(t)).length;
      const picked = [...known].sort((a, b) => chainsOf(b) - chainsOf(a))[0]!;
      const body = { address: picked.address, chainIds: [picked.chainId], includeAllChains: true, limit: CURRENCIES_MAX_LIMIT };
      const ex = await post(ctx, body);
      const list = currenciesOf(ex, body);
      ensure(
        list.some((c) => !notAmongTokens(c, [picked])),
        'With includeAllChains, the currency at the address and chain asked for must come back (it is one of the chains of that currency)',
        `${picked.chainId}:${picked.address} among the answer`,
        list.length === 0 ? 'an empty array' : `${list.length} currencies, none at ${picked.chainId}:${picked.address}`,
        ex,
      );
      const other = otherCurrencyThanLocated(list, picked.address, [picked.chainId]);
      if (other) violate('With includeAllChains, address and chainIds, only the chains of the located currency come back, not other currencies', `entries of the currency at ${picked.chainId}:${picked.address} (same symbol or name) only`, label(other), ex);
      return pass(`${list.length} entries of the currency at ${picked.chainId}:${picked.address}`);
    },
  },
  {
    id: 'currencies-v2.body.accepted',
    title: 'Every other body field with a value of its listed type is accepted (2xx)',
    clauses: ['currencies-v2.filter.other-fields'],
    operation: OP,
    async run(ctx) {
      const symbols = [...new Set(ctx.discovery.currencies.map((c) => c.symbol).filter((s): s is string => typeof s === 'string' && s !== ''))];
      const term = symbols.length > 0 ? fc.constantFrom(...symbols) : fc.string({ minLength: 1, maxLength: 8 });
      const fields = fc.record(
        {
          defaultList: fc.boolean(),
          term,
          currencyId: fc.oneof(fc.constantFrom('eth', 'usdc'), fc.stringMatching(/^[a-z0-9.]{1,10}$/)),
          includeAllChains: fc.boolean(),
          useExternalSearch: fc.boolean(),
          depositAddressOnly: fc.boolean(),
        },
        { requiredKeys: [] },
      );
      /** Each field alone first (a deterministic sweep), then random combinations. */
      const singles: Body[] = [
        { defaultList: true },
        { defaultList: false },
        { term: symbols[0] ?? 'usd' },
        { currencyId: 'eth' },
        { includeAllChains: true },
        { useExternalSearch: false },
        { depositAddressOnly: true },
      ];
      for (const body of singles) await expectAccepted(ctx, body);
      const outcome = await ctx.property(fields, (body) => expectAccepted(ctx, body), { numRuns: small(ctx, 3) });
      return fromProperty(outcome, `${singles.length} single fields and ${outcome.numRuns} combinations accepted`);
    },
  },
  {
    ...ruleOf(SCHEMA_CHECK_IDS.currenciesV2),
    phase: 'final',
    run: (ctx) => validateRecorded(ctx, OP),
  },
]);

async function expectAccepted(ctx: CheckContext, body: Body): Promise<void> {
  const ex = await post(ctx, body);
  const status = ex.response?.status ?? 0;
  ensure(status >= 200 && status < 300, 'A body whose fields have their listed types must be accepted', `a 2xx for ${brief(body)}`, statusLine(ex), ex);
}
