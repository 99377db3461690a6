/**
 * A check's family is its id's prefix: never written in a definition, derived
 * here. The family is the id's first segment (`currencies-v2` of `currencies-v2.limit.max`), but
 * for the operations in {@link SECTIONS}, whose checks are many, the first two segments
 * (`requests-v3.filter` of `requests-v3.filter.term`), with some second segments grouped under one
 * section name (`requests-v3.limit.*`, `.sort.*`, `.pagination.*`, `.total.*` are the
 * `requests-v3.paging` family). These names are what `--only`/`--skip` take as family names and
 * what the reports group by, so they stay as they were when the family was a field.
 */
import type { CheckDefinition, CheckSpec } from './types.js';

/** Operations whose families are sections of the id (first two segments), with the second segments grouped under another section name. */
const SECTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'requests-v3': { limit: 'paging', sort: 'paging', pagination: 'paging', total: 'paging', response: 'record' },
};

/** The family of the check with this id. */
export function familyOf(id: string): string {
  const [first = id, second] = id.split('.');
  const sections = SECTIONS[first];
  if (!sections || second === undefined) return first;
  return `${first}.${sections[second] ?? second}`;
}

/** One check definition with its family, derived from its id. */
export function withFamily(spec: CheckSpec): CheckDefinition {
  return { ...spec, family: familyOf(spec.id) };
}

/** A module's check definitions with their families, derived from their ids. */
export function withFamilies(specs: readonly CheckSpec[]): CheckDefinition[] {
  return specs.map(withFamily);
}
