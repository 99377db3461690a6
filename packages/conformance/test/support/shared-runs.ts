/**
 * A run that several test files need (a variant of the reference server, a fault) is made once per
 * test run and read by every file that asks for it. Files run in several vitest workers (processes),
 * so the result is shared on disk, in the directory the globalSetup made for this run: the first
 * worker to ask takes a lock file and makes the run; a worker that asks meanwhile waits for the
 * result file; later askers read it. A run that threw is shared as the same error, so that every
 * test that needs it fails saying why instead of waiting.
 *
 * Results go through JSON: what a test reads must survive that (a RunResult does; dates become
 * strings).
 */
import { createHash } from 'node:crypto';
import { existsSync, openSync, closeSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

const inThisProcess = new Map<string, Promise<unknown>>();
/** How often a waiting worker looks for the result of a run another worker is making. */
const POLL_MS = 100;

/** The directory of this test run's shared results (made by test/support/global-setup.ts). */
export function sharedDir(): string {
  const dir = inject('sharedRunsDir');
  if (typeof dir !== 'string' || dir === '') throw new Error('no shared-runs directory: test/support/global-setup.ts must be the globalSetup of the vitest config');
  return dir;
}

/** A stable name for `key` (any JSON value): the same options give the same file whatever their order. */
function fileName(key: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => [k, canonical(x)])) : v;
  return createHash('sha256').update(JSON.stringify(canonical(key))).digest('hex').slice(0, 24);
}

interface Stored<T> {
  value?: T;
  error?: string;
}

async function waitFor<T>(file: string): Promise<T> {
  for (;;) {
    if (existsSync(file)) return unpack<T>(file);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

function unpack<T>(file: string): T {
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Stored<T>;
  if (stored.error !== undefined) throw new Error(`the shared run failed in another test file: ${stored.error}`);
  return stored.value as T;
}

/**
 * The result of `make` for `key`, made at most once per test run across every worker. `key` must
 * hold everything the run depends on (its options): two callers with the same key get the same result.
 */
export function shared<T>(key: unknown, make: (dir: string) => Promise<T>): Promise<T> {
  const name = fileName(key);
  let pending = inThisProcess.get(name) as Promise<T> | undefined;
  if (!pending) {
    pending = fetchOrMake(name, make);
    inThisProcess.set(name, pending);
  }
  return pending;
}

async function fetchOrMake<T>(name: string, make: (dir: string) => Promise<T>): Promise<T> {
  const dir = sharedDir();
  const file = join(dir, `${name}.json`);
  if (existsSync(file)) return unpack<T>(file);
  let lock: number;
  try {
    lock = openSync(join(dir, `${name}.lock`), 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return waitFor<T>(file);
  }
  closeSync(lock);
  let stored: Stored<T>;
  try {
    stored = { value: await make(dir) };
  } catch (err) {
    stored = { error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  writeFileSync(`${file}.tmp`, JSON.stringify(stored));
  renameSync(`${file}.tmp`, file);
  return unpack<T>(file);
}
