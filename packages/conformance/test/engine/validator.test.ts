import { openapi } from '@crosschain/specs';
import { describe, expect, it } from 'vitest';
import { ResponseValidator } from '../../src/engine/validator.js';

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
