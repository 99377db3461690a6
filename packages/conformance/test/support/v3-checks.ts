/**
 * Shared harness of the GET /requests/v3 check-family tests: run a check by id against the fake
 * `GET /requests/v3` server over a given record set (optionally with one fault), and the tests every
 * family shares.
 */
import { expect, it } from 'vitest';
import type { CheckDefinition, CheckResult } from '../../src/contract/types.js';
import { checkById, expectViolation } from './check-cases.js';
import { settle } from './settle.js';
import { fakeContext, route } from './fake-context.js';
import { discoveryOf, fakeRequestsV3, type Fault, type Rec } from './fake-requests-v3.js';

/**
 * Runs check `id` of `checks` against the fake v3 server holding `records`, discovery over the same
 * records; `numRuns` overrides the property runs of the fake configuration.
 */
export async function runV3Check(
  checks: readonly CheckDefinition[],
  id: string,
  records: Rec[],
  fault?: Fault,
  numRuns?: number,
): Promise<CheckResult> {
  const ctx = fakeContext({
    handler: route({ 'GET /requests/v3': fakeRequestsV3(records, fault) }),
    discovery: discoveryOf(records),
    clock: true,
    ...(numRuns === undefined ? {} : { config: { numRuns } }),
  });
  return settle(checkById(checks, id), ctx);
}

export interface V3FamilyOptions {
  /** Property runs of the fake configuration (its default when absent). */
  numRuns?: number;
  /** What the curl of a failure's exchange contains (default `/requests/v3`). */
  curlContains?: string;
  /** Ids that pass on an empty window instead of skipping (they need no data). */
  passOnEmpty?: readonly string[];
  /** Ids left out of the empty-window test (tested on their own). */
  notOnEmpty?: readonly string[];
  /** Also check that every walk against an endless cursor sends a bounded number of requests. */
  boundedWalks?: boolean;
}

/**
 * The tests every v3 family shares (table-driven): each check passes a conformant server, fails on
 * its faults with the message and a reproducible exchange, and skips (never passes or fails) on an
 * empty window, as `options` tunes.
 */
export function v3FamilySuite(
  checks: readonly CheckDefinition[],
  records: Rec[],
  faults: ReadonlyArray<readonly [string, Fault, RegExp]>,
  options: V3FamilyOptions = {},
): void {
  const { numRuns, curlContains = '/requests/v3', passOnEmpty = [], notOnEmpty = [] } = options;

  it.each(checks.map((c) => c.id))('%s passes a conformant server', async (id) => {
    const result = await runV3Check(checks, id, records, undefined, numRuns);
    expect(result, JSON.stringify(result).slice(0, 2000)).toMatchObject({ status: 'pass' });
  });

  it.each(faults.map(([id, fault, message]): [string, Fault, RegExp] => [id, fault, message]))('%s fails on fault %s', async (id, fault, message) => {
    expectViolation(await runV3Check(checks, id, records, fault, numRuns), message, { in: 'curl', text: curlContains });
  });

  const onEmpty = checks.filter((c) => !notOnEmpty.includes(c.id)).map((c) => c.id);
  if (onEmpty.length > 0) {
    it.each(onEmpty)('%s skips (never passes or fails) on an empty window', async (id) => {
      const result = await runV3Check(checks, id, [], undefined, numRuns);
      expect(result.status).toBe(passOnEmpty.includes(id) ? 'pass' : 'skip');
    });
  }

  if (options.boundedWalks) {
    it('a page walk sends a bounded number of requests', async () => {
      for (const c of checks) {
        const ctx = fakeContext({ handler: route({ 'GET /requests/v3': fakeRequestsV3(records, 'endless-cursor') }), discovery: discoveryOf(records) });
        await settle(c, ctx);
        expect(ctx.http.requests.length, c.id).toBeLessThan(400);
      }
    });
  }
}
