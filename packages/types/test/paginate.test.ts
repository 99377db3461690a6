import { describe, expect, it } from 'vitest';
import { createSettlementClient, type AuthenticatedSettlementClient } from '../src/client.js';
import { MissingApiKeyError, SettlementApiError, SettlementResponseError } from '../src/errors.js';
import { iterateRequestsV3, paginateRequestsV3, PaginationError } from '../src/paginate.js';
import { fakeFetch, json } from './support/fake-fetch.js';

const BASE = 'https://api.example.com';

/** A client whose v3 pages are scripted: `pages[i]` answers the i-th call. */
function scripted(pages: Array<{ ids: string[]; continuation?: string | null } | Response>) {
  const fetch = fakeFetch((_request, index) => {
    const page = pages[index];
    if (page === undefined) throw new Error(`unexpected call #${index + 1}`);
    if (page instanceof Response) return page;
    const body: Record<string, unknown> = { requests: page.ids.map((id) => ({ id })) };
    if (page.continuation !== undefined) body.continuation = page.continuation;
    return json(body);
  });
  return { fetch, client: createSettlementClient({ baseUrl: BASE, apiKey: 'k', fetch }) };
}

async function collect<T, R>(iterator: AsyncGenerator<T, R>): Promise<{ items: T[]; result: R }> {
  const items: T[] = [];
  for (;;) {
    const step = await iterator.next();
    if (step.done) return { items, result: step.value };
    items.push(step.value);
  }
}

const cursorsSent = (requests: Request[]) => requests.map((r) => new URL(r.url).searchParams.get('continuation'));

describe('paginateRequestsV3', () => {
  it('follows continuation until a page has none, keeping the other query parameters', async () => {
    const { fetch, client } = scripted([{ ids: ['a', 'b'], continuation: 'c1' }, { ids: ['c'], continuation: 'c2' }, { ids: [] }]);
    const { items, result } = await collect(paginateRequestsV3(client, { limit: 2, sortBy: 'updatedAt', sortDirection: 'asc' }));
    expect(items.map((p) => p.requests.map((r) => r.id))).toEqual([['a', 'b'], ['c'], []]);
    expect(result).toEqual({ reason: 'no-cursor', pages: 3, records: 3 });
    expect(cursorsSent(fetch.requests)).toEqual([null, 'c1', 'c2']);
    for (const request of fetch.requests) {
      const params = new URL(request.url).searchParams;
      expect([params.get('limit'), params.get('sortBy'), params.get('sortDirection')]).toEqual(['2', 'updatedAt', 'asc']);
    }
  });

  it.each([
    ['null', null],
    ['an empty string', ''],
  ])('stops when continuation is %s', async (_name, continuation) => {
    const { client } = scripted([{ ids: ['a'], continuation: 'c1' }, { ids: ['b'], continuation }]);
    const { result } = await collect(paginateRequestsV3(client));
    expect(result).toEqual({ reason: 'no-cursor', pages: 2, records: 2 });
  });

  it('throws PaginationError on a cursor repeated by the next page (never loops)', async () => {
    const { fetch, client } = scripted([{ ids: ['a'], continuation: 'same' }, { ids: ['b'], continuation: 'same' }]);
    const pages = paginateRequestsV3(client);
    await expect(collect(pages)).rejects.toThrow(PaginationError);
    expect(fetch.requests).toHaveLength(2);
  });

  it('throws on a cycle through earlier cursors, naming the pages', async () => {
    const { fetch, client } = scripted([
      { ids: ['a'], continuation: 'c1' },
      { ids: ['b'], continuation: 'c2' },
      { ids: ['c'], continuation: 'c1' },
    ]);
    const error = await collect(paginateRequestsV3(client)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({ code: 'REPEATED_CURSOR', cursor: 'c1', page: 3, firstSeenAt: 1 });
    expect((error as Error).message).toMatch(/page 3 returned continuation "c1", already seen on page 1/);
    expect(fetch.requests).toHaveLength(3);
  });

  it('throws when the server hands back the cursor of the initial query', async () => {
    const { client } = scripted([{ ids: ['a'], continuation: 'start' }]);
    await expect(collect(paginateRequestsV3(client, { continuation: 'start' }))).rejects.toThrow(/already seen in the initial query/);
  });

  it('stops after maxPages with reason max-pages', async () => {
    const { fetch, client } = scripted([{ ids: ['a'], continuation: 'c1' }, { ids: ['b'], continuation: 'c2' }]);
    const { result } = await collect(paginateRequestsV3(client, {}, { maxPages: 2 }));
    expect(result).toEqual({ reason: 'max-pages', pages: 2, records: 2 });
    expect(fetch.requests).toHaveLength(2);
  });

  it.each([0, -1, 1.5, Number.NaN, '3'])('rejects maxPages %s', async (maxPages) => {
    const { client } = scripted([]);
    await expect(collect(paginateRequestsV3(client, {}, { maxPages: maxPages as number }))).rejects.toThrow(/maxPages must be a positive integer/);
  });

  it('throws SettlementApiError on a non-2xx page', async () => {
    const { client } = scripted([{ ids: ['a'], continuation: 'c1' }, json({ message: 'slow down' }, { status: 429 })]);
    const error = await collect(paginateRequestsV3(client)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SettlementApiError);
    expect(error).toMatchObject({ status: 429, operation: 'GET /requests/v3' });
    expect((error as Error).message).toBe('GET /requests/v3 answered 429: slow down');
  });

  it('throws SettlementResponseError on a page without a requests array or with a non-string cursor', async () => {
    const noArray = scripted([json({ continuation: 'x' })]);
    await expect(collect(paginateRequestsV3(noArray.client))).rejects.toThrow(SettlementResponseError);
    const badCursor = scripted([json({ requests: [], continuation: 42 })]);
    await expect(collect(paginateRequestsV3(badCursor.client))).rejects.toThrow(/non-string continuation/);
  });

  it('refuses a client without a key', async () => {
    const client = createSettlementClient({ baseUrl: BASE, fetch: fakeFetch(() => json({ requests: [] })) });
    await expect(collect(paginateRequestsV3(client as unknown as AuthenticatedSettlementClient))).rejects.toThrow(MissingApiKeyError);
  });

  it('stops sending requests when the consumer breaks early', async () => {
    const { fetch, client } = scripted([{ ids: ['a'], continuation: 'c1' }, { ids: ['b'], continuation: 'c2' }]);
    for await (const page of paginateRequestsV3(client)) {
      expect(page.requests).toHaveLength(1);
      break;
    }
    expect(fetch.requests).toHaveLength(1);
  });
});

describe('iterateRequestsV3', () => {
  it('yields the records of every page and returns the summary', async () => {
    const { client } = scripted([{ ids: ['a', 'b'], continuation: 'c1' }, { ids: ['c'] }]);
    const { items, result } = await collect(iterateRequestsV3(client, { limit: 2 }));
    expect(items.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ reason: 'no-cursor', pages: 2, records: 3 });
  });

  it('propagates a repeated cursor', async () => {
    const { client } = scripted([{ ids: ['a'], continuation: 'x' }, { ids: ['b'], continuation: 'x' }]);
    await expect(collect(iterateRequestsV3(client))).rejects.toThrow(PaginationError);
  });
});
