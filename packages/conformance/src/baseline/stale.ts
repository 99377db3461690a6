/**
 * Stale entries of a run's baseline, a pure function of its summary: apart from the baseline file's
 * reader (baseline.ts, which loads its JSON schema) so that the reporters, which the recorder's
 * CommonJS build reaches, need neither.
 */
import type { BaselineSummary } from '../contract/types.js';

/** A stale entry of a run's baseline: its check now passes (remove the entry) or the entry expired (the failure counts again). */
export interface StaleEntry {
  check: string;
  why: 'fixed' | 'expired';
}

/** The stale entries of a run's baseline ({@link baselineSummary}): the fixed checks, then the expired ones. */
export function staleEntries(summary: BaselineSummary | undefined): StaleEntry[] {
  if (!summary) return [];
  return [...summary.fixed.map((check) => ({ check, why: 'fixed' as const })), ...summary.expired.map((check) => ({ check, why: 'expired' as const }))];
}

/**
 * The exit code of a run under `--fail-on-stale-baseline`: a stale entry fails it (1) as a failure
 * would, so it wins over an internal error or an inconclusive end (3, 5) but not over a target
 * that never answered (4) or a configuration the run could not use (2).
 */
export function withStaleBaseline<C extends number>(code: C, summary: BaselineSummary | undefined, failOnStale: boolean): C | 1 {
  if (!failOnStale || code === 2 || code === 4 || staleEntries(summary).length === 0) return code;
  return 1;
}

/** `requests-v3.limit.max now passes: remove its entry; currencies.x's entry expired`, the stale entries in words. */
export function staleText(stale: readonly StaleEntry[]): string {
  return stale.map((s) => (s.why === 'fixed' ? `${s.check} now passes: remove its entry` : `${s.check}'s entry expired: renew it or fix the failure`)).join('; ');
}
