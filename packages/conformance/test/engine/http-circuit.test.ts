/**
 * The per-operation circuit of the HTTP client: an operation that stops answering while
 * others answer is not sent again, its requests in flight end at once, and the cause is kept once.
 * The stall span is read from an injected clock, so no verdict here depends on the machine's speed.
 */
import { describe, expect, it } from 'vitest';
import { FetchHttpClient, STALL_TIMEOUTS, stallSpanMs } from '../../src/engine/http.js';
import { OperationStalledError, TargetUnreachableError } from '../../src/contract/types.js';
import { fakeFetch, jsonResponse } from './fake-fetch.js';
import type { Handler } from './fake-fetch.js';

/** GET /requests/v3 hangs (after `answered` answers); POST /currencies/v2 answers. */
function target(answered = 0): Handler {
  let v3 = 0;
  return (req) => {
    if (req.url.pathname === '/currencies/v2') return jsonResponse(200, []);
    v3 += 1;
    return v3 <= answered ? jsonResponse(200, { requests: [] }) : 'hang';
  };
}

function client(handler: Handler) {
  const fetch = fakeFetch(handler);
  const clock = { ms: 1_000_000 };
  const http = new FetchHttpClient({ baseUrl: 'http://t.test', fetch, apiKey: 'k-SECRET', timeoutMs: 50, maxRequests: 100, now: () => clock.ms });
  return { http, fetch, clock };
}

const v3 = { method: 'GET', path: '/requests/v3', query: { limit: 1 } } as const;
const currencies = { method: 'POST', path: '/currencies/v2', body: {} } as const;
const errorOf = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e);

describe('the per-operation circuit', () => {
  it('opens after unanswered requests spanning the stall span while another operation answers; the operation is then not sent, the others are', async () => {
    const { http, fetch, clock } = client(target());
    await http.send(currencies);
    const first = await errorOf(http.send(v3));
    expect(first).toBeInstanceOf(TargetUnreachableError);
    expect(first).not.toBeInstanceOf(OperationStalledError);
    expect(http.stalled).toEqual([]);
    clock.ms += stallSpanMs(50);
    const second = await errorOf(http.send(v3));
    expect(STALL_TIMEOUTS).toBe(2);
    expect(second).toBeInstanceOf(OperationStalledError);
    expect((second as OperationStalledError).operation).toBe('GET /requests/v3');
    expect(http.stalled).toEqual([{ operation: 'GET /requests/v3', unanswered: 2, cause: expect.stringMatching(/^GET http:\/\/t\.test\/requests\/v3\?limit=1 did not answer within 50 ms/) }]);
    const sent = fetch.seen.length;
    const third = await errorOf(http.send({ ...v3, query: { limit: 5 } }));
    expect(third).toBeInstanceOf(OperationStalledError);
    expect((third as Error).message).toMatch(/^GET \/requests\/v3 stopped answering \(.*did not answer within 50 ms.*\); the kit stopped sending it$/);
    expect(fetch.seen.length).toBe(sent);
    expect((await http.send(currencies)).response?.status).toBe(200);
    expect(JSON.stringify(http.stalled)).not.toContain('k-SECRET');
  });

  it('stays closed when nothing else answers (an unreachable target is not a stalled operation), within the span, or after an answer', async () => {
    const silent = client(() => 'hang');
    for (let i = 0; i < 3; i += 1) {
      expect(await errorOf(silent.http.send(v3))).not.toBeInstanceOf(OperationStalledError);
      silent.clock.ms += stallSpanMs(50);
    }
    expect(silent.http.stalled).toEqual([]);

    const quick = client(target());
    await quick.http.send(currencies);
    for (let i = 0; i < 4; i += 1) expect(await errorOf(quick.http.send(v3))).not.toBeInstanceOf(OperationStalledError);
    expect(quick.http.stalled).toEqual([]);

    const answering = client(target(1));
    await answering.http.send(currencies);
    expect(await errorOf(answering.http.send({ ...v3, query: { limit: 2 } }))).toBeUndefined();
    answering.clock.ms += stallSpanMs(50);
    expect(await errorOf(answering.http.send(v3))).not.toBeInstanceOf(OperationStalledError);
    expect(answering.http.stalled).toEqual([]);
  });

  it('ends the operation\'s requests in flight when it opens, with the cause, before their own timeout', async () => {
    const { http, clock } = client(target());
    await http.send(currencies);
    await errorOf(http.send(v3));
    clock.ms += stallSpanMs(50);
    const opener = errorOf(http.send(v3));
    await new Promise((r) => setTimeout(r, 20));
    const later = errorOf(http.send({ ...v3, query: { limit: 9 } }));
    expect(await opener).toBeInstanceOf(OperationStalledError);
    expect(await later).toBeInstanceOf(OperationStalledError);
    const cut = http.exchanges.find((e) => e.request.url.endsWith('limit=9'));
    expect(cut?.transportError).toMatch(/stopped answering/);
    expect(cut?.timedOut).toBeUndefined();
  });
});
