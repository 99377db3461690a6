import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, MAX_REDIRECTS, RedirectError, TimeoutSignal, deliver, describeTransportError, fetchFollowing, interruption } from '../../../src/engine/http/transport.js';
import type { TransportOptions } from '../../../src/engine/http/transport.js';
import { fakeFetch } from '../fake-fetch.js';

const never = new Promise<never>(() => undefined);
const init = (headers: Record<string, string> = {}, method = 'GET', body?: string) => ({ method, headers, ...(body !== undefined ? { body } : {}), signal: new AbortController().signal });
const options = (fetch: TransportOptions['fetch'], maxBodyBytes?: number): TransportOptions => ({ fetch, isCredential: (n) => n === 'x-api-key' || n === 'x-gateway', ...(maxBodyBytes !== undefined ? { maxBodyBytes } : {}) });

describe('fetchFollowing', () => {
  it('drops the credentials once the origin changes, keeps them on the same origin', async () => {
    const fetch = fakeFetch((req) =>
      req.url.pathname === '/a' ? new Response(null, { status: 302, headers: { location: '/b' } }) : req.url.pathname === '/b' ? new Response(null, { status: 307, headers: { location: 'http://other.test/c' } }) : new Response('ok'),
    );
    const { res, credentialsDropped } = await fetchFollowing(options(fetch), 'http://t.test/a', init({ 'x-api-key': 'k', 'x-gateway': 'g', accept: 'application/json' }));
    expect(res.status).toBe(200);
    expect(credentialsDropped).toBe(true);
    expect(fetch.seen.map((r) => [r.url.toString(), r.headers['x-api-key'], r.headers['x-gateway'], r.headers.accept])).toEqual([
      ['http://t.test/a', 'k', 'g', 'application/json'],
      ['http://t.test/b', 'k', 'g', 'application/json'],
      ['http://other.test/c', undefined, undefined, 'application/json'],
    ]);
  });

  it('a 303, and a 302 after a POST, become a GET without body or content headers', async () => {
    const fetch = fakeFetch((req) => (req.url.pathname === '/a' ? new Response(null, { status: 302, headers: { location: '/b' } }) : new Response('ok')));
    await fetchFollowing(options(fetch), 'http://t.test/a', init({ 'content-type': 'application/json' }, 'POST', '{}'));
    expect(fetch.seen[1]).toMatchObject({ method: 'GET', body: undefined, headers: {} });
  });

  it.each([
    ['a loop', 'http://t.test/a', /more than 5 redirects/],
    ['an invalid Location', 'http://[', /invalid Location/],
    ['another scheme', 'ftp://t.test/x', /ftp: URL, which the kit does not follow/],
  ])('refuses %s', async (_name, location, message) => {
    const fetch = fakeFetch(() => new Response(null, { status: 301, headers: { location } }));
    const error = await fetchFollowing(options(fetch), 'http://t.test/a', init()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toMatch(message);
    if (location === 'http://t.test/a') expect(fetch.seen).toHaveLength(MAX_REDIRECTS + 1);
  });
});

describe('deliver and interruption', () => {
  it('reads the body, and refuses one over the cap', async () => {
    const fetch = fakeFetch(() => new Response('x'.repeat(100)));
    expect((await deliver(options(fetch, 1_000), 'http://t.test/', init(), never)).text).toHaveLength(100);
    await expect(deliver(options(fetch, 50), 'http://t.test/', init(), never)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it('a timeout aborts the request with a TimeoutSignal; a cut with the error given', async () => {
    const hang = fakeFetch(() => 'hang');
    const timed = interruption(10);
    await expect(deliver(options(hang), 'http://t.test/', { ...init(), signal: timed.signal }, timed.interrupted)).rejects.toBeInstanceOf(TimeoutSignal);
    expect(timed.signal.aborted).toBe(true);
    const cut = interruption(60_000);
    const pending = deliver(options(hang), 'http://t.test/', { ...init(), signal: cut.signal }, cut.interrupted);
    cut.cut(new Error('stalled'));
    await expect(pending).rejects.toThrow('stalled');
    cut.clear();
  });

  it('describes a transport error with its code and cause', () => {
    const err = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }) });
    expect(describeTransportError(err)).toBe('fetch failed: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1');
    expect(describeTransportError('plain')).toBe('plain');
  });
});
