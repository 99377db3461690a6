import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/requests-v2.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { fakeContext, json, queryOf, route, type FakeResponse } from '../support/fake-context.js';
import { checkById, passesThenFailsOn } from '../support/check-cases.js';
import { settle } from '../support/settle.js';

type Fault =
  | 'deprecation-http-date'
  | 'sunset-bad-weekday'
  | 'link-no-sunset'
  | 'link-successor-v2'
  | 'no-expose'
  | 'no-headers-on-errors'
  | 'no-deprecation-object'
  | 'deprecation-date-not-iso'
  | 'body-dates-differ'
  | 'retry-after'
  | '429-no-successor'
  | 'gone'
  | 'throttle-430'
  | 'needs-sort-direction';

const GUIDE = 'https://docs.example/migrating-to-requests-v3';

function headers(fault?: Fault): Record<string, string> {
  return {
    deprecation: fault === 'deprecation-http-date' ? 'Wed, 22 Jul 2026 00:00:00 GMT' : '@1784678400',
    sunset: fault === 'sunset-bad-weekday' ? 'Mon, 24 Nov 2026 00:00:00 GMT' : 'Tue, 24 Nov 2026 00:00:00 GMT',
    link: [
      `<${GUIDE}>; rel="deprecation"`,
      ...(fault === 'link-no-sunset' ? [] : [`<${GUIDE}>; rel="sunset"`]),
      `<${fault === 'link-successor-v2' ? '/requests/v2' : 'https://api.example/requests/v3'}>; rel="successor-version"`,
    ].join(', '),
    ...(fault === 'no-expose' ? {} : { 'access-control-expose-headers': 'Deprecation, Sunset, Link' }),
  };
}

const DEPRECATION = {
  message: 'GET /requests/v2 is deprecated.',
  deprecatedAt: '2026-07-22T00:00:00Z',
  throttledFrom: '2026-09-01T00:00:00Z',
  sunsetAt: '2026-11-24T00:00:00Z',
  successor: 'https://api.example/requests/v3',
  migrationGuide: GUIDE,
};

/** A conformant GET /requests/v2: 400 for bad params, a 429 from the `throttleAfter`-th request on. */
function v2(fault?: Fault, throttleAfter = Infinity) {
  let served = 0;
  return (req: RequestSpec): FakeResponse => {
    served++;
    const q = queryOf(req);
    const h = fault === 'no-headers-on-errors' ? {} : headers(fault);
    if (fault === 'gone') return json(410, { message: 'gone' }, h);
    if (served > throttleAfter) {
      const body = { message: 'You reached the rate limit', ...(fault === '429-no-successor' ? {} : { successor: 'https://api.example/requests/v3' }), migrationGuide: GUIDE };
      return json(fault === 'throttle-430' ? 430 : 429, body, { ...h, ...(fault === 'retry-after' ? { 'retry-after': '60' } : {}) });
    }
    if (fault === 'needs-sort-direction' && q.sortDirection === undefined) return json(400, { message: 'sortDirection is required' }, h);
    if (q.limit !== undefined && !/^\d+$/.test(q.limit)) return json(400, { message: 'bad limit' }, h);
    let deprecation: Record<string, unknown> | undefined = DEPRECATION;
    if (fault === 'no-deprecation-object') deprecation = undefined;
    if (fault === 'deprecation-date-not-iso') deprecation = { ...DEPRECATION, sunsetAt: 'Nov 24, 2026' };
    if (fault === 'body-dates-differ') deprecation = { ...DEPRECATION, sunsetAt: '2026-12-01T00:00:00Z' };
    return json(200, { requests: [], ...(deprecation ? { deprecation } : {}) }, headers(fault));
  };
}

function ctxFor(fault?: Fault, opts: { now?: string; probe?: number; throttleAfter?: number } = {}) {
  return fakeContext({
    handler: route({ 'GET /requests/v2': v2(fault, opts.throttleAfter) }),
    discovery: { targetNow: new Date(opts.now ?? '2026-10-01T00:00:00Z') },
    config: { v2ProbeRequests: opts.probe ?? 0 },
  });
}

const byId = (id: string) => checkById(checks, id);

describe('requests-v2 checks', () => {
  passesThenFailsOn(
    checks,
    [
      ['requests-v2.deprecation.header', 'deprecation-http-date', 'Deprecation header'],
      ['requests-v2.deprecation.sunset', 'sunset-bad-weekday', 'Sunset header'],
      ['requests-v2.deprecation.link', 'link-no-sunset', 'Link header'],
      ['requests-v2.deprecation.link', 'link-successor-v2', 'Link header'],
      ['requests-v2.deprecation.expose-headers', 'no-expose', 'Access-Control-Expose-Headers'],
      ['requests-v2.deprecation.on-errors', 'no-headers-on-errors', 'including 4xx and 5xx'],
      ['requests-v2.deprecation.body-object', 'no-deprecation-object', '`deprecation` object'],
      ['requests-v2.deprecation.body-object', 'deprecation-date-not-iso', 'ISO 8601'],
      ['requests-v2.deprecation.consistent', 'body-dates-differ', 'timeline'],
      ['requests-v2.timeline', 'gone', 'keeps working'],
    ],
    ctxFor,
    { in: 'url', text: '/requests/v2' },
  );

  it('the Origin header is sent so CORS headers show', async () => {
    const ctx = ctxFor();
    await settle(byId('requests-v2.deprecation.expose-headers'), ctx);
    expect(ctx.http.requests[0]?.headers?.origin).toBeDefined();
  });

  it.each([
    ['requests-v2.rate-limit.body', '429-no-successor', 'successor'],
    ['requests-v2.rate-limit.no-retry-after', 'retry-after', 'Retry-After'],
  ] as const)('%s probes for a 429 and fails on %s', async (id, fault, message) => {
    expect(await settle(byId(id), ctxFor(undefined, { probe: 3, throttleAfter: 2 }))).toMatchObject({ status: 'pass' });
    const bad = await settle(byId(id), ctxFor(fault, { probe: 3, throttleAfter: 2 }));
    expect(bad.status).toBe('fail');
    if (bad.status === 'fail') expect(bad.violation.message).toContain(message);
  });

  it('rate-limit checks skip when no 429 is seen, and never probe beyond the budget', async () => {
    const none = ctxFor(undefined, { probe: 0, throttleAfter: 1 });
    expect(await settle(byId('requests-v2.rate-limit.body'), none)).toEqual({ status: 'skip', reason: 'no 429 observed (the run was not asked to probe the v2 throttle: --v2-probe-requests)' });
    expect(none.http.requests).toHaveLength(0);
    // Asked to probe, throttled by the target's clock, never reached: inconclusive, not a pass.
    const budget = ctxFor(undefined, { probe: 4 });
    expect(await settle(byId('requests-v2.rate-limit.no-retry-after'), budget)).toEqual({ status: 'skip', cause: 'inconclusive', reason: 'inconclusive: the v2 throttle was not reached in 4 requests (--v2-probe-requests 4); raise it to test the 429' });
    expect(budget.http.requests).toHaveLength(4);
    expect(budget.http.requests.every((r) => r.acceptRateLimit === true)).toBe(true);
    // Before the throttle date by the target's clock there is no throttle to reach.
    const early = ctxFor(undefined, { probe: 2, now: '2026-08-15T00:00:00Z' });
    expect(await settle(byId('requests-v2.rate-limit.body'), early)).toEqual({ status: 'skip', reason: 'no 429 observed: v2 is throttled only from 2026-09-01 (target clock 2026-08-15T00:00:00.000Z)' });
  });

  it('a throttle answering 430 instead of 429 fails both rate-limit checks', async () => {
    for (const id of ['requests-v2.rate-limit.body', 'requests-v2.rate-limit.no-retry-after']) {
      const result = await settle(byId(id), ctxFor('throttle-430', { probe: 6, throttleAfter: 2 }));
      expect(result).toMatchObject({ status: 'fail', violation: { message: expect.stringContaining('must be a 429'), received: expect.stringContaining('answered 430') } });
    }
  });

  it('timeline: v2 refusing a plain query (no sortDirection) is not "keeps working"', async () => {
    expect(await settle(byId('requests-v2.timeline'), ctxFor())).toMatchObject({ status: 'pass' });
    // Throttled after a served request: still working.
    const served = ctxFor(undefined, { throttleAfter: 1 });
    await served.http.send({ method: 'GET', path: '/requests/v2', query: { limit: 1 } });
    expect(await settle(byId('requests-v2.timeline'), served)).toMatchObject({ status: 'pass' });
    // Every request of the run refused with 429: not working against the embedded server, untested elsewhere (mutation deprecation.ts:74).
    expect(await settle(byId('requests-v2.timeline'), ctxFor(undefined, { throttleAfter: 0 }))).toMatchObject({ status: 'fail', violation: { received: expect.stringContaining('every v2 request of the run was refused with 429') } });
    const remote = fakeContext({ handler: route({ 'GET /requests/v2': v2(undefined, 0) }), discovery: { targetNow: new Date('2026-10-01T00:00:00Z') }, config: { v2ProbeRequests: 0, embedded: false } });
    expect(await settle(byId('requests-v2.timeline'), remote)).toMatchObject({ status: 'skip', cause: 'inconclusive' });
    expect(await settle(byId('requests-v2.timeline'), ctxFor('needs-sort-direction'))).toMatchObject({ status: 'fail', violation: { received: expect.stringContaining('400') } });
  });

  it('body checks read an earlier 200 when v2 is throttled now (also after compaction)', async () => {
    const ctx = ctxFor(undefined, { throttleAfter: 1 });
    const first = await ctx.http.send({ method: 'GET', path: '/requests/v2' });
    first.response!.json = undefined;
    first.response!.truncated = false;
    expect(await settle(byId('requests-v2.deprecation.body-object'), ctx)).toMatchObject({ status: 'pass' });
    expect(ctx.http.exchanges.at(-1)?.response?.status).toBe(429);
    const none = ctxFor(undefined, { throttleAfter: 0 });
    expect(await settle(byId('requests-v2.deprecation.consistent'), none)).toMatchObject({ status: 'skip', reason: expect.stringContaining('429') });
  });

  it('on-errors skips when no error can be provoked', async () => {
    const lenient = fakeContext({ handler: route({ 'GET /requests/v2': () => json(200, { requests: [], deprecation: DEPRECATION }, headers()) }) });
    expect(await settle(byId('requests-v2.deprecation.on-errors'), lenient)).toMatchObject({ status: 'skip' });
  });

  it('after the sunset date (target clock) every v2 check skips with the retirement reason, even on a 410', async () => {
    for (const check of checks.filter((c) => c.id !== 'requests-v2.retired')) {
      const ctx = ctxFor('gone', { now: '2026-11-24T00:00:01Z', probe: 3 });
      const result = await settle(check, ctx);
      expect(result).toEqual({ status: 'skip', reason: 'v2 retired on 2026-11-24 (target clock 2026-11-24T00:00:01.000Z)', cause: 'v2-retired' });
      expect(ctx.http.requests).toHaveLength(0);
    }
  });
});

describe('requests-v2.retired (the retirement answer, by the target clock)', () => {
  const check = byId('requests-v2.retired');
  const after = '2026-11-24T00:00:01Z';
  const answering = (reply: FakeResponse, embedded = false) =>
    fakeContext({ handler: route({ 'GET /requests/v2': () => reply }), discovery: { targetNow: new Date(after) }, config: { embedded } });
  const body = { message: 'GET /requests/v2 was retired', successor: 'https://api.example/requests/v3', migrationGuide: GUIDE };

  it('skips before the sunset, sending nothing, with cause date-fixed (a --require gate before the sunset is not left inconclusive by a date it cannot change)', async () => {
    const ctx = ctxFor(undefined, { now: '2026-11-23T23:59:59Z' });
    expect(await settle(check, ctx)).toMatchObject({ status: 'skip', cause: 'date-fixed', reason: expect.stringContaining('not retired yet') });
    expect(ctx.http.requests).toHaveLength(0);
  });

  it('passes a 410 with the deprecation headers, and a bare 404 (the route removed)', async () => {
    expect(await settle(check, answering(json(410, body, headers())))).toMatchObject({ status: 'pass' });
    expect(await settle(check, answering(json(404, { message: 'not found' })))).toMatchObject({ status: 'pass' });
  });

  it('fails v2 still serving, a 429 or a 5xx, and a 410 without the deprecation headers', async () => {
    for (const reply of [json(200, { requests: [], deprecation: DEPRECATION }, headers()), json(429, body, headers()), json(503, body, headers())]) {
      expect(await settle(check, answering(reply))).toMatchObject({ status: 'fail', violation: { message: expect.stringContaining('no longer serve') } });
    }
    expect(await settle(check, answering(json(410, body)))).toMatchObject({ status: 'fail', violation: { message: expect.stringContaining('deprecation headers') } });
  });

  it("holds the embedded reference server to its documented answer: 410 with the 429's body", async () => {
    expect(await settle(check, answering(json(410, body, headers()), true))).toMatchObject({ status: 'pass' });
    expect(await settle(check, answering(json(404, body), true))).toMatchObject({ status: 'fail', violation: { message: expect.stringContaining('410 Gone') } });
    expect(await settle(check, answering(json(410, { message: 'gone' }, headers()), true))).toMatchObject({ status: 'fail', violation: { message: expect.stringContaining('body of the 429') } });
  });
});

describe('requests-v2.response.wrapper-fields (SHOULD, live facts §1.3)', () => {
  const check = byId('requests-v2.response.wrapper-fields');
  const v2req: RequestSpec = { method: 'GET', path: '/requests/v2' };

  it('passes on `requests`, warns on records under `items`, skips after the sunset', async () => {
    const ctx = ctxFor();
    await ctx.http.record(v2req, json(200, { requests: [], deprecation: DEPRECATION }));
    expect(await settle(check, ctx)).toMatchObject({ status: 'pass' });
    await ctx.http.record(v2req, json(200, { items: [{ id: 'a' }], deprecation: DEPRECATION }));
    const result = await settle(check, ctx);
    expect(result.status).toBe('fail');
    if (result.status === 'fail') expect(result.violation.received).toBe('the records under `items`');
    const retired = ctxFor(undefined, { now: '2026-12-01T00:00:00Z' });
    await retired.http.record(v2req, json(200, { items: [] }));
    expect(await settle(check, retired)).toMatchObject({ status: 'skip', reason: expect.stringContaining('retired') });
  });
});

describe('requests-v2.record.referrer (Versioning: v2 root referrer, v3 data.referrer)', () => {
  const ID = '0x' + 'ab'.repeat(32);
  /** v3 shows the owner `data.referrer` with includeAuthenticatedData=true; v2 answers by id, with or without the root referrer. */
  function target(v2Record: Record<string, unknown> | undefined, v3Referrer: string | null = 'relay.example') {
    const v3 = (req: RequestSpec): FakeResponse => {
      const q = queryOf(req);
      const data = q.includeAuthenticatedData === 'true' && v3Referrer !== null ? { referrer: v3Referrer } : {};
      return json(200, { requests: [{ id: ID, status: 'success', data }] });
    };
    const v2 = (req: RequestSpec): FakeResponse => {
      const q = queryOf(req);
      const requests = q.id === ID && v2Record ? [{ id: ID, status: 'success', ...v2Record }] : [];
      return json(200, { requests, deprecation: DEPRECATION }, headers());
    };
    return fakeContext({ handler: route({ 'GET /requests/v3': v3, 'GET /requests/v2': v2 }), discovery: { targetNow: new Date('2026-10-01T00:00:00Z') } });
  }
  const check = () => byId('requests-v2.record.referrer');

  it('passes when the owner sees the same referrer at the root of the v2 record; asks v2 by id with includeAuthenticatedData', async () => {
    const ctx = target({ referrer: 'relay.example' });
    expect(await settle(check(), ctx)).toMatchObject({ status: 'pass' });
    const asked = ctx.http.requests.find((r) => r.path === '/requests/v2')!;
    expect(queryOf(asked)).toMatchObject({ id: ID, includeAuthenticatedData: 'true' });
    expect(queryOf(asked).startTimestamp).toBeUndefined();
  });

  it('fails a v2 record without the root referrer, or with another one', async () => {
    for (const record of [{}, { referrer: 'other.example' }]) {
      const r = await settle(check(), target(record));
      expect(r.status).toBe('fail');
      if (r.status === 'fail') expect(r.violation.message).toContain('referrer at its root');
    }
  });

  it('skips, sending nothing to v2, when no request shows the key a data.referrer; skips when v2 does not return the request', async () => {
    const none = target({}, null);
    expect(await settle(check(), none)).toMatchObject({ status: 'skip', reason: expect.stringContaining('no referrer to look for') });
    expect(none.http.requests.some((r) => r.path === '/requests/v2')).toBe(false);
    expect(await settle(check(), target(undefined))).toMatchObject({ status: 'skip', reason: expect.stringContaining('did not return the request') });
  });
});
