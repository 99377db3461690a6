/**
 * The kit's proof of worth, part 3 (architecture.md, "The kit tests itself"; issue 8 item 2): under
 * every allowed variation of the reference server (its `variantCatalogue`), alone and in one
 * combination of all that compose, nothing fails or errors, and the only warnings are those
 * test/fixtures/variant-map.json lists for it (each a departure from a SHOULD of the live-service
 * facts). A warning not listed fails, and so does a listed one that no longer happens; a variant
 * without an entry fails the build.
 */
import { readFileSync } from 'node:fs';
import { variantCatalogue } from '@crosschain/mock-server';
import { describe, expect, it } from 'vitest';
import { allChecks, runConformance } from '../../src/index.js';
import type { RunOptions, RunResult } from '../../src/index.js';

interface VariantEntry {
  /** Check ids that must warn under the variant, and no other. */
  warnings: string[];
  /** Why each warning is a departure from a SHOULD (for the reader). */
  why?: string;
  options?: Partial<RunOptions>;
}

interface VariantMap {
  variants: Record<string, VariantEntry>;
  combination: { variants: string[]; warnings: string[]; options?: Partial<RunOptions> };
}

const map = JSON.parse(readFileSync(new URL('../fixtures/variant-map.json', import.meta.url), 'utf8')) as VariantMap;
const checkIds = new Set(allChecks.map((c) => c.id));
const RUN: Partial<RunOptions> = { mockNow: '2026-10-15T12:00:00Z', mockRecords: 300, seed: 8, numRuns: 3 };
/** One run takes 5-15 s on two idle cores; CI shares them, so the bound is generous. */
const RUN_TIMEOUT_MS = 180_000;

/** `id: status reason` of every outcome that is not pass, skip or disabled. */
function problems(result: RunResult): { failures: string[]; warnings: string[] } {
  const line = (o: RunResult['outcomes'][number]) => `${o.id}: ${o.status} ${o.reason ?? o.violation?.message ?? ''}`;
  return {
    failures: result.outcomes.filter((o) => o.status === 'fail' || o.status === 'error').map(line),
    warnings: result.outcomes.filter((o) => o.status === 'warn').map((o) => o.id).sort(),
  };
}

async function expectOnlyListed(variants: string[], warnings: readonly string[], options: Partial<RunOptions> = {}): Promise<void> {
  const result = await runConformance({ ...RUN, ...options, mockVariants: variants });
  const { failures, warnings: seen } = problems(result);
  expect(failures, `fail/error under ${variants.join(' + ')}`).toEqual([]);
  expect(seen, `warnings under ${variants.join(' + ')} (listed in variant-map.json: ${warnings.join(', ') || 'none'})`).toEqual([...warnings].sort());
  expect(result.exitCode).toBe(0);
  for (const o of result.outcomes.filter((x) => x.status === 'warn')) expect(o.replay, `${o.id} replay`).toContain(variants.map((v) => `--mock-variant ${v}`).join(' '));
}

describe('variant-map.json', () => {
  it('has an entry for every variant of the catalogue, and nothing else', () => {
    const missing = variantCatalogue.map((v) => v.name).filter((name) => !map.variants[name]);
    expect(missing, 'variants without an entry').toEqual([]);
    const stale = Object.keys(map.variants).filter((name) => !variantCatalogue.some((v) => v.name === name));
    expect(stale, 'entries the server does not have').toEqual([]);
  });

  it('lists only checks of the registry, each warning with its reason', () => {
    const all = [...Object.values(map.variants).flatMap((e) => e.warnings), ...map.combination.warnings];
    expect(all.filter((id) => !checkIds.has(id)), 'unknown check ids').toEqual([]);
    for (const [name, e] of Object.entries(map.variants)) if (e.warnings.length) expect(e.why, `${name} lists warnings without saying why`).toBeTruthy();
  });

  it('the combination holds every variant that composes, and one of each exclusive group except the data set', () => {
    const combo = new Set(map.combination.variants);
    for (const v of variantCatalogue.filter((x) => !x.exclusive)) expect(combo.has(v.name), `${v.name} missing from the combination`).toBe(true);
    const groups = new Set(variantCatalogue.map((v) => v.exclusive).filter((g) => g !== undefined && g !== 'data-set'));
    for (const g of groups) expect(variantCatalogue.filter((v) => v.exclusive === g && combo.has(v.name)).length, `one ${g} variant`).toBe(1);
    expect(variantCatalogue.filter((v) => v.exclusive === 'data-set' && combo.has(v.name)), 'the default data set').toEqual([]);
  });
});

describe.each(variantCatalogue.map((v) => [v.name] as const))('variant %s', (name) => {
  it('no fail, no error, only the listed warnings; exit 0', async () => {
    const entry = map.variants[name];
    expect(entry, `no entry for ${name} in variant-map.json`).toBeDefined();
    await expectOnlyListed([name], entry!.warnings, entry!.options);
  }, RUN_TIMEOUT_MS);
});

describe('the combination of every variant that composes', () => {
  it('no fail, no error, only the listed warnings; exit 0', async () => {
    await expectOnlyListed(map.combination.variants, map.combination.warnings, map.combination.options);
  }, RUN_TIMEOUT_MS);
});
