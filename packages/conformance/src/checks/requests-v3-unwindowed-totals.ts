/**
 * `total` off the windowed path (API document, GET /requests/v3 rule 5: `total` is the exact count
 * of matching requests; "All parameters are optional"). Every other total the kit judges carries a
 * time window; a server may count a query of equality filters alone, or with `features`, from
 * another index than its windowed queries. Here such a query is walked to its end and its total set
 * against the walk, both ways: the total read with the first page (A), the walk (requests counted
 * in A existed before the walk, which lists each of them), a total read after it (B). With
 * requests only ever added, A ≤ the requests walked ≤ B holds while data arrives. The equality
 * filters are those of one discovered request (request type and chains: values that never change,
 * so a status moving during the run cannot move a request out); with them, a feature some of its
 * matches carry and some lack. At the embedded target every other feature (the document's examples
 * and those the data shows) is counted too, one total each, against the same walk.
 */
import { openapi } from '@crosschain/specs';
import { brief, violate } from '../contract/expect.js';
import { withFamilies } from '../contract/family.js';
import type { CheckContext, CheckDefinition, CheckSpec } from '../contract/types.js';
import { V3, total, walk, type Query } from './support/listing.js';
import { idsOf, sample } from '../contract/record.js';
import { pass, skip } from '../contract/outcome.js';
import { candidates, featuresOf, type EqualityParam, type RecordJson } from '../contract/record.js';

/** Page size of the walks (the v3 maximum). */
const PAGE = 50;
/** Pages a walk may take: a query counting more is not walked (its relation is left to narrower ones). */
const MAX_PAGES = 4;
/** Equality filters whose values never change on a request, narrowest set first tried. */
const STABLE: readonly EqualityParam[] = ['requestType', 'originChainId', 'destinationChainId', 'currencyInSymbol'];
/** A feature the API document names as an example (its parameter table), asked when no walked request carries any. */
const EXAMPLE_FEATURE = 'fast_fill';

/** The stable equality filters of a discovered request (each value it has), or undefined when it has fewer than two. */
export function stableEqualityOf(r: RecordJson): { query: Query; label: string } | undefined {
  const query: Query = {};
  for (const param of STABLE) {
    const value = candidates(r, param)[0];
    if (value !== undefined) query[param] = value;
  }
  const keys = Object.keys(query);
  if (keys.length < 2) return undefined;
  return { query, label: keys.map((k) => `${k}=${brief(query[k], 40)}`).join('&') };
}

/**
 * The known feature flags (the contract's `RequestFeature` x-known-values: the API document's
 * examples and the live service's), asked beside those the data shows.
 */
const KNOWN_FEATURES: readonly string[] = (openapi as { components: { schemas: { RequestFeature: { 'x-known-values': string[] } } } }).components.schemas.RequestFeature['x-known-values'];

/** The walk of `query` without a window set against its totals before and after; the records walked, or a skip reason. */
async function judgeAgainstWalk(ctx: CheckContext, query: Query, label: string): Promise<{ records: RecordJson[]; note: string } | { skipped: string }> {
  const what = `${label} without a time window`;
  const w = await walk(ctx, { ...query, limit: PAGE, includeTotal: true }, { maxPages: MAX_PAGES, what });
  const first = w.pages[0]!;
  const before = first.total;
  if (typeof before !== 'number') {
    violate(`includeTotal=true must add \`total\` (${what})`, 'a numeric total', `total = ${brief(before)}`, first.exchange);
  }
  if (!w.complete) return { skipped: `${what} counts ${before} requests, more than ${MAX_PAGES} pages of ${PAGE} to walk` };
  const walked = new Set(idsOf(w.records)).size;
  const after = await total(ctx, { ...query, limit: 1 });
  if (walked < before) {
    const last = w.pages[w.pages.length - 1]!;
    violate(
      `Without a time window, ${label} must list every request its total counts (total is the exact count of matching requests; requests are only added, so a walk started with that total lists each of them)`,
      `${before} request(s) (the total of the first page), ${PAGE} a page`,
      `${walked} request(s) in a complete walk of ${w.pages.length} page(s): ${sample(idsOf(w.records))}`,
      last.exchange,
    );
  }
  if (walked > after.total) {
    violate(
      `Without a time window, ${label} must count every request it lists (total is the exact count; read after the walk it counts at least what the walk listed)`,
      `total ≥ ${walked} (the requests walked)`,
      `total = ${after.total}`,
      after.page.exchange,
    );
  }
  return { records: w.records, note: `${label}: ${before} ≤ ${walked} walked ≤ ${after.total}` };
}

/** A feature some of `records` carry and some lack (else one they all carry, else the document's example). */
function featureFor(records: readonly RecordJson[]): string {
  const counts = new Map<string, number>();
  for (const r of records) for (const f of new Set(featuresOf(r))) counts.set(f, (counts.get(f) ?? 0) + 1);
  const split = [...counts].filter(([, n]) => n < records.length).sort((a, b) => b[1] - a[1])[0];
  if (split) return split[0];
  return [...counts.keys()][0] ?? EXAMPLE_FEATURE;
}

const filteredTotals: CheckSpec = {
  id: 'requests-v3.unwindowed.filtered-totals',
  title: 'Without a time window, the total of equality filters alone, and with features, equals the requests a walk lists (total before ≤ walked ≤ total after)',
  clauses: ['requests-v3.total.exact'],
  operation: V3,
  requires: ['apiKey'],
  relation: true,
  async run(ctx) {
    const picked = ctx.discovery.records.map(stableEqualityOf).find((e) => e !== undefined);
    if (!picked) return skip('no discovered request carries two of requestType, originChainId, destinationChainId, currencyInSymbol to filter by');
    const plain = await judgeAgainstWalk(ctx, picked.query, picked.label);
    if ('skipped' in plain) return skip(plain.skipped);
    const feature = featureFor(plain.records);
    const featured = await judgeAgainstWalk(ctx, { ...picked.query, features: feature }, `${picked.label}&features=${feature}`);
    const carrying = plain.records.filter((r) => featuresOf(r).includes(feature)).length;
    const each = ctx.config.embedded ? await everyFeatureTotal(ctx, picked, plain.records, feature) : 'each other feature counted at the embedded reference server only (a request per feature)';
    return pass(`${plain.note}; ${'skipped' in featured ? featured.skipped : featured.note} (${carrying} of the ${plain.records.length} carried ${feature}); ${each}`);
  },
};

/**
 * Every other feature, one total each, set against the complete walk of the same equality filters
 * (embedded target: at a URL a request per feature would exceed the remote budget). A request's
 * features never change and requests are only added, so the total of `features=F` counts at least
 * the walked requests carrying F and at most those plus the requests added since the walk (the
 * filters' total read after these, less the requests walked). A server that counts one feature's
 * query from an index ignoring the feature (the whole filter's count) fails here, whichever feature
 * the walked check above picked.
 */
async function everyFeatureTotal(ctx: CheckContext, picked: { query: Query; label: string }, walked: readonly RecordJson[], judged: string): Promise<string> {
  const known = new Set([...ctx.discovery.records, ...walked].flatMap(featuresOf));
  const features = [...new Set([...KNOWN_FEATURES, ...[...known].sort()])].filter((f) => f !== judged);
  const totals = [];
  for (const f of features) totals.push({ f, t: await total(ctx, { ...picked.query, features: f, limit: 1 }) });
  const after = await total(ctx, { ...picked.query, limit: 1 });
  const ids = new Set(idsOf(walked));
  const added = Math.max(0, after.total - ids.size);
  for (const { f, t } of totals) {
    const carrying = walked.filter((r) => featuresOf(r).includes(f)).length;
    if (t.total < carrying || t.total > carrying + added) {
      violate(
        `Without a time window, ${picked.label}&features=${f} must count the requests of ${picked.label} that carry ${f} (total is the exact count of matching requests; features never change on a request, and requests are only added)`,
        `${carrying}${added > 0 ? ` to ${carrying + added}` : ''} (the ${carrying} of the ${ids.size} walked requests carrying ${f}${added > 0 ? `, and at most the ${added} added since` : ''})`,
        `total = ${t.total}`,
        t.page.exchange,
      );
    }
  }
  return `each of ${features.length} other features counted like the walk (${totals.map(({ f, t }) => `${f} ${t.total}`).join(', ')})`;
}

/** The checks of totals off the windowed path, in run order. */
export const checks: CheckDefinition[] = withFamilies([filteredTotals]);
