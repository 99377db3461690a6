/**
 * Which checks a run selects (`--only`, `--skip`). A pattern names checks by
 * their exact id, their family name, a dot-bounded prefix of the id (`requests-v3.filter` selects
 * `requests-v3.filter.*` but not `requests-v3.filters.*`; a trailing dot is allowed) or a glob
 * where `*` stands for any characters and `?` for one.
 */
import { ConfigError } from '../config/fields.js';
import type { CheckDefinition } from '../contract/types.js';

/** What a pattern is matched against: the check's id and, when known, its family. */
export interface Selectable {
  id: string;
  family?: string;
}

function globRegExp(pattern: string): RegExp {
  const body = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

/** Whether one pattern selects a check. */
export function patternMatches(check: Selectable, pattern: string): boolean {
  if (pattern.includes('*') || pattern.includes('?')) return globRegExp(pattern).test(check.id) || (check.family !== undefined && globRegExp(pattern).test(check.family));
  if (check.id === pattern || check.family === pattern) return true;
  const prefix = pattern.endsWith('.') ? pattern : `${pattern}.`;
  return check.id.startsWith(prefix);
}

/** Whether any of the patterns selects the check. */
export function matchesAny(check: Selectable, patterns: readonly string[]): boolean {
  return patterns.some((p) => patternMatches(check, p));
}

/** Refuses patterns that select no check: a typo must not silently run everything or nothing. */
function refuseUnknown(flag: string, patterns: readonly string[], checks: readonly CheckDefinition[]): void {
  const unknown = patterns.filter((p) => !checks.some((c) => patternMatches(c, p)));
  if (unknown.length === 0) return;
  const families = [...new Set(checks.map((c) => c.family))].join(', ');
  throw new ConfigError(
    `${flag} must name check ids, families, dot-bounded id prefixes or globs, got ${JSON.stringify(unknown.join(','))} (matches no check). Fix: see --list-checks; families: ${families}`,
  );
}

/**
 * The checks `--only` and `--skip` select, in registry order; throws {@link ConfigError} on a
 * pattern that matches nothing and on a selection that leaves no check (a run that tests
 * nothing must never be green, e.g. `--skip '*'` or `CONFORMANCE_SKIP='*'` in CI).
 */
export function selectChecks<T extends CheckDefinition>(checks: readonly T[], only: readonly string[], skip: readonly string[] = []): T[] {
  refuseUnknown('--only', only, checks);
  refuseUnknown('--skip', skip, checks);
  const selected = checks.filter((c) => (only.length === 0 || matchesAny(c, only)) && !matchesAny(c, skip));
  if (selected.length === 0 && checks.length > 0) {
    const asked = [only.length > 0 ? `--only ${JSON.stringify(only.join(','))}` : '', skip.length > 0 ? `--skip ${JSON.stringify(skip.join(','))}` : ''].filter(Boolean).join(' with ');
    throw new ConfigError(`the selection leaves no check (${asked} excludes all ${checks.length}): a run that tests nothing is not a pass. Fix: narrow --skip (or CONFORMANCE_SKIP), see --list-checks`);
  }
  return selected;
}
