// Writes src/config/config.schema.json from FIELDS (run after `pnpm --filter @crosschain/conformance build`).
import { writeFileSync } from 'node:fs';
import { configJsonSchema } from '../dist/config/schema.js';

writeFileSync(new URL('../src/config/config.schema.json', import.meta.url), `${JSON.stringify(configJsonSchema(), null, 2)}\n`);
