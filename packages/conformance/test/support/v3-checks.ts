/**
 * Shared harness of the GET /requests/v3 check-family tests: find a check by id and run it against
 * the fake `GET /requests/v3` server over a given record set (optionally with one fault).
 */
import { expect, it } from 'vitest';
import type { CheckDefinition, CheckResult } from '../../src/engine/types.js';
import { settle } from './settle.js';
import { fakeContext, route } from './fake-context.js';
import { discoveryOf, fakeRequestsV3, type Fault, type Rec } from './fake-requests-v3.js';

/** The check of `checks` with this id; throws naming the id when there is none. */
export function checkById(checks: readonly CheckDefinition[], id: string): CheckDefinition {
  const c = checks.find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
}

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
    ...(numRuns === undefined ? {} : { config: { numRuns } }),
  });
  return settle(checkById(checks, id), ctx);
}

/**
 * The tests every paging family shares (table-driven): each check passes a conformant server, fails
 * on its faults with the message and a reproducible v3 exchange, skips on an empty window (or passes,
 * for the ids in `passOnEmpty`), and sends a bounded number of requests against an endless cursor.
 */
export function v3FamilySuite(
  checks: readonly CheckDefinition[],
  records: Rec[],
  faults: ReadonlyArray<[string, Fault, RegExp]>,
  passOnEmpty: readonly string[] = [],
): void {
  it.each(checks.map((c) => c.id))('%s passes a conformant server', async (id) => {
    const result = await runV3Check(checks, id, records);
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'pass' });
  });

  it.each<[string, Fault, RegExp]>([...faults])('%s fails on fault %s', async (id, fault, message) => {
    const result = await runV3Check(checks, id, records, fault);
    expect(result.status, JSON.stringify(result)).toBe('fail');
    if (result.status !== 'fail') return;
    expect(result.violation.message).toMatch(message);
    expect(result.violation.exchange?.curl).toContain('/requests/v3');
  });

  it.each(checks.map((c) => c.id))('%s skips (never passes or fails) on an empty window', async (id) => {
    const result = await runV3Check(checks, id, []);
    expect(result.status).toBe(passOnEmpty.includes(id) ? 'pass' : 'skip');
  });

  it('a page walk sends a bounded number of requests', async () => {
    for (const c of checks) {
      const ctx = fakeContext({ handler: route({ 'GET /requests/v3': fakeRequestsV3(records, 'endless-cursor') }), discovery: discoveryOf(records) });
      await settle(c, ctx);
      expect(ctx.http.requests.length, c.id).toBeLessThan(400);
    }
  });
}

/**
 * The tests every `filters` group family shares (20 property runs): each check passes a conformant
 * server, fails on its faults with the message and an exchange that sent `filters=`, and skips on an
 * empty window (except the ids in `noSkipOnEmpty`, tested on their own).
 */
export function groupFamilySuite(
  checks: readonly CheckDefinition[],
  records: Rec[],
  faults: ReadonlyArray<[string, Fault, RegExp]>,
  noSkipOnEmpty: readonly string[] = [],
): void {
  it.each(checks.map((c) => c.id))('%s passes a conformant server', async (id) => {
    const result = await runV3Check(checks, id, records, undefined, 20);
    expect(result, JSON.stringify(result).slice(0, 2000)).toMatchObject({ status: 'pass' });
  });

  it.each<[string, Fault, RegExp]>([...faults])('%s fails on fault %s', async (id, fault, message) => {
    const result = await runV3Check(checks, id, records, fault, 20);
    expect(result.status, JSON.stringify(result).slice(0, 2000)).toBe('fail');
    if (result.status !== 'fail') return;
    expect(result.violation.message).toMatch(message);
    expect(result.violation.exchange?.curl).toContain('filters=');
  });

  const skipping = checks.filter((c) => !noSkipOnEmpty.includes(c.id)).map((c) => c.id);
  if (skipping.length > 0) {
    it.each(skipping)('%s skips on an empty window', async (id) => {
      const result = await runV3Check(checks, id, [], undefined, 20);
      expect(result.status).toBe('skip');
    });
  }
}
