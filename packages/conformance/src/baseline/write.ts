/** `--write-baseline`: writes the run's failures as a baseline file (baseline.ts). */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CheckOutcome } from '../contract/types.js';
import { baselineOf, readBaseline, renderBaseline } from './baseline.js';

/**
 * Writes the baseline of `outcomes` to `path`, keeping the reason and expiry of entries of the
 * `previous` baseline file (if given and present). Returns the number of entries.
 */
export function writeBaselineFile(path: string, outcomes: readonly CheckOutcome[], previous?: string, today: Date = new Date()): number {
  const kept = previous !== undefined && existsSync(previous) ? readBaseline(previous) : undefined;
  const baseline = baselineOf(outcomes, today, kept);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, renderBaseline(baseline), 'utf8');
  return baseline.entries.length;
}
