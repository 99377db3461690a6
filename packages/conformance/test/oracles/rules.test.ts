/**
 * The descriptions of the rules the oracles judge (oracles/rules.ts): every id an oracle reports
 * under has one, the active check of that id shows it unchanged, and the auditor's outcomes carry
 * it without the active registry.
 */
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { familyOf } from '../../src/contract/family.js';
import { PassiveAuditor } from '../../src/oracles/auditor.js';
import { ORACLES, oracleCheckIds } from '../../src/oracles/index.js';
import { RULE_META, ruleMetaOf, ruleOf } from '../../src/oracles/rules.js';

describe('rule descriptions', () => {
  it('every id an oracle reports under is described (written here or derived from the clauses that list it), and nothing else is written', () => {
    const ids = oracleCheckIds(ORACLES);
    for (const id of RULE_META.keys()) expect(ids, id).toContain(id);
    for (const id of ids) {
      const rule = ruleMetaOf(id, ORACLES.find((o) => (o.ids ?? [o.id]).includes(id))?.operation);
      expect(rule, id).toBeDefined();
      expect(rule!.title.trim(), id).not.toBe('');
      expect(rule!.clauses.length, id).toBeGreaterThan(0);
      expect(rule!.operation, id).not.toBe('');
    }
  });

  it('the active check of a described id shows that description (title, clauses, operation)', () => {
    for (const rule of RULE_META.values()) {
      const check = allChecks.find((c) => c.id === rule.id);
      expect(check, rule.id).toBeDefined();
      expect({ title: check!.title, clauses: check!.clauses, operation: check!.operation }, rule.id).toEqual({ title: rule.title, clauses: [...rule.clauses], operation: rule.operation });
    }
  });

  it('ruleOf gives a fresh clause list and refuses an id no rule describes', () => {
    const id = [...RULE_META.keys()][0]!;
    const a = ruleOf(id);
    a.clauses.push('changed');
    expect(ruleOf(id).clauses).toEqual([...RULE_META.get(id)!.clauses]);
    expect(() => ruleOf('no.such.rule')).toThrow(/no description of rule no\.such\.rule/);
  });

  it("the auditor's outcomes carry each rule's description and family (what the active run shows for the same id)", () => {
    const auditor = new PassiveAuditor();
    auditor.observe({ method: 'GET', url: 'http://api.test/requests/v3?limit=5', requestHeaders: {}, status: 500, responseHeaders: { 'content-type': 'text/plain' }, bodyText: 'boom', durationMs: 1 });
    const result = auditor.result({ startedAt: new Date(0), target: 'http://api.test', config: {}, replay: '' });
    expect(result.outcomes.length).toBe(oracleCheckIds(ORACLES).length);
    for (const o of result.outcomes) {
      const rule = ruleMetaOf(o.id, ORACLES.find((x) => (x.ids ?? [x.id]).includes(o.id))?.operation)!;
      expect({ title: o.title, clauses: o.clauses, operation: o.operation, family: o.family }, o.id).toEqual({ title: rule.title, clauses: [...rule.clauses], operation: rule.operation, family: familyOf(o.id) });
    }
  });
});
