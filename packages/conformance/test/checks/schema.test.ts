import { describe, expect, it } from 'vitest';
import { checks, formatSchemaErrors } from '../../src/checks/schema.js';
import type { RequestSpec } from '../../src/engine/types.js';
import { fakeContext, json } from '../support/fake-context.js';
import { settle } from '../support/settle.js';

const check = checks.find((c) => c.id === 'requests-v3.response.schema')!;
const req: RequestSpec = { method: 'GET', path: '/requests/v3' };
const invalid = {
  valid: false,
  errors: [
    { instancePath: '/requests/0/requestType', schemaPath: '#/required', message: "must have required property 'requestType'" },
    { instancePath: '', schemaPath: '#/type', message: 'must be object' },
  ],
  schemaRef: 'spec.json#/components/schemas/RequestsV3Response',
};

describe('requests-v3.response.schema', () => {
  it('skips without a recorded 200, or when no schema applied', async () => {
    const ctx = fakeContext();
    await ctx.http.record(req, json(401, { message: 'key' }));
    expect(await settle(check, ctx)).toMatchObject({ status: 'skip', reason: expect.stringContaining('no 200') });
    await ctx.http.record(req, json(200, { requests: [] }));
    expect(await settle(check, ctx)).toMatchObject({ status: 'skip', reason: expect.stringContaining('no schema') });
  });

  it('passes when every validated 200 is valid, fails on the first invalid one with instancePath and message', async () => {
    const ctx = fakeContext();
    await ctx.http.record(req, { ...json(200, { requests: [] }), schema: { valid: true, errors: [] } });
    expect(await settle(check, ctx)).toMatchObject({ status: 'pass', note: '1 responses validated' });
    await ctx.http.record(req, { ...json(200, { requests: [{}] }), schema: invalid });
    await ctx.http.record(req, { ...json(200, { requests: [1] }), schema: invalid });
    const result = await settle(check, ctx);
    expect(result.status).toBe('fail');
    if (result.status === 'fail') {
      expect(result.violation.message).toContain("/requests/0/requestType must have required property 'requestType'");
      expect(result.violation.expected).toContain('RequestsV3Response');
      expect(result.violation.exchange?.seq).toBe(2);
    }
  });

  it('formats errors ajv-style, root as /', async () => {
    const ctx = fakeContext();
    const e = await ctx.http.record(req, { ...json(200, {}), schema: invalid });
    expect(formatSchemaErrors(e)).toBe("/requests/0/requestType must have required property 'requestType'; / must be object");
  });
});
