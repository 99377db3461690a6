import { defineConfig } from 'vitest/config';

// The SDK's status tracking opens a browser WebSocket (`window.WebSocket`). Node 22 has one; Node 20
// has the same WHATWG implementation (undici) behind --experimental-websocket.
const execArgv = typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'undefined' ? ['--experimental-websocket'] : [];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    execArgv,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
