/** `--write-baseline`: writes the run's failures as a baseline file (baseline.ts). */
import { existsSync, writeFileSync } from 'node:fs';
import type { CheckOutcome } from '../engine/types.js';
import { baselineOf, readBaseline, renderBaseline } from './baseline.js';

/**
 * Writes the baseline of `outcomes` to `path`, keeping the reason and expiry of entries of the
 * `previous` baseline file (if given and present). Returns the number of entries.
 */
export function writeBaselineFile(path: string, outcomes: readonly CheckOutcome[], previous?: string, today: Date = new Date()): number {
  const kept = previous !== undefined && existsSync(previous) ? readBaseline(previous) : undefined;
  const baseline = baselineOf(outcomes, today, kept);
  writeFileSync(path, renderBaseline(baseline), 'utf8');
  return baseline.entries.length;
}
