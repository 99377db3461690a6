/**
 * The oracle registry: every oracle of the kit, defined once in a module of `oracles/` and
 * registered by being exported from it. The active run (run/active-oracles.ts), the proxy and
 * `audit` (oracles/auditor.ts) judge every exchange with this one array; the active checks call the
 * same predicates for what they construct on purpose.
 *
 * To add an oracle: export it in the {@link Oracle} shape (`id`, `applies(s)`, `judge(s)`, `ids` and
 * `idFor` when it reports under several ids, `operation`) from a module of its concern; a new module
 * joins `generated/modules.ts` with `pnpm generate`. No list here names it: every exported oracle
 * (alone, in an exported array, or as a value of an exported object) is registered, once.
 */
import * as modules from './generated/modules.js';
import type { Oracle } from './oracle.js';

export { V3, isWithheld, type Judgement, type Oracle, type PassiveRule, type Problem, type Seen } from './oracle.js';
export { asked } from './requests-v3-total.js';

/** Whether an exported value is an oracle (its shape: an id, `applies` and `judge`). */
export function isOracle(value: unknown): value is Oracle {
  if (value === null || typeof value !== 'object') return false;
  const o = value as Partial<Record<keyof Oracle, unknown>>;
  return typeof o.id === 'string' && typeof o.applies === 'function' && typeof o.judge === 'function';
}

/**
 * The oracles that modules export, in module order (file names), then export order (names), each
 * once: an oracle exported alone, in an array or as a value of an object (e.g. one per operation).
 */
export function oraclesOf(namespaces: readonly object[]): Oracle[] {
  const out = new Set<Oracle>();
  for (const ns of namespaces) {
    for (const value of Object.values(ns)) {
      const candidates: unknown[] = isOracle(value) ? [value] : Array.isArray(value) ? value : value !== null && typeof value === 'object' ? Object.values(value) : [];
      for (const c of candidates) if (isOracle(c)) out.add(c);
    }
  }
  return [...out];
}

/** Every oracle of the kit. */
export const ORACLES: readonly Oracle[] = oraclesOf(Object.values(modules));

/** Every check id the oracles report under. */
export function oracleCheckIds(oracles: readonly Oracle[] = ORACLES): string[] {
  return [...new Set(oracles.flatMap((r) => r.ids ?? [r.id]))];
}
