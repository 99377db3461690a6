import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { setupFiles: ['./api-recorder.ts'] },
});
