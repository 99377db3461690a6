/** File locations of the specs tests that the package's `specFiles` does not export. */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `specs/` package directory. */
const specsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The repository root (parent of `specs/`). */
const repoRoot = resolve(specsDir, '..');
export const examplesDir = resolve(specsDir, 'examples');

/**
 * The folder of published payloads (shared/samples), or undefined when it is absent. `SHARED_DIR`
 * wins; otherwise `shared/` is a sibling of the repository directory (as in CI and on these machines).
 */
export function samplesDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const shared = env.SHARED_DIR ? resolve(env.SHARED_DIR) : resolve(repoRoot, '..', 'shared');
  const dir = resolve(shared, 'samples');
  return existsSync(dir) ? dir : undefined;
}
