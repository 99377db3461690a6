import { describe, expect, it } from 'vitest';
import { Circuit, Pacer, RateLimitedError, RequestBudget, RetryPolicy, STALL_TIMEOUTS, operationOf, stallSpanMs } from '../../../src/engine/http/policies.js';
import { BudgetExceededError, OperationStalledError } from '../../../src/contract/types.js';
import type { RequestSpec } from '../../../src/contract/types.js';

const req: RequestSpec = { method: 'GET', path: '/requests/v3' };

describe('RequestBudget', () => {
  it('refuses the request past --max-requests, counting those waiting for their turn', () => {
    const budget = new RequestBudget(2, undefined, () => 0);
    budget.ensureRequest();
    budget.sent = 1;
    budget.waiting = 1;
    expect(() => budget.ensureRequest()).toThrow(BudgetExceededError);
  });

  it.each([
    [1_000, 0, 0, false],
    [1_000, 999, 0, false],
    [1_000, 999, 1, true],
    [1_000, 1_000, 0, true],
  ])('deadline %i, now %i, wait %i: over = %s', (deadline, now, wait, over) => {
    const budget = new RequestBudget(10, deadline, () => now);
    if (over) expect(() => budget.ensureTime(wait)).toThrow(/time bound of the run reached/);
    else expect(() => budget.ensureTime(wait)).not.toThrow();
  });

  it('cuts a request timeout to what is left of the run, at least 1 ms', () => {
    expect(new RequestBudget(1, undefined, () => 0).timeoutFor(5_000)).toBe(5_000);
    expect(new RequestBudget(1, 1_200, () => 1_000).timeoutFor(5_000)).toBe(200);
    expect(new RequestBudget(1, 1_000, () => 2_000).timeoutFor(5_000)).toBe(1);
  });
});

describe('RetryPolicy', () => {
  const policy = new RetryPolicy({ maxRetries: 2, maxWaitMs: 10_000, backoffMs: 100 });

  it.each([
    [503, false, true],
    [429, false, true],
    [429, true, false],
    [200, false, false],
    [undefined, false, false],
  ] as const)('status %s (429 accepted: %s) is throttling to retry: %s', (status, acceptRateLimit, throttled) => {
    expect(policy.throttled({ ...req, acceptRateLimit }, status)).toBe(throttled);
  });

  it.each([
    ['backoff without a hint', {}, 0, 100],
    ['backoff doubles', {}, 1, 200],
    ['Retry-After seconds', { 'retry-after': '3' }, 0, 3_000],
    ['Retry-After as a date', { 'retry-after': new Date(5_000).toUTCString() }, 0, 5_000],
    ['a spent rate-limit header', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '4' }, 0, 4_000],
  ])('%s', (_name, headers, attempt, wait) => {
    expect(policy.waitAfter(req, 429, headers as Record<string, string>, attempt, 0)).toBe(wait);
  });

  it('gives up after the last retry, and on a wait longer than it waits', () => {
    expect(() => policy.waitAfter(req, 503, {}, 2, 0)).toThrow(RateLimitedError);
    expect(() => policy.waitAfter(req, 503, {}, 2, 0)).toThrow('answered 503 on all 3 attempts');
    expect(() => policy.waitAfter(req, 429, { 'retry-after': '11' }, 0, 0)).toThrow('Retry-After 11 s, longer than the kit waits (10 s)');
  });

  it('defaults: 3 retries, 30 s', () => {
    const d = new RetryPolicy(undefined);
    expect([d.maxRetries, d.maxWaitMs]).toEqual([3, 30_000]);
  });
});

describe('Pacer', () => {
  const pacer = (maxRps: number | undefined, clock: { now: number }, slept: number[]) =>
    new Pacer({ maxRps, maxWaitMs: 30_000 }, new RequestBudget(100, undefined, () => clock.now), () => clock.now, async (ms) => {
      slept.push(ms);
    });

  it('spaces requests asked at once by half of 1/--max-rps, taking slots without yielding, and never N+1 within a second', async () => {
    const clock = { now: 0 };
    const slept: number[] = [];
    const p = pacer(4, clock, slept);
    await Promise.all(Array.from({ length: 6 }, () => p.takeTurn(req, 's')));
    // At 4 rps: 0, 125, 250, 375 ms; the fifth a second after the first, the sixth after the second.
    expect(slept).toEqual([125, 250, 375, 1000, 1125]);
  });

  it('a slot left unused while nothing was asked is taken later in the same second; a strict 1/N s spacing would have lost it', async () => {
    const clock = { now: 0 };
    const slept: number[] = [];
    const p = pacer(4, clock, slept);
    await p.takeTurn(req, 's');
    clock.now = 600;
    await Promise.all(Array.from({ length: 4 }, () => p.takeTurn(req, 's')));
    // 600, 725, 850 (four in [0, 1000)), then 1000: the first slot's second is over.
    expect(slept).toEqual([125, 250, 400]);
  });

  it('holds --max-rps in every one-second window, whatever the arrivals', async () => {
    for (const maxRps of [1, 3, 50]) {
      const clock = { now: 0 };
      const taken: number[] = [];
      const p = new Pacer({ maxRps, maxWaitMs: 30_000 }, new RequestBudget(10_000, undefined, () => clock.now), () => clock.now, async (ms) => {
        clock.now += ms;
      });
      let seed = maxRps;
      for (let i = 0; i < 400; i += 1) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        if (seed % 3 === 0) clock.now += seed % 700;
        await p.takeTurn(req, 's');
        taken.push(clock.now);
      }
      for (let i = maxRps; i < taken.length; i += 1) expect(taken[i]! - taken[i - maxRps]!, `${maxRps} rps`).toBeGreaterThanOrEqual(1000 - 1e-6);
      for (let i = 1; i < taken.length; i += 1) expect(taken[i]! - taken[i - 1]!).toBeGreaterThanOrEqual(500 / maxRps - 1e-6);
    }
  });

  it('waits for the reset a spent rate-limit header announces, per scope', async () => {
    const clock = { now: 0 };
    const slept: number[] = [];
    const p = pacer(undefined, clock, slept);
    p.noteAllowance('a', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '2' });
    await p.takeTurn(req, 'b');
    expect(slept).toEqual([]);
    await p.takeTurn(req, 'a');
    expect(slept).toEqual([2_000]);
    await p.takeTurn({ ...req, acceptRateLimit: true }, 'a');
    expect(slept).toEqual([2_000]);
  });

  it('refuses a wait longer than the kit waits', async () => {
    const clock = { now: 0 };
    const p = pacer(undefined, clock, []);
    p.noteAllowance('a', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '60' });
    await expect(p.takeTurn(req, 'a')).rejects.toThrow(RateLimitedError);
  });
});

describe('Circuit', () => {
  const span = stallSpanMs(1_000);

  it('the span is the timeout, at least 5 s, less 100 ms', () => {
    expect([stallSpanMs(1_000), stallSpanMs(20_000)]).toEqual([4_900, 19_900]);
  });

  it('names an operation by method and path, without the query', () => {
    expect(operationOf({ method: 'GET', path: 'requests/v3?limit=1' })).toBe('GET /requests/v3');
  });

  it(`opens after ${STALL_TIMEOUTS} stalls spanning the span while another operation answers, and cuts the requests in flight`, () => {
    const clock = { now: 0 };
    const circuit = new Circuit(1_000, () => clock.now);
    const cut: string[] = [];
    const forget = circuit.onOpen('GET /a', (err) => cut.push(err.operation));
    circuit.noteAnswer('GET /b');
    circuit.noteStall('GET /a', 0, 'no answer');
    clock.now = span;
    expect(circuit.refusal('GET /a')).toBeUndefined();
    circuit.noteStall('GET /a', span - 1, 'no answer again');
    expect(circuit.refusal('GET /a')).toBeInstanceOf(OperationStalledError);
    expect(circuit.stalled).toEqual([{ operation: 'GET /a', cause: 'no answer again', unanswered: 2 }]);
    expect(cut).toEqual(['GET /a']);
    forget();
  });

  it.each([
    ['opens: two stalls spanning the span, another operation answers', true, [0, span], true],
    ['closed: nothing else answered (an unreachable target)', false, [0, span], false],
    ['closed: within the span', true, [0, span - 1], false],
    ['closed: one stall only', true, [span], false],
  ] as const)('%s', (_name, othersAnswer, stallsAt, open) => {
    const clock = { now: 0 };
    const circuit = new Circuit(1_000, () => clock.now);
    if (othersAnswer) circuit.noteAnswer('GET /b');
    for (const at of stallsAt) {
      clock.now = at;
      circuit.noteStall('GET /a', at, 'c');
    }
    expect(circuit.refusal('GET /a') !== undefined).toBe(open);
    expect(circuit.refusal('GET /b')).toBeUndefined();
  });

  it('an answer ends the streak', () => {
    const clock = { now: 0 };
    const circuit = new Circuit(1_000, () => clock.now);
    circuit.noteAnswer('GET /b');
    circuit.noteStall('GET /a', 0, 'c');
    circuit.noteAnswer('GET /a');
    clock.now = span;
    circuit.noteStall('GET /a', span, 'c');
    expect(circuit.refusal('GET /a')).toBeUndefined();
  });
});
