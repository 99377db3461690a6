#!/usr/bin/env node
/**
 * Marks dist/cjs (the CommonJS build of tsconfig.cjs.json) as CommonJS: this package is
 * `"type": "module"`, so without a nearer package.json Node and TypeScript would read the `.js` and
 * `.d.ts` files there as ES modules.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cjs');
writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
