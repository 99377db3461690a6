import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { FIELDS } from '../../src/config/fields.js';
import { configJsonSchema, shippedConfigSchema } from '../../src/config/schema.js';

describe('config.schema.json', () => {
  it('the shipped file is the one generated from FIELDS (regenerate: node scripts/write-config-schema.mjs)', () => {
    expect(shippedConfigSchema).toEqual(configJsonSchema());
  });

  it('has one property per option, and accepts what the config file accepts', () => {
    const schema = configJsonSchema() as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties).filter((k) => k !== 'mockFault').sort()).toEqual([...new Set(FIELDS.map((f) => f.key))].sort());
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    expect(validate({ baseUrl: 'https://staging.example.com', apiKey: '${API_KEY}', only: ['requests-v3.paging'], skip: 'requests-v2.*', shard: '1/4', strict: true, maxFailures: 3 })).toBe(true);
    expect(validate({ numRuns: 0 })).toBe(false);
    expect(validate({ shard: 'first' })).toBe(false);
    expect(validate({ nope: 1 })).toBe(false);
  });
});
