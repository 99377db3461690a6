/**
 * The recorder in a jest setup file (`setupFilesAfterEnv`; `@crosschain/conformance/recorder/jest`):
 * `installApiRecorder({ baseUrl: 'https://api.relay.link' })` registers with jest's global hooks
 * (`beforeEach`, `afterEach`, `afterAll`), reads `jest.fn` stubs of `fetch` and wraps the real
 * `fetch`, and fails the file's `afterAll` on a violation, as the vitest installer does.
 */
import { installWith, type ApiRecorder, type Hooks, type InstallOptions } from './index.js';

export { ApiRecorder, installWith, isMockFunction, type Hooks, type InstallOptions, type RecorderOptions, type RecorderSource } from './index.js';

interface JestGlobals extends Partial<Hooks> {
  expect?: { getState?: () => { currentTestName?: string; testPath?: string } };
}

/** Installs the recorder for the current test file with jest's global hooks. */
export function installApiRecorder(options: InstallOptions = {}): ApiRecorder {
  const g = globalThis as JestGlobals;
  if (typeof g.beforeEach !== 'function' || typeof g.afterEach !== 'function' || typeof g.afterAll !== 'function') {
    throw new Error('installApiRecorder (jest): no global beforeEach/afterEach/afterAll; call it from a jest setup file (setupFilesAfterEnv), or use installWith(hooks, options)');
  }
  return installWith(
    { beforeEach: g.beforeEach, afterEach: g.afterEach, afterAll: g.afterAll },
    {
      testName: () => g.expect?.getState?.().currentTestName,
      testFile: () => g.expect?.getState?.().testPath,
      ...options,
    },
  );
}
