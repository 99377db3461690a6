/**
 * The contract of the cross-chain settlement API as data: the bundled OpenAPI 3.1 and AsyncAPI 3
 * documents, the clause catalogue, the paths of the source files and a hash of the generated files.
 * Everything is read from `../generated/` relative to this module, so it works from `dist/`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { packageDir } from './package-dir.cjs';

/** One entry of the clause catalogue (`specs/clauses.yaml`; see architecture.md, "The clause catalogue"). */
export type Clause = {
  id: string;
  kind: 'clause' | 'divergence';
  level?: 'MUST' | 'SHOULD';
  section: string;
  /** `document` or `live-service`; derived from `section` when the catalogue does not give it. */
  source: string;
  text: string;
  checks?: string[];
  untestable?: string;
  document?: string;
  live?: string;
  resolution?: string;
};

/** A JSON object as parsed from a generated file. */
export type JsonObject = { [key: string]: unknown };

const specsDir = packageDir;

/** Absolute paths of the contract's source and generated files. */
export const specFiles = {
  /** Root of the hand-authored OpenAPI 3.1 document (multi-file). */
  openapi: resolve(specsDir, 'openapi/openapi.yaml'),
  /** Root of the hand-authored AsyncAPI 3 document. */
  asyncapi: resolve(specsDir, 'asyncapi/asyncapi.yaml'),
  /** The clause catalogue. */
  clauses: resolve(specsDir, 'clauses.yaml'),
  /** Event payload schemas shared by both documents. */
  events: resolve(specsDir, 'openapi/schemas/events.yaml'),
  /** Bundled, self-contained OpenAPI document. */
  openapiJson: resolve(specsDir, 'generated/openapi.json'),
  /** Bundled, self-contained AsyncAPI document. */
  asyncapiJson: resolve(specsDir, 'generated/asyncapi.json'),
  /** The clause catalogue as JSON (`{ "x-generated": string, clauses: Clause[] }`). */
  clausesJson: resolve(specsDir, 'generated/clauses.json'),
} as const;

function readGenerated(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new Error(`@crosschain/specs: cannot read ${path} (${code}); run \`pnpm --filter @crosschain/specs build\``);
  }
}

function parseObject(text: string, path: string): JsonObject {
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`@crosschain/specs: ${path} does not hold a JSON object`);
  }
  return value as JsonObject;
}

const openapiText = readGenerated(specFiles.openapiJson);
const asyncapiText = readGenerated(specFiles.asyncapiJson);
const clausesText = readGenerated(specFiles.clausesJson);

/** The bundled OpenAPI 3.1 document (every reference internal, `#/components/...`). */
export const openapi: JsonObject = parseObject(openapiText, specFiles.openapiJson);

/** The bundled AsyncAPI 3 document (event schemas under `components.schemas`). */
export const asyncapi: JsonObject = parseObject(asyncapiText, specFiles.asyncapiJson);

const clausesDoc = parseObject(clausesText, specFiles.clausesJson);
if (!Array.isArray(clausesDoc.clauses)) {
  throw new Error(`@crosschain/specs: ${specFiles.clausesJson} has no "clauses" array`);
}

/** The clause catalogue, in catalogue order. */
export const clauses: readonly Clause[] = clausesDoc.clauses as Clause[];

/** SHA-256 (hex) of the three generated files, in the order openapi, asyncapi, clauses. */
export const specHash: string = createHash('sha256').update(openapiText).update(asyncapiText).update(clausesText).digest('hex');

/**
 * Non-JSON-Schema keywords of the bundle (`components` for the wrapper schema, OpenAPI and `x-` keywords). Pass them to
 * `ajv.addVocabulary(schemaVocabulary)` to compile the schemas with Ajv in strict mode.
 */
export const schemaVocabulary: readonly string[] = [
  'components',
  'example',
  'discriminator',
  'xml',
  'externalDocs',
  'x-provenance',
  'x-level',
  'x-divergence',
  'x-known-values',
];

/** The contract's constants generated from the OpenAPI document (`pnpm generate`): parameters per operation, body properties, enums, the limits, the v2 timeline. */
export { BODY_PROPERTIES, LIMITS, QUERY_PARAMETERS, SCHEMA_ENUMS, V2_TIMELINE, V2_TIMELINE_MS } from './generated/contract.js';
