/**
 * The validator's all-errors pass is bounded: on a huge invalid body
 * it explains the first items of each array, and the whole body only when they hold no error.
 */
import { describe, expect, it } from 'vitest';
import { ResponseValidator } from '../../src/contract/validator.js';

const doc = {
  openapi: '3.1.0',
  paths: {
    '/list': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: { type: 'object', properties: { items: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } } },
              },
            },
          },
        },
      },
    },
  },
};
const v = new ResponseValidator(doc);
const verdict = (json: unknown) => v.validate('GET /list', 200, 'application/json', JSON.stringify(json), json, true)!;

describe('ResponseValidator on a huge invalid body', () => {
  it('reports the first errors, in order, from the head of a 10,000-item array', () => {
    const r = verdict({ items: Array.from({ length: 10_000 }, (_, i) => ({ id: i })) });
    expect(r.valid).toBe(false);
    expect(r.errors).toHaveLength(10);
    expect(r.errors.map((e) => e.instancePath)).toEqual(Array.from({ length: 10 }, (_, i) => `/items/${i}/id`));
  });

  it('still finds an error that lies past the head', () => {
    const items: Array<{ id: unknown }> = Array.from({ length: 500 }, (_, i) => ({ id: String(i) }));
    items[400] = { id: 400 };
    const r = verdict({ items });
    expect(r.valid).toBe(false);
    expect(r.errors.map((e) => e.instancePath)).toEqual(['/items/400/id']);
  });
});
