import type { CheckOutcome, RunResult } from './types.js';

/**
 * Progress events the engine emits while it runs, for the console progress printer
 * (`reporters/console.ts`, `createProgressPrinter`) and any other listener. Order: one `run-start`,
 * then per check a `check-start` and its `check-end`, then one `run-end`.
 */
export type RunEvent =
  | { type: 'run-start'; total: number }
  | { type: 'check-start'; check: { id: string; family: string } }
  | { type: 'check-end'; outcome: CheckOutcome }
  | { type: 'run-end'; result: RunResult };

/** A listener of {@link RunEvent}s; it must not throw (the engine ignores what it returns). */
export type RunEventListener = (event: RunEvent) => void;
