/**
 * Request features: the document's five examples and the live service's two more are
 * the documented known values of an OPEN set ("for example"): a record with another feature stays
 * valid, so a server sending one never fails.
 */
import { describe, expect, it } from 'vitest';
import { bundle, createSchemaValidator } from './helpers/schemas.js';

const KNOWN = ['gasless_execution', 'fast_fill', 'gas_top_up', 'app_fees', 'deposit_address', 'gasless_swap', 'fixed_rate'];

describe('RequestFeature', () => {
  const validator = createSchemaValidator();
  const schema = bundle.components.schemas['RequestFeature'] as Record<string, unknown>;

  it('lists the document\'s and the live service\'s features as known values', () => {
    expect(schema['x-known-values']).toEqual(KNOWN);
    expect(schema['examples']).toEqual(KNOWN);
    expect(schema).not.toHaveProperty('enum');
  });

  it('accepts every known value and any other string (open set), refuses a non-string', () => {
    for (const feature of [...KNOWN, 'a_feature_announced_tomorrow']) expect(validator.validate('RequestFeature', feature).valid).toBe(true);
    expect(validator.validate('RequestFeature', 7).valid).toBe(false);
  });

  it('is the item type of a v3 record\'s features', () => {
    const record = bundle.components.schemas['RequestV3'] as { properties: { features: { items: { $ref: string } } } };
    expect(record.properties.features.items.$ref).toBe('#/components/schemas/RequestFeature');
  });
});
