/**
 * The fingerprint of one violation (issue 18 item 4): its check and operation, the clause it
 * breaks, where in the body (JSON pointers, array indices as `*`) and the rule broken. Two
 * violations of the same check with different fingerprints are different violations: a baseline
 * entry or a catalogued divergence that accepts one never hides the other.
 */
import type { CheckOutcome, SchemaError, ViolationKind, ViolationMark } from '../engine/types.js';

export interface Fingerprint {
  check: string;
  operation: string;
  clause?: string;
  where?: string;
  rule: string;
}

/** A JSON pointer with its array indices as `*` (the same place in every record of a page). */
export function placeOf(pointer: string): string {
  return pointer === '' ? '/' : pointer.replace(/\/\d+(?=\/|$)/g, '/*');
}

/** The last keyword of a schema path (`#/properties/a/type` → `type`). */
function keywordOf(schemaPath: string): string {
  return schemaPath.split('/').filter((p) => p !== '' && p !== '#').pop() ?? 'schema';
}

/**
 * The mark of a schema verdict: every distinct place and keyword of its errors, so that a body with
 * one more error than a known one has another fingerprint.
 */
export function schemaMark(errors: readonly SchemaError[]): Pick<ViolationMark, 'where' | 'rule'> {
  const where = [...new Set(errors.map((e) => placeOf(e.instancePath)))].sort();
  const rule = [...new Set(errors.map((e) => keywordOf(e.schemaPath)))].sort();
  return where.length === 0 ? {} : { where: where.join(' '), rule: rule.join(' ') };
}

/** The rule of a violation that names none: its Expected line with the numbers taken out. */
function ruleOf(v: ViolationMark & { expected?: string }): string {
  if (v.rule) return v.rule;
  return (v.expected ?? '').replace(/-?\d+(\.\d+)?/g, '#').replace(/\s+/g, ' ').trim().slice(0, 160);
}

/** The fingerprint of a violation of `outcome`'s check. */
export function fingerprintOf(outcome: Pick<CheckOutcome, 'id' | 'operation' | 'clauses'>, v: ViolationMark & { expected?: string }): Fingerprint {
  const clause = v.clause ?? outcome.clauses[0];
  return { check: outcome.id, operation: outcome.operation, ...(clause ? { clause } : {}), ...(v.where ? { where: v.where } : {}), rule: ruleOf(v) };
}

/** A map key of a fingerprint. */
export function fingerprintKey(f: Fingerprint): string {
  return JSON.stringify([f.check, f.operation, f.clause ?? '', f.where ?? '', f.rule]);
}

/** The distinct violations of an outcome: its list when it has one, else its one violation. */
export function kindsOf(outcome: Pick<CheckOutcome, 'violation' | 'violations'>): ViolationKind[] {
  if (outcome.violations && outcome.violations.length > 0) return outcome.violations;
  const v = outcome.violation;
  return v ? [{ ...v, count: 1 }] : [];
}
