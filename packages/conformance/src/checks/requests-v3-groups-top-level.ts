/**
 * GET /requests/v3 `filters` groups beside top-level parameters: both apply, AND-ed (API document,
 * GET /requests/v3 rule 7), checked by totals and soundness/completeness around discovered records.
 * Top-level `features` too (rule 7: "range filters and `features` are top-level only"): one case
 * with a group and a feature that a record of the group lacks, in place of one random run.
 */
import fc from 'fast-check';
import { withFamilies } from '../contract/family.js';
import type { CheckDefinition, CheckSpec } from '../contract/types.js';
import { brief, violate } from '../contract/expect.js';
import type { CheckContext } from '../contract/types.js';
import { around, fetchPage } from './support/listing.js';
import { fromProperty, pass, skip } from '../contract/outcome.js';
import { featuresOf, matchesComplete, matchesSound, recordId, type RecordJson } from '../contract/record.js';
import {
  GROUP_KEYS,
  LIMIT,
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
  type Cond,
  type Group,
} from './support/groups.js';
import { runs } from './support/filters.js';
import { FILTER_IDS, lacksFeatures } from '../oracles/requests-v3-filters.js';
import { ruleOf } from '../oracles/rules.js';

/** A feature and a group that some discovered record is in while lacking that feature (the first found: deterministic). */
function featureCase(records: readonly RecordJson[], conds: readonly Cond[]): { feature: string; g: Cond; gOnly: RecordJson } | undefined {
  const known = [...new Set(records.flatMap(featuresOf))].sort();
  for (const feature of known) {
    for (const g of conds) {
      const gOnly = records.find((r) => matchesComplete(r, g.key, g.value) && lacksFeatures(r, [feature]));
      if (gOnly) return { feature, g, gOnly };
    }
  }
  return undefined;
}

/**
 * Top-level `features=F` with the group G: every record of the first page has F (judged on the copy
 * returned, so a record whose features moved is no violation), and a record of G without F, asked
 * around its creation, is left out. Two requests.
 */
async function featuresStillApply(ctx: CheckContext, { feature, g, gOnly }: { feature: string; g: Cond; gOnly: RecordJson }): Promise<void> {
  const group: Group[] = [{ [g.key]: g.value }];
  const top = { features: feature };
  const what = `top-level features=${feature} with filters ${show(group)}`;
  const t = await groupsTotal(ctx, group, top);
  ensureEvery(
    t.page.records,
    (x) => !lacksFeatures(x, [feature]) && matchesSound(x, g.key, g.value),
    `Every record for ${what} must match both`,
    `features including ${feature} and ${g.key}=${g.value}`,
    t.page.exchange,
    (x) => `features ${brief(x.features)}, ${describeKeys(g.key)(x)}`,
  );
  const id = recordId(gOnly)!;
  const page = await fetchPage(ctx, { ...top, filters: JSON.stringify(group), ...around(gOnly), limit: LIMIT });
  const returned = page.records.find((x) => recordId(x) === id);
  if (returned && lacksFeatures(returned, [feature])) {
    violate(`A record that does not match ${what} must not be returned (it matches only the group)`, `no id ${id}`, `id ${id} returned with features ${brief(returned.features)}`, page.exchange);
  }
}

const topLevelAnd: CheckSpec = {
  ...ruleOf(FILTER_IDS.filtersTopLevelAnd),
  relation: true,
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
    const byFeature = featureCase(records, conds);
    if (cases.length === 0 && !byFeature) return skip('no discovered record matches a filters group but not a top-level value or feature');
    if (byFeature) await featuresStillApply(ctx, byFeature);
    if (cases.length === 0) return pass(`top-level features=${byFeature!.feature} checked; no discovered record matches a filters group but not a top-level value`);
    const outcome = await ctx.property(
      fc.constantFrom(...cases),
      async ({ p, g, inBoth, gOnly }) => {
        const group: Group[] = [{ [g.key]: g.value }];
        const groups = show(group);
        const top = { [p.key]: p.value };
        const tBoth = await groupsTotal(ctx, group, top);
        const tG = await groupsTotal(ctx, group);
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
          describeKeys(p.key, g.key),
        );
        await ensureHasNot(ctx, gOnly, group, `top-level ${p.key}=${p.value} (it matches only the group ${groups})`, top);
        if (inBoth) await ensureHas(ctx, inBoth, group, `${p.key}=${p.value} and the group ${groups}`, top, tBoth.page.records);
      },
      runs(ctx, byFeature ? 4 : 5),
    );
    return fromProperty(outcome, byFeature ? `${outcome.ok ? outcome.numRuns : 0} runs and top-level features=${byFeature.feature}` : undefined);
  },
};

/** The groups-with-top-level checks, in run order. */
export const checks: CheckDefinition[] = withFamilies([topLevelAnd]);
