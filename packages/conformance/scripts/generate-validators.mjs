#!/usr/bin/env node
// Writes src/contract/generated/response-validators.ts: the response validators of the bundled
// OpenAPI document as ajv standalone code (src/contract/standalone-validators.ts). Run after a build
// (`pnpm generate` does, after `pnpm build`); CI regenerates it and fails when it differs.
import { writeFileSync } from 'node:fs';
import { openapi } from '@crosschain/specs';

let mod;
try {
  mod = await import('../dist/contract/standalone-validators.js');
} catch (err) {
  console.error(`cannot load the built kit (${err.message}); build it first: pnpm --filter @crosschain/conformance build`);
  process.exit(2);
}
const path = new URL(`../${mod.GENERATED_PATH}`, import.meta.url);
writeFileSync(path, mod.standaloneValidatorsModule(openapi));
console.log(`${mod.GENERATED_PATH}: the response validators of the bundled OpenAPI document`);
