/**
 * The fingerprint of one violation: its check and operation, the clause it
 * breaks, where in the body (JSON pointers, array indices as `*`) and the rule broken. Two
 * violations of the same check with different fingerprints are different violations: a baseline
 * entry or a catalogued divergence that accepts one never hides the other.
 */
import type { CheckOutcome, SchemaError, ViolationKind, ViolationMark } from './types.js';

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

/**
 * A text of a fingerprint with what comes from the data taken out (a baseline written
 * against one data set must match the same fault on another): record ids and other hex values
 * (`0x…`, also as an older fingerprint spelled them, `#x…`), timestamps, opaque tokens
 * (continuations), JSON string values, then every number; a list of ids becomes one `<id>…`.
 * Idempotent, and an older fingerprint (numbers as `#`, ids kept) comes out as the newer one.
 */
export function stableText(text: string): string {
  return text
    .replace(/\b0x[0-9a-fA-F]+…?|(?<![\w#])#x[0-9a-fA-F#]+…?/g, '<id>')
    .replace(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?|#-#-#T#:#(:#)?Z?/g, '<time>')
    .replace(/\b(?=[A-Za-z0-9_+/=-]*\d)(?=[A-Za-z0-9_+/=-]*[A-Za-z])[A-Za-z0-9_+/=-]{24,}/g, '<token>')
    .replace(/("[\w.-]+"\s*:\s*)"(?:[^"\\]|\\.)*"/g, '$1"…"')
    .replace(/-?\d+(\.\d+)?/g, '#')
    .replace(/<id>…?(?:(?:,\s*|\s+)(?:<id>…?|…))*(?:\s*\(#\))?/g, '<id>…')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);
}

/** The rule of a violation: the one it names, else its Expected line, without what comes from the data ({@link stableText}). */
function ruleOf(v: ViolationMark & { expected?: string }): string {
  return stableText(v.rule ?? v.expected ?? '');
}

/** A place in the body without data: array indices and hex keys as `*`. */
function stablePlace(where: string): string {
  return where.replace(/\/(?:\d+|0x[0-9a-fA-F]+)(?=\/|$| )/g, '/*');
}

/** The fingerprint of a violation of `outcome`'s check. */
export function fingerprintOf(outcome: Pick<CheckOutcome, 'id' | 'operation' | 'clauses'>, v: ViolationMark & { expected?: string }): Fingerprint {
  const clause = v.clause ?? outcome.clauses[0];
  return { check: outcome.id, operation: outcome.operation, ...(clause ? { clause } : {}), ...(v.where ? { where: stablePlace(v.where) } : {}), rule: ruleOf(v) };
}

/** A fingerprint as read from a baseline file of any version, made comparable with {@link fingerprintOf}'s. */
export function stableFingerprint<T extends { where?: string; rule?: string }>(f: T): T {
  return { ...f, ...(f.where !== undefined ? { where: stablePlace(f.where) } : {}), ...(f.rule !== undefined ? { rule: stableText(f.rule) } : {}) };
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
