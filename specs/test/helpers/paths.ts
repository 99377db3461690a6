/** File locations shared by the specs tests. */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `specs/` package directory. */
export const specsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The repository root (parent of `specs/`). */
export const repoRoot = resolve(specsDir, '..');
export const examplesDir = resolve(specsDir, 'examples');
export const asyncapiFile = resolve(specsDir, 'asyncapi', 'asyncapi.yaml');
export const eventsSchemaFile = resolve(specsDir, 'openapi', 'schemas', 'events.yaml');
export const clausesFile = resolve(specsDir, 'clauses.yaml');
export const asyncapiBundleFile = resolve(specsDir, 'generated', 'asyncapi.json');
export const openapiBundleFile = resolve(specsDir, 'generated', 'openapi.json');

/**
 * The folder of published payloads (shared/samples), or undefined when it is absent. `SHARED_DIR`
 * wins; otherwise `shared/` is a sibling of the repository directory (as in CI and on these machines).
 */
export function samplesDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const shared = env.SHARED_DIR ? resolve(env.SHARED_DIR) : resolve(repoRoot, '..', 'shared');
  const dir = resolve(shared, 'samples');
  return existsSync(dir) ? dir : undefined;
}
