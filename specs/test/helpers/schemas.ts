/**
 * Compiles the component schemas of the bundled OpenAPI document (specs/generated/openapi.json)
 * with Ajv 2020-12 in strict mode plus formats, and validates payloads against them by name.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { openapiBundleFile } from './paths.js';

const addFormats = addFormatsImport as unknown as (typeof addFormatsImport)['default'];

/** OpenAPI keywords that are not JSON Schema: declared so that strict mode accepts them. */
const OPENAPI_KEYWORDS = ['components', 'discriminator', 'xml', 'externalDocs', 'example'];

export interface OpenApiDocument {
  openapi: string;
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, unknown>;
  components: { schemas: Record<string, unknown> } & Record<string, unknown>;
}

export interface Verdict {
  valid: boolean;
  errors: ErrorObject[];
}

export interface SchemaValidator {
  readonly schemaNames: readonly string[];
  has(name: string): boolean;
  validate(name: string, data: unknown): Verdict;
}

/** Reads the bundle; a missing or unreadable bundle is an error that says how to produce it. */
export function loadOpenApiBundle(file = openapiBundleFile): OpenApiDocument {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${file} is missing: run 'pnpm --filter @crosschain/specs bundle' first`);
  }
  const doc = JSON.parse(text) as OpenApiDocument;
  if (!doc.components?.schemas) throw new Error(`${file} has no components.schemas`);
  return doc;
}

/** Every `x-*` key used anywhere in the value (vendor extensions are annotations, not assertions). */
export function vendorKeywords(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) vendorKeywords(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key.startsWith('x-')) found.add(key);
      vendorKeywords(child, found);
    }
  }
  return found;
}

/** Builds a validator over `components.schemas` of an OpenAPI 3.1 document. */
export function createSchemaValidator(doc: OpenApiDocument): SchemaValidator {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addVocabulary([...OPENAPI_KEYWORDS, ...vendorKeywords(doc.components)]);
  ajv.addSchema({ $id: 'spec.json', components: doc.components });
  const compiled = new Map<string, ValidateFunction>();
  const schemaNames = Object.keys(doc.components.schemas).sort();
  const get = (name: string): ValidateFunction => {
    if (!(name in doc.components.schemas)) {
      throw new Error(`no schema named ${JSON.stringify(name)} in components.schemas; known: ${schemaNames.join(', ')}`);
    }
    let fn = compiled.get(name);
    if (!fn) {
      fn = ajv.compile({ $ref: `spec.json#/components/schemas/${name}` });
      compiled.set(name, fn);
    }
    return fn;
  };
  return {
    schemaNames,
    has: (name) => name in doc.components.schemas,
    validate(name, data) {
      const fn = get(name);
      const valid = fn(data) as boolean;
      return { valid, errors: valid ? [] : [...(fn.errors ?? [])] };
    },
  };
}

/** One line per error, for assertion messages. */
export function formatErrors(errors: readonly ErrorObject[]): string {
  return errors
    .map((e) => `${e.instancePath || '/'} ${e.keyword} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('\n');
}
