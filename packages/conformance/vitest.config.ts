import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files that change what a process shares: module mocks (`vi.mock`), a patched global fetch
 * (MSW, nock), a stubbed `expect`. They run isolated, each in a fresh module graph; every other file
 * shares its worker's modules with the files before it (`isolate: false`), so the kit's sources are
 * loaded once per worker instead of once per file (loading them was about half of a file's time).
 */
const ISOLATED = ['test/recorder/**/*.test.ts', 'test/recordings/nock.test.ts', 'test/self/in-process.test.ts', 'test/dual-build.test.ts'];

export default defineConfig({
  // src/package-dir.cts is TypeScript too (CommonJS in both builds): transform it as the .ts files are.
  oxc: { include: /\.(m?ts|cts|[jt]sx)$/ },
  test: {
    // One directory per run for the runs several files share (test/support/shared-runs.ts).
    globalSetup: ['test/support/global-setup.ts'],
    // vitest's default is one worker fewer than the cores: a single worker on two cores, while the
    // main process mostly waits. A worker here is one busy thread (the kit and the reference server it
    // starts share it), so one per core keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A guard against a hang, not a speed target: with a worker per core a whole-kit run shares its
    // core with another file's, and on a machine loaded by other work a clean default run took 90 s.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
