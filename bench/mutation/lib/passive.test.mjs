// The passive figure's arithmetic (node --test bench/mutation/lib/passive.test.mjs): what counts as
// detected, what is left out of the denominator, and the misses listed with the run's checks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { passiveDetects, passiveSummary } from './passive.mjs';

const clean = { exitCode: 0, failed: [], errors: [] };

test('an audit that fails detects the mutant when the dry run audit passes', () => {
  assert.equal(passiveDetects({ exitCode: 1, failed: ['requests-v3.limit'], errors: [] }, clean), true);
  assert.equal(passiveDetects({ exitCode: 0, failed: [], errors: [] }, clean), false);
  assert.equal(passiveDetects({ exitCode: 3, failed: [], errors: ['general.schema'] }, clean), true);
});

test('an audit with no verdict detects nothing', () => {
  assert.equal(passiveDetects({ exitCode: 2, error: 'audit gave no results.json' }, clean), false);
  assert.equal(passiveDetects(undefined, clean), false);
});

test('when the dry run audit fails already, only a check it did not fail counts', () => {
  const dry = { exitCode: 1, failed: ['a'], errors: [] };
  assert.equal(passiveDetects({ exitCode: 1, failed: ['a'], errors: [] }, dry), false);
  assert.equal(passiveDetects({ exitCode: 1, failed: ['a', 'b'], errors: [] }, dry), true);
});

test('the summary counts only mutants the run killed by its checks, and lists the misses', () => {
  const { figures, lines } = passiveSummary(clean, [
    { name: 'm1', killedByRun: true, activeFailed: ['x'], passive: { exitCode: 1, failed: ['x'], errors: [] } },
    { name: 'm2', killedByRun: true, activeFailed: ['y', 'z'], passive: { exitCode: 0, failed: [], errors: [] } },
    { name: 'm3', killedByRun: false, activeFailed: [], passive: { exitCode: 1, failed: ['x'], errors: [] } },
    { name: 'm4', killedByRun: true, activeFailed: ['x'], passive: { exitCode: 70, error: 'gone' } },
  ]);
  assert.equal(figures.killedByRun, 2);
  assert.equal(figures.passiveDetects, 1);
  assert.equal(figures.passiveShare, 0.5);
  assert.deepEqual(figures.passiveMisses, [{ mutant: 'm2', activeFailed: ['y', 'z'] }]);
  assert.deepEqual(figures.passiveNoVerdict, [{ mutant: 'm4', error: 'gone' }]);
  assert.ok(lines.some((l) => l.includes('passive detects 1 of 2 (50.0%)')));
  assert.ok(lines.some((l) => l.includes('m2: y, z')));
});
