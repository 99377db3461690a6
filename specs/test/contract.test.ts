/**
 * The contract's constants (src/generated/contract.ts) are generated from the
 * bundled OpenAPI document: up to date with it, and carrying what the kit and the reference
 * server read from them (limits, defaults, enums, parameter lists).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BODY_PROPERTIES, QUERY_PARAMETERS, SCHEMA_ENUMS, openapi } from '../src/index.js';

const script = fileURLToPath(new URL('../scripts/generate-contract.mjs', import.meta.url));

describe('generated contract constants', () => {
  it('are what the generator writes from the committed bundle (no drift)', () => {
    const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('hold the limits, defaults and enums of the document', () => {
    const v3 = QUERY_PARAMETERS['GET /requests/v3'];
    expect(v3.limit).toEqual({ type: 'integer', minimum: 1, maximum: 50, default: 20 });
    expect(v3.sortBy.enum).toEqual(['createdAt', 'updatedAt', 'amountUsd']);
    expect(v3.status.enum).toEqual(['success', 'failure', 'refund', 'pending', 'depositing']);
    expect(QUERY_PARAMETERS['GET /requests/v2'].limit.maximum).toBe(50);
    expect(BODY_PROPERTIES['POST /currencies/v2'].limit).toMatchObject({ default: 20, maximum: 100 });
    expect(SCHEMA_ENUMS.RequestStatusV3).toContain('submitted');
  });

  it('list every query parameter of every operation, in the document order', () => {
    const paths = openapi.paths as Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    for (const [key, params] of Object.entries(QUERY_PARAMETERS)) {
      const [method, path] = key.split(' ') as [string, string];
      const declared = (paths[path]![method.toLowerCase()]!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(Object.keys(params), key).toEqual(declared);
    }
    expect(Object.keys(QUERY_PARAMETERS['GET /requests/v3'])).toHaveLength(43);
  });
});
