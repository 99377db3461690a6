/**
 * The recorder in a jest setup file (`setupFilesAfterEnv`; `@crosschain/conformance/recorder/jest`):
 * `installApiRecorder({ baseUrl: 'https://api.relay.link' })` registers with jest's global hooks
 * (`beforeEach`, `afterEach`, `afterAll`), reads every jest mock function that stands for a call to
 * the API and wraps the real `fetch`, and fails the file's `afterAll` on a violation, as the vitest
 * installer does.
 *
 * jest keeps no registry of mocks anyone can reach: jest-mock puts each mock's state (its calls and
 * results) in a `WeakMap` of the realm it runs in, outside the test's vm context, when it makes the
 * mock and again after each clear. The installer taps that realm's `WeakMap.prototype.set`
 * ({@link tapMockStates}): `jest.fn`, `jest.spyOn`, automocks (`jest.mock('./helper')`) and the
 * functions of `jest.mock` factories are all seen, and no call is lost to `clearMocks`/`resetMocks`.
 * The realm is reached through jest's own functions (`jest.fn`, made outside the vm context).
 */
import { installWith, tapMockStates, type ApiRecorder, type Hooks, type InstallOptions } from './index.js';

export { ApiRecorder, apiRecorder, installWith, isMockFunction, tapMockStates, type Hooks, type InstallOptions, type RecorderOptions, type RecorderSource } from './index.js';

interface JestGlobals extends Partial<Hooks> {
  expect?: { getState?: () => { currentTestName?: string; testPath?: string } };
  jest?: { fn?: unknown };
}

/** The module jest's runtime answers itself in CommonJS (it needs no install). */
const JEST_GLOBALS = '@jest/globals';

/** The `jest` object: from `@jest/globals` where `require` is jest's (CommonJS), else a global one. */
function jestObject(): { fn?: unknown } | undefined {
  try {
    // The module wrapper's own `require` (jest's), when there is one: an import would be resolved by the bundler or by node instead.
    const load: ((id: string) => unknown) | undefined = typeof require === 'function' ? require : undefined;
    const jest = (load?.(JEST_GLOBALS) as { jest?: { fn?: unknown } } | undefined)?.jest;
    if (jest) return jest;
  } catch {
    // Not under jest's runtime, or no CommonJS: the global, else the timers' realm below.
  }
  return (globalThis as JestGlobals).jest;
}

/**
 * The `WeakMap.prototype` of the realm jest-mock runs in: that of `jest.fn`'s own realm (jest
 * makes it outside the test's vm context), else of the realm of the environment's timers (jest's
 * node environment hands in the outer ones), else this realm's.
 */
export function mockerWeakMapPrototype(candidates: readonly unknown[] = [jestObject()?.fn, globalThis.setTimeout]): object {
  for (const f of candidates) {
    if (typeof f !== 'function') continue;
    const proto = Object.getPrototypeOf(f) as { constructor?: unknown } | null;
    if (!proto || proto === Function.prototype || typeof proto.constructor !== 'function') continue;
    try {
      const weakMap = (proto.constructor as (body: string) => () => unknown)('return WeakMap')() as { prototype?: object } | undefined;
      if (weakMap?.prototype) return weakMap.prototype;
    } catch {
      // A realm that forbids code from strings: the next candidate.
    }
  }
  return WeakMap.prototype;
}

/** Writes a notice to stderr as it is (jest's console would add a stack frame into the recorder's code). */
function toStderr(text: string): void {
  process.stderr.write(`${text}\n`);
}

/** Installs the recorder for the current test file with jest's global hooks. */
export function installApiRecorder(options: InstallOptions = {}): ApiRecorder {
  const g = globalThis as JestGlobals;
  if (typeof g.beforeEach !== 'function' || typeof g.afterEach !== 'function' || typeof g.afterAll !== 'function') {
    throw new Error('installApiRecorder (jest): no global beforeEach/afterEach/afterAll; call it from a jest setup file (setupFilesAfterEnv), or use installWith(hooks, options)');
  }
  const untap = tapMockStates(mockerWeakMapPrototype());
  const recorder = installWith(
    { beforeEach: g.beforeEach, afterEach: g.afterEach, afterAll: g.afterAll },
    {
      testName: () => g.expect?.getState?.().currentTestName,
      testFile: () => g.expect?.getState?.().testPath,
      rerun: (file) => `npx jest ${file}`,
      warn: toStderr,
      log: toStderr,
      ...options,
    },
  );
  g.afterAll(() => untap());
  return recorder;
}
