/** File locations of the specs tests that the package's `specFiles` does not export. */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `specs/` package directory. */
const specsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const examplesDir = resolve(specsDir, 'examples');

/** The live service's published payloads, copied into the repository (see its README.md for the public sources). */
export const samplesDir = resolve(examplesDir, 'published');
