/**
 * GET /requests/v3: page size, `limit` capped at 50 and its default of 20 (API document,
 * GET /requests/v3 rules 1-5; live facts §1.3).
 */
import fc from 'fast-check';
import { withFamilies } from '../contract/family.js';
import { integerBoundaries } from '../engine/boundaries.js';
import { brief, ensure, violate } from '../contract/expect.js';
import { pageSizeProblem, limitMax as limitMaxOracle, limitDefault as limitDefaultOracle } from '../oracles/requests-v3-paging.js';
import type { CheckDefinition, CheckSpec } from '../contract/types.js';
import { fetchPage, parsePage, sendV3, windowFirstPage, windowQuery } from './support/listing.js';
import { fromProperty } from '../contract/outcome.js';
import { skipNoData } from './support/paging.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../contract/limits.js';
import { ruleOf } from '../oracles/rules.js';

const limitMax: CheckSpec = {
  ...ruleOf(limitMaxOracle.id),
  requires: ['apiKey'],
  async run(ctx) {
    // Page size does not depend on live traffic, so the probe spans the whole data set.
    // With its total, so that "the target holds fewer than 51" is the target's own count, not only what one page showed.
    const probe = await fetchPage(ctx, { limit: MAX_LIMIT, includeTotal: true }, `a listing with limit=${MAX_LIMIT}`);
    if (probe.records.length < MAX_LIMIT && probe.continuation === undefined) {
      const t = typeof probe.total === 'number' ? probe.total : undefined;
      const held = t !== undefined && t > probe.records.length ? `the listing ends after ${probe.records.length} records although its total counts ${t} (judged by requests-v3.unwindowed.first-pages)` : `the target holds ${probe.records.length} records${t !== undefined ? ` (total ${t})` : ''}`;
      return { status: 'skip', reason: `${held}, fewer than 51: a cap of 50 cannot be observed` };
    }
    const limits = fc.oneof(fc.constantFrom(MAX_LIMIT + 1, 2 * MAX_LIMIT, 20 * MAX_LIMIT), fc.integer({ min: MAX_LIMIT + 1, max: 100_000 }), fc.integer({ min: 1, max: MAX_LIMIT }));
    const outcome = await ctx.property(
      limits,
      async (limit) => {
        const ex = await sendV3(ctx, { limit });
        const status = ex.response?.status ?? 0;
        if (limit > MAX_LIMIT && status >= 400 && status < 500) return;
        ensure(
          status === 200,
          `limit=${limit} must be ${limit > MAX_LIMIT ? 'capped (200) or refused with a 4xx' : 'accepted'}`,
          limit > MAX_LIMIT ? `200 with at most ${MAX_LIMIT} records, or a 4xx` : '200',
          `${status}: ${brief(ex.response?.bodyText)}`,
          ex,
        );
        const page = parsePage(ex);
        const problem = pageSizeProblem(page.records.length, Math.min(limit, MAX_LIMIT), `limit=${limit}`);
        if (problem) violate(problem.message, problem.expected, problem.received, ex);
      },
      // 1, 2, 49, 50, 51 first (a limit ignored at a boundary), then random limits.
      { numRuns: Math.min(ctx.config.numRuns, 3), examples: integerBoundaries(1, MAX_LIMIT) },
    );
    return fromProperty(outcome);
  },
};

const limitDefault: CheckSpec = {
  ...ruleOf(limitDefaultOracle.id),
  requires: ['apiKey'],
  async run(ctx) {
    if (ctx.discovery.records.length === 0) return skipNoData('records');
    const w = windowQuery(ctx);
    const full = await windowFirstPage(ctx);
    const dflt = await fetchPage(ctx, w, 'a listing without limit');
    const expected = Math.min(DEFAULT_LIMIT, full.records.length);
    ensure(
      dflt.records.length === expected,
      'Without limit a page must hold the default of 20 records (or all, when fewer match)',
      `${expected} records (window holds ${full.records.length}${full.continuation ? '+' : ''})`,
      `${dflt.records.length} records`,
      dflt.exchange,
    );
    return { status: 'pass' };
  },
};

/** The limit checks, in run order. */
export const checks: CheckDefinition[] = withFamilies([limitMax, limitDefault]);
