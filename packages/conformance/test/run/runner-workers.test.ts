import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/engine/events.js';
import { sendAnswered } from '../../src/checks/support/answered.js';
import { runConformance } from '../../src/run/runner.js';
import type { CheckContext, CheckDefinition } from '../../src/contract/types.js';
import { fakeFetch, jsonResponse, records, v3Listing } from '../engine/fake-fetch.js';
import { DATE } from '../engine/fake-fetch.js';

const spec = { hash: 'h', openapi: { openapi: '3.1.0', paths: {} }, clauses: [] };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A run of `checks` against a fake URL target with `workers` and `timeoutMs`. */
const runAt = (fetch: ReturnType<typeof fakeFetch>, checks: CheckDefinition[], workers: number, timeoutMs: number) =>
  runConformance({ fetch, baseUrl: 'http://t.invalid', checks, spec, seed: 9, workers, timeoutMs });
/** `<id> <status>` of each outcome, in run order. */
const statuses = (result: { outcomes: Array<{ id: string; status: string }> }) => result.outcomes.map((o) => `${o.id} ${o.status}`);

/** Checks in flight right now (the fake checks below keep it). */
let inFlight = 0;

/** A fake check: sends `requests` requests, waits `ms`, then passes, fails or throws. */
function fake(id: string, opts: { ms?: number; requests?: number; outcome?: 'pass' | 'fail' | 'throw'; exclusive?: CheckDefinition['exclusive']; phase?: 'final'; seen?: number[] } = {}): CheckDefinition {
  return {
    id,
    family: id.split('.')[0]!,
    title: id,
    clauses: [],
    operation: 'GET /requests/v3',
    ...(opts.exclusive !== undefined ? { exclusive: opts.exclusive } : {}),
    ...(opts.phase ? { phase: opts.phase } : {}),
    async run(ctx: CheckContext) {
      inFlight += 1;
      opts.seen?.push(inFlight - 1);
      try {
        for (let i = 0; i < (opts.requests ?? 0); i += 1) await ctx.http.send({ method: 'GET', path: '/requests/v3', query: { limit: 1, check: id } });
        await sleep(opts.ms ?? 0);
        const drawn: number[] = [];
        await ctx.property(fc.integer(), async (n) => void drawn.push(n), { numRuns: 3 });
        if (opts.outcome === 'throw') throw new Error(`${id} broke`);
        if (opts.outcome === 'fail') return { status: 'fail', violation: { message: `${id} failed`, expected: 'x', received: drawn.join(',') } };
        return { status: 'pass', note: drawn.join(',') };
      } finally {
        inFlight -= 1;
      }
    },
  };
}

async function run(checks: CheckDefinition[], workers: number, extra: Record<string, unknown> = {}) {
  const events: RunEvent[] = [];
  const fetch = fakeFetch(v3Listing(records(20, Date.parse(DATE) / 1000 - 7200)));
  const result = await runConformance({ fetch, baseUrl: 'http://t.invalid', checks, spec, seed: 9, workers, onEvent: (e) => events.push(e), ...extra });
  const shown = events.filter((e) => e.type !== 'run-start' && e.type !== 'run-end' && e.type !== 'discovery-start' && e.type !== 'discovery-end').map((e) => {
    if (e.type === 'check-start') return `start ${e.check.id}`;
    if (e.type === 'check-end') return `end ${e.outcome.id} ${e.outcome.status}`;
    if (e.type === 'family-start') return `family ${e.family}`;
    if (e.type === 'family-end') return `family-end ${e.family} ${e.outcomes.length}`;
    return e.type;
  });
  return { result, events: shown };
}

/** What must not depend on the number of workers. */
const verdicts = (r: Awaited<ReturnType<typeof run>>) => r.result.outcomes.map((o) => [o.id, o.status, o.reason ?? o.violation?.received ?? '']);

describe('--workers: the same results whatever the number of workers', () => {
  const checks = () => [
    fake('a.slow', { ms: 120, requests: 2 }),
    fake('a.quick', { ms: 1, requests: 1 }),
    fake('b.fail', { ms: 60, outcome: 'fail' }),
    fake('b.throws', { ms: 5, outcome: 'throw' }),
    fake('c.pass', { ms: 30, requests: 3 }),
    fake('c.last', { ms: 1 }),
    fake('d.final', { phase: 'final', requests: 1 }),
  ];

  it('outcomes, their order and every progress event are those of one worker', async () => {
    const one = await run(checks(), 1);
    const six = await run(checks(), 6);
    expect(verdicts(six)).toEqual(verdicts(one));
    expect(six.events).toEqual(one.events);
    expect(one.result.outcomes.map((o) => o.status)).toEqual(['pass', 'pass', 'fail', 'error', 'pass', 'pass', 'pass']);
    expect(one.result.outcomes[3]!.reason).toMatch(/b\.throws broke/);
    expect(six.events.slice(0, 4)).toEqual(['family a', 'start a.slow', 'end a.slow pass', 'start a.quick']);
    expect(six.result.config.workers).toBe(6);
  });

  it('draws each check’s property values from its own seed: the same notes with 1 and 6 workers, different between checks', async () => {
    const one = await run(checks(), 1);
    const six = await run(checks(), 6);
    const notes = (r: typeof one) => r.result.outcomes.map((o) => o.reason);
    expect(notes(six)).toEqual(notes(one));
    expect(one.result.outcomes[0]!.reason).not.toBe(one.result.outcomes[1]!.reason);
  });

  it('counts each check’s own requests, the rest as the run’s', async () => {
    const six = await run(checks(), 6);
    const requests = Object.fromEntries(six.result.outcomes.map((o) => [o.id, o.requests]));
    expect(requests).toMatchObject({ 'a.slow': 2, 'a.quick': 1, 'b.fail': 0, 'c.pass': 3, 'd.final': 1 });
    const byChecks = six.result.outcomes.reduce((n, o) => n + o.requests, 0);
    expect(six.result.requests).toBeGreaterThan(byChecks);
  });

  it('runs at most n checks at once, and exclusive and final checks with nothing else in flight', async () => {
    const seen: number[] = [];
    const alone: number[] = [];
    const list = [
      ...[0, 1, 2, 3, 4].map((i) => fake(`a.${i}`, { ms: 40, seen })),
      fake('a.alone', { exclusive: true, seen: alone }),
      ...[0, 1, 2].map((i) => fake(`b.${i}`, { ms: 40, seen })),
      fake('b.alone-if', { exclusive: (config) => !config.embedded, seen: alone }),
      fake('b.beside-if', { exclusive: (config) => config.embedded, ms: 40, seen }),
      fake('b.last', { ms: 40, seen }),
      fake('z.final', { phase: 'final', seen: alone }),
    ];
    const three = await run(list, 3);
    expect(Math.max(...seen)).toBe(2);
    expect(seen).toContain(2);
    expect(alone).toEqual([0, 0, 0]);
    expect(three.result.outcomes.map((o) => o.id)).toEqual(list.map((c) => c.id));
  });

  it('--max-failures: the same checks skip with 1 and with 5 workers', async () => {
    const list = () => [fake('a.1', { ms: 50, outcome: 'fail' }), fake('a.2', { ms: 1 }), fake('a.3', { ms: 30, outcome: 'fail' }), fake('a.4', { ms: 1, outcome: 'fail' }), fake('a.5', { ms: 1 }), fake('a.6', { ms: 1, outcome: 'fail' })];
    const one = await run(list(), 1, { maxFailures: 2 });
    const five = await run(list(), 5, { maxFailures: 2 });
    expect(one.result.outcomes.map((o) => o.status)).toEqual(['fail', 'pass', 'fail', 'skip', 'skip', 'skip']);
    expect(verdicts(five)).toEqual(verdicts(one));
    expect(five.result.outcomes[3]!.reason).toBe('max failures reached (--max-failures 2)');
  });

  it('--max-requests: the checks after the one that spent the budget end as not run, as with one worker', async () => {
    const list = () => [fake('a.1', { requests: 1 }), fake('a.2', { ms: 20, requests: 3 }), fake('a.3', { requests: 1 }), fake('a.4', { requests: 1 })];
    const free = await run(list(), 1);
    const outside = free.result.requests - free.result.outcomes.reduce((n, o) => n + o.requests, 0);
    // Room for discovery, a.1 and two of a.2's three requests.
    const maxRequests = outside + 3;
    const one = await run(list(), 1, { maxRequests });
    const four = await run(list(), 4, { maxRequests });
    expect(one.result.outcomes.map((o) => o.status)).toEqual(['pass', 'skip', 'skip', 'skip']);
    expect(verdicts(four).map(([id, status]) => [id, status])).toEqual(verdicts(one).map(([id, status]) => [id, status]));
    expect(four.result.outcomes.slice(2).every((o) => /^budget: not run/.test(o.reason ?? ''))).toBe(true);
    expect(four.result.exitCode).toBe(one.result.exitCode);
  });
});

describe('--workers: a check that timed out beside others', () => {
  it('runs again alone, and its second run is the outcome (one worker keeps the first)', async () => {
    const listing = v3Listing(records(20, Date.parse(DATE) / 1000 - 7200));
    let slowOnce = true;
    const fetch = fakeFetch((req) => {
      if (req.url.searchParams.get('check') === 'a.slow-once' && slowOnce) {
        slowOnce = false;
        return 'hang';
      }
      return listing(req);
    });
    const list = [fake('a.1', { ms: 30 }), fake('a.slow-once', { requests: 1 }), fake('a.3', { ms: 30 })];
    const four = await runAt(fetch, list, 4, 200);
    expect(statuses(four)).toEqual(['a.1 pass', 'a.slow-once pass', 'a.3 pass']);
    expect(four.outcomes[1]!.requests).toBe(2);
    slowOnce = true;
    const one = await runAt(fetch, list, 1, 200);
    expect(one.outcomes[1]!.status).toBe('fail');
    expect(one.outcomes[1]!.violation!.message).toMatch(/did not answer within 200 ms/);
  });
});

describe('--workers: a timeout beside others is not the target going away', () => {
  it('a target slow only while several checks are in flight (the probe too) does not stop the run: the check runs again alone and passes', async () => {
    const listing = v3Listing(records(20, Date.parse(DATE) / 1000 - 7200));
    const fetch = fakeFetch((req) => {
      const loaded = inFlight > 1 || (inFlight === 1 && req.url.pathname === '/currencies/v2');
      if (loaded && (req.url.searchParams.get('check') === 'a.slow' || req.url.pathname === '/currencies/v2')) return 'hang';
      return req.url.pathname === '/currencies/v2' ? jsonResponse(200, []) : listing(req);
    });
    const list = [fake('a.1', { ms: 400 }), fake('a.slow', { requests: 1 }), fake('a.3', { ms: 400 })];
    const result = await runAt(fetch, list, 4, 150);
    expect(result.aborted).toBeUndefined();
    expect(statuses(result)).toEqual(['a.1 pass', 'a.slow pass', 'a.3 pass']);
    expect(result.exitCode).toBe(0);
  });
});

describe('--workers: a timeout a check reports as its own finding', () => {
  it('runs the check again alone when it ran beside others; the run alone decides (no answer there still fails)', async () => {
    const listing = v3Listing(records(20, Date.parse(DATE) / 1000 - 7200));
    let hangWhileLoaded = true;
    const fetch = fakeFetch((req) => {
      if (req.url.searchParams.get('check') === 'a.answers' && (inFlight > 1 || !hangWhileLoaded)) return 'hang';
      return listing(req);
    });
    /** Like the bad-input sweep (support/answered.ts): no answer is the check's own violation. */
    const answers: CheckDefinition = {
      id: 'a.answers',
      family: 'a',
      title: 'a.answers',
      clauses: [],
      operation: 'GET /requests/v3',
      async run(ctx) {
        inFlight += 1;
        try {
          await sendAnswered(ctx, { method: 'GET', path: '/requests/v3', query: { limit: 1, check: 'a.answers' } }, 'a bad input');
          return { status: 'pass' };
        } finally {
          inFlight -= 1;
        }
      },
    };
    const list = [fake('a.1', { ms: 400 }), answers, fake('a.3', { ms: 400 })];
    const slowWhileLoaded = await runAt(fetch, list, 4, 150);
    expect(statuses(slowWhileLoaded)).toEqual(['a.1 pass', 'a.answers pass', 'a.3 pass']);
    expect(slowWhileLoaded.outcomes[1]!.requests).toBe(2);
    hangWhileLoaded = false;
    const neverAnswers = await runAt(fetch, list, 4, 150);
    expect(neverAnswers.outcomes[1]!.status).toBe('fail');
    expect(neverAnswers.outcomes[1]!.violation!.message).toMatch(/a bad input: the server gave no answer/);
  });
});

describe('--workers option', () => {
  it('auto gives 4 without a rate and ceil(rate / 5) + 2 within 2..16 with one', async () => {
    const base = { checks: [fake('a.1')], spec, seed: 1, fetch: fakeFetch(v3Listing([])), baseUrl: 'http://t.invalid' };
    expect((await runConformance(base)).config.workers).toBe(4);
    expect((await runConformance({ ...base, maxRps: 50 })).config.workers).toBe(12);
    expect((await runConformance({ ...base, maxRps: 1 })).config.workers).toBe(3);
    expect((await runConformance({ ...base, maxRps: 1000 })).config.workers).toBe(16);
  });

  it('refuses a bad value with a usage error naming the value and the fix', async () => {
    await expect(runConformance({ workers: 0 as unknown as number, checks: [], spec })).rejects.toThrow('workers must be auto or an integer from 1 to 64, got 0. Example: --workers 4 (or --workers auto)');
  });
});

describe('exclusive as a function of the run', () => {
  it('a check alone only against the embedded server runs beside others against a URL', async () => {
    const seen: number[] = [];
    const sometimes: CheckDefinition = { ...fake('b.sometimes', { ms: 30, seen }), exclusive: (config) => config.embedded };
    const always: CheckDefinition = { ...fake('c.always', { ms: 30, seen }), exclusive: () => true };
    const { result } = await run([fake('a.one', { ms: 60 }), sometimes, fake('a.two', { ms: 60 }), always], 4);
    expect(result.outcomes.map((o) => o.status)).toEqual(['pass', 'pass', 'pass', 'pass']);
    // b.sometimes started beside the a checks; c.always started alone.
    expect(seen[0]).toBeGreaterThanOrEqual(1);
    expect(seen[1]).toBe(0);
  });
});
