#!/usr/bin/env node
/**
 * Generates, from the bundled OpenAPI document of `@crosschain/specs` (`specs/generated/openapi.json`):
 * - `src/generated/api.ts`: the types, with openapi-typescript 7;
 * - `src/generated/operations.ts`: a small runtime index of the operations (method, path, whether
 *   the API key is required, whether the operation is named only), so that the client does not
 *   restate the contract by hand;
 * - `src/generated/events.ts`: the event payload types (the `Event*`, `Ws*` and `Webhook*` schemas
 *   of specs/openapi/schemas/events.yaml, by name) and the runtime constants the event helpers use
 *   (event name, statuses, signature header names), read from those schemas.
 *
 * Usage: node scripts/generate.mjs [--input <openapi.json>] [--check]
 *   --input  read another bundled document (default: the one exported by @crosschain/specs)
 *   --check  do not write; exit 1 when the committed file differs from a fresh generation
 *
 * The output is deterministic: it depends only on the input bytes and the pinned
 * openapi-typescript version, both recorded in the header.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = resolve(here, '..');
const outDir = resolve(packageRoot, 'src/generated');
const require = createRequire(import.meta.url);

function usage(message) {
  process.stderr.write(`${message}. Example: node scripts/generate.mjs --input ../../specs/generated/openapi.json\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const args = { input: undefined, check: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--check') args.check = true;
    else if (arg === '--input') {
      const value = argv[++i];
      if (!value) usage('--input needs a path');
      args.input = resolve(process.cwd(), value);
    } else usage(`unknown argument "${arg}"`);
  }
  return args;
}

function defaultInput() {
  try {
    return require.resolve('@crosschain/specs/generated/openapi.json');
  } catch {
    process.stderr.write(
      'cannot find @crosschain/specs/generated/openapi.json: build the specs first (pnpm --filter @crosschain/specs build)\n',
    );
    process.exit(2);
  }
}

const args = parseArgs(process.argv.slice(2));
const input = args.input ?? defaultInput();

let bytes;
let document;
try {
  bytes = readFileSync(input);
  document = JSON.parse(bytes.toString('utf8'));
} catch (error) {
  process.stderr.write(`cannot read the OpenAPI document ${input}: ${error.message}\n`);
  process.exit(2);
}
if (typeof document !== 'object' || document === null || typeof document.openapi !== 'string') {
  process.stderr.write(`${input} is not an OpenAPI document (no "openapi" version field)\n`);
  process.exit(2);
}

const generatorVersion = require('openapi-typescript/package.json').version;
const sha256 = createHash('sha256').update(bytes).digest('hex');

const ast = await openapiTS(document, {
  silent: true,
  // A field with a default may still be omitted by a server: keep it optional.
  defaultNonNullable: false,
  // Status and enum values stay string-literal unions (type-only output, no runtime enums).
  enum: false,
  alphabetize: false,
  exportType: false,
  // A schema object with no properties (contents "not shown") is open, not `Record<string, never>`.
  emptyObjectsUnknown: true,
});

const header = (what) =>
  [
    '/**',
    ' * generated, do not edit.',
    ' *',
    ` * ${what}`,
    ` * Source: @crosschain/specs generated/openapi.json (OpenAPI ${document.openapi}, sha256 ${sha256})`,
    ` * Generator: openapi-typescript ${generatorVersion} via packages/types/scripts/generate.mjs`,
    ' * Regenerate with `pnpm generate` (root) or `pnpm --filter @crosschain/types generate`.',
    ' */',
    '',
  ].join('\n');

const body = astToString(ast).replace(/\r\n/g, '\n');
const apiTs = `${header('Types of every path, operation, component and webhook of the contract.')}\n${body.endsWith('\n') ? body : `${body}\n`}`;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * An operation needs the key when it has a security requirement and none of its alternatives is
 * the empty requirement `{}` (OpenAPI 3.1 §4.8.30: `{}` makes security optional).
 */
function keyRequired(operation) {
  const security = operation.security ?? document.security;
  if (!Array.isArray(security) || security.length === 0) return false;
  return security.every((requirement) => Object.keys(requirement ?? {}).length > 0);
}

const index = [];
for (const [path, item] of Object.entries(document.paths ?? {})) {
  for (const method of METHODS) {
    const operation = item?.[method];
    if (!operation) continue;
    if (typeof operation.operationId !== 'string') {
      process.stderr.write(`${method.toUpperCase()} ${path} has no operationId: every operation needs one\n`);
      process.exit(1);
    }
    index.push({
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      keyRequired: keyRequired(operation),
      namedOnly: operation['x-contract'] === 'named-only',
      deprecated: operation.deprecated === true,
    });
  }
}
const entries = index
  .map(
    (op) =>
      `  { operationId: ${JSON.stringify(op.operationId)}, method: ${JSON.stringify(op.method)}, path: ${JSON.stringify(op.path)}, ` +
      `keyRequired: ${op.keyRequired}, namedOnly: ${op.namedOnly}, deprecated: ${op.deprecated} },`,
  )
  .join('\n');
const operationsTs = `${header('Runtime index of the operations of the contract (method, path, key requirement, named-only).')}
/** One operation of the contract. */
export interface ContractOperation {
  readonly operationId: string;
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';
  /** The OpenAPI path, e.g. \`/requests/v3\`. */
  readonly path: string;
  /** The operation's security requirement has no empty alternative: \`x-api-key\` is required. */
  readonly keyRequired: boolean;
  /** Marked \`x-contract: named-only\`: the document names it without method, path or payloads. */
  readonly namedOnly: boolean;
  readonly deprecated: boolean;
}

/** Every operation of the contract, in document order. */
export const contractOperations = [
${entries}
] as const satisfies readonly ContractOperation[];
`;

const schemas = document.components?.schemas ?? {};
const eventSchemaNames = Object.keys(schemas).filter((name) => /^(Event|Ws|Webhook)[A-Z]/.test(name)).sort();
function eventSchema(name, what) {
  const schema = schemas[name];
  if (!schema) {
    process.stderr.write(`components.schemas.${name} is missing: the event helpers need its ${what}\n`);
    process.exit(1);
  }
  return schema;
}
const eventName = eventSchema('EventName', 'const').const;
const eventStatuses = eventSchema('EventRequestStatus', 'enum').enum;
const signatureHeaders = eventSchema('WebhookSignatureHeaders', 'required').required;
if (typeof eventName !== 'string' || !Array.isArray(eventStatuses) || !Array.isArray(signatureHeaders) || signatureHeaders.length !== 2) {
  process.stderr.write('EventName.const, EventRequestStatus.enum or WebhookSignatureHeaders.required has an unexpected shape\n');
  process.exit(1);
}
const eventsTs = `${header('Event payload types (Intent Status websocket, webhooks) and the constants of their schemas.')}
import type { components } from './api.js';

${eventSchemaNames
  .map((name) => `/** ${String(schemas[name].title ?? name)} (components.schemas.${name}). */\nexport type ${name} = components['schemas']['${name}'];`)
  .join('\n')}

/** The only event kind (EventName.const). */
export const EVENT_NAME = ${JSON.stringify(eventName)} as const;
/** Request statuses carried by events (EventRequestStatus.enum). */
export const EVENT_REQUEST_STATUSES = ${JSON.stringify(eventStatuses)} as const;
/** Webhook signature headers (WebhookSignatureHeaders.required): timestamp, then signature. */
export const WEBHOOK_TIMESTAMP_HEADER = ${JSON.stringify(signatureHeaders[0])} as const;
export const WEBHOOK_SIGNATURE_HEADER = ${JSON.stringify(signatureHeaders[1])} as const;
`;

const outputs = new Map([
  [resolve(outDir, 'api.ts'), apiTs],
  [resolve(outDir, 'operations.ts'), operationsTs],
  [resolve(outDir, 'events.ts'), eventsTs],
]);

if (args.check) {
  let stale = 0;
  for (const [file, content] of outputs) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      /* a missing file counts as a difference */
    }
    if (current !== content) {
      process.stderr.write(`${relative(process.cwd(), file)} is stale: run pnpm generate and commit it\n`);
      stale++;
    }
  }
  if (stale > 0) process.exit(1);
  process.stdout.write('generated files are up to date\n');
} else {
  mkdirSync(outDir, { recursive: true });
  for (const [file, content] of outputs) {
    writeFileSync(file, content);
    process.stdout.write(`wrote ${relative(process.cwd(), file)}\n`);
  }
}
