/**
 * Shared by the variant self-test files (test/self/variants.test.ts, variants-more.test.ts): the expectations
 * of test/fixtures/variant-map.json and one run of the kit against the reference server under a
 * set of variants. Split in two files so that vitest runs the halves on two workers.
 *
 * Each variant's run is made once per test run, recorded (`record`), and read by every file that
 * needs it (test/support/shared-runs.ts): the variant self-test judges its verdicts, the oracle
 * equivalence test (test/oracles/equivalence.test.ts) audits its recording against them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { variantCatalogue } from '@crosschain/mock-server';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import type { RunOptions, RunResult } from '../../src/index.js';
import { shared } from './shared-runs.js';

export interface VariantEntry {
  /** Check ids that must warn under the variant, and no other. */
  warnings: string[];
  /**
   * Check ids that must fail under the variant, and no other: only for a variant of profile live
   * that reproduces a divergence where the API document wins over the live service (`why` names it).
   */
  failures?: string[];
  /** Why each warning is a departure from a SHOULD (for the reader). */
  why?: string;
  options?: Partial<RunOptions>;
}

export interface VariantMap {
  variants: Record<string, VariantEntry>;
  combination: { variants: string[]; warnings: string[]; options?: Partial<RunOptions> };
}

export const map = JSON.parse(readFileSync(new URL('../fixtures/variant-map.json', import.meta.url), 'utf8')) as VariantMap;
const RUN: Partial<RunOptions> = { mockNow: '2026-10-15T12:00:00Z', mockRecords: 300, seed: 8, numRuns: 3 };
/** One run takes 5-15 s on two idle cores; CI shares them, so the bound is generous. */
export const RUN_TIMEOUT_MS = 180_000;

/** `id: status reason` of every outcome that is not pass, skip or disabled. */
function problems(result: RunResult): { failures: string[]; warnings: string[] } {
  const line = (o: RunResult['outcomes'][number]) => `${o.id}: ${o.status} ${o.reason ?? o.violation?.message ?? ''}`;
  return {
    failures: result.outcomes.filter((o) => o.status === 'fail' || o.status === 'error').map(line),
    warnings: result.outcomes.filter((o) => o.status === 'warn').map((o) => o.id).sort(),
  };
}

/** A run of the whole kit against the embedded reference server under `variants`, and the HAR file it recorded. */
export interface VariantRun {
  result: RunResult;
  har: string;
}

/** The run under `variants` (with the map's `options`), made once per test run whichever file asks first. */
export function variantRun(variants: readonly string[], options: Partial<RunOptions> = {}): Promise<VariantRun> {
  const key = { variantRun: { ...RUN, ...options, mockVariants: [...variants] } };
  return shared(key, async (dir) => {
    const har = join(dir, `variants-${variants.length === 1 ? variants[0] : `combination-of-${variants.length}`}.har`);
    const result = await runConformance({ ...RUN, ...options, mockVariants: [...variants], record: har });
    return { result, har };
  });
}

export async function expectOnlyListed(variants: string[], warnings: readonly string[], options: Partial<RunOptions> = {}, expectedFailures: readonly string[] = []): Promise<void> {
  const { result } = await variantRun(variants, options);
  const { failures, warnings: seen } = problems(result);
  expect(failures.map((line) => line.split(':')[0]).sort(), `fail/error under ${variants.join(' + ')}: ${failures.join('; ')}`).toEqual([...expectedFailures].sort());
  for (const line of failures) expect(line, 'a listed divergence fails, never errors').toMatch(/^[^:]+: fail /);
  expect(seen, `warnings under ${variants.join(' + ')} (listed in variant-map.json: ${warnings.join(', ') || 'none'})`).toEqual([...warnings].sort());
  expect(result.exitCode).toBe(expectedFailures.length > 0 ? 1 : 0);
  for (const o of result.outcomes.filter((x) => x.status === 'warn')) expect(o.replay, `${o.id} replay`).toContain(variants.map((v) => `--mock-variant ${v}`).join(' '));
}

/** The catalogue's variants, halved: `part` 0 or 1 (one per test file). */
export function half(part: 0 | 1): string[] {
  const names = variantCatalogue.map((v) => v.name);
  return names.filter((_, i) => i % 2 === part);
}

/** One test per variant of `names`: alone, no fail, no error, only its listed warnings. */
export function describeVariants(names: readonly string[]): void {
  describe.each(names.map((name) => [name] as const))('variant %s', (name) => {
    it('no fail (but the listed divergences), no error, only the listed warnings', async () => {
      const entry = map.variants[name];
      expect(entry, `no entry for ${name} in variant-map.json`).toBeDefined();
      await expectOnlyListed([name], entry!.warnings, entry!.options, entry!.failures);
    }, RUN_TIMEOUT_MS);
  });
}
