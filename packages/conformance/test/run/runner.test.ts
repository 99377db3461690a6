import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { violate } from '../../src/contract/expect.js';
import type { ClauseEntry } from '../../src/engine/clause-matrix.js';
import { runConformance } from '../../src/run/runner.js';
import type { RunOptions } from '../../src/run/runner.js';
import type { CheckDefinition, CheckOutcome } from '../../src/contract/types.js';
import { DATE, closedPort, fakeFetch, jsonResponse, records, v3Listing } from '../engine/fake-fetch.js';
import type { Handler } from '../engine/fake-fetch.js';

const KEY = 'SECRET-primary-key';
const NOW = Date.parse(DATE) / 1000;

/** A tiny contract: the v3 list answers `{requests: array}`. */
const spec = {
  hash: 'test-hash',
  openapi: {
    openapi: '3.1.0',
    paths: {
      '/requests/v3': {
        get: {
          responses: {
            '200': {
              content: { 'application/json': { schema: { type: 'object', required: ['requests'], properties: { requests: { type: 'array' } } } } },
            },
          },
        },
      },
      '/currencies/v2': { post: { responses: { '200': { content: { 'application/json': { schema: { type: 'array' } } } } } } },
    },
  },
  clauses: [
    { id: 'c.must', kind: 'clause', level: 'MUST', checks: ['t.pass', 't.fail-must'] },
    { id: 'c.should', kind: 'clause', level: 'SHOULD', checks: ['t.fail-should'] },
    { id: 'c.untestable', kind: 'clause', level: 'MUST', untestable: 'no way' },
  ] satisfies ClauseEntry[],
};

function check(id: string, run: CheckDefinition['run'], extra: Partial<CheckDefinition> = {}): CheckDefinition {
  return { id, family: id.split('.')[0]!, title: `title of ${id}`, clauses: ['c.must'], operation: 'GET /requests/v3', run, ...extra };
}

const pass = check('t.pass', async (ctx) => {
  const ex = await ctx.http.send({ method: 'GET', path: '/requests/v3', query: { limit: 1 } });
  return ex.schema?.valid ? { status: 'pass', note: `saw ${ctx.discovery.records.length}` } : { status: 'fail', violation: { message: 'schema', expected: 'valid', received: 'invalid', exchange: ex } };
});
const failMust = check('t.fail-must', async (ctx) => {
  const ex = await ctx.http.send({ method: 'GET', path: '/requests/v3', query: { limit: 2 } });
  violate('always wrong', 'x', `y (key ${KEY})`, ex);
});
const failShould = check(
  't.fail-should',
  async (ctx) => {
    const out = await ctx.property(fc.integer({ min: 0, max: 1000 }), async (n) => {
      if (n > 10) violate('n too big', '<= 10', String(n));
    });
    return out.ok ? { status: 'pass' } : { status: 'fail', violation: out.violation, counterexample: out.counterexample, path: out.path };
  },
  { clauses: ['c.should'] },
);
const throws = check('u.throws', async () => {
  throw new TypeError('bug in the kit');
});
const needsOther = check('u.needs-other', async () => ({ status: 'pass' }), { requires: ['otherApiKey'] });
const skips = check('u.skips', async (ctx) => ({ status: 'skip', reason: ctx.discovery.records.length ? 'nothing to do' : 'no data' }));
const finalCheck = check('a.final', async (ctx) => ({ status: 'pass', note: `${ctx.exchangesFor('GET /requests/v3').length} exchanges` }), { phase: 'final' });

const ALL = [finalCheck, pass, failMust, failShould, throws, needsOther, skips];

function run(handler: Handler, options: Partial<RunOptions> = {}) {
  return runConformance({ fetch: fakeFetch(handler), baseUrl: 'http://in-process.test', apiKey: KEY, seed: 99, numRuns: 20, checks: ALL, spec, ...options });
}

const byId = (outcomes: CheckOutcome[]) => Object.fromEntries(outcomes.map((o) => [o.id, o]));

describe('runConformance', () => {
  const listing = v3Listing(records(500, NOW, 300), [KEY]);

  it('maps results to the six outcomes, runs final checks last, and computes the exit code', async () => {
    const events: string[] = [];
    const result = await run(listing, { disable: ['u.skips'], onEvent: (e) => events.push(e.type === 'check-end' ? `end:${e.outcome.id}` : e.type) });
    const o = byId(result.outcomes);
    expect(o['t.pass']).toMatchObject({ status: 'pass', level: 'MUST', requests: 1 });
    expect(o['t.pass']!.reason).toMatch(/^saw \d+/);
    expect(o['t.fail-must']).toMatchObject({ status: 'fail', level: 'MUST' });
    expect(o['t.fail-must']!.violation!.curl).toContain('-H "x-api-key: $CONFORMANCE_API_KEY"');
    expect(o['t.fail-must']!.violation!.response!.status).toBe(200);
    expect(o['t.fail-should']).toMatchObject({ status: 'warn', level: 'SHOULD', counterexample: 11, seed: 99 });
    expect(o['u.throws']).toMatchObject({ status: 'error', reason: 'TypeError: bug in the kit' });
    expect(o['u.needs-other']).toMatchObject({ status: 'skip', reason: 'needs --other-api-key (a second integrator)' });
    expect(o['u.skips']).toMatchObject({ status: 'disabled' });
    expect(result.outcomes.at(-1)!.id).toBe('a.final');
    const v3Exchanges = Number(/^(\d+) exchanges$/.exec(o['a.final']!.reason ?? '')?.[1]);
    expect(v3Exchanges).toBeGreaterThanOrEqual(3);
    expect(v3Exchanges).toBeLessThanOrEqual(result.requests);
    expect(result.totals).toEqual({ pass: 2, fail: 1, warn: 1, known: 0, skip: 1, disabled: 1, error: 1 });
    expect(result.exitCode).toBe(1);
    expect(result.seed).toBe(99);
    expect(result.spec.hash).toBe('test-hash');
    expect(o['t.pass']!.replay).toBe(
      `CONFORMANCE_API_KEY="$CONFORMANCE_API_KEY" crosschain-conformance --seed 99 --only t.pass --num-runs 20 --window ${result.discovery!.window.start}..${result.discovery!.window.end}`,
    );
    expect(events.slice(0, 3)).toEqual(['run-start', 'discovery-start', 'discovery-end']);
    expect(events).toContain('family-start');
    expect(events.at(-1)).toBe('run-end');
    expect(result.discovery).toMatchObject({ complete: true, problems: [] });
  });

  it('--strict turns a SHOULD violation into a fail', async () => {
    const result = await run(listing, { strict: true, only: ['t.fail-should'] });
    expect(result.outcomes).toHaveLength(1);
    expect(result.outcomes[0]).toMatchObject({ status: 'fail' });
    expect(result.exitCode).toBe(1);
  });

  it('--only selects by id or prefix; an unknown pattern is a usage error', async () => {
    const result = await run(listing, { only: ['t.pass', 'u.'] });
    expect(result.outcomes.map((x) => x.id)).toEqual(['t.pass', 'u.throws', 'u.needs-other', 'u.skips']);
    expect(result.exitCode).toBe(3);
    await expect(run(listing, { only: ['nope'] })).rejects.toThrow(/--only must name check ids, families, dot-bounded id prefixes or globs, got "nope"/);
  });

  it('builds the clause traceability matrix', async () => {
    const result = await run(listing, { only: ['t.'] });
    expect(result.clauses).toEqual([
      { id: 'c.must', level: 'MUST', kind: 'clause', checks: [{ id: 't.pass', status: 'pass' }, { id: 't.fail-must', status: 'fail' }], coverage: { state: 'fail' } },
      { id: 'c.should', level: 'SHOULD', kind: 'clause', checks: [{ id: 't.fail-should', status: 'warn' }], coverage: { state: 'fail' } },
      { id: 'c.untestable', level: 'MUST', kind: 'clause', untestable: 'no way', checks: [], coverage: { state: 'unjudged', reason: 'untestable', detail: 'no way' } },
    ]);
  });

  it('never puts a key in the result, even when the target and a check echo it', async () => {
    const echo: Handler = (req) => {
      const res = listing(req) as Response;
      return req.url.searchParams.get('limit') === '2' ? jsonResponse(200, { requests: [], echo: req.headers['x-api-key'] }, { 'x-key': KEY }) : res;
    };
    const result = await run(echo, { otherApiKey: 'SECRET-other' });
    const text = JSON.stringify(result);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('SECRET-other');
    expect(result.config.apiKey).toBe('<redacted>');
  });

  it('a target answering HTML everywhere: one "not a JSON API" diagnosis naming what came back, exit 2, not a failure per check', async () => {
    const garbage: Handler = () => new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    const result = await run(garbage, { only: ['t.'] });
    expect(result.discovery!.problems.join()).toMatch(/answered 502/);
    // currencies, then the first batch of three window spans, asked at once (discovery.ts)
    expect(result.aborted).toMatch(/^not a JSON API: 4 of 4 answers were not JSON \(first: 502 text\/html, 28 bytes\): wrong base URL\?/);
    expect(`${result.aborted} ${result.discovery!.problems.join()}`).not.toContain('<html>');
    expect(result.outcomes.every((o) => o.status === 'skip' && o.reason === "not a JSON API: not run, wrong base URL? (the run's diagnosis names what came back)")).toBe(true);
    expect(result.exitCode).toBe(2);
  });

  it('without --api-key too: an HTML page at the base URL gets the "not a JSON API" headline, not a failure per check (one keyless read more)', async () => {
    const page: Handler = () => new Response('<!doctype html><title>Welcome to nginx!</title>', { status: 200, headers: { 'content-type': 'text/html' } });
    const result = await run(page, { only: ['t.'], apiKey: undefined });
    expect(result.aborted).toMatch(/^not a JSON API: 2 of 2 answers were not JSON \(first: 200 text\/html, \d+ bytes, title "Welcome to nginx!"\): wrong base URL\?/);
    expect(result.exitCode).toBe(2);
    // A JSON API without a key is not diagnosed: the extra read is made only after a foreign first answer.
    const json: Handler = () => jsonResponse(200, []);
    expect((await run(json, { only: ['t.'], apiKey: undefined })).aborted).toBeUndefined();
  });

  it('a JSON API answering broken JSON is not "not a JSON API": its checks judge it', async () => {
    const broken: Handler = () => new Response('{"requests": [', { status: 200, headers: { 'content-type': 'application/json' } });
    const result = await run(broken, { only: ['t.'] });
    expect(result.aborted).toBeUndefined();
    expect(byId(result.outcomes)['t.pass']).toMatchObject({ status: 'fail' });
    expect(result.exitCode).toBe(1);
  });

  it('a hanging target is bounded: errors and exit 4, well within the time', async () => {
    const t0 = Date.now();
    const result = await run(() => 'hang', { timeoutMs: 100 });
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(result.exitCode).toBe(4);
    expect(result.aborted).toMatch(/did not answer within 100 ms/);
    expect(result.outcomes.filter((x) => x.status === 'error').length).toBeGreaterThan(0);
  });

  it('a target that hangs on one request only: that check fails naming the timeout, the others run, exit 1 (not 3, not 4)', async () => {
    const flaky: Handler = (req) => (req.url.searchParams.get('limit') === '2' ? 'hang' : listing(req));
    const result = await run(flaky, { timeoutMs: 100, only: ['t.'] });
    const o = byId(result.outcomes);
    expect(o['t.fail-must']).toMatchObject({ status: 'fail' });
    expect(o['t.fail-must']!.violation!.message).toMatch(/the target gave no answer: .*did not answer within 100 ms/);
    expect(o['t.fail-should']!.status).toBe('warn');
    expect(result.aborted).toBeUndefined();
    expect(result.exitCode).toBe(1);
  });

  it('a target that goes silent mid-run: the rest is inconclusive (skip), exit 5, not 4 and not a failure', async () => {
    let discovered = false;
    const dies: Handler = (req) => {
      if (req.url.searchParams.get('limit') === '1') discovered = true;
      return discovered && req.url.searchParams.get('limit') !== '1' ? 'hang' : listing(req);
    };
    const result = await run(dies, { timeoutMs: 100, only: ['t.'], disable: [] });
    const o = byId(result.outcomes);
    expect(o['t.pass']!.status).toBe('pass');
    expect(o['t.fail-must']).toMatchObject({ status: 'skip' });
    expect(o['t.fail-must']!.reason).toMatch(/^inconclusive: the target stopped answering: .*did not answer within 100 ms/);
    expect(o['t.fail-should']!.reason).toMatch(/^inconclusive: not run: the target stopped answering/);
    expect(result.exitCode).toBe(5);
  });

  it('a closed port: exit 4, every check error, no hang', async () => {
    const port = await closedPort();
    const result = await runConformance({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY, checks: ALL, spec, seed: 1 });
    expect(result.exitCode).toBe(4);
    expect(result.aborted).toMatch(/target unreachable during discovery/);
    expect(result.outcomes.filter((x) => x.status === 'error').map((x) => x.reason?.slice(0, 7))).toContain('not run');
    expect(result.config.maxRps).toBe(50);
  });

  it('the request bound skips the remaining checks ("budget: …"), exit 5 inconclusive', async () => {
    const result = await run(listing, { maxRequests: 13, only: ['t.'] });
    expect(result.requests).toBeLessThanOrEqual(13);
    expect(result.aborted).toMatch(/^budget: request bound of the run reached \(--max-requests 13\)/);
    expect(result.outcomes.every((x) => x.status === 'skip' && x.reason!.startsWith('budget: '))).toBe(true);
    expect(result.exitCode).toBe(5);
  });

  it('without a key discovery reports why and checks still run', async () => {
    const noKey = check('n.no-key', async (ctx) => (ctx.discovery.records.length === 0 ? { status: 'skip', reason: ctx.discovery.problems!.join('; ') } : { status: 'pass' }));
    const result = await runConformance({ fetch: fakeFetch(listing), baseUrl: 'http://x.test', checks: [noKey], spec, seed: 1 });
    expect(result.outcomes[0]).toMatchObject({ status: 'skip' });
    expect(result.outcomes[0]!.reason).toMatch(/no API key/);
    expect(result.exitCode).toBe(0);
  });
});
