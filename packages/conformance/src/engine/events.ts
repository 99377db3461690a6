import type { CheckOutcome, RunResult } from '../contract/types.js';

/**
 * Progress events the engine emits while it runs, for the console progress printer
 * (`reporters/console.ts`, `createProgressPrinter`) and any other listener. Order: one `run-start`,
 * `discovery-start`/`discovery-end`, then per family a `family-start`, per check a `check-start`
 * and its `check-end`, a `family-end`, and finally one `run-end`.
 */
export type RunEvent =
  | { type: 'run-start'; total: number; seed: number; target: RunResult['target']; config: Record<string, unknown> }
  | { type: 'discovery-start' }
  | {
      type: 'discovery-end';
      records: number;
      complete: boolean;
      currencies: number;
      window: { start: number; end: number };
      problems: string[];
      durationMs: number;
    }
  | {
      type: 'family-start';
      family: string;
      /** Checks of the family in the whole run. */
      checks: number;
      /** Of those, how many run later, in the final phase (a printer then shows the family once, complete). */
      later?: number;
    }
  | { type: 'check-start'; check: { id: string; family: string; title: string } }
  | { type: 'check-end'; outcome: CheckOutcome }
  | { type: 'family-end'; family: string; outcomes: CheckOutcome[] }
  | { type: 'run-end'; result: RunResult };

/** A listener of {@link RunEvent}s; it must not throw (the engine ignores what it returns). */
export type RunEventListener = (event: RunEvent) => void;
