/**
 * The vitest adapter (`@crosschain/conformance/vitest`): one vitest test per check, so an
 * integrator runs the kit inside their own suite (house-style 5: runners are adapters over the
 * same engine). The kit runs once, in `beforeAll`; each test then reports its check's outcome:
 * `pass` passes, `skip`/`disabled` skip with the reason, `warn` and `known` (baselined) pass and
 * log it, `fail` and `error` throw the house-style failure block. `runTimeoutMs` bounds the whole
 * run; `timeoutMs` is the kit's per-request timeout, passed through. A selection (`only`, `skip`,
 * `shard`) that matches nothing registers one failing test with the CLI's message. vitest is an optional peer dependency, loaded
 * only by this entry point.
 */
import { beforeAll, describe, it } from 'vitest';
import { allChecks } from './checks/index.js';
import { runConformance } from './run/runner.js';
import { invocationOf } from './config/invocation.js';
import { selectChecks } from './engine/selection.js';
import { shardOf } from './shard/shard.js';
import type { CheckDefinition } from './contract/types.js';
import type { RunOptions } from './run/runner.js';
import type { CheckOutcome, RunResult } from './contract/types.js';
import { renderOutcomeBlock } from './reporters/console.js';
import { verdict } from './reporters/summary.js';

export interface ConformanceSuiteOptions extends RunOptions {
  /** Name of the describe block (default `API contract conformance`). */
  name?: string;
  /** Time limit of the whole run in `beforeAll` (default 120 s); `timeoutMs` is per request. */
  runTimeoutMs?: number;
  /** Where warnings go (default console.warn). */
  warn?: (text: string) => void;
}

/** Thrown by a test whose check failed or errored; its message is the house-style block. */
export class ConformanceFailure extends Error {
  constructor(readonly outcome: CheckOutcome) {
    super(`\n${renderOutcomeBlock(outcome)}`);
    this.name = outcome.status === 'error' ? 'ConformanceError' : 'ConformanceFailure';
  }
}

/**
 * What a test does with an outcome: returns `{ skip: reason }` for skip/disabled, logs and returns
 * for warn, throws {@link ConformanceFailure} for fail/error.
 */
export function settle(outcome: CheckOutcome | undefined, id: string, warn: (text: string) => void = console.warn): { skip?: string } {
  if (!outcome) throw new Error(`the run has no outcome for ${id}`);
  switch (outcome.status) {
    case 'pass':
      return {};
    case 'skip':
    case 'disabled':
      return { skip: `${outcome.status}: ${outcome.reason ?? ''}` };
    case 'warn':
    case 'known':
      warn(renderOutcomeBlock(outcome));
      return {};
    default:
      throw new ConformanceFailure(outcome);
  }
}

/** Default time limit of the whole run in `beforeAll`. */
export const DEFAULT_RUN_TIMEOUT_MS = 120_000;

/** The checks the options select, as the CLI selects them, or the CLI's error for a selection that matches nothing. */
export function selectionOf(options: Pick<RunOptions, 'checks' | 'only' | 'skip' | 'shard'>): { checks: CheckDefinition[] } | { error: Error } {
  try {
    return { checks: shardOf(selectChecks(options.checks ?? allChecks, options.only ?? [], options.skip ?? []), options.shard) };
  } catch (err) {
    return { error: err instanceof Error ? err : new Error(String(err)) };
  }
}

/** The suite's own options apart from the run's (which include the per-request `timeoutMs`). */
export function splitSuiteOptions(options: ConformanceSuiteOptions): { name: string; runTimeoutMs: number; warn?: (text: string) => void; runOptions: RunOptions } {
  const { name = 'API contract conformance', runTimeoutMs = DEFAULT_RUN_TIMEOUT_MS, warn, ...runOptions } = options;
  return { name, runTimeoutMs, ...(warn ? { warn } : {}), runOptions };
}

/**
 * What a run's own test (`run.complete`) does: throws the verdict (INCOMPLETE, KEY REFUSED, or
 * FAILED under --certify) when the configuration kept the run from testing, so a suite whose
 * checks all skipped is never green (completeness.ts).
 */
export function settleRun(result: RunResult): void {
  if (result.completeness && result.exitCode !== 0) throw new Error(verdict(result).sentence);
}

/** Registers one vitest test per selected check, and `run.complete`; the kit runs once before them. */
export function defineConformanceSuite(options: ConformanceSuiteOptions = {}): void {
  const { name, runTimeoutMs, warn, runOptions } = splitSuiteOptions(options);
  const selection = selectionOf(runOptions);
  describe(name, () => {
    if ('error' in selection) {
      it('selection of checks', () => {
        throw selection.error;
      });
      return;
    }
    const selected = selection.checks;
    let result: RunResult | undefined;
    let failure: unknown;
    beforeAll(async () => {
      try {
        result = await runConformance({ invocation: invocationOf(process.env, process.cwd()), ...runOptions });
      } catch (err) {
        failure = err;
      }
    }, runTimeoutMs);
    for (const check of selected) {
      it(`${check.id} — ${check.title}`, (ctx) => {
        if (failure !== undefined) throw failure;
        const verdict = settle(result?.outcomes.find((o) => o.id === check.id), check.id, warn);
        if (verdict.skip !== undefined) ctx.skip(verdict.skip);
      });
    }
    it('run.complete — no key refused, no MUST check left unrun by the configuration', () => {
      if (failure !== undefined) throw failure;
      if (result) settleRun(result);
    });
  });
}
