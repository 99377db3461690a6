/**
 * The directory of this package (the one holding `generated/`), found from this file's own
 * location in both builds: `dist/package-dir.cjs` beside the ES module build and
 * `dist/cjs/package-dir.cjs` in the CommonJS one. A `.cts` file is CommonJS in either build, so
 * `__dirname` is there without `import.meta`, which a CommonJS module cannot parse.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

function findPackageDir(from: string, name: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === name) return dir;
      } catch {
        // An unreadable manifest (dist/cjs/package.json marks the format only) is not the package's.
      }
    }
    if (dirname(dir) === dir) throw new Error(`${name}: no package.json named ${name} above ${from}`);
  }
}

export const packageDir: string = findPackageDir(__dirname, '@crosschain/specs');
