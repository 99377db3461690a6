/**
 * Compiles the component schemas of the bundled OpenAPI document (`openapi` of `@crosschain/specs`)
 * with Ajv 2020-12 in strict mode plus formats, declaring the package's `schemaVocabulary`, and
 * validates payloads against them by name.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { openapi, schemaVocabulary } from '../../src/index.js';
import { escapePointerToken } from './json-diff.js';

const addFormats = addFormatsImport as unknown as (typeof addFormatsImport)['default'];

export interface OpenApiDocument {
  openapi: string;
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, unknown>;
  components: { schemas: Record<string, unknown> } & Record<string, unknown>;
}

/** The package's bundled OpenAPI document, typed for the tests. */
export const bundle = openapi as unknown as OpenApiDocument;

export interface Verdict {
  valid: boolean;
  errors: ErrorObject[];
}

export interface SchemaValidator {
  readonly schemaNames: readonly string[];
  has(name: string): boolean;
  /** The compiled validator of one component schema (compiled once, then cached). */
  compile(name: string): ValidateFunction;
  validate(name: string, data: unknown): Verdict;
}

/** Builds a validator over `components.schemas` of the bundled OpenAPI document. */
export function createSchemaValidator(): SchemaValidator {
  const doc = bundle;
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addVocabulary([...schemaVocabulary]);
  ajv.addSchema({ $id: 'spec.json', components: doc.components });
  const compiled = new Map<string, ValidateFunction>();
  const schemaNames = Object.keys(doc.components.schemas).sort();
  const compile = (name: string): ValidateFunction => {
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
    compile,
    validate(name, data) {
      const fn = compile(name);
      const valid = fn(data) as boolean;
      return { valid, errors: valid ? [] : [...(fn.errors ?? [])] };
    },
  };
}

/** Where a failed keyword points: the instance itself, or for `required` the missing property. */
export function errorPointer(error: ErrorObject): string {
  if (error.keyword === 'required') {
    return `${error.instancePath}/${escapePointerToken(String(error.params.missingProperty))}`;
  }
  return error.instancePath;
}

/** One line per error, for assertion messages. */
export function formatErrors(errors: readonly ErrorObject[]): string {
  return errors
    .map((e) => `${e.instancePath || '/'} ${e.keyword} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('\n');
}
