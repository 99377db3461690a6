import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/resolve.js';
import { configJsonSchema } from '../../src/config/schema.js';

describe('--require must|should (CONFORMANCE_REQUIRE)', () => {
  it('is off by default; a flag, an env variable or a config file field sets it', () => {
    expect(resolveConfig({ argv: [] }).require).toBeUndefined();
    expect(resolveConfig({ argv: ['--require', 'must'] }).require).toBe('must');
    expect(resolveConfig({ argv: ['--require=should'] }).require).toBe('should');
    expect(resolveConfig({ argv: [], env: { CONFORMANCE_REQUIRE: 'must' } }).require).toBe('must');
    expect(resolveConfig({ argv: ['--require', 'should'], env: { CONFORMANCE_REQUIRE: 'must' } }).require).toBe('should');
  });
  it('a bad value is one line naming the source and the allowed values', () => {
    expect(() => resolveConfig({ argv: ['--require', 'all'] })).toThrow(/--require .*must, should/);
    expect(() => resolveConfig({ argv: [], env: { CONFORMANCE_REQUIRE: 'MUST' } })).toThrow(/CONFORMANCE_REQUIRE .*must, should/);
  });
  it('the config schema lists it with its flag and env variable', () => {
    const field = (configJsonSchema() as { properties: Record<string, { enum?: string[]; description: string }> }).properties.require!;
    expect(field.enum).toEqual(['must', 'should']);
    expect(field.description).toMatch(/Flag --require, env CONFORMANCE_REQUIRE/);
  });
});
