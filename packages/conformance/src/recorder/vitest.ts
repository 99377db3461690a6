/**
 * The recorder in a vitest setup file (`@crosschain/conformance/recorder/vitest`): one line,
 * `installApiRecorder({ baseUrl: 'https://api.relay.link' })`, records what the code under test
 * receives for the API's paths in every test file and fails the file (its `afterAll`) when an
 * exchange violates the contract, as the vitest adapter (`@crosschain/conformance/vitest`) fails a
 * check; `har: 'recordings/[file].har'` also writes each file's exchanges for `audit`.
 *
 * Every mock function is read — `vi.fn`, `vi.spyOn`, the functions of `vi.mock` factories and
 * automocks — through vitest's own set of mocks (the one `vi.clearAllMocks` walks), whatever the
 * mock stands for: `fetch`, axios' `request`/`get`, a service's method called with an API path.
 * vitest is an optional peer dependency, loaded only by this entry point.
 */
import { afterAll, afterEach, beforeEach, expect, vi } from 'vitest';
import { installWith, mockRegistryOf, type ApiRecorder, type InstallOptions } from './index.js';

export { ApiRecorder, apiRecorder, installWith, isMockFunction, type Hooks, type InstallOptions, type RecorderOptions, type RecorderSource } from './index.js';

/** Installs the recorder for the current test file (call it in a `setupFiles` entry). */
export function installApiRecorder(options: InstallOptions = {}): ApiRecorder {
  const recorder = installWith(
    { beforeEach, afterEach, afterAll },
    {
      testName: () => expect.getState().currentTestName,
      testFile: () => expect.getState().testPath,
      rerun: (file) => `npx vitest run ${file}`,
      ...options,
    },
  );
  const registry = mockRegistryOf(() => vi.clearAllMocks());
  if (registry) recorder.watchMockRegistry(registry);
  else (options.warn ?? console.warn)("the recorder found no set of mocks in this vitest version: it reads only mocks standing for globalThis.fetch (and MSW, nock, the real fetch); other vi.fn calls to the API are not judged");
  return recorder;
}
