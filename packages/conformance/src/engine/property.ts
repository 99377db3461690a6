/**
 * `ctx.property`: fast-check async properties with the run's seed and numRuns (house-style 8). A
 * {@link ViolationError} from the predicate is the failure; fast-check shrinks it and the shrunk
 * counterexample, the seed and the replay path come back. Any other throw (the target went away, a
 * bound was reached, a bug) stops the property at once, without shrinking, and propagates: the
 * check ends as `error`.
 */
import fc from 'fast-check';
import { ViolationError } from './expect.js';
import type { PropertyOutcome } from './types.js';

export interface PropertySettings {
  seed: number;
  numRuns: number;
  /** fast-check replay path (`--path`), when replaying one counterexample. */
  path?: string;
}

/**
 * Runs a property. `options.numRuns` (what a check asks for) is capped by the configured numRuns,
 * so a small --num-runs keeps every property small. `options.examples` (boundary values,
 * boundaries.ts) run first, every one of them, before the numRuns random values of the seed.
 */
export async function runProperty<T>(
  settings: PropertySettings,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  options?: { numRuns?: number; examples?: readonly T[] },
): Promise<PropertyOutcome> {
  const examples = options?.examples ?? [];
  const random = Math.max(1, options?.numRuns !== undefined ? Math.min(options.numRuns, settings.numRuns) : settings.numRuns);
  const numRuns = random + examples.length;
  let abort: { error: unknown } | undefined;
  const property = fc.asyncProperty(arbitrary, async (value) => {
    if (abort) return;
    try {
      await predicate(value);
    } catch (err) {
      if (err instanceof ViolationError) throw err;
      abort = { error: err };
    }
  });
  const details = await fc.check(property, {
    seed: settings.seed,
    numRuns,
    ...(examples.length > 0 ? { examples: examples.map((e) => [e] as [T]) } : {}),
    ...(settings.path ? { path: settings.path } : {}),
  });
  if (abort) throw abort.error;
  if (!details.failed) return { ok: true, numRuns: details.numRuns };
  const err = details.errorInstance;
  if (!(err instanceof ViolationError)) {
    throw err instanceof Error ? err : new Error(`property failed without a violation: ${String(err)}`);
  }
  return {
    ok: false,
    violation: err.violation,
    counterexample: details.counterexample?.[0],
    seed: details.seed,
    path: details.counterexamplePath ?? undefined,
    numRuns: details.numRuns,
  };
}
