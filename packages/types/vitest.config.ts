import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    // Type tests (test/**/*.test-d.ts) run with tsc as part of `vitest run`.
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './test/tsconfig.json',
    },
  },
});
