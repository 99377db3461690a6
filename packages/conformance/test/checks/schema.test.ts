import { describe, expect, it } from 'vitest';
import { checks, formatSchemaErrors } from '../../src/checks/schema.js';
import type { RequestSpec } from '../../src/contract/types.js';
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

describe('requests-v3.response.schema with records under another wrapper field (the document names none beyond `total`)', () => {
  const missing = { valid: false, errors: [{ instancePath: '', schemaPath: '#/required', message: "must have required property 'requests'" }], schemaRef: 'RequestsV3Response' };

  it('passes when the records read as `requests` are valid, and says where they were read from', async () => {
    const ctx = fakeContext();
    await ctx.http.record(req, { ...json(200, { items: [{ id: 'a' }], next: 'c' }), schema: missing, listSchema: { valid: true, errors: [], schemaRef: 'RequestsV3Response' } });
    await ctx.http.record(req, { ...json(200, { requests: [] }), schema: { valid: true, errors: [] } });
    expect(await settle(check, ctx)).toMatchObject({ status: 'pass', note: expect.stringMatching(/^2 responses validated \(records read from `items`/) });
  });

  it('fails when a record read from `items` is invalid, the path naming `items`', async () => {
    const ctx = fakeContext();
    const bad = { valid: false, errors: [{ instancePath: '/requests/0/requestType', schemaPath: '#/required', message: "must have required property 'requestType'" }], schemaRef: 'RequestsV3Response' };
    await ctx.http.record(req, { ...json(200, { items: [{}] }), schema: missing, listSchema: bad });
    const result = await settle(check, ctx);
    expect(result.status).toBe('fail');
    if (result.status === 'fail') {
      expect(result.violation.message).toContain("/items/0/requestType must have required property 'requestType'");
      expect(result.violation.expected).toContain('records read from `items`');
    }
  });

  it('still fails when no single array field holds the records (nothing to read them from)', async () => {
    const ctx = fakeContext();
    await ctx.http.record(req, { ...json(200, { a: [], b: [] }), schema: missing, listSchema: { valid: true, errors: [] } });
    const result = await settle(check, ctx);
    expect(result.status).toBe('fail');
    if (result.status === 'fail') expect(result.violation.message).toContain("must have required property 'requests'");
  });
});

describe('requests-v3.response.wrapper-fields (SHOULD, live facts §1.3)', () => {
  const wrapper = checks.find((c) => c.id === 'requests-v3.response.wrapper-fields')!;

  it('skips without a JSON 200; passes on `requests` and `continuation`', async () => {
    const ctx = fakeContext();
    await ctx.http.record(req, json(401, { message: 'key' }));
    await ctx.http.record(req, { status: 200, bodyText: '<html>' });
    expect(await settle(wrapper, ctx)).toMatchObject({ status: 'skip', reason: expect.stringContaining('no JSON 200') });
    await ctx.http.record(req, json(200, { requests: [{ id: 'a' }], continuation: 'c' }));
    await ctx.http.record(req, json(200, { requests: [], total: 0 }));
    expect(await settle(wrapper, ctx)).toMatchObject({ status: 'pass', note: '2 responses with `requests`, 1 of them with a `continuation` cursor' });
  });

  it.each([
    ['records under `items`', { items: [{ id: 'a' }] }, /top-level array `requests`/, 'the records under `items`'],
    ['no array of records', { a: [], b: [] }, /top-level array `requests`/, 'no top-level array of records'],
    ['a cursor under `next`', { requests: [{ id: 'a' }], next: 'c' }, /top-level string `continuation`/, 'the cursor under `next`'],
  ])('fails (a SHOULD: warn) on %s', async (_name, body, message, received) => {
    const ctx = fakeContext({ discovery: { cursorField: 'next' } });
    await ctx.http.record(req, json(200, { requests: [] }));
    await ctx.http.record(req, json(200, body));
    const result = await settle(wrapper, ctx);
    expect(result.status).toBe('fail');
    if (result.status === 'fail') {
      expect(result.violation.message).toMatch(message);
      expect(result.violation.received).toContain(received);
      expect(result.violation.exchange?.seq).toBe(2);
    }
  });
});

describe('families of the response checks', () => {
  it('every *.response.* check sits in a family of its operation, as the v2, currencies and intents ones do', async () => {
    const { allChecks } = await import('../../src/checks/index.js');
    const responses = allChecks.filter((c) => /\.response\./.test(c.id));
    expect(responses.map((c) => c.id)).toContain('requests-v3.response.schema');
    for (const c of responses) expect(c.family.split('.')[0], c.id).toBe(c.id.split('.')[0]);
    expect(allChecks.some((c) => c.family === 'schema')).toBe(false);
  });
});
