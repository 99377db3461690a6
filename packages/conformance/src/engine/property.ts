/**
 * `ctx.property`: fast-check async properties with a seed derived from the run's seed and the check
 * id, and the run's numRuns (house-style 8; results do not depend on --workers). A
 * {@link ViolationError} from the predicate is the failure; fast-check shrinks it and the shrunk
 * counterexample, the seed and the replay path come back. Any other throw (the target went away, a
 * bound was reached, a bug) stops the property at once, without shrinking, and propagates: the
 * check ends as `error`.
 */
import fc from 'fast-check';
import { ViolationError } from '../contract/expect.js';
import type { CheckContext, PropertyOutcome } from '../contract/types.js';

/** FNV-1a 32-bit offset basis and prime (IETF draft-eastlake-fnv, section 2). */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * The seed a check's properties draw from: FNV-1a (32 bits) of `${runSeed}:${key}` (UTF-8), `key`
 * being the check id or a `seedKey` the check passes. A function of the run seed and the key only,
 * so a check draws the same values whatever runs beside it, and `--seed S --only <id>` replays it.
 */
export function derivedSeed(runSeed: number, key: string): number {
  let hash = FNV_OFFSET;
  for (const byte of Buffer.from(`${runSeed}:${key}`, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash | 0;
}

/**
 * The `ctx.property` of one check: {@link runProperty} with the seed derived from the run seed and
 * `options.seedKey` (checks passing the same key draw the same values) or else the check id.
 */
export function propertyFor(settings: PropertySettings, checkId: string): CheckContext['property'] {
  return (arbitrary, predicate, options) => runProperty({ ...settings, seed: derivedSeed(settings.seed, options?.seedKey ?? checkId) }, arbitrary, predicate, options);
}

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
  options?: { numRuns?: number; examples?: readonly T[]; seedKey?: string },
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
