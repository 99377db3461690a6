/**
 * The Ajv instance the tests validate the kit's own documents with (results.json, the baseline
 * file, the config file): JSON Schema 2020-12 with ajv-formats, so that `format: date-time` is
 * checked rather than ignored with an `unknown format "date-time" ignored` warning on stderr.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Options } from 'ajv';
import addFormatsImport from 'ajv-formats';

const addFormats = addFormatsImport as unknown as (typeof addFormatsImport)['default'];

export function schemaAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, ...options });
  addFormats(ajv);
  return ajv;
}
