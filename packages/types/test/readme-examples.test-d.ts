/** The README's examples, kept compiling (type-checked only, never run). */
import { expectTypeOf, it } from 'vitest';
import type { RequestV3, RequestStatusV3, RequestsV3Query, paths } from '../src/index.js';
import { createSettlementClient, iterateRequestsV3, paginateRequestsV3, subscribeRequestStatus, verifyWebhookSignature, type EventRequestStatus } from '../src/index.js';

it('example 1: types only', () => {
  const terminal: RequestStatusV3[] = ['success', 'failure', 'refund'];
  const query: RequestsV3Query = { sortBy: 'updatedAt', sortDirection: 'asc', limit: 50 };
  function received(record: RequestV3) {
    return record.data.route.actual.destination?.outputCurrency.amountFormatted;
  }
  type V3Path = keyof paths;
  expectTypeOf(terminal).toEqualTypeOf<RequestStatusV3[]>();
  expectTypeOf(query).toEqualTypeOf<RequestsV3Query>();
  expectTypeOf(received).returns.toEqualTypeOf<string | undefined>();
  expectTypeOf<'/requests/v3'>().toExtend<V3Path>();
});

it('examples 2 and 3: client and paging', async () => {
  const client = createSettlementClient({
    baseUrl: 'https://api.example.com',
    apiKey: process.env.SETTLEMENT_API_KEY!,
    onDeprecation: (signals, { method, path }) =>
      console.warn(`${method} ${path} is deprecated; sunset ${signals.sunsetAt?.toISOString()}; use ${signals.successorVersion}`),
  });
  const { data, error, response } = await client.requestsV3({ status: 'refund', includeTotal: true });
  if (error) throw new Error(`HTTP ${response.status}`);
  expectTypeOf(data.total).toEqualTypeOf<number | undefined>();
  const currencies = await client.currenciesV2({ term: 'usdc', chainIds: [1, 8453], limit: 10 });
  expectTypeOf(currencies.data).not.toBeAny();
  const v2 = await client.requestsV2({ limit: 1 });
  expectTypeOf(v2.deprecation.successorVersion).toEqualTypeOf<string | null>();

  for await (const page of paginateRequestsV3(client, { sortBy: 'updatedAt', sortDirection: 'asc', limit: 50 })) {
    expectTypeOf(page.requests.length).toBeNumber();
  }
  for await (const record of iterateRequestsV3(client, { user: '0xabc' }, { maxPages: 20 })) {
    expectTypeOf(record.status).toEqualTypeOf<RequestStatusV3>();
  }
});

it('example 4: events', async () => {
  const apiKey = process.env.SETTLEMENT_API_KEY!;
  const requestId = '0xabc';
  for await (const push of subscribeRequestStatus('wss://ws.relay.link', apiKey, requestId)) {
    expectTypeOf(push.data.status).toEqualTypeOf<EventRequestStatus>();
    expectTypeOf(push.data.txHashes).toEqualTypeOf<string[] | undefined>();
  }
  const rawBody = Buffer.from('{}');
  const verdict = verifyWebhookSignature(rawBody, { 'x-signature-timestamp': '1' }, apiKey);
  if (!verdict.valid) expectTypeOf(verdict.message).toEqualTypeOf<string>();
  else expectTypeOf(verdict.timestampMs).toEqualTypeOf<number>();
});

it('example 5: typed mocks', async () => {
  const { createOpenApiHttp } = await import('openapi-msw');
  const { setupServer } = await import('msw/node');
  type V3 = import('../src/index.js').IntentStatusV3;
  type Page = import('../src/index.js').RequestsV3Response;
  const settled = { status: 'success', txHashes: ['0x6f…'], updatedAt: 1784891000000 } satisfies V3;
  const empty = { requests: [] } satisfies Page;
  // @ts-expect-error txHashes of GET /intents/status/v3 are hash strings, not { txHash, chainId } objects
  const wrong = { status: 'success', txHashes: [{ txHash: '0x6f…', chainId: 1 }] } satisfies V3;
  const http = createOpenApiHttp<paths>({ baseUrl: 'https://api.example.com' });
  const server = setupServer(
    http.get('/intents/status/v3', ({ query, response }) => response(200).json({ status: 'success', txHashes: ['0x6f…'], details: query.get('requestId') ?? undefined })),
  );
  const client = createSettlementClient({ baseUrl: 'https://api.example.com', apiKey: 'k' });
  void client.requestsV3({ filters: [{ status: 'refund' }, { 'not:depositAddress': null }] });
  void [settled, empty, wrong, server];
});
