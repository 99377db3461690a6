import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v2-plain.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { fakeContext, json, queryOf, route } from '../support/fake-context.js';
import { checkById } from '../support/check-cases.js';
import { settle } from '../support/settle.js';

const plain = checkById(checks, 'requests-v2.plain-call');
const perKey = checkById(checks, 'requests-v2.rate-limit.per-key');
const NOW = new Date('2026-10-15T12:00:00Z');

/** A v2 listing; `noLimit` answers a request without limit; a quota of `quota` requests per key (or per address, `shared`). */
function v2(options: { noLimit?: number; quota?: number; shared?: boolean } = {}) {
  const used = new Map<string, number>();
  return route({
    'GET /requests/v2': (req: RequestSpec) => {
      if (queryOf(req).limit === undefined && options.noLimit !== undefined) return json(options.noLimit, { message: 'boom' });
      const caller = options.shared ? 'address' : String(req.auth ?? 'primary');
      used.set(caller, (used.get(caller) ?? 0) + 1);
      if (options.quota !== undefined && used.get(caller)! > options.quota) return json(429, { message: 'slow down' });
      return json(200, { requests: [], deprecation: {} });
    },
  });
}

const ctxOf = (handler: ReturnType<typeof v2>, config: Record<string, unknown> = {}) => fakeContext({ handler, discovery: { targetNow: NOW }, config: { v2ProbeRequests: 5, hasOtherApiKey: true, ...config } });

describe('requests-v2.plain-call', () => {
  it('passes a v2 that serves the key alone, sending neither limit nor window', async () => {
    const ctx = ctxOf(v2());
    expect(await settle(plain, ctx)).toMatchObject({ status: 'pass' });
    expect(queryOf(ctx.http.requests[0]!)).toEqual({});
  });
  it('fails a 500 to a call without limit', async () => {
    const result = await settle(plain, ctxOf(v2({ noLimit: 500 })));
    expect(result.status).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/a plain call \(the key alone, no limit, no time window/);
  });
  it('accepts a 429 while throttled', async () => {
    expect(await settle(plain, ctxOf(v2({ noLimit: 429 })))).toMatchObject({ status: 'pass' });
  });
  it('skips once v2 is retired by the target clock', async () => {
    const ctx = fakeContext({ handler: v2({ noLimit: 500 }), discovery: { targetNow: new Date('2026-12-01T00:00:00Z') } });
    expect(await settle(plain, ctx)).toMatchObject({ status: 'skip' });
  });
});

describe('requests-v2.rate-limit.per-key', () => {
  it('passes when the other key is served once the first is throttled', async () => {
    expect(await settle(perKey, ctxOf(v2({ quota: 2 })))).toMatchObject({ status: 'pass' });
  });
  it('fails when the throttle is shared by the keys of one address', async () => {
    const result = await settle(perKey, ctxOf(v2({ quota: 2, shared: true })));
    expect(result.status).toBe('fail');
    expect(JSON.stringify(result)).toMatch(/Rate limits are per API key/);
  });
  it('passes a busy moment: the other key refused once (a 429 any request may get), then served', async () => {
    const throttled = v2({ quota: 2 });
    let otherAsks = 0;
    const handler = route({
      'GET /requests/v2': (req: RequestSpec, url: URL) => {
        if (req.auth === 'other' && ++otherAsks === 1) return json(429, { message: 'busy' });
        return throttled(req, url);
      },
    });
    const ctx = ctxOf(handler);
    const result = await settle(perKey, ctx);
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'pass', note: expect.stringMatching(/answered 200 on ask 2 of 3 \(a 429 before it/) });
    expect(otherAsks).toBe(2);
  });
  it('fails when the other key is refused on each of three asks, and says so', async () => {
    const result = await settle(perKey, ctxOf(v2({ quota: 2, shared: true })));
    expect(result.status === 'fail' && result.violation.received).toMatch(/to each of 3 requests in a row/);
  });
  it('skips without a 429 to start from (no probe asked)', async () => {
    expect((await settle(perKey, ctxOf(v2({ quota: 2 }), { v2ProbeRequests: 0 }))).status).toBe('skip');
  });
});
