/**
 * Validators compiled with Ajv (JSON Schema 2020-12) from the bundled contract
 * (`@crosschain/specs`, generated/openapi.json): used to check `--data` records against RequestV3.
 */
import { openapi, schemaVocabulary } from '@crosschain/specs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';

const addFormats = addFormatsImport as unknown as (typeof addFormatsImport)['default'];

let ajv: Ajv2020 | undefined;
const cache = new Map<string, ValidateFunction>();

/** A validator for `#/components/schemas/<name>` of the bundled OpenAPI document. */
export function schemaValidator(name: string): ValidateFunction {
  let v = cache.get(name);
  if (v) return v;
  if (!ajv) {
    ajv = new Ajv2020({ allErrors: false, strict: false });
    addFormats(ajv);
    ajv.addVocabulary([...schemaVocabulary]);
    ajv.addSchema({ $id: 'openapi.json', components: (openapi as { components: unknown }).components });
  }
  v = ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` });
  cache.set(name, v);
  return v;
}

/** One-line summary of Ajv errors (`/data/failReason must be string,null`). */
export function describeErrors(v: ValidateFunction): string {
  return (v.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`).join('; ');
}
