import { describe, expect, it } from 'vitest';
import { allInOrder } from '../../src/engine/concurrent.js';
import { FetchHttpClient } from '../../src/engine/http.js';
import { BudgetExceededError } from '../../src/contract/types.js';
import { fakeFetch, jsonResponse } from './fake-fetch.js';

const later = <T>(ms: number, value: T, fail = false) => () => new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(value) : resolve(value)), ms));

describe('allInOrder', () => {
  it('starts every task at once and returns the results in task order, not arrival order', async () => {
    const started: number[] = [];
    const tasks = [30, 1, 15].map((ms, i) => () => (started.push(i), later(ms, i)()));
    expect(await allInOrder(tasks)).toEqual([0, 1, 2]);
    expect(started).toEqual([0, 1, 2]);
  });

  it('throws the failure of the first failing task in task order, after every task settled', async () => {
    let settled = 0;
    const track = <T>(p: () => Promise<T>) => () => p().finally(() => (settled += 1));
    const tasks = [track(later(5, 'ok')), track(later(40, new Error('second'), true)), track(later(1, new Error('third'), true))];
    await expect(allInOrder(tasks)).rejects.toThrow('second');
    expect(settled).toBe(3);
  });
});

describe('allInOrder with a concurrency bound', () => {
  it('runs at most n tasks at a time, starts them in task order, returns results in task order', async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const tasks = [20, 5, 15, 1, 10, 2, 8].map((ms, i) => async () => {
      started.push(i);
      running += 1;
      peak = Math.max(peak, running);
      await later(ms, i)();
      running -= 1;
      return i;
    });
    expect(await allInOrder(tasks, { concurrency: 3 })).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('throws the first failure in task order after every task settled', async () => {
    let settled = 0;
    const track = <T>(p: () => Promise<T>) => () => p().finally(() => (settled += 1));
    const tasks = [track(later(30, new Error('first'), true)), track(later(1, new Error('second'), true)), track(later(5, 'ok'))];
    await expect(allInOrder(tasks, { concurrency: 2 })).rejects.toThrow('first');
    expect(settled).toBe(3);
  });
});

describe('FetchHttpClient under concurrent sends', () => {
  function client(maxRequests = 100) {
    // Answers come back in the reverse order of the requests.
    const fetch = fakeFetch(async (req) => {
      const n = Number(req.url.searchParams.get('n'));
      await new Promise((resolve) => setTimeout(resolve, 40 - n * 10));
      return jsonResponse(200, { n });
    });
    let clock = 0;
    const sleeps: number[] = [];
    const http = new FetchHttpClient({
      baseUrl: 'http://target.test',
      fetch,
      timeoutMs: 5000,
      maxRequests,
      maxRps: 10,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
    });
    return { http, fetch, sleeps };
  }

  it('records exchanges in call order with increasing seq, whatever order the answers came in', async () => {
    const { http } = client();
    const answers = await allInOrder([0, 1, 2, 3].map((n) => () => http.send({ method: 'GET', path: '/requests/v3', query: { n } })));
    expect(answers.map((e) => (e.response!.json as { n: number }).n)).toEqual([0, 1, 2, 3]);
    expect(http.exchanges.map((e) => (e.response!.json as { n: number }).n)).toEqual([0, 1, 2, 3]);
    expect(http.exchanges.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it('shares one --max-rps limiter: each concurrent request takes its own slot', async () => {
    const { http, sleeps } = client();
    await allInOrder([0, 1, 2].map((n) => () => http.send({ method: 'GET', path: '/requests/v3', query: { n } })));
    // The fake clock moves with each sleep: the three go out at 0, 50 and 100 ms (10 rps: at most
    // ten a second, at most twice the rate for an instant).
    expect(sleeps).toEqual([50, 50]);
  });

  it('shares one request budget: concurrent requests never send past --max-requests', async () => {
    const { http, fetch } = client(2);
    await expect(allInOrder([0, 1, 2].map((n) => () => http.send({ method: 'GET', path: '/requests/v3', query: { n } })))).rejects.toThrow(BudgetExceededError);
    expect(fetch.seen).toHaveLength(2);
    expect(http.requestCount).toBe(2);
  });
});
