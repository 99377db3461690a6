/**
 * GET /requests/v3 `filters` groups: AND within a group, OR across groups, `not:` and array values
 * (API document, GET /requests/v3 rule 7), checked by metamorphic relations between totals
 * (includeTotal=true) within the discovery window, plus soundness of the first page and
 * completeness around a discovered record.
 */
import fc from 'fast-check';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, CheckSpec } from '../contract/types.js';
import { sharedTotal, windowQuery } from './support/listing.js';
import { fromProperty, skip } from '../contract/outcome.js';
import { candidates, matchesComplete, matchesSound, type EqualityParam, type RecordJson } from '../contract/record.js';
import {
  GROUP_KEYS,
  SINGLE_VALUED,
  condsOf,
  describeKeys,
  ensureEvery,
  ensureHas,
  ensureHasNot,
  ensureTotals,
  groupsTotal,
  show,
  usable,
  valuesOf,
  type Cond,
  type Group,
  type Value,
} from './support/groups.js';
import { runs } from './support/filters.js';
import { FILTER_IDS } from '../oracles/requests-v3-filters.js';
import { ruleOf } from '../oracles/rules.js';
import { judgeRepeatedGroup } from './requests-v3-groups-repeat.js';

const andWithinGroup: CheckSpec = {
  ...ruleOf(FILTER_IDS.filtersAndWithinGroup),
  relation: true,
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
        const tBoth = await groupsTotal(ctx, [both]);
        const tA = await groupsTotal(ctx, [{ [a.key]: a.value }]);
        const tB = await groupsTotal(ctx, [{ [b.key]: b.value }]);
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
          describeKeys(a.key, b.key),
        );
        await ensureHas(ctx, r, [both], `the group ${show(both)}`, {}, tBoth.page.records);
      },
      runs(ctx, 5),
    );
    if (!outcome.ok) return fromProperty(outcome);
    return fromProperty(outcome, `${outcome.numRuns} runs${await judgeRepeatedGroup(ctx, ctx.discovery.records.filter(usable))}`);
  },
};

const orAcrossGroups: CheckSpec = {
  ...ruleOf(FILTER_IDS.filtersOrAcrossGroups),
  relation: true,
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
        const tOr = await groupsTotal(ctx, [ga, gb]);
        const tA = await groupsTotal(ctx, [ga]);
        const tB = await groupsTotal(ctx, [gb]);
        // Same key twice: values of a single-valued key never meet; a multi-valued key only bounds the total.
        let overlap: number | undefined;
        if (a.key !== b.key) overlap = (await groupsTotal(ctx, [{ ...ga, ...gb }])).total;
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
          describeKeys(a.key, b.key),
        );
        for (const c of [a, b]) {
          const r = witness(c);
          if (r) await ensureHas(ctx, r, [ga, gb], `group ${show({ [c.key]: c.value })} of ${show([ga, gb])}`, {}, tOr.page.records);
        }
      },
      runs(ctx, 5),
    );
    return fromProperty(outcome);
  },
};

/** Keys every discovered record carries exactly one value of (non-null), for complement relations. */
function completeKeys(records: readonly RecordJson[]): EqualityParam[] {
  return SINGLE_VALUED.filter((k) => records.length > 0 && records.every((r) => candidates(r, k).length === 1));
}

const notNegates: CheckSpec = {
  ...ruleOf(FILTER_IDS.filtersNot),
  relation: true,
  requires: ['apiKey'],
  async run(ctx) {
    if (!ctx.discovery.complete) return skip('the discovery window was not walked to its end: a complement cannot be counted');
    const records = ctx.discovery.records.filter(usable);
    const keys = completeKeys(records);
    const conds = condsOf(records, keys);
    if (conds.length === 0) return skip('no field is non-null on every discovered record (status, requestType)');
    const all = await sharedTotal(ctx, windowQuery(ctx));
    const outcome = await ctx.property(
      fc.constantFrom(...conds),
      async ({ key, value }) => {
        const pos = await groupsTotal(ctx, [{ [key]: value }]);
        const neg = await groupsTotal(ctx, [{ [`not:${key}`]: value }]);
        // Moving data (a live server's statuses change all the time): a request whose status changed
        // between the two reads is counted twice or not at all. The positive total read again tells:
        // when it moved, the sum is not judged (the window's requests are all past, so the whole stays).
        if (pos.total + neg.total !== all.total && (await groupsTotal(ctx, [{ [key]: value }])).total !== pos.total) return;
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
          describeKeys(key),
        );
        const other = records.find((r) => !matchesSound(r, key, value));
        const same = records.find((r) => matchesComplete(r, key, value));
        if (other) await ensureHas(ctx, other, [{ [`not:${key}`]: value }], `not:${key}=${value}`, {}, neg.page.records);
        if (same) await ensureHasNot(ctx, same, [{ [`not:${key}`]: value }], `not:${key}=${value}`);
      },
      runs(ctx, 5),
    );
    if (!outcome.ok) return fromProperty(outcome);
    return fromProperty(outcome, `${outcome.numRuns} runs${await judgeNotAfterFirstKey(ctx, records, conds)}`);
  },
};

/**
 * A `not:` key after another key of the same group is negated too (rule 7: "A key prefixed `not:`
 * is negated", whatever its place; the mutation bench's gap bitset.ts:50, a server negating only a
 * group's first key): a discovered record with X = x and some other value y of its own must not
 * come back for the group {"Y": y, "not:X": x}, narrowed around its creation. One request; a record
 * that changed since discovery (and so may match now) is no violation (ensureHasNot). A note.
 */
async function judgeNotAfterFirstKey(ctx: CheckContext, records: readonly RecordJson[], conds: readonly Cond[]): Promise<string> {
  for (const { key, value } of conds) {
    const same = records.find((r) => matchesComplete(r, key, value));
    const first = same ? condsOf([same], GROUP_KEYS).find((c) => c.key !== key) : undefined;
    if (!same || !first) continue;
    const group: Group = { [first.key]: first.value, [`not:${key}`]: value };
    await ensureHasNot(ctx, same, [group], `the group ${show(group)} (not: after the group's first key)`);
    return `; ${show(group)} leaves out a record of ${key}=${value}`;
  }
  return '';
}

/**
 * The three totals of the array-OR relation: `{key: [a, b]}`, `{key: a}`, `{key: b}`; the single
 * values' totals from the run's shared reads, or all three `fresh` (the check's own reads).
 */
async function arrayOrTotals(ctx: CheckContext, key: EqualityParam, a: Value, b: Value, fresh: boolean) {
  // Fresh as the runner reads a check again (run/runner.ts): without the run's shared reads.
  const from = fresh ? { ...ctx, shared: undefined } : ctx;
  const both = await groupsTotal(from, [{ [key]: [a, b] }]);
  const ta = await groupsTotal(from, [{ [key]: a }]);
  const tb = await groupsTotal(from, [{ [key]: b }]);
  return { both, ta, tb };
}

const arrayOr: CheckSpec = {
  ...ruleOf(FILTER_IDS.filtersArrayOr),
  relation: true,
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
        let { both, ta, tb } = await arrayOrTotals(ctx, key, a, b, false);
        // Three totals that disagree are read once more, afresh, before they are judged: the single
        // values' totals are shared with the other group checks (seconds old), and on a target whose
        // requests move (the live service, a reference server's --advance-every) a status total may
        // change between the three reads. A server that breaks the relation breaks it again.
        if (both.total !== ta.total + tb.total) ({ both, ta, tb } = await arrayOrTotals(ctx, key, a, b, true));
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
          describeKeys(key),
        );
        for (const v of [a, b]) {
          const r = records.find((x) => matchesComplete(x, key, v));
          if (r) await ensureHas(ctx, r, [{ [key]: [a, b] }], `${show({ [key]: [a, b] })}`, {}, both.page.records);
        }
      },
      runs(ctx, 5),
    );
    return fromProperty(outcome);
  },
};

/** The group-logic checks, in run order. */
export const checks: CheckDefinition[] = withFamilies([andWithinGroup, orAcrossGroups, notNegates, arrayOr]);
