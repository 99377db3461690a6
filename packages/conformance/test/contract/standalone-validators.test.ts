/**
 * The response validators of the bundled contract are ajv standalone code generated at build time
 * (src/contract/standalone-validators.ts): the committed module must be what the generator writes,
 * and only the document it was generated from may use it. That its verdicts equal a run-time
 * compile's is validator.test.ts ("verdicts equal the plain ajv configuration", which runs them).
 */
import { readFileSync } from 'node:fs';
import { openapi } from '@crosschain/specs';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATH, standaloneValidatorsModule } from '../../src/contract/standalone-validators.js';
import { ResponseValidator } from '../../src/contract/validator.js';

describe('standalone response validators', () => {
  it('the committed module is what the generator writes for the bundled contract', () => {
    const committed = readFileSync(new URL(`../../${GENERATED_PATH}`, import.meta.url), 'utf8');
    expect(committed === standaloneValidatorsModule(openapi), `${GENERATED_PATH} is stale: run pnpm build && pnpm generate`).toBe(true);
  });

  it('are used for the bundled contract only: another document, or precompiled: false, compiles at run time', () => {
    expect(new ResponseValidator(openapi).standalone).toBe(true);
    expect(new ResponseValidator(openapi, { precompiled: false }).standalone).toBe(false);
    expect(new ResponseValidator({ ...openapi, info: { title: 'another contract', version: '0' } }).standalone).toBe(false);
  });

  it('give the same verdict and errors as a run-time compile on a valid and an invalid page', () => {
    const standalone = new ResponseValidator(openapi);
    const compiled = new ResponseValidator(openapi, { precompiled: false });
    const page = { requests: [{ id: 'x' }], continuation: null };
    for (const body of [[], [{ chainId: 1 }], page, {}]) {
      const a = standalone.validate('POST /currencies/v2', 200, 'application/json', JSON.stringify(body), body, true);
      const b = compiled.validate('POST /currencies/v2', 200, 'application/json', JSON.stringify(body), body, true);
      expect(a).toEqual(b);
      const c = standalone.validate('GET /requests/v3', 200, 'application/json', JSON.stringify(body), body, true);
      const d = compiled.validate('GET /requests/v3', 200, 'application/json', JSON.stringify(body), body, true);
      expect(c).toEqual(d);
    }
    expect(standalone.validate('GET /requests/v3', 200, 'application/json', '{}', {}, true)?.valid).toBe(false);
  });
});
