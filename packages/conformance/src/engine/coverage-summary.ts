/**
 * The coverage of a run in one structure, computed here only and rendered by every report (the
 * console, summary.md, report.html, junit.xml and results.json's `coverage`), so that they cannot
 * disagree: a shard's clauses whose checks another shard runs, and the v2 clauses retired by the
 * target's clock, are counted apart from the clauses "not judged" that the `--require` gate counts
 * (the verdict's number is the sum of the required levels' `unjudged`).
 */
import { EXEMPT_REASONS, coverageCounts, levelLine, requiredLevels } from './coverage.js';
import type { CoverageRow, LevelCoverage } from './coverage.js';
import type { Level } from '../contract/types.js';

/** One level's clauses: judged (pass, fail), not judged for a reason the gate counts, exempt, untestable. */
export interface LevelSummary extends LevelCoverage {
  /** Not judged for a reason `--require` counts (every reason but the exempt ones and `untestable`). */
  unjudged: number;
  /** Not judged here: their checks run in another shard (merge-reports judges them). */
  otherShard: number;
  /** Not judged: v2 is retired by the target's clock. */
  retired: number;
  /** Not judged: the clause needs another date of the v2 timeline, which the kit sets only at its embedded server. */
  dateFixed: number;
}

export interface CoverageSummary {
  /** The levels that have clauses, MUST first. */
  levels: Partial<Record<Level, LevelSummary>>;
  /** The `--require` gate of the run, if any. */
  require?: 'must' | 'should';
  /** The clauses the gate counts as not judged (the required levels' `unjudged`). */
  requiredUnjudged: number;
}

/** The coverage summary of a run's clause rows; undefined when no row carries coverage (an older kit's results). */
export function coverageSummary(rows: readonly CoverageRow[], require?: unknown): CoverageSummary | undefined {
  if (!rows.some((r) => r.coverage)) return undefined;
  const counts = coverageCounts(rows);
  const gate = require === 'must' || require === 'should' ? require : undefined;
  const levels: Partial<Record<Level, LevelSummary>> = {};
  for (const level of ['MUST', 'SHOULD'] as const) {
    if (counts[level].clauses === 0) continue;
    const of = (reason: string) => rows.filter((r) => r.level === level && r.coverage?.state === 'unjudged' && r.coverage.reason === reason).length;
    const exempt = rows.filter((r) => r.level === level && r.coverage?.state === 'unjudged' && r.coverage.reason !== 'untestable' && EXEMPT_REASONS.has(r.coverage.reason ?? 'not-in-run')).length;
    const otherShard = of('other-shard');
    const retired = of('retired');
    const dateFixed = of('date-fixed');
    levels[level] = { ...counts[level], unjudged: counts[level].unjudged - exempt, otherShard, retired, dateFixed };
  }
  const requiredUnjudged = requiredLevels(gate).reduce((n, l) => n + (levels[l]?.unjudged ?? 0), 0);
  return { levels, ...(gate ? { require: gate } : {}), requiredUnjudged };
}

/** `MUST 45/81 judged (45 pass, 0 fail), 0 not judged, 10 untestable, 26 in another shard, 3 v2 retired`: the exempt parts when there are any. */
export function summaryLevelLine(level: Level, c: LevelSummary): string {
  const exempt = [c.otherShard > 0 ? `${c.otherShard} in another shard` : '', c.retired > 0 ? `${c.retired} v2 retired` : '', c.dateFixed > 0 ? `${c.dateFixed} at the embedded server only (date)` : ''].filter(Boolean);
  return [levelLine(level, c), ...exempt].join(', ');
}

/** The exempt counts shown as columns of the coverage tables when a run has any, with their titles. */
export const EXEMPT_COLUMNS: ReadonlyArray<readonly ['otherShard' | 'retired' | 'dateFixed', string]> = [
  ['otherShard', 'in another shard'],
  ['retired', 'v2 retired'],
  ['dateFixed', 'embedded server only (date)'],
];

/** The levels of a summary with their counts, MUST first. */
export function summaryLevels(summary: CoverageSummary): Array<[Level, LevelSummary]> {
  return (['MUST', 'SHOULD'] as const).flatMap((l) => (summary.levels[l] ? [[l, summary.levels[l]] as [Level, LevelSummary]] : []));
}
