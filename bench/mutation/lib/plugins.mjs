/**
 * The bench's two Stryker plugins (loaded by Stryker from this path; they import nothing of
 * Stryker's, so they resolve from here without it installed in the repository):
 *
 * - ignorer `crosschain-catalogues`: leaves the fault and variant switches and the code only they
 *   reach unmutated (see `catalogueIgnorer` in mutants.mjs). Stryker reports those mutants
 *   as `Ignored` with the reason.
 * - checker `crosschain-sample`: lets through the mutants of the seeded sample (the file named by
 *   CROSSCHAIN_MUTATION_SAMPLE, written by run.mjs) and stops the others before they run. A
 *   checker is Stryker's one hook that sees each mutant before a test run; it can only answer
 *   `passed` or `compileError`, so the mutants outside the sample appear in Stryker's own report
 *   as `CompileError` with the reason "not in the sample". run.mjs counts them as not sampled.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { catalogueIgnorer, fromApiLocation, runIdentity } from './mutants.mjs';

class CatalogueIgnorer {
  static inject = [];
  shouldIgnore = catalogueIgnorer();
}

class SampleChecker {
  static inject = [];
  async init() {
    const file = process.env.CROSSCHAIN_MUTATION_SAMPLE;
    if (!file) throw new Error('CROSSCHAIN_MUTATION_SAMPLE is not set: run the bench through bench/mutation/run.mjs');
    const sample = JSON.parse(readFileSync(file, 'utf8'));
    this.base = sample.base;
    this.selected = new Set(sample.selected);
  }
  async check(mutants) {
    const out = {};
    for (const m of mutants) {
      const id = runIdentity(relative(this.base, m.fileName).split('\\').join('/'), fromApiLocation(m.location), m.mutatorName, m.replacement);
      out[m.id] = this.selected.has(id) ? { status: 'passed' } : { status: 'compileError', reason: 'not in the sample' };
    }
    return out;
  }
}

export const strykerPlugins = [
  { kind: 'Ignore', name: 'crosschain-catalogues', injectableClass: CatalogueIgnorer },
  { kind: 'Checker', name: 'crosschain-sample', injectableClass: SampleChecker },
];
