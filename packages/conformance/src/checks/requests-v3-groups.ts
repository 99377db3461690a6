/**
 * GET /requests/v3 `filters` groups (API document, GET /requests/v3 rule 7; Errors table), checked
 * by metamorphic relations between totals (includeTotal=true), always within the discovery window,
 * plus soundness of the first page and completeness around a discovered record.
 */
import fc from 'fast-check';
import { brief, ensure, violate } from '../engine/expect.js';
import type { CheckContext, CheckDefinition, Exchange } from '../engine/types.js';
import {
  FILTERABLE_STATUSES,
  V3,
  around,
  createdSec,
  fetchPage,
  holds,
  idsOf,
  sample,
  sendV3,
  total,
  windowQuery,
  type Query,
} from './support/listing.js';
import { fromProperty, skip } from './support/outcome.js';
import {
  candidates,
  depositAddressOf,
  matchesComplete,
  matchesSound,
  recordId,
  type EqualityParam,
  type RecordJson,
} from './support/record.js';

const FAMILY = 'requests-v3.filters';
const LIMIT = 50;

type Value = string | number;
type Group = Record<string, Value | Array<Value | null> | null>;

/** Keys whose value every record has exactly one of (so `not:` is a complement). */
const SINGLE_VALUED: EqualityParam[] = ['status', 'requestType'];
/** Keys used to build groups: identity, address, chain, currency and status-style fields (rule 7). */
const GROUP_KEYS: EqualityParam[] = ['status', 'requestType', 'originChainId', 'destinationChainId', 'currencyInSymbol', 'user', 'recipient'];

function filtersQuery(ctx: CheckContext, groups: Group[], extra: Query = {}): Query {
  return { ...windowQuery(ctx), ...extra, filters: JSON.stringify(groups) };
}

function runs(ctx: CheckContext, max: number): { numRuns: number } {
  return { numRuns: Math.max(1, Math.min(ctx.config.numRuns, max)) };
}

/** Discovered values of a key that some record matches completely (status limited to the five). */
function valuesOf(records: readonly RecordJson[], key: EqualityParam): Value[] {
  const out = new Map<string, Value>();
  for (const r of records) {
    for (const v of candidates(r, key)) {
      if (key === 'status' && !FILTERABLE_STATUSES.includes(String(v))) continue;
      if (matchesComplete(r, key, v)) out.set(String(v), v);
    }
  }
  return [...out.values()];
}

/** A (key, value) condition with the records of the window that completely match it. */
interface Cond {
  key: EqualityParam;
  value: Value;
}

function condsOf(records: readonly RecordJson[], keys: readonly EqualityParam[]): Cond[] {
  return keys.flatMap((key) => valuesOf(records, key).map((value) => ({ key, value })));
}

const show = (g: Group[] | Group): string => JSON.stringify(g);

/** A relation between totals that must hold exactly. */
function ensureTotals(ok: boolean, message: string, expected: string, received: string, exchange: Exchange): void {
  ensure(ok, message, expected, received, exchange);
}

/** Every record of the page must satisfy `pred`; else a violation naming the first that does not. */
function ensureEvery(records: readonly RecordJson[], pred: (r: RecordJson) => boolean, message: string, expected: string, exchange: Exchange, describe: (r: RecordJson) => string): void {
  const bad = records.find((r) => !pred(r));
  if (bad) violate(message, expected, `id ${recordId(bad) ?? '?'}: ${describe(bad)}`, exchange);
}

/** Requires the record in the result of `query` narrowed around its creation. */
async function ensureHas(ctx: CheckContext, r: RecordJson, query: Query, why: string): Promise<void> {
  const id = recordId(r)!;
  const page = await fetchPage(ctx, { ...query, ...around(r), limit: LIMIT });
  if (holds(page.records, id)) return;
  violate(`A record that matches ${why} must be returned`, `id ${id} in the result`, `${page.records.length} records: ${sample(idsOf(page.records)) || 'none'}`, page.exchange);
}

/** Requires the record NOT in the result of `query` narrowed around its creation. */
async function ensureHasNot(ctx: CheckContext, r: RecordJson, query: Query, why: string): Promise<void> {
  const id = recordId(r)!;
  const page = await fetchPage(ctx, { ...query, ...around(r), limit: LIMIT });
  if (!holds(page.records, id)) return;
  violate(`A record that does not match ${why} must not be returned`, `no id ${id}`, `id ${id} returned`, page.exchange);
}

const usable = (r: RecordJson): boolean => createdSec(r) !== undefined && recordId(r) !== undefined;

const andWithinGroup: CheckDefinition = {
  id: 'requests-v3.filters.and-within-group',
  family: FAMILY,
  title: 'Fields inside one filters group are AND-ed',
  clauses: ['requests-v3.filters.groups-and-within'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    const cases: Array<{ a: Cond; b: Cond; r: RecordJson }> = [];
    for (const r of ctx.discovery.records.filter(usable).slice(0, 150)) {
      const conds = condsOf([r], GROUP_KEYS);
      for (let i = 0; i < conds.length; i++) for (let j = i + 1; j < conds.length; j++) cases.push({ a: conds[i]!, b: conds[j]!, r });
    }
    if (cases.length === 0) return skip('no discovered record has two values usable in a filters group');
    const outcome = await ctx.property(
      fc.constantFrom(...cases),
      async ({ a, b, r }) => {
        const both: Group = { [a.key]: a.value, [b.key]: b.value };
        const tBoth = await total(ctx, filtersQuery(ctx, [both]));
        const tA = await total(ctx, filtersQuery(ctx, [{ [a.key]: a.value }]));
        const tB = await total(ctx, filtersQuery(ctx, [{ [b.key]: b.value }]));
        ensureTotals(
          tBoth.total <= Math.min(tA.total, tB.total),
          `A group ${show(both)} is an AND: it cannot match more than either field alone`,
          `total <= min(${tA.total}, ${tB.total})`,
          `total = ${tBoth.total}`,
          tBoth.page.exchange,
        );
        ensureEvery(
          tBoth.page.records,
          (x) => matchesSound(x, a.key, a.value) && matchesSound(x, b.key, b.value),
          `Every record for the group ${show(both)} must match both fields`,
          `${a.key}=${a.value} and ${b.key}=${b.value}`,
          tBoth.page.exchange,
          (x) => `${a.key} ${brief(candidates(x, a.key))}, ${b.key} ${brief(candidates(x, b.key))}`,
        );
        await ensureHas(ctx, r, { filters: JSON.stringify([both]) }, `the group ${show(both)}`);
      },
      runs(ctx, 10),
    );
    return fromProperty(outcome);
  },
};

const orAcrossGroups: CheckDefinition = {
  id: 'requests-v3.filters.or-across-groups',
  family: FAMILY,
  title: 'Groups are OR-ed: total(A or B) = total(A) + total(B) - total(A and B)',
  clauses: ['requests-v3.filters.groups-or'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    const records = ctx.discovery.records.filter(usable);
    const conds = condsOf(records, GROUP_KEYS);
    if (conds.length < 2) return skip('the discovery window offers fewer than two filter values for groups');
    const witness = (c: Cond) => records.find((r) => matchesComplete(r, c.key, c.value));
    const outcome = await ctx.property(
      fc.tuple(fc.constantFrom(...conds), fc.constantFrom(...conds)).filter(([a, b]) => a.key !== b.key || a.value !== b.value),
      async ([a, b]) => {
        const ga: Group = { [a.key]: a.value };
        const gb: Group = { [b.key]: b.value };
        const tOr = await total(ctx, filtersQuery(ctx, [ga, gb]));
        const tA = await total(ctx, filtersQuery(ctx, [ga]));
        const tB = await total(ctx, filtersQuery(ctx, [gb]));
        // Same key twice: values of a single-valued key never meet; a multi-valued key only bounds the total.
        let overlap: number | undefined;
        if (a.key !== b.key) overlap = (await total(ctx, filtersQuery(ctx, [{ ...ga, ...gb }]))).total;
        else if (SINGLE_VALUED.includes(a.key)) overlap = 0;
        if (overlap !== undefined) {
          const expected = tA.total + tB.total - overlap;
          ensureTotals(
            tOr.total === expected,
            `Groups must be OR-ed: total(${show([ga, gb])}) = total(A) + total(B) - total(A and B)`,
            `${tA.total} + ${tB.total} - ${overlap} = ${expected}`,
            `total = ${tOr.total}`,
            tOr.page.exchange,
          );
        } else {
          ensureTotals(
            tOr.total >= Math.max(tA.total, tB.total) && tOr.total <= tA.total + tB.total,
            `Groups must be OR-ed: ${show([ga, gb])} holds each group's records`,
            `max(${tA.total}, ${tB.total}) <= total <= ${tA.total + tB.total}`,
            `total = ${tOr.total}`,
            tOr.page.exchange,
          );
        }
        ensureEvery(
          tOr.page.records,
          (x) => matchesSound(x, a.key, a.value) || matchesSound(x, b.key, b.value),
          `Every record for ${show([ga, gb])} must match one of the groups`,
          `${a.key}=${a.value} or ${b.key}=${b.value}`,
          tOr.page.exchange,
          (x) => `${a.key} ${brief(candidates(x, a.key))}, ${b.key} ${brief(candidates(x, b.key))}`,
        );
        for (const c of [a, b]) {
          const r = witness(c);
          if (r) await ensureHas(ctx, r, { filters: JSON.stringify([ga, gb]) }, `group ${show({ [c.key]: c.value })} of ${show([ga, gb])}`);
        }
      },
      runs(ctx, 10),
    );
    return fromProperty(outcome);
  },
};

/** Keys every discovered record carries exactly one value of (non-null), for complement relations. */
function completeKeys(records: readonly RecordJson[]): EqualityParam[] {
  return SINGLE_VALUED.filter((k) => records.length > 0 && records.every((r) => candidates(r, k).length === 1));
}

const notNegates: CheckDefinition = {
  id: 'requests-v3.filters.not',
  family: FAMILY,
  title: 'not: negates a key: total(not:X) + total(X) = total(all) for a non-null field',
  clauses: ['requests-v3.filters.not'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    if (!ctx.discovery.complete) return skip('the discovery window was not walked to its end: a complement cannot be counted');
    const records = ctx.discovery.records.filter(usable);
    const keys = completeKeys(records);
    const conds = condsOf(records, keys);
    if (conds.length === 0) return skip('no field is non-null on every discovered record (status, requestType)');
    const all = await total(ctx, windowQuery(ctx));
    const outcome = await ctx.property(
      fc.constantFrom(...conds),
      async ({ key, value }) => {
        const pos = await total(ctx, filtersQuery(ctx, [{ [key]: value }]));
        const neg = await total(ctx, filtersQuery(ctx, [{ [`not:${key}`]: value }]));
        ensureTotals(
          pos.total + neg.total === all.total,
          `not:${key} must be the complement of ${key}: total(${show({ [key]: value })}) + total(${show({ [`not:${key}`]: value })}) = total(all)`,
          `${pos.total} + ${neg.total} = ${all.total}`,
          `${pos.total + neg.total}`,
          neg.page.exchange,
        );
        ensureEvery(
          neg.page.records,
          (x) => !matchesComplete(x, key, value),
          `A record returned for not:${key}=${value} must not have ${key} ${value}`,
          `${key} other than ${value}`,
          neg.page.exchange,
          (x) => `${key} ${brief(candidates(x, key))}`,
        );
        const other = records.find((r) => !matchesSound(r, key, value));
        const same = records.find((r) => matchesComplete(r, key, value));
        if (other) await ensureHas(ctx, other, { filters: JSON.stringify([{ [`not:${key}`]: value }]) }, `not:${key}=${value}`);
        if (same) await ensureHasNot(ctx, same, { filters: JSON.stringify([{ [`not:${key}`]: value }]) }, `not:${key}=${value}`);
      },
      runs(ctx, 8),
    );
    return fromProperty(outcome);
  },
};

const arrayOr: CheckDefinition = {
  id: 'requests-v3.filters.array-or',
  family: FAMILY,
  title: 'An array value is OR within the field: total(X in [a, b]) = total(a) + total(b)',
  clauses: ['requests-v3.filters.array-or'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    const records = ctx.discovery.records.filter(usable);
    const pairs = SINGLE_VALUED.flatMap((key) => {
      const vs = valuesOf(records, key);
      return vs.flatMap((a, i) => vs.slice(i + 1).map((b) => ({ key, a, b })));
    });
    if (pairs.length === 0) return skip('no single-valued field (status, requestType) has two discovered values');
    const outcome = await ctx.property(
      fc.constantFrom(...pairs),
      async ({ key, a, b }) => {
        const both = await total(ctx, filtersQuery(ctx, [{ [key]: [a, b] }]));
        const ta = await total(ctx, filtersQuery(ctx, [{ [key]: a }]));
        const tb = await total(ctx, filtersQuery(ctx, [{ [key]: b }]));
        ensureTotals(
          both.total === ta.total + tb.total,
          `An array value is OR within the field: total(${show({ [key]: [a, b] })}) = total(${a}) + total(${b})`,
          `${ta.total} + ${tb.total} = ${ta.total + tb.total}`,
          `total = ${both.total}`,
          both.page.exchange,
        );
        ensureEvery(
          both.page.records,
          (x) => matchesSound(x, key, a) || matchesSound(x, key, b),
          `Every record for ${show({ [key]: [a, b] })} must have one of the values`,
          `${key} ${a} or ${b}`,
          both.page.exchange,
          (x) => `${key} ${brief(candidates(x, key))}`,
        );
        for (const v of [a, b]) {
          const r = records.find((x) => matchesComplete(x, key, v));
          if (r) await ensureHas(ctx, r, { filters: JSON.stringify([{ [key]: [a, b] }]) }, `${show({ [key]: [a, b] })}`);
        }
      },
      runs(ctx, 8),
    );
    return fromProperty(outcome);
  },
};

/** Keys whose emptiness is unambiguous on a record: one plausible field (`depositAddress.address`). */
const NULL_KEYS: Array<{ key: string; present: (r: RecordJson) => boolean }> = [
  { key: 'depositAddress', present: (r) => depositAddressOf(r) !== undefined },
];

const nullCheck: CheckDefinition = {
  id: 'requests-v3.filters.null-check',
  family: FAMILY,
  title: 'null is an is-empty check and not:null an is-not-empty check: together they partition the window',
  clauses: ['requests-v3.filters.null-check'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    const records = ctx.discovery.records.filter(usable);
    const keys = NULL_KEYS.filter((k) => records.some(k.present) && records.some((r) => !k.present(r)));
    if (keys.length === 0) return skip('no discovered field is both set on some records and empty on others (depositAddress)');
    const all = await total(ctx, windowQuery(ctx));
    for (const { key, present } of keys) {
      const empty = await total(ctx, filtersQuery(ctx, [{ [key]: null }]));
      const set = await total(ctx, filtersQuery(ctx, [{ [`not:${key}`]: null }]));
      ensureTotals(
        empty.total + set.total === all.total,
        `${show({ [key]: null })} and ${show({ [`not:${key}`]: null })} must partition the window`,
        `${empty.total} + ${set.total} = ${all.total}`,
        `${empty.total + set.total}`,
        set.page.exchange,
      );
      ensureEvery(empty.page.records, (r) => !present(r), `A record returned for ${show({ [key]: null })} must have no ${key}`, `${key} empty`, empty.page.exchange, (r) => `${key} ${brief(r[key])}`);
      ensureEvery(set.page.records, present, `A record returned for ${show({ [`not:${key}`]: null })} must have a ${key}`, `${key} set`, set.page.exchange, (r) => `${key} ${brief(r[key])}`);
      const withIt = records.find(present);
      const without = records.find((r) => !present(r));
      if (withIt) await ensureHas(ctx, withIt, { filters: JSON.stringify([{ [`not:${key}`]: null }]) }, show({ [`not:${key}`]: null }));
      if (without) await ensureHas(ctx, without, { filters: JSON.stringify([{ [key]: null }]) }, show({ [key]: null }));
    }
    return { status: 'pass', note: `keys ${keys.map((k) => k.key).join(', ')}` };
  },
};

const nullMix400: CheckDefinition = {
  id: 'requests-v3.filters.null-mix-400',
  family: FAMILY,
  title: 'null combined with real values in one array for the same key returns 400',
  clauses: ['requests-v3.filters.null-mix-400'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    const records = ctx.discovery.records;
    const depositAddress = records.map(depositAddressOf).find((a) => a !== undefined) ?? '0x000000000000000000000000000000000000dEaD';
    const status = valuesOf(records, 'status')[0] ?? 'success';
    const arb = fc.constantFrom<Group>(
      { depositAddress: [null, depositAddress] },
      { depositAddress: [depositAddress, null] },
      { status: [null, status] },
      { 'not:status': [status, null] },
      { requestType: [null, 'Bridge'] },
    );
    const outcome = await ctx.property(
      arb,
      async (group) => {
        const ex = await sendV3(ctx, filtersQuery(ctx, [group], { limit: 5 }));
        ensure(
          ex.response?.status === 400,
          `filters ${show([group])} mixes null with values in one array: the document requires 400`,
          '400',
          `${ex.response?.status ?? 'no response'}: ${brief(ex.response?.bodyText)}`,
          ex,
        );
      },
      runs(ctx, 5),
    );
    return fromProperty(outcome);
  },
};

const topLevelAnd: CheckDefinition = {
  id: 'requests-v3.filters.top-level-and',
  family: FAMILY,
  title: 'Top-level parameters still apply: they are AND-ed with the filters groups',
  clauses: ['requests-v3.filters.top-level-and'],
  operation: V3,
  requires: ['apiKey'],
  async run(ctx) {
    const records = ctx.discovery.records.filter(usable);
    // A top-level condition P and a group G; a record in G but not P must be left out.
    const cases: Array<{ p: Cond; g: Cond; inBoth?: RecordJson; gOnly: RecordJson }> = [];
    const conds = condsOf(records, GROUP_KEYS);
    for (const p of conds.filter((c) => SINGLE_VALUED.includes(c.key))) {
      for (const g of conds.filter((c) => c.key !== p.key)) {
        const gOnly = records.find((r) => matchesComplete(r, g.key, g.value) && !matchesSound(r, p.key, p.value));
        if (!gOnly) continue;
        const inBoth = records.find((r) => matchesComplete(r, g.key, g.value) && matchesComplete(r, p.key, p.value));
        cases.push({ p, g, inBoth, gOnly });
        if (cases.length > 100) break;
      }
    }
    if (cases.length === 0) return skip('no discovered record matches a filters group but not a top-level value');
    const outcome = await ctx.property(
      fc.constantFrom(...cases),
      async ({ p, g, inBoth, gOnly }) => {
        const groups = JSON.stringify([{ [g.key]: g.value }]);
        const top = { [p.key]: p.value };
        const tBoth = await total(ctx, filtersQuery(ctx, [{ [g.key]: g.value }], top));
        const tG = await total(ctx, filtersQuery(ctx, [{ [g.key]: g.value }]));
        ensureTotals(
          tBoth.total <= tG.total,
          `Top-level ${p.key}=${p.value} must still apply with filters ${groups}`,
          `total <= ${tG.total} (the groups alone)`,
          `total = ${tBoth.total}`,
          tBoth.page.exchange,
        );
        ensureEvery(
          tBoth.page.records,
          (x) => matchesSound(x, p.key, p.value) && matchesSound(x, g.key, g.value),
          `Every record for ${p.key}=${p.value} with filters ${groups} must match both`,
          `${p.key}=${p.value} and ${g.key}=${g.value}`,
          tBoth.page.exchange,
          (x) => `${p.key} ${brief(candidates(x, p.key))}, ${g.key} ${brief(candidates(x, g.key))}`,
        );
        await ensureHasNot(ctx, gOnly, { ...top, filters: groups }, `top-level ${p.key}=${p.value} (it matches only the group ${groups})`);
        if (inBoth) await ensureHas(ctx, inBoth, { ...top, filters: groups }, `${p.key}=${p.value} and the group ${groups}`);
      },
      runs(ctx, 10),
    );
    return fromProperty(outcome);
  },
};

export const checks: CheckDefinition[] = [andWithinGroup, orAcrossGroups, notNegates, arrayOr, nullCheck, nullMix400, topLevelAnd];
