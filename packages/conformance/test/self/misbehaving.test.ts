/**
 * The kit against misbehaving targets (architecture.md, "Outcomes and exit codes"; issue: "a
 * repeated cursor is a failure, never a hang"): whatever an in-process target answers, a run ends
 * with a result, exit 1 (a check failed) or 4 (unreachable), within a bound, and its outcomes name
 * what was wrong. Never a crash, never a hang. Some targets are the reference server behind a
 * proxy `fetch` that breaks one thing.
 */
import { startMockServer } from '@crosschain/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import type { CheckOutcome, FetchLike, RunResult } from '../../src/index.js';

type Answer = { status: number; headers?: Record<string, string>; body: string };
type Init = Parameters<FetchLike>[1];

/** A fetch over a tiny handler. */
function target(handler: (url: URL, init: Init) => Answer | Promise<Answer>): FetchLike {
  return async (input, init) => {
    const a = await handler(new URL(input), init);
    return { status: a.status, headers: new Headers(a.headers ?? {}), text: async () => a.body };
  };
}

/** Resolves after `ms`, or rejects when the kit aborts the request (like a real fetch). */
function slow(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
  });
}

/** Per-request timeout: short enough that hangs end fast, long enough for a cold first request on a loaded 2-core machine. */
const TIMEOUT_MS = 1000;
const BASE = { apiKey: 'demo-key', otherApiKey: 'other-key', inactiveApiKey: 'revoked-key', baseUrl: 'http://misbehaving.test', seed: 3, numRuns: 3, timeoutMs: TIMEOUT_MS } as const;

async function run(fetch: FetchLike): Promise<{ result: RunResult; ms: number }> {
  const t0 = Date.now();
  const result = await runConformance({ ...BASE, fetch });
  return { result, ms: Date.now() - t0 };
}

/** One line per outcome that is not a pass, for the assertions on what was named. */
const said = (r: RunResult, status: CheckOutcome['status']): string[] =>
  r.outcomes.filter((o) => o.status === status).map((o) => `${o.id}: ${o.reason ?? ''}${o.violation ? `${o.violation.message} | ${o.violation.received}` : ''}`);

/** Every outcome is one of the six, with a reason where it is not a pass. */
function wellFormed(r: RunResult): void {
  expect(r.outcomes.length).toBeGreaterThan(60);
  for (const o of r.outcomes) {
    expect(['pass', 'fail', 'warn', 'skip', 'disabled', 'error']).toContain(o.status);
    if (o.status === 'fail' || o.status === 'warn') expect(o.violation?.message, o.id).toBeTruthy();
    if (o.status === 'skip' || o.status === 'error') expect(o.reason, o.id).toBeTruthy();
    expect(JSON.stringify(o)).not.toMatch(/demo-key|other-key|revoked-key/);
  }
}

describe('not a JSON API', () => {
  it('HTML 200s everywhere: one diagnosis naming what came back, every check skipped with it, exit 2', async () => {
    const { result, ms } = await run(target(() => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>hi</title>' })));
    wellFormed(result);
    expect(ms).toBeLessThan(15_000);
    expect(result.aborted).toMatch(/^not a JSON API: .*200 text\/html, 32 bytes, title "hi".*wrong base URL\?/);
    expect(said(result, 'fail')).toEqual([]);
    expect(result.exitCode).toBe(2);
  });
});

describe('garbage answers: exit 1, each problem named', () => {
  it.each([
    ['empty 200s', { status: 200, body: '' }, /an empty body/],
    ['500s', { status: 500, headers: { 'content-type': 'application/json' }, body: '{"message":"boom"}' }, /500: \{"message":"boom"\}/],
    ['JSON null everywhere', { status: 200, headers: { 'content-type': 'application/json' }, body: 'null' }, /must be a JSON array|list of request records/],
  ] as Array<[string, Answer, RegExp]>)('%s', async (_name, answer, named) => {
    const { result, ms } = await run(target(() => answer));
    wellFormed(result);
    expect(result.exitCode).toBe(1);
    expect(ms).toBeLessThan(15_000);
    const fails = said(result, 'fail');
    expect(fails.length).toBeGreaterThan(5);
    expect(fails.join('\n')).toMatch(named);
    expect(fails.join('\n')).not.toMatch(/\| undefined$/m);
    expect(said(result, 'error')).toEqual([]);
  });

  it('a target that never answers in time: exit 4 after one timeout, every check an error naming it', async () => {
    const { result, ms } = await run(target(async (_u, init) => {
      await slow(60_000, init.signal);
      return { status: 200, body: '[]' };
    }));
    expect(result.exitCode).toBe(4);
    expect(ms).toBeLessThan(TIMEOUT_MS * 10);
    expect(result.aborted).toMatch(new RegExp(`did not answer within ${TIMEOUT_MS} ms`));
    expect(result.outcomes.every((o) => o.status === 'error' && /not run: target unreachable/.test(o.reason ?? ''))).toBe(true);
  });

  it('a target whose connection fails: exit 4, the network error named', async () => {
    const { result } = await run(async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });
    });
    expect(result.exitCode).toBe(4);
    expect(result.aborted).toMatch(/ECONNREFUSED/);
  });
});

describe('the reference server behind a proxy that breaks one thing', () => {
  let server: { url: string; close(): Promise<void> | void };
  beforeAll(async () => {
    server = await startMockServer({ port: 0, records: 300, seed: 5, now: '2026-10-15T12:00:00Z', quiet: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Forwards to the reference server; `edit` may rewrite the v3 URL and the v3 and v2 bodies of a 200. */
  function proxy(edit: {
    url?: (u: URL) => URL | Promise<never>;
    v3Body?: (body: Record<string, unknown>, u: URL) => unknown;
    v2Body?: (body: Record<string, unknown>) => unknown;
  }): FetchLike {
    return async (input, init) => {
      let u = new URL(input);
      const real = new URL(`${server.url}${u.pathname}${u.search}`);
      const isV3 = u.pathname === '/requests/v3';
      if (isV3 && edit.url) u = await edit.url(real);
      else u = real;
      const res = await fetch(u, { method: init.method, headers: init.headers, body: init.body, signal: init.signal });
      let text = await res.text();
      if (isV3 && res.status === 200 && edit.v3Body) text = JSON.stringify(edit.v3Body(JSON.parse(text) as Record<string, unknown>, u));
      if (u.pathname === '/requests/v2' && res.status === 200 && edit.v2Body) text = JSON.stringify(edit.v2Body(JSON.parse(text) as Record<string, unknown>));
      return { status: res.status, headers: res.headers, text: async () => text };
    };
  }

  it('a v3 that hands back the same cursor forever: the paging checks fail on the repeated cursor, no hang', async () => {
    const { result, ms } = await run(
      proxy({
        // The cursor is ignored: every page is the first one, and it always says "more".
        url: (u) => {
          u.searchParams.delete('continuation');
          return u;
        },
        v3Body: (body) => ({ ...body, continuation: 'same-cursor' }),
      }),
    );
    wellFormed(result);
    expect(result.exitCode).toBe(1);
    expect(ms).toBeLessThan(30_000);
    const fails = said(result, 'fail').join('\n');
    expect(fails).toMatch(/requests-v3\.pagination\.terminates: .*(repeat|same cursor|again)/i);
  });

  it('v3 and v2 wrappers naming their fields `items` and `next`: no MUST fails, the wrapper SHOULDs warn, discovery samples records', async () => {
    // The API document names no wrapper field beyond `total` (GET /requests/v3, "Response 200") and
    // shows no cursor field name; `requests`/`continuation` are the live service's (facts §1.3), SHOULD.
    const rename = ({ requests, continuation, ...rest }: Record<string, unknown>) => ({ ...rest, items: requests, ...(continuation !== undefined ? { next: continuation } : {}) });
    const { result, ms } = await run(proxy({ v3Body: rename, v2Body: rename }));
    wellFormed(result);
    expect(ms).toBeLessThan(30_000);
    expect(said(result, 'fail')).toEqual([]);
    expect(said(result, 'error')).toEqual([]);
    expect(result.exitCode).toBe(0);
    const warns = said(result, 'warn');
    expect(warns.map((w) => w.split(':')[0]).sort()).toEqual([
      'requests-v2.response.wrapper-fields',
      'requests-v3.pagination.continuation-field',
      'requests-v3.response.wrapper-fields',
    ]);
    expect(warns.join('\n')).toMatch(/requests-v3\.response\.wrapper-fields: .*top-level array `requests`.*\| the records under `items`/);
    expect(warns.join('\n')).toMatch(/requests-v2\.response\.wrapper-fields: .*\| the records under `items`/);
    expect(result.discovery?.records).toBeGreaterThan(100);
    expect(result.discovery?.problems).toEqual([]);
    const byId = new Map(result.outcomes.map((o) => [o.id, o]));
    for (const id of ['requests-v3.response.schema', 'requests-v2.response.schema']) {
      expect(byId.get(id)?.status, id).toBe('pass');
      expect(byId.get(id)?.reason, id).toMatch(/records read from `items`/);
    }
    expect(result.totals.pass).toBeGreaterThan(50);
  });

  it('a v3 that stops answering some queries in time: those checks end as error or fail naming the timeout, the run ends', async () => {
    const { result, ms } = await run(
      proxy({
        url: async (u) => {
          if (u.searchParams.has('filters')) await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 3));
          return u;
        },
      }),
    );
    wellFormed(result);
    expect([1, 3]).toContain(result.exitCode);
    expect(ms).toBeLessThan(60_000);
    const named = [...said(result, 'error'), ...said(result, 'fail')].join('\n');
    expect(named).toMatch(new RegExp(`requests-v3\\.filters\\..*did not answer within ${TIMEOUT_MS} ms`));
  });
});
