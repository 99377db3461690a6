/**
 * The recorder in a vitest setup file (`@crosschain/conformance/recorder/vitest`): one line,
 * `installApiRecorder({ baseUrl: 'https://api.relay.link' })`, records what the code under test
 * receives for the API's paths in every test file and fails the file (its `afterAll`) when an
 * exchange violates the contract, as the vitest adapter (`@crosschain/conformance/vitest`) fails a
 * check; `har: 'recordings/[file].har'` also writes each file's exchanges for `audit`.
 * vitest is an optional peer dependency, loaded only by this entry point.
 */
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { installWith, type ApiRecorder, type InstallOptions } from './index.js';

export { ApiRecorder, installWith, isMockFunction, type Hooks, type InstallOptions, type RecorderOptions, type RecorderSource } from './index.js';

/** Installs the recorder for the current test file (call it in a `setupFiles` entry). */
export function installApiRecorder(options: InstallOptions = {}): ApiRecorder {
  return installWith(
    { beforeEach, afterEach, afterAll },
    {
      testName: () => expect.getState().currentTestName,
      testFile: () => expect.getState().testPath,
      ...options,
    },
  );
}
