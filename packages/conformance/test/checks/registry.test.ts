/**
 * One definition per check: the run order is derived from data (RUN_ORDER) and
 * every rule holds; what refers to a check elsewhere (shard costs, divergence matchers, the clause
 * catalogue's reverse map) refers to a definition of the registry.
 */
import { describe, expect, it } from 'vitest';
import { RUN_ORDER, allChecks, orderedBy } from '../../src/checks/index.js';
import type { RunOrderRule } from '../../src/checks/index.js';
import { EXPLAINED_CHECKS } from '../../src/oracles/divergences.js';
import { COSTS, ROUNDS } from '../../src/shard/shard.js';
import { runOrderOf } from '../../src/run/runner.js';
import type { CheckDefinition } from '../../src/contract/types.js';

const ids = new Set(allChecks.map((c) => c.id));
const def = (id: string, extra: Partial<CheckDefinition> = {}): CheckDefinition =>
  ({ id, family: id.split('.')[0]!, title: id, clauses: [], operation: 'GET /x', run: async () => ({ status: 'pass' }), ...extra }) as CheckDefinition;

describe('run order as data', () => {
  it('every rule selects checks on both sides and holds in the registry order', () => {
    const at = new Map(allChecks.map((c, i) => [c, i]));
    for (const rule of RUN_ORDER) {
      const first = allChecks.filter(rule.first);
      const then = allChecks.filter(rule.then);
      expect(first.length, rule.why).toBeGreaterThan(0);
      expect(then.length, rule.why).toBeGreaterThan(0);
      const broken = first.flatMap((a) => then.filter((b) => a !== b && at.get(a)! > at.get(b)!).map((b) => `${a.id} after ${b.id}`));
      expect(broken, rule.why).toEqual([]);
    }
  });

  it('the throttle probe runs after every other check that shares the v2 quota', () => {
    const spenders = allChecks.filter((c) => c.spendsQuota);
    expect(spenders.length).toBeGreaterThan(0);
    const firstSpender = allChecks.indexOf(spenders[0]!);
    const sharers = allChecks.filter((c) => c.lock === spenders[0]!.lock && !c.spendsQuota);
    expect(sharers.length).toBeGreaterThan(0);
    for (const c of sharers) expect(allChecks.indexOf(c), c.id).toBeLessThan(firstSpender);
  });

  it('orders stably: a check moves only as far as a rule requires; a cycle is an error', () => {
    const [a, b, c, d] = ['a.1', 'b.1', 'c.1', 'd.1'].map((id) => def(id));
    const rule: RunOrderRule = { first: (x) => x === c, then: (x) => x === a, why: 'c before a' };
    expect(orderedBy([a!, b!, c!, d!], [rule]).map((x) => x.id)).toEqual(['b.1', 'c.1', 'a.1', 'd.1']);
    expect(orderedBy([a!, b!, c!, d!], []).map((x) => x.id)).toEqual(['a.1', 'b.1', 'c.1', 'd.1']);
    const back: RunOrderRule = { first: (x) => x === a, then: (x) => x === c, why: 'a before c' };
    expect(() => orderedBy([a!, b!, c!, d!], [rule, back])).toThrow(/cycle among a\.1, c\.1/);
  });

  it("the runner's order (grouped by family, final phase last) keeps every rule, and the checks that run alone end the main phase", () => {
    const ordered = runOrderOf(allChecks);
    expect(new Set(ordered)).toEqual(new Set(allChecks));
    const at = new Map(ordered.map((c, i) => [c, i]));
    // The final phase runs last by its phase, whatever a rule says (as in the registry's own order).
    const inMain = allChecks.filter((c) => c.phase !== 'final');
    for (const rule of RUN_ORDER) {
      const broken = inMain.filter(rule.first).flatMap((a) => inMain.filter(rule.then).filter((b) => a !== b && at.get(a)! > at.get(b)!).map((b) => `${a.id} after ${b.id}`));
      expect(broken, rule.why).toEqual([]);
    }
    const main = ordered.filter((c) => c.phase !== 'final');
    expect(ordered.slice(main.length).every((c) => c.phase === 'final')).toBe(true);
    // Against a URL the checks that run alone (exclusive) are barriers: none before the last
    // shared one, so the workers drain once.
    const alone = (c: CheckDefinition) => c.exclusive === true;
    const lastShared = main.findLastIndex((c) => !alone(c));
    expect(main.slice(0, lastShared).filter(alone).map((c) => c.id)).toEqual([]);
    expect(main.slice(lastShared + 1).map((c) => c.id)).toEqual(expect.arrayContaining(['requests-v3.filters.no-carry-over', 'general.stays-up']));
  });

  it('every check id is defined once', () => {
    expect(ids.size).toBe(allChecks.length);
  });
});

describe('references to checks refer to definitions', () => {
  it('shard costs: every entry names a defined check (and every check has a cost)', () => {
    expect(Object.keys(COSTS).filter((id) => !ids.has(id))).toEqual([]);
    expect(Object.keys(ROUNDS).filter((id) => !ids.has(id))).toEqual([]);
    // A check judged by its oracle alone sends nothing: it has no cost of its own (and runs in every shard, as the final phase does).
    expect(allChecks.filter((c) => COSTS[c.id] === undefined && c.oracleOnly !== true).map((c) => c.id)).toEqual([]);
  });

  it('divergence matchers: every check they apply to is a defined check', () => {
    expect(EXPLAINED_CHECKS.length).toBeGreaterThan(0);
    expect(EXPLAINED_CHECKS.filter((id) => !ids.has(id))).toEqual([]);
  });
});
