import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { startMockServer, type MockServer } from '@crosschain/mock-server';
import { openapi } from '@crosschain/specs';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseValidator } from '../../src/contract/validator.js';

const addFormats = addFormatsImport as unknown as (typeof addFormatsImport)['default'];

const doc = {
  openapi: '3.1.0',
  paths: {
    '/things/{id}': {
      get: {
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          '404': { content: { 'application/json': { schema: { type: 'object', required: ['message'] } } } },
          '4XX': { $ref: '#/components/responses/Problem' },
          default: { content: { 'text/*': { schema: { type: 'string' } } } },
          '204': { description: 'nothing' },
        },
      },
    },
  },
  components: {
    schemas: { Thing: { type: 'object', required: ['id', 'at'], properties: { id: { type: 'string' }, at: { type: 'string', format: 'date-time' } } } },
    responses: { Problem: { content: { 'application/json': { schema: { type: 'object', required: ['error'] } } } } },
  },
};

describe('ResponseValidator', () => {
  const v = new ResponseValidator(doc);
  const check = (status: number, type: string | undefined, json: unknown, isJson = true) => v.validate('GET /things/{id}', status, type, isJson ? JSON.stringify(json) : String(json), json, isJson);

  it('a missing property is a field of the error (ajv params.missingProperty), not only words of its message', () => {
    const r = check(200, 'application/json', { id: 'x' });
    expect(r?.valid).toBe(false);
    expect(r?.errors.find((e) => e.schemaPath.endsWith('/required'))).toMatchObject({ instancePath: '', missingProperty: 'at' });
    expect(check(200, 'application/json', { id: 7, at: '2026-01-01T00:00:00Z' })?.errors.every((e) => e.missingProperty === undefined)).toBe(true);
  });

  it('matches operations by method and path template', () => {
    expect(v.matchOperation('GET', '/things/42')).toBe('GET /things/{id}');
    expect(v.matchOperation('get', '/things/42/')).toBe('GET /things/{id}');
    expect(v.matchOperation('POST', '/things/42')).toBeUndefined();
    expect(v.matchOperation('GET', '/things/42/more')).toBeUndefined();
  });

  it('validates by exact status, then 4XX (through a $ref), then default', () => {
    expect(check(200, 'application/json; charset=utf-8', { id: 'a', at: '2026-10-15T12:00:00Z' })).toMatchObject({ valid: true });
    const bad = check(200, 'application/json', { id: 1, at: 'yesterday' })!;
    expect(bad.valid).toBe(false);
    expect(bad.errors.map((e) => e.instancePath).sort()).toEqual(['/at', '/id']);
    expect(check(404, 'application/json', { message: 'no' })).toMatchObject({ valid: true });
    expect(check(400, 'application/json', { message: 'no' })).toMatchObject({ valid: false, schemaRef: '#/components/responses/Problem/content/application~1json/schema' });
    expect(check(400, 'application/json', { error: 'x' })).toMatchObject({ valid: true });
    expect(check(500, 'text/plain', 'oops', false)).toMatchObject({ valid: true });
  });

  it('is content-type aware', () => {
    const wrongType = check(200, 'text/html', '<html>', false)!;
    expect(wrongType.valid).toBe(false);
    expect(wrongType.errors[0]!.message).toMatch(/content type text\/html is not one of the declared application\/json/);
    const notJson = check(200, 'application/json', '{oops', false)!;
    expect(notJson).toMatchObject({ valid: false, errors: [{ message: 'the body is not JSON' }] });
  });

  it('compiles a response schema only when a response needs it', () => {
    // The 500 schema points nowhere: compiling it would throw, so construction and the 200 must not.
    const lazy = new ResponseValidator({
      openapi: '3.1.0',
      paths: { '/x': { get: { responses: { '200': { content: { 'application/json': { schema: { type: 'object' } } } }, '500': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } } } } } } },
    });
    expect(lazy.validate('GET /x', 200, 'application/json', '{}', {}, true)).toMatchObject({ valid: true });
    expect(() => lazy.validate('GET /x', 500, 'application/json', '{}', {}, true)).toThrow(/Missing/);
  });

  it('declared responses without content: no verdict for an empty body', () => {
    expect(v.validate('GET /things/{id}', 204, undefined, '', undefined, false)).toBeUndefined();
    expect(v.validate('GET /nowhere', 200, 'application/json', '{}', {}, true)).toBeUndefined();
  });

  it('compiles the bundled contract and knows its four operations', () => {
    const real = new ResponseValidator(openapi);
    for (const op of ['POST /currencies/v2', 'GET /intents/status', 'GET /requests/v3', 'GET /requests/v2']) expect(real.operationKeys()).toContain(op);
    expect(real.validate('POST /currencies/v2', 200, 'application/json', '[]', [], true)).toMatchObject({ valid: true });
    expect(real.validate('POST /currencies/v2', 200, 'application/json', '{}', {}, true)).toMatchObject({ valid: false });
  });
});

/**
 * The fast path (first-error validator, canonical date-time shortcut) must give the verdict of the
 * plain configuration: Ajv2020 + ajv-formats full mode, all errors, every response schema by $ref.
 */
describe('ResponseValidator verdicts equal the plain ajv configuration', () => {
  // The generated standalone validators (the bundled contract); the plain configuration compiles at run time.
  const real = new ResponseValidator(openapi);
  const plain = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(plain);
  for (const name of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) if (!plain.formats[name]) plain.addFormat(name, true);
  plain.addSchema({ ...openapi, $id: 'openapi.json' } as object, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const reference = (schemaRef: string, json: unknown): boolean => {
    let fn = compiled.get(schemaRef);
    if (!fn) compiled.set(schemaRef, (fn = plain.compile({ $ref: `openapi.json${schemaRef}` })));
    return fn(json) as boolean;
  };
  /** The kit's verdict, checked against the reference; returns it. */
  const judge = (operation: string, status: number, json: unknown): boolean => {
    const verdict = real.validate(operation, status, 'application/json', '(body)', json, true);
    expect(verdict?.schemaRef, `${operation} ${status} has a schema`).toBeDefined();
    expect(verdict!.valid).toBe(reference(verdict!.schemaRef!, json));
    return verdict!.valid;
  };

  const examplesDir = join(dirname(createRequire(import.meta.url).resolve('@crosschain/specs/package.json')), 'examples');
  const read = (dir: string, file: string): unknown => JSON.parse(readFileSync(join(examplesDir, dir, file), 'utf8'));
  const v3Page = read('requests-v3-response', 'valid-middle-page-with-total.json') as Record<string, unknown>;
  const v2Page = read('requests-v2-response', readdirSync(join(examplesDir, 'requests-v2-response')).find((f) => f.startsWith('valid-'))!) as Record<string, unknown>;
  /** Example directory -> how its files are sent as a response (operation, status, wrapping). */
  const asResponse: Record<string, [string, number, (x: unknown) => unknown]> = {
    'currencies-v2-response': ['POST /currencies/v2', 200, (x) => x],
    currency: ['POST /currencies/v2', 200, (x) => [x]],
    'intent-status': ['GET /intents/status', 200, (x) => x],
    'requests-v3-response': ['GET /requests/v3', 200, (x) => x],
    'request-v3': ['GET /requests/v3', 200, (x) => ({ ...v3Page, requests: [x] })],
    'requests-v2-response': ['GET /requests/v2', 200, (x) => x],
    'request-v2': ['GET /requests/v2', 200, (x) => ({ ...v2Page, requests: [x] })],
    'requests-v2-rate-limited': ['GET /requests/v2', 429, (x) => x],
    'requests-v2-retired': ['GET /requests/v2', 410, (x) => x],
    'error-body': ['GET /requests/v3', 400, (x) => x],
  };

  it('on every example of the specs (valid-* valid, invalid-* invalid)', () => {
    let seen = 0;
    for (const [dir, [operation, status, wrap]] of Object.entries(asResponse)) {
      for (const file of readdirSync(join(examplesDir, dir)).filter((f) => f.endsWith('.json'))) {
        const valid = judge(operation, status, wrap(read(dir, file)));
        expect(valid, `${dir}/${file}`).toBe(file.startsWith('valid-'));
        seen += 1;
      }
    }
    expect(seen).toBeGreaterThan(40);
  });

  describe('on the reference server responses and their mutations', () => {
    const bodies: Array<[string, number, unknown]> = [];
    let server: MockServer | undefined;
    beforeAll(async () => {
      server = await startMockServer({ records: 300, seed: 3, now: '2026-11-21T12:00:00.000Z', quiet: true });
      const get = async (path: string, init?: RequestInit) => {
        const res = await fetch(`${server!.url}${path}`, { ...init, headers: { 'x-api-key': 'demo-key', 'content-type': 'application/json', ...init?.headers } });
        return [res.status, await res.json()] as const;
      };
      for (const query of ['limit=50', 'limit=20&includeTotal=true&sortBy=amountUsd', 'limit=50&status=refund', 'limit=5&includeAuthenticatedData=true']) {
        const [status, json] = await get(`/requests/v3?${query}`);
        bodies.push(['GET /requests/v3', status, json]);
      }
      bodies.push(['GET /requests/v3', ...(await get('/requests/v3?status=delayed'))]);
      bodies.push(['POST /currencies/v2', ...(await get('/currencies/v2', { method: 'POST', body: '{"limit":100}' }))]);
      const first = (bodies[0]![2] as { requests: Array<{ id: string }> }).requests[0]!.id;
      bodies.push(['GET /intents/status', ...(await get(`/intents/status?requestId=${first}`))]);
      bodies.push(['GET /requests/v2', ...(await get('/requests/v2?limit=20'))]);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('as served', () => {
      expect(bodies).toHaveLength(8);
      for (const [operation, status, json] of bodies) expect(judge(operation, status, json), `${operation} ${status}`).toBe(true);
    });

    it('with one value replaced anywhere (fast-check)', () => {
      const leaf = fc.oneof(
        fc.constantFrom(null, 'N/A', '', '1.5', '-0', '1e3', 12, -1, 0.5, true, {}, [], '2026-02-30T00:00:00Z', '2026-11-21T23:59:60Z', '2026-11-21T12:00:00', '2026-11-21 12:00:00+01:00'),
        fc.string({ maxLength: 6 }),
      );
      let invalid = 0;
      const slotsOf: Array<Array<[object, string | number]>> = [];
      fc.assert(
        fc.property(fc.nat({ max: bodies.length - 1 }), fc.nat(), leaf, (which, at, value) => {
          const [operation, status, json] = bodies[which]!;
          const slots = (slotsOf[which] ??= containers(json));
          if (slots.length === 0) return;
          const [holder, key] = slots[at % slots.length]! as [Record<string | number, unknown>, string | number];
          const original = holder[key];
          holder[key] = value;
          try {
            if (!judge(operation, status, json)) invalid += 1;
          } finally {
            holder[key] = original;
          }
        }),
        { numRuns: 400, seed: 11 },
      );
      expect(invalid).toBeGreaterThan(100);
    });
  });
});

/** Every (container, key) pair of a JSON value, depth first. */
function containers(value: unknown, out: Array<[object, string | number]> = []): Array<[object, string | number]> {
  if (Array.isArray(value)) value.forEach((v, i) => (out.push([value, i]), containers(v, out)));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push([value, k]), containers(v, out);
  return out;
}
