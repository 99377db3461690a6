/**
 * GET /requests/v3 `filters` groups: `null` as an is-empty check, and a 400 for null mixed with
 * values (API document, GET /requests/v3 rule 7; Errors table), within the discovery window.
 */
import fc from 'fast-check';
import { withFamilies } from '../contract/family.js';
import { brief, ensure } from '../contract/expect.js';
import type { CheckDefinition, CheckSpec } from '../contract/types.js';
import { sendV3, sharedTotal, windowQuery } from './support/listing.js';
import { fromProperty, skip } from '../contract/outcome.js';
import { depositAddressOf, type RecordJson } from '../contract/record.js';
import {
  ensureEvery,
  ensureHas,
  ensureTotals,
  filtersQuery,
  groupsTotal,
  show,
  usable,
  valuesOf,
  type Group,
} from './support/groups.js';
import { runs } from './support/filters.js';
import { FILTER_IDS } from '../oracles/requests-v3-filters.js';
import { ruleOf } from '../oracles/rules.js';

/** Keys whose emptiness is unambiguous on a record: one plausible field (`depositAddress.address`). */
const NULL_KEYS: Array<{ key: string; present: (r: RecordJson) => boolean }> = [
  { key: 'depositAddress', present: (r) => depositAddressOf(r) !== undefined },
];

const nullCheck: CheckSpec = {
  ...ruleOf(FILTER_IDS.filtersNullCheck),
  requires: ['apiKey'],
  async run(ctx) {
    const records = ctx.discovery.records.filter(usable);
    const keys = NULL_KEYS.filter((k) => records.some(k.present) && records.some((r) => !k.present(r)));
    if (keys.length === 0) return skip('no discovered field is both set on some records and empty on others (depositAddress)');
    const all = await sharedTotal(ctx, windowQuery(ctx));
    for (const { key, present } of keys) {
      const empty = await groupsTotal(ctx, [{ [key]: null }]);
      const set = await groupsTotal(ctx, [{ [`not:${key}`]: null }]);
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
      if (withIt) await ensureHas(ctx, withIt, [{ [`not:${key}`]: null }], show({ [`not:${key}`]: null }), {}, set.page.records);
      if (without) await ensureHas(ctx, without, [{ [key]: null }], show({ [key]: null }), {}, empty.page.records);
    }
    return { status: 'pass', note: `keys ${keys.map((k) => k.key).join(', ')}` };
  },
};

const nullMix400: CheckSpec = {
  ...ruleOf(FILTER_IDS.filtersNullMix400),
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

/** The null-value group checks, in run order. */
export const checks: CheckDefinition[] = withFamilies([nullCheck, nullMix400]);
