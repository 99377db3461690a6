/**
 * The kit's proof of worth, part 3 (architecture.md, "The kit tests itself"): under
 * every allowed variation of the reference server (its `variantCatalogue`), alone and in one
 * combination of all that compose, nothing fails (but a live divergence the map lists) or errors, and the only warnings are those
 * test/fixtures/variant-map.json lists for it (each a departure from a SHOULD of the live-service
 * facts). A warning not listed fails, and so does a listed one that no longer happens; a variant
 * without an entry fails the build.
 */
import { variantCatalogue } from '@crosschain/mock-server';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/index.js';
import { describeVariants, half, map } from '../support/variant-runs.js';

const checkIds = new Set(allChecks.map((c) => c.id));

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
    for (const [name, e] of Object.entries(map.variants)) if (e.warnings.length || e.failures?.length) expect(e.why, `${name} lists warnings or failures without saying why`).toBeTruthy();
    for (const id of Object.values(map.variants).flatMap((e) => e.failures ?? [])) expect(checkIds.has(id), `unknown check id ${id}`).toBe(true);
  });

  it('lists failures only for variants of profile live, each naming its divergence', () => {
    for (const [name, e] of Object.entries(map.variants)) {
      if (!e.failures?.length) continue;
      const v = variantCatalogue.find((x) => x.name === name);
      expect(v?.profile, `${name} lists failures but is no live divergence`).toBe('live');
      expect(e.why, name).toContain(v!.divergence!);
    }
  });

  it('the combination holds every variant that composes (and fails nothing), and one of each exclusive group except the data set', () => {
    const combo = new Set(map.combination.variants);
    const failing = (name: string) => (map.variants[name]?.failures?.length ?? 0) > 0;
    for (const v of variantCatalogue.filter((x) => !x.exclusive && !failing(x.name))) expect(combo.has(v.name), `${v.name} missing from the combination`).toBe(true);
    for (const name of combo) expect(failing(name), `${name} fails checks: not part of the combination`).toBe(false);
    const groups = new Set(variantCatalogue.map((v) => v.exclusive).filter((g) => g !== undefined && g !== 'data-set'));
    for (const g of groups) expect(variantCatalogue.filter((v) => v.exclusive === g && combo.has(v.name)).length, `one ${g} variant`).toBe(1);
    expect(variantCatalogue.filter((v) => v.exclusive === 'data-set' && combo.has(v.name)), 'the default data set').toEqual([]);
  });
});

describeVariants(half(0));
