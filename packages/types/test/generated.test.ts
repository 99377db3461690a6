import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { contractOperations } from '../src/generated/operations.js';

const require = createRequire(import.meta.url);
const specPath = require.resolve('@crosschain/specs/generated/openapi.json');
const specBytes = readFileSync(specPath);
const spec = JSON.parse(specBytes.toString('utf8')) as {
  paths: Record<string, Record<string, { operationId?: string; security?: Array<Record<string, string[]>>; 'x-contract'?: string }>>;
};
const generated = ['api.ts', 'operations.ts', 'events.ts'].map((name) => ({
  name,
  text: readFileSync(new URL(`../src/generated/${name}`, import.meta.url), 'utf8'),
}));

describe('committed generated files (read only; `pnpm generate` rewrites them)', () => {
  it.each(generated)('$name starts with the "generated, do not edit" header', ({ text }) => {
    expect(text.startsWith('/**\n * generated, do not edit.\n')).toBe(true);
  });

  it.each(generated)('$name was generated from the current bundled OpenAPI document', ({ name, text }) => {
    const sha256 = createHash('sha256').update(specBytes).digest('hex');
    const recorded = /sha256 ([0-9a-f]{64})/.exec(text)?.[1];
    expect(recorded, `src/generated/${name} is stale: run \`pnpm generate\` and commit it`).toBe(sha256);
  });

  it('the operation index lists every operation of the document with its key requirement', () => {
    const fromSpec = Object.entries(spec.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(method))
        .map(([method, op]) => ({
          operationId: op.operationId,
          method: method.toUpperCase(),
          path,
          keyRequired: Array.isArray(op.security) && op.security.length > 0 && op.security.every((r) => Object.keys(r).length > 0),
          namedOnly: op['x-contract'] === 'named-only',
        })),
    );
    expect(contractOperations.map(({ deprecated: _deprecated, ...rest }) => rest)).toEqual(fromSpec);
  });
});
