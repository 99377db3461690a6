import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { violate } from '../../src/contract/expect.js';
import { TargetUnreachableError } from '../../src/contract/types.js';
import { fakeContext, json, queryOf, route } from './fake-context.js';

describe('fake context', () => {
  it('records exchanges with operation, parsed JSON and a redacted curl', async () => {
    const ctx = fakeContext({ handler: route({ 'GET /requests/v3': (req) => json(200, { requests: [], q: queryOf(req) }) }) });
    const ex = await ctx.http.send({ method: 'GET', path: '/requests/v3', query: { limit: 5, skip: undefined } });
    expect(ex.operation).toBe('GET /requests/v3');
    expect(ex.response?.json).toEqual({ requests: [], q: { limit: '5' } });
    expect(ex.curl).toContain("x-api-key: <redacted>");
    expect(ex.request.url).toBe('http://fake.test/requests/v3?limit=5');
    expect(ctx.exchangesFor('GET /requests/v3')).toHaveLength(1);
    const miss = await ctx.http.send({ method: 'GET', path: '/nope', auth: 'none' });
    expect(miss.response?.status).toBe(404);
    expect(miss.operation).toBeUndefined();
    expect(miss.curl).not.toContain('x-api-key');
  });

  it('throws TargetUnreachableError on a transport error and records seeded exchanges', async () => {
    const ctx = fakeContext({ handler: () => ({ status: 0, transportError: 'timeout' }) });
    await expect(ctx.http.send({ method: 'GET', path: '/requests/v3' })).rejects.toBeInstanceOf(TargetUnreachableError);
    await ctx.http.record({ method: 'POST', path: '/currencies/v2', body: {} }, json(200, []));
    expect(ctx.exchangesFor('POST /currencies/v2')[0]?.response?.json).toEqual([]);
    expect(ctx.http.requests).toHaveLength(1);
  });

  it('property returns the violation and counterexample', async () => {
    const ctx = fakeContext();
    const ok = await ctx.property(fc.integer({ min: 0, max: 10 }), async () => {});
    expect(ok.ok).toBe(true);
    const bad = await ctx.property(fc.integer({ min: 0, max: 100 }), async (n) => {
      if (n > 5) violate('too big', '<= 5', String(n));
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.counterexample).toBe(6);
      expect(bad.violation.message).toBe('too big');
    }
  });
});
