/**
 * specs/examples: every valid example validates against its component schema of the bundled
 * OpenAPI document, every invalid one fails at the one place where it differs from its base, and
 * every response schema of the four operations and every event message has examples (issue 2,
 * "Checks of the contract itself").
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { specFiles } from '../src/index.js';
import { exampleDirectories, exampleFiles, loadExamplesIndex, readExample } from './helpers/examples.js';
import { jsonDiff, resolvePointer } from './helpers/json-diff.js';
import { bundle, createSchemaValidator, errorPointer, formatErrors } from './helpers/schemas.js';

const validator = createSchemaValidator();
const index = loadExamplesIndex();
const directories = Object.entries(index.directories);

/** The four operations the API document describes in full. */
const OPERATIONS = ['postCurrenciesV2', 'getIntentStatus', 'getRequestsV3', 'getRequestsV2'];

function componentName(ref: unknown): string | undefined {
  return typeof ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1] : undefined;
}

/** Component schema names of the JSON responses of one operation, keyed by status code. */
function responseSchemas(operationId: string): Map<string, string | undefined> {
  for (const item of Object.values(bundle.paths ?? {})) {
    for (const op of Object.values(item) as Array<Record<string, unknown>>) {
      if (op?.operationId !== operationId) continue;
      const found = new Map<string, string | undefined>();
      for (const [status, raw] of Object.entries(op.responses as Record<string, Record<string, unknown>>)) {
        const response = (typeof raw.$ref === 'string' ? resolvePointer(bundle, raw.$ref) : raw) as Record<string, unknown>;
        const content = response.content as Record<string, { schema?: { $ref?: string } }> | undefined;
        const schema = content?.['application/json']?.schema;
        if (schema) found.set(status, componentName(schema.$ref));
      }
      return found;
    }
  }
  throw new Error(`operation ${operationId} not found in the bundle`);
}

/** Component names of every message payload and headers schema of the AsyncAPI document. */
function messageSchemas(): Map<string, string | undefined> {
  const doc = parse(readFileSync(specFiles.asyncapi, 'utf8')) as {
    components: { messages: Record<string, { payload?: { $ref?: string }; headers?: { $ref?: string } }> };
  };
  const found = new Map<string, string | undefined>();
  const name = (ref: string | undefined) => ref?.split('#/').pop();
  for (const [id, message] of Object.entries(doc.components.messages)) {
    found.set(`${id} payload`, name(message.payload?.$ref));
    if (message.headers) found.set(`${id} headers`, name(message.headers.$ref));
  }
  return found;
}

describe('examples index', () => {
  it('lists exactly the directories of specs/examples', () => {
    expect(Object.keys(index.directories).sort()).toEqual(exampleDirectories());
  });

  it.each(directories)('%s names an existing component schema', (_dir, entry) => {
    expect(validator.has(entry.schema), `unknown schema ${entry.schema}`).toBe(true);
  });

  it.each(directories)('%s holds only valid-*.json and invalid-*.json, at least one valid', (dir, entry) => {
    const files = exampleFiles(dir);
    expect(files.filter((f) => !/^(valid|invalid)-[a-z0-9-]+\.json$/.test(f))).toEqual([]);
    expect(files.some((f) => f.startsWith('valid-'))).toBe(true);
    const invalidFiles = files.filter((f) => f.startsWith('invalid-'));
    expect(Object.keys(entry.invalid ?? {}).sort(), 'every invalid file has an index entry, and no entry is stale').toEqual(invalidFiles);
  });
});

describe('coverage', () => {
  const covered = new Set(directories.map(([, entry]) => entry.schema));

  it.each(OPERATIONS)('every JSON response of %s has examples of its schema', (operationId) => {
    const responses = responseSchemas(operationId);
    expect(responses.size).toBeGreaterThan(0);
    for (const [status, schema] of responses) {
      expect(schema, `${operationId} ${status}: the response schema should be a named component`).toBeDefined();
      expect(covered.has(schema!), `${operationId} ${status}: no example directory for ${schema}`).toBe(true);
    }
  });

  it('every OpenAPI webhook request body has examples of its schema', () => {
    const webhooks = Object.entries(bundle.webhooks ?? {}) as Array<[string, Record<string, { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }>]>;
    expect(webhooks.length).toBeGreaterThan(0);
    for (const [event, item] of webhooks) {
      for (const [method, op] of Object.entries(item)) {
        const schema = componentName(op.requestBody?.content?.['application/json']?.schema?.$ref);
        expect(schema, `webhook ${event} ${method}: body should be a named component`).toBeDefined();
        expect(covered.has(schema!), `webhook ${event} ${method}: no example directory for ${schema}`).toBe(true);
      }
    }
  });

  it('every AsyncAPI message payload and headers schema has examples', () => {
    const messages = messageSchemas();
    expect(messages.size).toBeGreaterThanOrEqual(7);
    for (const [what, schema] of messages) {
      expect(schema, `${what}: not a $ref to events.yaml`).toBeDefined();
      expect(covered.has(schema!), `${what}: no example directory for ${schema}`).toBe(true);
    }
  });
});

const validCases = directories.flatMap(([dir, entry]) =>
  exampleFiles(dir)
    .filter((f) => f.startsWith('valid-'))
    .map((file) => ({ dir, file, schema: entry.schema })),
);
const invalidCases = directories.flatMap(([dir, entry]) =>
  Object.entries(entry.invalid ?? {}).map(([file, expectation]) => ({ dir, file, schema: entry.schema, ...expectation })),
);

describe('valid examples', () => {
  it.each(validCases)('$dir/$file validates against $schema', ({ dir, file, schema }) => {
    const verdict = validator.validate(schema, readExample(dir, file));
    expect(verdict.valid, formatErrors(verdict.errors)).toBe(true);
  });
});

describe('invalid examples', () => {
  it.each(invalidCases)('$dir/$file fails $schema with $keyword', ({ dir, file, schema, base, keyword }) => {
    const data = readExample(dir, file);
    expect(base.startsWith('valid-'), `base ${base} should be a valid example`).toBe(true);
    const changed = jsonDiff(readExample(dir, base), data);
    expect(changed, `${file} should differ from ${base} in exactly one place`).toHaveLength(1);
    const verdict = validator.validate(schema, data);
    expect(verdict.valid).toBe(false);
    const atChange = verdict.errors.filter((e) => errorPointer(e) === changed[0]);
    expect(
      atChange.map((e) => e.keyword),
      `expected a '${keyword}' error at '${changed[0]}', got:\n${formatErrors(verdict.errors)}`,
    ).toContain(keyword);
  });
});
