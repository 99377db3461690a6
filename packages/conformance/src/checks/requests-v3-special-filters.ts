/**
 * GET /requests/v3: the filters with their own rules (API document, GET /requests/v3 parameter
 * table; live facts §1.4): chainId on either side, case-insensitive symbols, term, status values,
 * ranges and features. Soundness and completeness as in the equality filters.
 */
import fc from 'fast-check';
import { withFamilies } from '../contract/family.js';
import { edgePairs } from '../engine/boundaries.js';
import { brief, ensure, violate } from '../contract/expect.js';
import type { CheckContext, CheckDefinition, CheckResult, CheckSpec } from '../contract/types.js';
import { LIMIT, completeSamples, ensureReturned, ensureSound, runs, sampleArb } from './support/filters.js';
import { V3, around, createdSec, fetchPage, holds, parsePage, sendV3, walk, windowFirstPage, windowQuery } from './support/listing.js';
import { FILTERABLE_STATUSES, idsOf, sample } from '../contract/record.js';
import { amountOutside, blockSpan, createdOutside, shownBlocks } from '../oracles/ranges.js';
import { fromProperty, skip } from '../contract/outcome.js';
import {
  amountUsdCandidates,
  destinationChainIds,
  featuresOf,
  originChainIds,
  recordId,
  recordStatus,
  termFields,
  type RecordJson,
} from '../contract/record.js';
import { FILTER_IDS, featuresFilter } from '../oracles/requests-v3-filters.js';
import { ruleOf } from '../oracles/rules.js';

const chainIdEither: CheckSpec = {
  id: 'requests-v3.filter.chain-id-either',
  title: 'chainId matches a request whose origin or destination is that chain',
  clauses: ['requests-v3.filter.chain-id-either'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    const cases: Array<{ chain: number; record: RecordJson; side: 'destination' | 'origin' }> = [];
    for (const r of ctx.discovery.records) {
      if (createdSec(r) === undefined || recordId(r) === undefined) continue;
      const o = originChainIds(r);
      const d = destinationChainIds(r);
      if (d.length === 1 && !o.includes(d[0]!)) cases.push({ chain: d[0]!, record: r, side: 'destination' });
      if (o.length === 1 && !d.includes(o[0]!)) cases.push({ chain: o[0]!, record: r, side: 'origin' });
    }
    if (!cases.some((c) => c.side === 'destination')) return skip('no discovered record has a destination chain distinct from its origin');
    const outcome = await ctx.property(
      fc.constantFrom(...cases),
      async ({ chain, record, side }) => {
        const query = { ...windowQuery(ctx), chainId: chain, limit: LIMIT };
        const w = await walk(ctx, query, { maxPages: 1 });
        ensureSound(w.records, w.pages, [['chainId', chain]]);
        await ensureReturned(ctx, record, { chainId: chain }, `chainId=${chain} (its ${side} chain)`, undefined, w.records);
      },
      runs(ctx, 4),
    );
    return fromProperty(outcome);
  },
};

/** Upper-, lower- and alternating-case spellings of a symbol. */
function casings(symbol: string): string[] {
  const mixed = [...symbol].map((ch, i) => (i % 2 === 0 ? ch.toLowerCase() : ch.toUpperCase())).join('');
  return [...new Set([symbol.toUpperCase(), symbol.toLowerCase(), mixed])].filter((s) => s !== symbol);
}

const symbolCaseInsensitive: CheckSpec = {
  id: 'requests-v3.filter.symbol-case-insensitive',
  title: 'currencyInSymbol/currencyOutSymbol give the same result in upper, lower and mixed case',
  clauses: ['requests-v3.filter.symbol-case-insensitive'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    const samples = completeSamples(ctx.discovery.records, ['currencyInSymbol', 'currencyOutSymbol']).filter(
      (s) => casings(String(s.value)).length > 0,
    );
    if (samples.length === 0) return skip('no discovered record has a currency symbol with letters');
    const outcome = await ctx.property(
      sampleArb(samples),
      async ({ param, value, record }) => {
        const base = { ...windowQuery(ctx), limit: LIMIT };
        const reference = await walk(ctx, { ...base, [param]: value }, { maxPages: 2 });
        const refIds = idsOf(reference.records).sort();
        for (const spelling of casings(String(value))) {
          const other = await walk(ctx, { ...base, [param]: spelling }, { maxPages: 2 });
          await ensureReturned(ctx, record, { [param]: spelling }, `${param}=${spelling} (symbol ${value}, any case)`, undefined, other.records);
          if (!reference.complete || !other.complete) continue;
          const ids = idsOf(other.records).sort();
          ensure(
            ids.join('\n') === refIds.join('\n'),
            `${param} must be case-insensitive: ${spelling} must give the records of ${value}`,
            `${refIds.length} records: ${sample(refIds)}`,
            `${ids.length} records: ${sample(ids)}`,
            other.pages[0]!.exchange,
          );
        }
      },
      runs(ctx, 4),
    );
    return fromProperty(outcome);
  },
};

type TermKind = 'id' | 'wallet' | 'depositAddress' | 'inTxHash' | 'outTxHash';

/** The term of each kind a record offers (values the document names `term` as matching). */
function termOf(r: RecordJson, kind: TermKind): string | undefined {
  const s = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const first = (list: unknown) => (Array.isArray(list) ? s((list[0] as Record<string, unknown> | undefined)?.txHash) : undefined);
  const data = r.data as Record<string, unknown> | undefined;
  switch (kind) {
    case 'id':
      return recordId(r);
    case 'wallet':
      return s(r.user);
    case 'depositAddress':
      return s((r.depositAddress as Record<string, unknown> | null | undefined)?.address);
    case 'inTxHash':
      return first(data?.inTxs);
    case 'outTxHash':
      return first(data?.outTxs);
  }
}

const term: CheckSpec = {
  id: 'requests-v3.filter.term',
  title: 'term finds a request by id, wallet, deposit address or transaction hash, and returns only records containing it',
  clauses: ['requests-v3.filter.term'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    const kinds: TermKind[] = ['id', 'wallet', 'depositAddress', 'inTxHash', 'outTxHash'];
    const cases = ctx.discovery.records.flatMap((record) =>
      createdSec(record) === undefined || recordId(record) === undefined
        ? []
        : kinds.flatMap((kind) => {
            const t = termOf(record, kind);
            return t === undefined ? [] : [{ kind, term: t, record }];
          }),
    );
    if (cases.length === 0) return skip('no discovered record has an id, wallet, deposit address or hash');
    const byKind = kinds.filter((k) => cases.some((c) => c.kind === k));
    const arb = fc.constantFrom(...byKind).chain((k) => fc.constantFrom(...cases.filter((c) => c.kind === k)));
    const outcome = await ctx.property(
      arb,
      async ({ kind, term: t, record }) => {
        const w = await walk(ctx, { ...windowQuery(ctx), term: t, limit: LIMIT }, { maxPages: 1 });
        await ensureReturned(ctx, record, { term: t }, `term=${t} (its ${kind})`, undefined, w.records);
        const needle = t.toLowerCase();
        const stray = w.records.find((r) => !termFields(r).some((f) => f.toLowerCase().includes(needle)));
        if (stray) {
          violate(
            `Every record returned for term=${t} must contain it in its id, wallets, deposit address or hashes`,
            `records containing ${t}`,
            `id ${recordId(stray) ?? '?'}, whose fields are ${brief(termFields(stray))}`,
            w.pages[0]!.exchange,
          );
        }
      },
      runs(ctx, 6),
    );
    return fromProperty(outcome);
  },
};

const statusValues: CheckSpec = {
  id: 'requests-v3.filter.status-values',
  title: 'status accepts success, failure, refund, pending, depositing, and does not apply waiting or submitted',
  clauses: ['requests-v3.filter.status-values'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    const w = windowQuery(ctx);
    for (const status of FILTERABLE_STATUSES) {
      const page = await fetchPage(ctx, { ...w, status, limit: 5 }, `status=${status}`);
      const wrong = page.records.find((r) => recordStatus(r) !== undefined && recordStatus(r) !== status);
      ensure(!wrong, `status=${status} must return only ${status} records`, status, `id ${recordId(wrong ?? {})} with status ${recordStatus(wrong ?? {})}`, page.exchange);
    }
    const all = await windowFirstPage(ctx);
    const statuses = new Set(all.records.map(recordStatus));
    for (const refused of ['waiting', 'submitted']) {
      const ex = await sendV3(ctx, { ...w, status: refused, limit: LIMIT });
      const code = ex.response?.status ?? 0;
      if (code >= 400 && code < 500) continue;
      ensure(code === 200, `status=${refused} is not an accepted value: expected a 4xx, or a 200 that does not apply it`, 'a 4xx, or 200', `${code}: ${brief(ex.response?.bodyText)}`, ex);
      const page = parsePage(ex);
      const applied = page.records.length > 0 && page.records.every((r) => recordStatus(r) === refused);
      const others = [...statuses].some((s) => s !== refused);
      ensure(
        !(applied && others),
        `The status filter accepts only success, failure, refund, pending, depositing: status=${refused} must not select ${refused} records`,
        `a 4xx, or a result not restricted to ${refused} (the window also holds ${[...statuses].filter((s) => s !== refused).join(', ')})`,
        `${page.records.length} records, all ${refused}`,
        ex,
      );
    }
    return { status: 'pass' };
  },
};

const ranges: CheckSpec = {
  ...ruleOf(FILTER_IDS.filterRanges),
  requires: ['apiKey'],
  async run(ctx): Promise<CheckResult> {
    const records = ctx.discovery.records.filter((r) => createdSec(r) !== undefined && recordId(r) !== undefined);
    if (records.length < 2) return skip('the discovery window holds fewer than two records');
    const windowIds = new Set(idsOf(ctx.discovery.records));
    let walkSkipped: string | undefined;
    const timeArb = fc.record({ a: fc.constantFrom(...records), b: fc.constantFrom(...records) });
    const timeOutcome = await ctx.property(
      timeArb,
      async ({ a, b }) => {
        const start = Math.min(createdSec(a)!, createdSec(b)!);
        const end = Math.max(createdSec(a)!, createdSec(b)!);
        const w = await walk(ctx, { startTimestamp: start, endTimestamp: end, limit: LIMIT }, { maxPages: 2 });
        const outside = w.records.find((r) => createdOutside(r, start, end));
        if (outside) {
          violate(
            `Every record for startTimestamp=${start}&endTimestamp=${end} must be created within it (Unix seconds, inclusive)`,
            `createdAt between ${new Date(start * 1000).toISOString()} and ${new Date(end * 1000 + 999).toISOString()}`,
            `id ${recordId(outside)} created ${String(outside.createdAt)}`,
            w.pages[0]!.exchange,
          );
        }
        if (ctx.discovery.complete) {
          const extra = w.records.find((r) => !windowIds.has(recordId(r) ?? '?'));
          // a record created strictly inside the window that the window's walk lacks was
          // skipped by that walk (a pagination fault, requests-v3.pagination.no-gaps), not returned
          // by a wrong range; at the window's bounds it is a range fault (inclusive bounds).
          const sec = extra ? createdSec(extra) : undefined;
          if (extra && sec !== undefined && sec > ctx.discovery.window.start && sec < ctx.discovery.window.end) walkSkipped ??= recordId(extra);
          else ensure(!extra, 'A sub-window must return a subset of the window', 'ids of the discovery window only', `id ${recordId(extra ?? {})}`, w.pages[0]!.exchange);
        }
        if (w.complete) {
          for (const r of [a, b]) {
            const sec = createdSec(r)!;
            if (sec <= start || sec >= end) continue;
            ensure(
              holds(w.records, recordId(r)!),
              `A record created within startTimestamp=${start}&endTimestamp=${end} must be returned`,
              `id ${recordId(r)} (created ${String(r.createdAt)})`,
              `${w.records.length} records: ${sample(idsOf(w.records)) || 'none'}`,
              w.pages[w.pages.length - 1]!.exchange,
            );
          }
        }
      },
      // The window's edges first: equal bounds at the newest and the oldest record, and the whole span.
      { ...runs(ctx, 4), examples: edgePairs(records) },
    );
    if (!timeOutcome.ok) return fromProperty(timeOutcome);
    // The verdict is withheld (the rest held) when the window's own walk skipped a record: pagination's fault, reported by its check.
    const withheld = (held: string): CheckResult | undefined =>
      walkSkipped ? skip(`${held} held, but the sub-window subset relation cannot be judged: the walk of the discovery window skipped record ${walkSkipped}, created inside it (a pagination fault, reported by requests-v3.pagination.no-gaps)`) : undefined;
    const priced = records.filter((r) => amountUsdCandidates(r).length > 0);
    if (priced.length === 0) return withheld('timestamp bounds') ?? fromProperty(timeOutcome, 'timestamps checked; no record carries a USD amount');
    const amountOutcome = await ctx.property(
      fc.record({ r: fc.constantFrom(...priced), spread: fc.constantFrom(0.01, 1, 100, 10_000) }),
      async ({ r, spread }) => {
        const amounts = amountUsdCandidates(r);
        const lo = Math.max(0, Math.min(...amounts) - spread);
        const hi = Math.max(...amounts) + spread;
        const round = (x: number) => Math.round(x * 100) / 100;
        const [min, max] = [round(lo), round(hi)];
        const w = await walk(ctx, { ...windowQuery(ctx), amountUsdMin: min, amountUsdMax: max, limit: LIMIT }, { maxPages: 1 });
        const outside = w.records.find((x) => amountOutside(x, min, max));
        if (outside) {
          violate(
            `Every record for amountUsdMin=${min}&amountUsdMax=${max} must have its USD input amount within them`,
            `amountUsd in [${min}, ${max}]`,
            `id ${recordId(outside)} with ${brief(amountUsdCandidates(outside))}`,
            w.pages[0]!.exchange,
          );
        }
        if (amounts.every((v) => v > min && v < max)) await ensureReturned(ctx, r, { amountUsdMin: min, amountUsdMax: max }, `amountUsdMin=${min}&amountUsdMax=${max}`, undefined, w.records);
      },
      runs(ctx, 4),
    );
    if (!amountOutcome.ok) return fromProperty(amountOutcome);
    // Blocks: a record whose every transaction block lies in [startBlock, endBlock] is listed.
    const spanned = records.find((r) => blockSpan(r) !== undefined);
    if (spanned) {
      const [lo, hi] = blockSpan(spanned)!;
      const inside = (current: RecordJson): boolean => {
        const now = blockSpan(current);
        return now !== undefined && now[0] >= lo && now[1] <= hi;
      };
      await ensureReturned(ctx, spanned, { startBlock: lo, endBlock: hi }, `startBlock=${lo}&endBlock=${hi} (every transaction block of the record lies within)`, inside);
    }
    const excluded = await ensureBlockBoundsExclude(ctx, records);
    const blockNote = [spanned ? 'block bounds checked on one record' : 'no record has blocks on both sides', excluded].join('; ');
    return withheld('timestamp, amount and block bounds') ?? fromProperty(amountOutcome, blockNote);
  },
};

/**
 * Each bound of the block range excludes (mutation gap: endBlock ignored). With `r`'s shown blocks
 * in [lo, hi], `startBlock=S&endBlock=lo-1` and `startBlock=hi+1&endBlock=E` (S and E the lowest and
 * highest blocks discovery shows) are asked, each narrowed around r's creation: r lies outside both,
 * at the boundary, so a server that ignores either bound lists it. What each page lists is judged by
 * the `requests-v3.filter.ranges` oracle (`blockOutside` of oracles/ranges.ts, sound whatever entries the range
 * reads), on this exchange as on any other: the check only chooses what to send. Two requests; a
 * note, or a skip reason, for the check's pass.
 */
async function ensureBlockBoundsExclude(ctx: CheckContext, records: readonly RecordJson[]): Promise<string> {
  const all = ctx.discovery.records.flatMap(shownBlocks).filter((b) => Number.isSafeInteger(b) && b > 0);
  const r = records.find((x) => {
    const blocks = shownBlocks(x);
    return around(x) !== undefined && blocks.length > 0 && blocks.every((b) => Number.isSafeInteger(b) && b >= 2);
  });
  if (!r || all.length === 0) return 'no record shows blocks to bound (block bounds not probed for exclusion)';
  const blocks = shownBlocks(r);
  const [lo, hi] = [Math.min(...blocks), Math.max(...blocks)];
  const probes = [
    { startBlock: Math.min(lo - 1, Math.min(...all)), endBlock: lo - 1 },
    { startBlock: hi + 1, endBlock: Math.max(hi + 1, Math.max(...all)) },
  ];
  for (const p of probes) await fetchPage(ctx, { startBlock: p.startBlock, endBlock: p.endBlock, ...around(r), limit: LIMIT }, `startBlock=${p.startBlock}&endBlock=${p.endBlock}`);
  return `each block bound probed for exclusion (id ${recordId(r)}, blocks ${lo}..${hi}: 2 requests)`;
}

const features: CheckSpec = {
  ...ruleOf(featuresFilter.id),
  requires: ['apiKey'],
  async run(ctx) {
    const known = [...new Set(ctx.discovery.records.flatMap(featuresOf))];
    if (known.length === 0) return skip('no discovered record has a feature');
    const cases = ctx.discovery.records.flatMap((r) =>
      createdSec(r) === undefined || recordId(r) === undefined
        ? []
        : featuresOf(r).flatMap((f) => known.filter((g) => !featuresOf(r).includes(g)).map((g) => ({ r, has: f, lacks: g }))),
    );
    const outcome = await ctx.property(
      fc.oneof(
        fc.subarray(known, { minLength: 1, maxLength: Math.min(3, known.length) }).map((list) => ({ list, r: undefined as RecordJson | undefined })),
        ...(cases.length > 0 ? [fc.constantFrom(...cases).map((c) => ({ list: [c.has, c.lacks], r: c.r as RecordJson | undefined }))] : []),
      ),
      async ({ list, r }) => {
        const value = list.join(',');
        // Every record listed holds one of them: the features oracle's verdict on this page (oracles/requests-v3-filters.ts).
        const w = await walk(ctx, { ...windowQuery(ctx), features: value, limit: LIMIT }, { maxPages: 1 });
        if (r) await ensureReturned(ctx, r, { features: value }, `features=${value} (any of; it has ${featuresOf(r).join(',')})`, undefined, w.records);
      },
      runs(ctx, 6),
    );
    return fromProperty(outcome);
  },
};

/** The special-filter checks, in run order. */
export const checks: CheckDefinition[] = withFamilies([chainIdEither, symbolCaseInsensitive, term, statusValues, ranges, features]);
