import { defineConfig } from 'vitest/config';

export default defineConfig({
  // src/package-dir.cts is TypeScript too (CommonJS in both builds): transform it as the .ts files are.
  oxc: { include: /\.(m?ts|cts|[jt]sx)$/ },
  test: {
    include: ['test/**/*.test.ts'],
    // One directory per run for the runs several files share (test/support/shared-runs.ts).
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
