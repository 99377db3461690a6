/**
 * vitest globalSetup: one fresh directory per test run for the runs that several test files share
 * (test/support/shared-runs.ts), removed when the run ends. A fresh directory each time, so that every
 * `vitest run` makes each shared run once against the code as it is now: nothing carries over.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedRunsDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-shared-runs-'));
  project.provide('sharedRunsDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
