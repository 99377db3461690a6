/**
 * Typed mocks at run time: the client's `filters` given as groups is encoded as the API takes it
 * (and refused where the API would answer 400, before anything is sent), and an openapi-msw
 * handler typed from `paths` serves the client what it types (the README's example).
 */
import { createOpenApiHttp } from 'openapi-msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettlementClient, paginateRequestsV3, type IntentStatusV3, type RequestsV3FilterGroupInput } from '../src/index.js';
import { fakeFetch, json } from './support/fake-fetch.js';

const BASE = 'https://api.example.com';

describe('requestsV3 filters as groups', () => {
  it('encodes the groups into the filters parameter, and sends a string as given', async () => {
    const fetch = fakeFetch(() => json({ requests: [] }));
    const client = createSettlementClient({ baseUrl: BASE, apiKey: 'k', fetch });
    await client.requestsV3({ filters: [{ status: 'refund' }, { 'not:depositAddress': null, originChainId: [1, 8453] }], limit: 5 });
    await client.requestsV3({ filters: '[{"status":"success"}]' });
    await client.requestsV3({ limit: 1 });
    const sent = fetch.requests.map((r) => new URL(r.url).searchParams);
    expect(JSON.parse(sent[0]!.get('filters')!)).toEqual([{ status: 'refund' }, { 'not:depositAddress': null, originChainId: [1, 8453] }]);
    expect(sent[0]!.get('limit')).toBe('5');
    expect(sent[1]!.get('filters')).toBe('[{"status":"success"}]');
    expect(sent[2]!.has('filters')).toBe(false);
  });

  it('refuses a group the API would reject, before sending anything', async () => {
    const fetch = fakeFetch(() => json({ requests: [] }));
    const client = createSettlementClient({ baseUrl: BASE, apiKey: 'k', fetch });
    const bad = [{ startTimestamp: 1 }] as unknown as RequestsV3FilterGroupInput[];
    await expect(client.requestsV3({ filters: bad })).rejects.toThrow(/filters\[0\]\.startTimestamp is not allowed in a group/);
    await expect(client.requestsV3({ filters: [{ status: ['refund', null] }] as unknown as RequestsV3FilterGroupInput[] })).rejects.toThrow(/combines null with values/);
    expect(fetch.requests).toHaveLength(0);
  });

  it('paging keeps the groups on every page', async () => {
    const fetch = fakeFetch((_, i) => json(i === 0 ? { requests: [], continuation: 'c1' } : { requests: [] }));
    const client = createSettlementClient({ baseUrl: BASE, apiKey: 'k', fetch });
    for await (const page of paginateRequestsV3(client, { filters: [{ status: 'refund' }] })) void page;
    expect(fetch.requests.map((r) => new URL(r.url).searchParams.get('filters'))).toEqual(['[{"status":"refund"}]', '[{"status":"refund"}]']);
    expect(new URL(fetch.requests[1]!.url).searchParams.get('continuation')).toBe('c1');
  });
});

describe('an openapi-msw handler typed from paths', () => {
  const http = createOpenApiHttp<import('../src/index.js').paths>({ baseUrl: BASE });
  const body = { status: 'success', txHashes: ['0xabc'], updatedAt: 1_784_891_000_000 } satisfies IntentStatusV3;
  const server = setupServer(http.get('/intents/status/v3', ({ query, response }) => response(200).json({ ...body, details: query.get('requestId') ?? 'none' })));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('serves the typed body to a fetch of the path', async () => {
    const res = await fetch(`${BASE}/intents/status/v3?requestId=0x01`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...body, details: '0x01' });
  });
});
