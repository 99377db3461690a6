import { describe, expect, it, vi } from 'vitest';
import { createSettlementClient, type PublicSettlementClient } from '../src/client.js';
import { MissingApiKeyError, SettlementResponseError } from '../src/errors.js';
import { DEPRECATION_NOTICE, V2_DEPRECATION_HEADERS, fakeFetch, json } from './support/fake-fetch.js';

const BASE = 'https://api.example.com';
const KEY = 'test-key-123';

describe('createSettlementClient', () => {
  it('sends x-api-key on every call of a client created with a key', async () => {
    const fetch = fakeFetch(() => json({ requests: [] }));
    const client = createSettlementClient({ baseUrl: BASE, apiKey: KEY, fetch });
    await client.requestsV3({ limit: 2, sortBy: 'updatedAt' });
    await client.currenciesV2({ term: 'usdc', limit: 5 });
    expect(fetch.requests.map((r) => r.headers.get('x-api-key'))).toEqual([KEY, KEY]);
    const v3 = new URL(fetch.requests[0]!.url);
    expect(v3.origin + v3.pathname).toBe(`${BASE}/requests/v3`);
    expect(Object.fromEntries(v3.searchParams)).toEqual({ limit: '2', sortBy: 'updatedAt' });
  });

  it('sends no x-api-key without a key, the JSON body on POST, and the intent query', async () => {
    const fetch = fakeFetch((request) =>
      request.method === 'POST' ? json([]) : json({ status: 'success', inTxHashes: [], txHashes: [], time: 1, originChainId: 1, destinationChainId: 2 }),
    );
    const client = createSettlementClient({ baseUrl: `${BASE}/`, fetch });
    const currencies = await client.currenciesV2({ chainIds: [1, 10], verified: true });
    expect(currencies.data).toEqual([]);
    const status = await client.intentStatus({ requestId: '0xabc' });
    expect(status.data?.status).toBe('success');
    const [post, get] = fetch.requests;
    expect(post!.headers.get('x-api-key')).toBeNull();
    expect(post!.headers.get('content-type')).toBe('application/json');
    expect(await post!.json()).toEqual({ chainIds: [1, 10], verified: true });
    expect(get!.url).toBe(`${BASE}/intents/status?requestId=0xabc`);
  });

  it('refuses a v3 call without a key at run time, before sending anything', async () => {
    const fetch = fakeFetch(() => json({ requests: [] }));
    const client = createSettlementClient({ baseUrl: BASE, fetch });
    expect(client.authenticated).toBe(false);
    const unchecked = client as PublicSettlementClient & { requestsV3: (q?: object) => Promise<unknown> };
    await expect(unchecked.requestsV3()).rejects.toThrow(MissingApiKeyError);
    await expect(unchecked.requestsV3()).rejects.toThrow(/GET \/requests\/v3 requires an API key/);
    // Through the raw openapi-fetch client too.
    await expect(client.raw.GET('/requests/v3', {})).rejects.toThrow(MissingApiKeyError);
    expect(fetch.requests).toHaveLength(0);
  });

  it('a key typed string | undefined: requestsV3 rejects with a clear message when it is undefined, sends when set', async () => {
    const fetch = fakeFetch(() => json({ requests: [] }));
    const env: { KEY?: string } = {};
    const missing = createSettlementClient({ baseUrl: BASE, apiKey: env.KEY, fetch });
    expect(missing.authenticated).toBe(false);
    await expect(missing.requestsV3({ limit: 1 })).rejects.toThrow(MissingApiKeyError);
    await expect(missing.requestsV3({ limit: 1 })).rejects.toThrow('GET /requests/v3 requires an API key (x-api-key), and this client has none');
    expect(fetch.requests).toHaveLength(0);
    env.KEY = 'k-1';
    const present = createSettlementClient({ baseUrl: BASE, apiKey: env.KEY, fetch });
    expect(present.authenticated).toBe(true);
    await present.requestsV3({ limit: 1 });
    expect(fetch.requests[0]!.headers.get('x-api-key')).toBe('k-1');
  });

  it('refuses a raw v3 call whose x-api-key header was removed', async () => {
    const fetch = fakeFetch(() => json({ requests: [] }));
    const client = createSettlementClient({ baseUrl: BASE, apiKey: KEY, fetch });
    await expect(client.raw.GET('/requests/v3', { headers: { 'x-api-key': null } })).rejects.toThrow(MissingApiKeyError);
    expect(fetch.requests).toHaveLength(0);
  });

  it.each([
    ['a missing baseUrl', { baseUrl: '' }, /baseUrl must be an absolute http\(s\) URL/],
    ['a relative baseUrl', { baseUrl: '/api' }, /baseUrl must be an absolute/],
    ['a non-http baseUrl', { baseUrl: 'ftp://api.example.com' }, /must use http or https/],
    ['a baseUrl with a query', { baseUrl: 'https://api.example.com/?x=1' }, /must not have a query/],
    ['an empty apiKey', { baseUrl: BASE, apiKey: '' }, /apiKey must not be empty/],
    ['an apiKey with a newline', { baseUrl: BASE, apiKey: 'abc\r\nx-evil: 1' }, /not allowed in an HTTP header value/],
    ['a non-string apiKey', { baseUrl: BASE, apiKey: 42 }, /apiKey must be a string/],
    ['a non-function fetch', { baseUrl: BASE, fetch: 'nope' }, /fetch must be a function/],
  ])('rejects %s with a clear error', (_name, options, message) => {
    expect(() => createSettlementClient(options as never)).toThrow(TypeError);
    expect(() => createSettlementClient(options as never)).toThrow(message);
  });

  it('never shows the key in a configuration error', () => {
    const secret = 'sk_live_\u00e9secret';
    expect(() => createSettlementClient({ baseUrl: BASE, apiKey: secret })).toThrow(/not allowed/);
    try {
      createSettlementClient({ baseUrl: BASE, apiKey: secret });
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('secret');
    }
  });

  it('rejects a non-object query or body', async () => {
    const client = createSettlementClient({ baseUrl: BASE, apiKey: KEY, fetch: fakeFetch(() => json({})) });
    await expect(client.requestsV3('limit=5' as never)).rejects.toThrow(/requestsV3 query must be an object/);
    await expect(client.currenciesV2([] as never)).rejects.toThrow(/currenciesV2 body must be an object, got an array/);
  });

  it('turns a 2xx body that is not JSON into a SettlementResponseError', async () => {
    const client = createSettlementClient({
      baseUrl: BASE,
      apiKey: KEY,
      fetch: fakeFetch(() => new Response('<html>oops</html>', { status: 200, headers: { 'content-type': 'text/html' } })),
    });
    await expect(client.requestsV3()).rejects.toThrow(SettlementResponseError);
    await expect(client.requestsV3()).rejects.toThrow(/GET \/requests\/v3 answered 200 with an unusable body/);
  });

  it('returns error responses as { error, response } with the parsed body', async () => {
    const client = createSettlementClient({
      baseUrl: BASE,
      apiKey: KEY,
      fetch: fakeFetch(() => json({ message: 'filters mixes null and values' }, { status: 400 })),
    });
    const result = await client.requestsV3({ filters: '[{"user":[null,"0x1"]}]' });
    expect(result.data).toBeUndefined();
    expect(result.error).toEqual({ message: 'filters mixes null and values' });
    expect(result.response.status).toBe(400);
  });
});

describe('deprecation signals', () => {
  it('parses the v2 headers and body notice onto the result and calls onDeprecation once', async () => {
    const onDeprecation = vi.fn();
    const fetch = fakeFetch(() => json({ requests: [], deprecation: DEPRECATION_NOTICE }, { headers: V2_DEPRECATION_HEADERS }));
    const client = createSettlementClient({ baseUrl: BASE, fetch, onDeprecation });
    const result = await client.requestsV2({ limit: 1 });
    const signals = result.deprecation;
    expect(signals.deprecatedAt?.toISOString()).toBe('2026-07-22T00:00:00.000Z');
    expect(signals.sunsetAt?.toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(signals.successorVersion).toBe('https://api.example.com/requests/v3');
    expect(signals.deprecationLink).toBe('https://docs.example.com/migrating-to-requests-v3');
    expect(signals.sunsetLink).toBe('https://docs.example.com/migrating-to-requests-v3');
    expect(signals.notice).toEqual(DEPRECATION_NOTICE);
    expect(signals.problems).toEqual([]);
    expect(onDeprecation).toHaveBeenCalledTimes(1);
    expect(onDeprecation.mock.calls[0]![0]).toBe(signals);
    expect(onDeprecation.mock.calls[0]![1]).toEqual({
      operationId: 'getRequestsV2',
      method: 'GET',
      path: '/requests/v2',
      status: 200,
      url: `${BASE}/requests/v2?limit=1`,
    });
  });

  it('surfaces the signals on a v2 429 too (Errors rule 1)', async () => {
    const onDeprecation = vi.fn();
    const body = { message: 'rate limited', successor: `${BASE}/requests/v3`, migrationGuide: 'https://docs.example.com/m' };
    const client = createSettlementClient({
      baseUrl: BASE,
      fetch: fakeFetch(() => json(body, { status: 429, headers: V2_DEPRECATION_HEADERS })),
      onDeprecation,
    });
    const result = await client.requestsV2();
    expect(result.error).toEqual(body);
    expect(result.deprecation.sunsetAt?.getTime()).toBe(Date.UTC(2026, 10, 24));
    expect(result.deprecation.notice).toBeNull();
    expect(onDeprecation).toHaveBeenCalledWith(result.deprecation, expect.objectContaining({ status: 429 }));
  });

  it('reports malformed headers as problems without failing the call', async () => {
    const onDeprecation = vi.fn();
    const client = createSettlementClient({
      baseUrl: BASE,
      fetch: fakeFetch(() =>
        json({ requests: [] }, { headers: { deprecation: 'true', sunset: '2026-11-24', link: '<https://x.example/; rel=sunset' } }),
      ),
      onDeprecation,
    });
    const { deprecation } = await client.requestsV2();
    expect(deprecation.deprecatedAt).toBeNull();
    expect(deprecation.sunsetAt).toBeNull();
    expect(deprecation.successorVersion).toBeNull();
    expect(deprecation.problems).toHaveLength(3);
    expect(deprecation.problems.join('\n')).toMatch(/Deprecation header: .*\n.*Sunset header: .*\n.*Link header: /);
    expect(onDeprecation).toHaveBeenCalledTimes(1);
  });

  it('does not call onDeprecation when a response carries no signal', async () => {
    const onDeprecation = vi.fn();
    const client = createSettlementClient({ baseUrl: BASE, apiKey: KEY, fetch: fakeFetch(() => json({ requests: [] })), onDeprecation });
    const result = await client.requestsV3();
    expect(result.deprecation.deprecatedAt).toBeNull();
    expect(onDeprecation).not.toHaveBeenCalled();
  });

  it('reports signals seen through the raw client, and resolves relative links against the request URL', async () => {
    const onDeprecation = vi.fn();
    const client = createSettlementClient({
      baseUrl: `${BASE}/base`,
      fetch: fakeFetch(() => json({}, { headers: { sunset: 'Tue, 24 Nov 2026 00:00:00 GMT', link: '</base/chains/v2>; rel="successor-version"' } })),
      onDeprecation,
    });
    await client.raw.GET('/chains', {});
    expect(onDeprecation).toHaveBeenCalledTimes(1);
    const [signals, context] = onDeprecation.mock.calls[0]!;
    expect(signals.successorVersion).toBe(`${BASE}/base/chains/v2`);
    expect(context).toEqual(expect.objectContaining({ operationId: 'getChains', path: '/chains', method: 'GET' }));
  });

  it('lets an error thrown by onDeprecation reach the caller', async () => {
    const client = createSettlementClient({
      baseUrl: BASE,
      fetch: fakeFetch(() => json({ requests: [] }, { headers: V2_DEPRECATION_HEADERS })),
      onDeprecation: () => {
        throw new Error('migrate now');
      },
    });
    await expect(client.requestsV2()).rejects.toThrow('migrate now');
  });
});
