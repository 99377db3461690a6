/**
 * Progress events of a run in run order (runner.ts): `family-start` and `check-start` of a check
 * once every earlier check is released, `check-end` at its release, `family-end` when its family's
 * stretch closes — whatever order the checks ran in under --workers.
 */
import type { RunEvent } from './events.js';
import type { CheckDefinition, CheckOutcome } from '../contract/types.js';

/** Checks grouped by family (families in order of first appearance), so progress shows each family once. */
export function groupByFamily<T extends CheckDefinition>(checks: readonly T[]): T[] {
  const families = [...new Set(checks.map((c) => c.family))];
  return families.flatMap((f) => checks.filter((c) => c.family === f));
}

/** The family-start counts of the family whose stretch begins at `index`: its checks, and those that run later. */
function familyCounts(ordered: readonly CheckDefinition[], index: number): { checks: number; later?: number } {
  const family = ordered[index]!.family;
  const checks = ordered.filter((c) => c.family === family).length;
  let stretch = 0;
  while (ordered[index + stretch]?.family === family) stretch += 1;
  const later = ordered.slice(index + stretch).filter((c) => c.family === family).length;
  return later > 0 ? { checks, later } : { checks };
}

export class Progress {
  private family: string | undefined;
  private familyOutcomes: CheckOutcome[] = [];
  /** Checks started so far (not in run order under a priority). */
  private readonly started = new Set<number>();
  /** Checks released so far, and checks whose family-start/check-start were emitted. */
  private releasedCount = 0;
  private announcedCount = 0;

  constructor(
    private readonly ordered: readonly CheckDefinition[],
    private readonly emit: (event: RunEvent) => void,
  ) {}

  /** Check `index` started: announced now when every earlier check is released. */
  start(index: number): void {
    this.started.add(index);
    this.announce(index);
  }

  /** Check `index` is released with `outcome`: its end, then the start of the next when it already runs. */
  release(index: number, outcome: CheckOutcome): void {
    this.announce(index);
    this.familyOutcomes.push(outcome);
    this.emit({ type: 'check-end', outcome });
    this.releasedCount = index + 1;
    this.announce(index + 1);
  }

  /** The run's checks are over: the last family ends. */
  close(): void {
    if (this.family !== undefined) this.emit({ type: 'family-end', family: this.family, outcomes: this.familyOutcomes });
  }

  /**
   * Emits the start of check `index` (and of its family) once every earlier check is released, so
   * that progress events stay in run order: at its start when it is the first unreleased check,
   * else when the check before it is released.
   */
  private announce(index: number): void {
    if (index < this.announcedCount || index > this.releasedCount || !this.started.has(index)) return;
    const check = this.ordered[index]!;
    if (check.family !== this.family) {
      this.close();
      this.family = check.family;
      this.familyOutcomes = [];
      this.emit({ type: 'family-start', family: check.family, ...familyCounts(this.ordered, index) });
    }
    this.emit({ type: 'check-start', check: { id: check.id, family: check.family, title: check.title } });
    this.announcedCount = index + 1;
  }
}
