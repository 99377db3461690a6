/**
 * GET /requests/v3 `filters` groups beside top-level parameters: both apply, AND-ed (API document,
 * GET /requests/v3 rule 7), checked by totals and soundness/completeness around discovered records.
 */
import fc from 'fast-check';
import { withFamilies } from '../engine/family.js';
import type { CheckDefinition, CheckSpec } from '../engine/types.js';
import { V3 } from './support/listing.js';
import { fromProperty, skip } from './support/outcome.js';
import { matchesComplete, matchesSound, type RecordJson } from './support/record.js';
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
  type Cond,
  type Group,
} from './support/groups.js';
import { runs } from './support/filters.js';
import { FILTER_IDS } from '../oracles/requests-v3-filters.js';

const topLevelAnd: CheckSpec = {
  id: FILTER_IDS.filtersTopLevelAnd,
  title: 'Top-level parameters still apply: they are AND-ed with the filters groups',
  clauses: ['requests-v3.filters.top-level-and'],
  operation: V3,
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
    if (cases.length === 0) return skip('no discovered record matches a filters group but not a top-level value');
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
      runs(ctx, 5),
    );
    return fromProperty(outcome);
  },
};

/** The groups-with-top-level checks, in run order. */
export const checks: CheckDefinition[] = withFamilies([topLevelAnd]);
