/**
 * The JSON Schema of the config file (`conformance.yaml`, `--config`), generated
 * from {@link FIELDS} so editors complete and check it. The shipped copy is config.schema.json
 * beside this module; a test keeps it equal to {@link configJsonSchema}. Regenerate it with
 * `node scripts/write-config-schema.mjs` after a build.
 */
import { FIELDS } from './fields.js';
import type { FieldSpec } from './fields.js';
import { helpOf } from './program.js';
import { MAX_WORKERS } from './defaults.js';
import shippedConfigSchemaJson from './config.schema.json' with { type: 'json' };

function propertyOf(field: FieldSpec): Record<string, unknown> {
  const description = `${helpOf(field)}. Flag ${field.flag}, env ${field.env}.${field.secret ? ' A secret: write ${ENV_VAR} rather than the value.' : ''}`;
  switch (field.kind) {
    case 'string':
      return { description, type: 'string', minLength: 1 };
    case 'url':
      return { description, type: 'string', pattern: '^https?://' };
    case 'ws-url':
      return { description, type: 'string', pattern: '^(wss?|https?)://' };
    case 'int':
      return { description, type: 'integer', ...(field.min !== undefined ? { minimum: field.min } : {}) };
    case 'posint':
      return { description, type: 'integer', minimum: 1 };
    case 'bool':
      return { description, type: 'boolean' };
    case 'list':
      return { description, anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };
    case 'enum':
      return { description, enum: [...(field.values ?? [])] };
    case 'iso':
      return { description, type: 'string', format: 'date-time' };
    case 'shard':
      return { description, type: 'string', pattern: '^[0-9]+/[0-9]+$' };
    case 'duration':
      return { description, anyOf: [{ type: 'string', pattern: '^\\s*[0-9]+(\\.[0-9]+)?\\s*([mM][sS]|[sSmMhH])\\s*$' }, { type: 'integer', minimum: 1 }] };
    case 'window':
      return { description, type: 'string', pattern: '^[0-9]+\\.\\.[0-9]+$' };
    case 'workers':
      return { description, anyOf: [{ const: 'auto' }, { type: 'integer', minimum: 1, maximum: MAX_WORKERS }] };
    case 'header':
      return { description, anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string', pattern: '^[^:]+:' } }] };
  }
}

/** The config file's JSON Schema (2020-12): one property per option of {@link FIELDS}. */
export function configJsonSchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const field of FIELDS) properties[field.key] = propertyOf(field);
  properties.mockFault = { description: 'alias of mockFaults', anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://crosschain.dev/schemas/conformance-config.schema.json',
    title: 'crosschain-conformance config file (conformance.yaml)',
    description: 'Options of the kit; flags and CONFORMANCE_* variables override them. Strings may use ${ENV_VAR} (an unset variable is an error).',
    type: 'object',
    additionalProperties: false,
    properties,
  };
}

/** The shipped config.schema.json (what editors read from the package). */
export const shippedConfigSchema: Readonly<Record<string, unknown>> = shippedConfigSchemaJson;
