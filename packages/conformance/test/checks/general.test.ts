import { describe, expect, it } from 'vitest';
import { badInputs, checks, schemaGroups, sweep, type BadInput } from '../../src/checks/general.js';
import { V3_PARAMS } from '../../src/oracles/parameters.js';
import type { RequestSpec } from '../../src/contract/types.js';
import { bodyOf, fakeContext, json, queryOf, route, type FakeHandler, type FakeResponse } from '../support/fake-context.js';
import { checkById } from '../support/check-cases.js';
import { settle } from '../support/settle.js';
import fc from 'fast-check';
import { BODY_PROPERTIES, QUERY_PARAMETERS, openapi } from '@crosschain/specs';

const byId = (id: string) => checkById(checks, id);

/** A server that validates strictly: anything odd is a 400 with a JSON message. */
const strict: FakeHandler = (req) => {
  const q = queryOf(req);
  if (Object.values(q).some((v) => v.length > 100 || /[^\w:.,-]/.test(v))) return json(400, { message: 'bad parameter' });
  if (req.method === 'POST' && (typeof bodyOf(req) !== 'object' || bodyOf(req) === null || Array.isArray(bodyOf(req)))) return json(400, { message: 'bad body' });
  return json(200, req.method === 'POST' ? [] : { requests: [] });
};

type Fault = 'limit-500' | 'currencies-field-500' | 'hang-on-filters';

function faulty(fault: Fault): FakeHandler {
  return (req, url) => {
    const q = queryOf(req);
    if (fault === 'limit-500' && req.path === '/requests/v3' && q.limit === 'abc') return json(500, { message: 'NaN' });
    if (fault === 'hang-on-filters' && q.filters !== undefined) return { status: 0, transportError: 'timeout after 10000 ms' };
    if (fault === 'currencies-field-500' && req.method === 'POST') {
      const b = bodyOf(req);
      const canonical = sweepBodies.has(JSON.stringify(b));
      if (!canonical && b !== null && typeof b === 'object' && !Array.isArray(b) && Object.keys(b).length > 0) return json(500, { message: 'boom' });
    }
    return strict(req, url);
  };
}

const sweepBodies = new Set(
  sweep(fakeContext()).filter((i) => i.req.method === 'POST').map((i) => (typeof i.req.body === 'string' ? i.req.body : JSON.stringify(i.req.body))),
);

describe('general.no-server-error-on-bad-input', () => {
  const check = byId('general.no-server-error-on-bad-input');

  /** The parameters (or body fields) of `path` an input probes: its own and those of its schema group. */
  const covered = (inputs: BadInput[], path: string) =>
    new Set(inputs.filter((i) => i.req.path === path).flatMap((i) => [...Object.keys(i.req.query ?? {}), ...(typeof i.req.body === 'object' && i.req.body !== null ? Object.keys(i.req.body) : []), ...(i.covers ?? [])]));

  it('the sweep covers every parameter of v3 and v2, every currencies body field, and the status id', () => {
    const inputs = sweep(fakeContext());
    const v3 = covered(inputs, '/requests/v3');
    for (const p of ['term', 'filters', 'continuation', 'limit', 'sortBy', 'sortDirection', 'includeTotal', 'amountUsdMin', 'fillTimeMax', 'features', 'privateChainsToInclude']) expect(v3).toContain(p);
    expect([...covered(inputs, '/currencies/v2')]).toEqual(expect.arrayContaining(Object.keys(BODY_PROPERTIES['POST /currencies/v2'])));
    expect(covered(inputs, '/requests/v2').size).toBeGreaterThan(15);
    expect(inputs.filter((i) => i.req.path === '/intents/status').length).toBe(4);
    expect(inputs.some((i) => i.req.body === '{not json')).toBe(true);
    expect(inputs.filter((i) => typeof i.req.auth === 'object').map((i) => i.req.path)).toEqual(['/requests/v3', '/currencies/v2', '/intents/status']);
  });

  it('the sweep sends continuations that decode to JSON other than a cursor and filters groups with an unknown key (or not: of one)', () => {
    const v3 = sweep(fakeContext()).filter((i) => i.req.path === '/requests/v3').map((i) => i.req.query ?? {});
    const decoded = v3.flatMap((q) => (typeof q.continuation === 'string' ? [Buffer.from(q.continuation, 'base64url').toString('utf8')] : []));
    for (const json of ['null', '[]', '{}', '1']) expect(decoded).toContain(json);
    const filters = v3.flatMap((q) => (typeof q.filters === 'string' ? [q.filters] : []));
    expect(filters).toContain('[{"notAFilterKey":["x"]}]');
    expect(filters).toContain('[{"not:notAFilterKey":["x"]}]');
  });

  it.each(['/requests/v3', '/requests/v2'])('the sweep probes every query parameter the OpenAPI document declares on GET %s, by its own request or its schema group\'s', (path) => {
    const declared = (openapi.paths as Record<string, { get: { parameters: Array<{ name: string; in: string }> } }>)[path]!.get.parameters;
    const swept = covered(sweep(fakeContext()), path);
    const names = declared.filter((p) => p.in === 'query').map((p) => p.name);
    expect(names.length).toBeGreaterThan(15);
    expect(names.filter((n) => !swept.has(n))).toEqual([]);
  });

  it('sends one bad value per schema group: parameters of one schema share a request, the others (limit, enums, cursor, filters) have their own', () => {
    const groups = schemaGroups(QUERY_PARAMETERS['GET /requests/v3'], (p) => V3_PARAMS[p]!, 9);
    const of = (p: string) => groups.find((g) => g.members.includes(p))!;
    expect(of('amountUsdMin').members).toEqual(expect.arrayContaining(['startTimestamp', 'chainId', 'fillTimeMax']));
    expect(of('limit').members).toEqual(['limit']);
    expect(of('status').members).toEqual(['status']);
    expect(of('sortBy').members).toEqual(['sortBy']);
    expect(of('continuation').members).toEqual(['continuation']);
    expect(of('filters').members).toEqual(['filters']);
    expect(of('includeTotal').members).toEqual(['includeChildRequests', 'includeAuthenticatedData', 'includeTotal']);
    expect(of('term').members).not.toContain('failReason');
    // Every group is sent once (beside the 6 shape values, the 10 range edges and the long key); the
    // representative rotates with the seed, so runs at other seeds probe the other members.
    expect(sweep(fakeContext()).filter((i) => i.req.path === '/requests/v3').length).toBe(groups.length + 6 + 10 + 1);
    const reps = new Set([1, 2, 3].map((seed) => schemaGroups(QUERY_PARAMETERS['GET /requests/v3'], (p) => V3_PARAMS[p]!, seed).find((g) => g.members.includes('term'))!.representative));
    expect(reps.size).toBe(3);
  });

  it('sends the range edges to the timestamp pair and to one number range pair, rotating with the seed, naming the others', () => {
    const pairs = (seed: number) => {
      const ranges = sweep(fakeContext({ config: { seed } })).filter((i) => /\((equal bounds|min above max|both 0|a negative min|a huge max)\)$/.test(i.label));
      return { lows: [...new Set(ranges.map((i) => Object.keys(i.req.query!).find((k) => /^startBlock$|Min$/.test(k)) ?? 'startTimestamp'))], covers: ranges.flatMap((i) => i.covers ?? []) };
    };
    const seen = new Set<string | undefined>();
    for (const seed of [0, 1, 2, 3]) {
      const { lows, covers } = pairs(seed);
      expect(lows[0]).toBe('startTimestamp');
      expect(lows).toHaveLength(2);
      expect(covers).toHaveLength(3);
      expect(covers.join()).not.toContain(lows[1]);
      seen.add(lows[1]);
    }
    expect([...seen].sort()).toEqual(['amountUsdMin', 'appFeesAmountUsdMin', 'fillTimeMin', 'startBlock']);
  });

  it('reports what each shared request stood for', async () => {
    const result = await settle(check, fakeContext({ handler: strict }));
    expect(result.status).toBe('pass');
    if (result.status === 'pass') expect(result.note).toMatch(/bad inputs swept .* schema group.*also \d+: /);
  });

  it('bad inputs keep the discovery window except where a bound is the bad value', () => {
    for (const input of fc.sample(badInputs(fakeContext()), { seed: 1, numRuns: 200 })) {
      if (input.req.path !== '/requests/v3') continue;
      const q = input.req.query!;
      if (!('startTimestamp' in q && 'endTimestamp' in q)) expect(input.label).toMatch(/Timestamp=/);
    }
  });

  it('passes a strict server and a lenient one (ignoring bad values with 200)', async () => {
    expect(await settle(check, fakeContext({ handler: strict }))).toMatchObject({ status: 'pass' });
    const lenient: FakeHandler = (req) => json(200, req.method === 'POST' ? [] : { requests: [] });
    expect(await settle(check, fakeContext({ handler: lenient }))).toMatchObject({ status: 'pass' });
  });

  it.each([
    ['limit-500', 'limit=abc', '500'],
    ['hang-on-filters', 'filters=', 'no answer'],
  ] as const)('fails on %s (found by the sweep)', async (fault, label, received) => {
    const result = await settle(check, fakeContext({ handler: faulty(fault) }));
    expect(result.status).toBe('fail');
    if (result.status === 'fail') {
      expect(result.violation.message).toContain(label);
      expect(`${result.violation.message} ${result.violation.received}`).toContain(received);
      expect(result.violation.exchange).toBeDefined();
    }
  });

  it('fails with a shrunk counterexample on a fault only random values reach', async () => {
    const result = await settle(check, fakeContext({ handler: faulty('currencies-field-500'), config: { numRuns: 40 } }));
    expect(result.status).toBe('fail');
    if (result.status === 'fail') {
      expect(result.counterexample).toMatchObject({ req: { method: 'POST', path: '/currencies/v2' } });
      expect(result.violation.received).toContain('500');
    }
  });

  it('leaves v2 out once it is retired', async () => {
    const ctx = fakeContext({ handler: strict, discovery: { targetNow: new Date('2027-01-01T00:00:00Z') } });
    await settle(check, ctx);
    expect(ctx.http.requests.some((r) => r.path === '/requests/v2')).toBe(false);
  });
});

describe('general.json-bodies', () => {
  const check = byId('general.json-bodies');
  const req: RequestSpec = { method: 'GET', path: '/requests/v3' };

  it.each([
    ['a JSON body', json(200, { requests: [] }), 'pass'],
    ['a problem+json error', { status: 400, bodyText: '{"message":"x"}', headers: { 'content-type': 'application/problem+json' } }, 'pass'],
    ['an HTML error page', { status: 502, bodyText: '<html>bad gateway</html>', headers: { 'content-type': 'text/html' } }, 'fail'],
    ['no content type', { status: 200, bodyText: '{}' }, 'fail'],
    ['a JSON content type on a non-JSON body', { status: 200, bodyText: 'OK', headers: { 'content-type': 'application/json' } }, 'fail'],
    ['an empty 200', { status: 200, bodyText: '', headers: { 'content-type': 'application/json' } }, 'fail'],
    ['an empty 404', { status: 404, bodyText: '' }, 'pass'],
  ] as Array<[string, FakeResponse, string]>)('%s -> %s', async (_, answer, status) => {
    const ctx = fakeContext();
    await ctx.http.record(req, json(200, { requests: [] }));
    await ctx.http.record(req, answer);
    const result = await settle(check, ctx);
    expect(result.status).toBe(status);
    if (result.status === 'fail') expect(result.violation.exchange?.seq).toBe(2);
  });

  it('skips without recorded bodies, and ignores operations outside the four', async () => {
    const ctx = fakeContext();
    await ctx.http.record({ method: 'GET', path: '/health' }, { status: 200, bodyText: 'ok', headers: { 'content-type': 'text/plain' } });
    expect(await settle(check, ctx)).toMatchObject({ status: 'skip' });
  });
});

describe('general.error-body-shape', () => {
  const check = byId('general.error-body-shape');

  it.each([
    [{ message: 'missing key', errorCode: 'UNAUTHORIZED' }, 'pass'],
    [{ error: 'missing key' }, 'fail'],
    ['missing key', 'fail'],
  ])('a 4xx body %j -> %s', async (body, status) => {
    const ctx = fakeContext();
    await ctx.http.record({ method: 'GET', path: '/requests/v3', auth: 'none' }, json(401, body));
    expect((await settle(check, ctx)).status).toBe(status);
  });

  it('provokes a 4xx when none was recorded, and skips when none comes', async () => {
    const refusing = fakeContext({ handler: route({ 'GET /requests/v3': () => json(401, { message: 'key' }) }) });
    expect(await settle(check, refusing)).toMatchObject({ status: 'pass' });
    expect(refusing.http.requests[0]?.auth).toBe('none');
    const open = fakeContext({ handler: route({ 'GET /requests/v3': () => json(200, { requests: [] }) }) });
    expect(await settle(check, open)).toMatchObject({ status: 'skip' });
  });
});
