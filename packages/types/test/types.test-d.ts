/**
 * Type tests: they fail (under `vitest --typecheck` and `tsc -p test/tsconfig.json`) when the
 * generated types drift from what the API document states.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type {
  Amount,
  AuthenticatedSettlementClient,
  components,
  Currency,
  CurrenciesV2Body,
  DepositAddress,
  DeprecationNotice,
  DeprecationSignals,
  FeeSponsorship,
  IntentStatus,
  IntentStatusValue,
  operations,
  paths,
  OptionalKeySettlementClient,
  PublicSettlementClient,
  KnownRequestFeature,
  RequestFeature,
  RequestsV3FilterGroupInput,
  RequestsV3NeedsAnApiKey,
  RequestStatusV3,
  RequestsV2Response,
  RequestsV3Filters,
  RequestsV3ClientQuery,
  RequestsV3Query,
  RequestsV3Response,
  RequestTypeV3,
  RequestV2,
  RequestV3,
  Route,
  TransactionEntry,
  WebhookRequestStatusUpdated,
  webhooks,
  WsConnectionReady,
  WsRequestStatusUpdated,
  WsSubscribeRequest,
} from '../src/index.js';
import { contractOperations, createSettlementClient, encodeRequestsV3Filters, iterateRequestsV3, paginateRequestsV3, type PaginationSummary } from '../src/index.js';

type V3Status = 'pending' | 'waiting' | 'depositing' | 'submitted' | 'success' | 'failure' | 'refund';

describe('resources (API document, Resources and States)', () => {
  it('v3 request status is exactly the seven states', () => {
    expectTypeOf<RequestStatusV3>().toEqualTypeOf<V3Status>();
    expectTypeOf<RequestV3['status']>().toEqualTypeOf<V3Status>();
  });

  it('intent status is exactly the five states', () => {
    expectTypeOf<IntentStatusValue>().toEqualTypeOf<'failure' | 'fallback' | 'pending' | 'received' | 'success'>();
    expectTypeOf<IntentStatus['status']>().toEqualTypeOf<IntentStatusValue>();
    expectTypeOf<IntentStatus['time']>().toEqualTypeOf<number>();
  });

  it('failReason and refundFailReason are string | null', () => {
    expectTypeOf<RequestV3['data']['failReason']>().toEqualTypeOf<string | null>();
    expectTypeOf<RequestV3['data']['refundFailReason']>().toEqualTypeOf<string | null>();
  });

  it('depositAddress is null or an object whose type is strict | open', () => {
    expectTypeOf<DepositAddress['type']>().toEqualTypeOf<'strict' | 'open'>();
    expectTypeOf<RequestV3['depositAddress']>().toEqualTypeOf<DepositAddress | null>();
    expectTypeOf<DepositAddress['recoveryAddress']>().toEqualTypeOf<string | null>();
  });

  it('v3 root fields have the document types', () => {
    expectTypeOf<RequestV3['requestType']>().toEqualTypeOf<RequestTypeV3>();
    expectTypeOf<RequestTypeV3>().toEqualTypeOf<'Bridge' | 'Crosschain Swap' | 'Same-chain Swap' | 'Send' | 'Wrap' | 'Unwrap' | 'Call'>();
    expectTypeOf<RequestV3['refundTo']>().toEqualTypeOf<string | null>();
    expectTypeOf<RequestV3['supersededByRequestId']>().toEqualTypeOf<string | null>();
    expectTypeOf<RequestV3['features']>().toEqualTypeOf<string[]>();
    expectTypeOf<RequestV3['data']['inTxs']>().toEqualTypeOf<TransactionEntry[]>();
    expectTypeOf<RequestV3['data']['route']>().toEqualTypeOf<Route>();
    expectTypeOf<RequestV3['data']['feeSponsorship']>().toEqualTypeOf<FeeSponsorship>();
    expectTypeOf<Route['actual']['origin']['inputCurrency']>().toEqualTypeOf<Amount>();
    expectTypeOf<Amount['amount']>().toEqualTypeOf<string>();
    expectTypeOf<TransactionEntry>().toHaveProperty('txHash');
  });

  it('currency vmType is the eight VMs', () => {
    expectTypeOf<Currency['vmType']>().toEqualTypeOf<'bvm' | 'evm' | 'svm' | 'tvm' | 'tonvm' | 'hypevm' | 'lvm' | 'xrpvm'>();
  });

  it('v3 list response: requests, optional continuation (null on the last page) and total', () => {
    expectTypeOf<RequestsV3Response['requests']>().toEqualTypeOf<RequestV3[]>();
    expectTypeOf<RequestsV3Response['continuation']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<RequestsV3Response['total']>().toEqualTypeOf<number | undefined>();
  });

  it('v2 response carries the deprecation object', () => {
    expectTypeOf<RequestsV2Response['requests']>().toEqualTypeOf<RequestV2[]>();
    expectTypeOf<RequestsV2Response['deprecation']>().toEqualTypeOf<DeprecationNotice>();
    expectTypeOf<DeprecationNotice>().toHaveProperty('sunsetAt');
    expectTypeOf<DeprecationNotice>().toHaveProperty('successor');
  });
});

describe('GET /requests/v3 query (API document, rules 1-8)', () => {
  it('requires no parameter', () => {
    expectTypeOf<{}>().toExtend<RequestsV3Query>();
    expectTypeOf<{}>().toExtend<operations['getRequestsV3']['parameters']>();
  });

  it('limit is optional and a number', () => {
    expectTypeOf<RequestsV3Query['limit']>().toEqualTypeOf<number | undefined>();
  });

  it('sortBy is the three-member union, sortDirection asc | desc', () => {
    expectTypeOf<NonNullable<RequestsV3Query['sortBy']>>().toEqualTypeOf<'createdAt' | 'updatedAt' | 'amountUsd'>();
    expectTypeOf<NonNullable<RequestsV3Query['sortDirection']>>().toEqualTypeOf<'asc' | 'desc'>();
  });

  it('the status filter accepts only five values', () => {
    expectTypeOf<NonNullable<RequestsV3Query['status']>>().toEqualTypeOf<'success' | 'failure' | 'refund' | 'pending' | 'depositing'>();
  });

  it('hash and referrer are not v3 parameters (rule 8)', () => {
    expectTypeOf<RequestsV3Query>().not.toHaveProperty('hash');
    expectTypeOf<RequestsV3Query>().not.toHaveProperty('referrer');
  });

  it('filters groups reject null mixed with values in one array (rule 7)', () => {
    expectTypeOf(encodeRequestsV3Filters).parameter(0).toEqualTypeOf<readonly RequestsV3FilterGroupInput[]>();
    expectTypeOf<[{ 'not:user': null; status: ['refund', 'failure'] }]>().toExtend<RequestsV3Filters>();
    expectTypeOf<[{ 'not:user': null; status: ['refund', 'failure'] }]>().toExtend<readonly RequestsV3FilterGroupInput[]>();
    expectTypeOf<[{ user: [null, '0x1'] }]>().not.toExtend<RequestsV3Filters>();
    expectTypeOf<[{ user: [null, '0x1'] }]>().not.toExtend<readonly RequestsV3FilterGroupInput[]>();
    // @ts-expect-error null mixed with values in one array is a 400
    void encodeRequestsV3Filters([{ user: [null, '0x1'] }]);
  });

  it('filters groups reject range keys and features: top-level only (rule 7)', () => {
    expectTypeOf<[{ amountUsdMin: 5 }]>().not.toExtend<readonly RequestsV3FilterGroupInput[]>();
    expectTypeOf<[{ status: 'refund'; 'not:fillTimeMax': 10 }]>().not.toExtend<readonly RequestsV3FilterGroupInput[]>();
    // @ts-expect-error a range key inside a group
    void encodeRequestsV3Filters([{ amountUsdMin: 5 }]);
    // @ts-expect-error a timestamp range inside a group
    void encodeRequestsV3Filters([{ status: 'refund' }, { startTimestamp: 1_700_000_000 }]);
    // @ts-expect-error a negated range key
    void encodeRequestsV3Filters([{ 'not:appFeesAmountUsdMax': 1 }]);
    // @ts-expect-error features inside a group
    void encodeRequestsV3Filters([{ features: ['fast_fill'] }]);
    const built: { [key: string]: string } & { fillTimeMin: number } = { status: 'refund', fillTimeMin: 3 } as never;
    // @ts-expect-error also when the group is not an object literal
    void encodeRequestsV3Filters([built]);
  });

  it('continuation, includeTotal and filters are present', () => {
    expectTypeOf<RequestsV3Query['continuation']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RequestsV3Query['includeTotal']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<RequestsV3Query['filters']>().toEqualTypeOf<string | undefined>();
  });
});

describe('request features (an open set)', () => {
  it('known values and any other string are features; records carry strings', () => {
    expectTypeOf<KnownRequestFeature>().toExtend<RequestFeature>();
    expectTypeOf<'a_new_feature'>().toExtend<RequestFeature>();
    expectTypeOf<RequestV3['features'][number]>().toEqualTypeOf<string>();
    expectTypeOf<RequestFeature>().toExtend<components['schemas']['RequestFeature']>();
  });
});

describe('POST /currencies/v2 body', () => {
  it('every field is optional', () => {
    expectTypeOf<{}>().toExtend<CurrenciesV2Body>();
    expectTypeOf<CurrenciesV2Body['limit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<CurrenciesV2Body['tokens']>().toEqualTypeOf<string[] | undefined>();
  });
});

type NamedOnlyPath =
  | '/quote/v2'
  | '/quote'
  | '/execute/permits'
  | '/chains'
  | '/chains/liquidity'
  | '/currencies/token/price'
  | '/transactions/index'
  | '/transactions/single'
  | '/transactions/deposit-address/reindex'
  | '/app-fees/{wallet}/balances'
  | '/app-fees/{wallet}/claim'
  | '/metrics/usage'
  | '/fast-fill'
  | '/swap-sources'
  | '/execute'
  | '/price'
  | '/config/v2'
  | '/currencies/v1';

type Op = (typeof contractOperations)[number];

describe('paths and operations', () => {
  it('has the four documented paths and their operationIds', () => {
    expectTypeOf<paths['/currencies/v2']['post']>().toEqualTypeOf<operations['postCurrenciesV2']>();
    expectTypeOf<paths['/intents/status']['get']>().toEqualTypeOf<operations['getIntentStatus']>();
    expectTypeOf<paths['/requests/v3']['get']>().toEqualTypeOf<operations['getRequestsV3']>();
    expectTypeOf<paths['/requests/v2']['get']>().toEqualTypeOf<operations['getRequestsV2']>();
  });

  it('the named-only operations exist in paths, and nothing else does', () => {
    expectTypeOf<Extract<Op, { namedOnly: true }>['path']>().toEqualTypeOf<NamedOnlyPath>();
    expectTypeOf<keyof paths>().toEqualTypeOf<NamedOnlyPath | '/currencies/v2' | '/intents/status' | '/intents/status/v2' | '/intents/status/v3' | '/requests/v3' | '/requests/v2'>();
    expectTypeOf<paths['/quote/v2']>().toHaveProperty('post');
  });

  it('the newer status operations (live OpenAPI) have their paths and operationIds', () => {
    expectTypeOf<paths['/intents/status/v2']['get']>().toEqualTypeOf<operations['getIntentStatusV2']>();
    expectTypeOf<paths['/intents/status/v3']['get']>().toEqualTypeOf<operations['getIntentStatusV3']>();
  });

  it('only GET /requests/v3 requires the key; the deprecated ones are marked', () => {
    expectTypeOf<Extract<Op, { keyRequired: true }>['operationId']>().toEqualTypeOf<'getRequestsV3'>();
    expectTypeOf<Extract<Op, { deprecated: true }>['operationId']>().toEqualTypeOf<'getIntentStatus' | 'getRequestsV2'>();
  });
});

describe('events', () => {
  it('the webhook body and websocket messages are typed', () => {
    type WebhookBody = NonNullable<webhooks['request.status.updated']['post']['requestBody']>['content']['application/json'];
    expectTypeOf<WebhookBody>().toEqualTypeOf<WebhookRequestStatusUpdated>();
    expectTypeOf<WebhookRequestStatusUpdated['event']>().toEqualTypeOf<'request.status.updated'>();
    expectTypeOf<WsRequestStatusUpdated['data']['status']>().toEqualTypeOf<V3Status>();
    expectTypeOf<WsConnectionReady['type']>().toEqualTypeOf<'connection'>();
    expectTypeOf<WsSubscribeRequest['type']>().toEqualTypeOf<'subscribe'>();
    expectTypeOf<components['schemas']['WsSubscribeFilters']['id']>().toEqualTypeOf<string>();
  });
});

describe('createSettlementClient', () => {
  const withKey = createSettlementClient({ baseUrl: 'https://api.example.com', apiKey: 'k' });
  const withoutKey = createSettlementClient({ baseUrl: 'https://api.example.com' });
  const maybeKey = createSettlementClient({ baseUrl: 'https://api.example.com', apiKey: process.env.KEY });

  it('has a callable requestsV3 only when created with a key, and says so otherwise', () => {
    expectTypeOf(withKey).toEqualTypeOf<AuthenticatedSettlementClient>();
    expectTypeOf(withoutKey).toEqualTypeOf<PublicSettlementClient>();
    expectTypeOf(withoutKey.requestsV3).toEqualTypeOf<RequestsV3NeedsAnApiKey>();
    // @ts-expect-error a client without a key cannot list v3 requests (the error names the missing key)
    void withoutKey.requestsV3();
    // @ts-expect-error nor page through them
    void paginateRequestsV3(withoutKey);
  });

  it('a key typed string | undefined gives a requestsV3 that checks the key at run time', () => {
    expectTypeOf(maybeKey).toEqualTypeOf<OptionalKeySettlementClient>();
    expectTypeOf(maybeKey.authenticated).toEqualTypeOf<boolean>();
    expectTypeOf(maybeKey.requestsV3).parameter(0).toEqualTypeOf<RequestsV3ClientQuery | undefined>();
    expectTypeOf(paginateRequestsV3(maybeKey)).toEqualTypeOf<AsyncGenerator<RequestsV3Response, PaginationSummary, undefined>>();
  });

  it('types the v3 query, and the response', async () => {
    expectTypeOf(withKey.requestsV3).parameter(0).toEqualTypeOf<RequestsV3ClientQuery | undefined>();
    // @ts-expect-error sortBy is a closed union
    void withKey.requestsV3({ sortBy: 'id' });
    // @ts-expect-error limit is a number
    void withKey.requestsV3({ limit: '5' });
    // @ts-expect-error hash is not a v3 parameter
    void withKey.requestsV3({ hash: '0x1' });
    const result = await withKey.requestsV3({ limit: 50, sortBy: 'amountUsd', status: 'depositing' });
    expectTypeOf(result.data).toEqualTypeOf<RequestsV3Response | undefined>();
    expectTypeOf(result.deprecation).toEqualTypeOf<DeprecationSignals>();
    if (result.data) expectTypeOf(result.data.requests[0]!.data.failReason).toEqualTypeOf<string | null>();
  });

  it('types the currencies body and response, and the intent status query', async () => {
    expectTypeOf(withoutKey.currenciesV2).parameter(0).toEqualTypeOf<CurrenciesV2Body | undefined>();
    // @ts-expect-error limit is a number
    void withoutKey.currenciesV2({ limit: 'ten' });
    const currencies = await withoutKey.currenciesV2({ chainIds: [1] });
    expectTypeOf(currencies.data).toEqualTypeOf<Currency[] | undefined>();
    const status = await withoutKey.intentStatus({ requestId: '0x1' });
    expectTypeOf(status.data).toEqualTypeOf<IntentStatus | undefined>();
  });

  it('gives v2 results the deprecation signals and the body notice', async () => {
    const v2 = await withoutKey.requestsV2({ limit: 1 });
    expectTypeOf(v2.deprecation.sunsetAt).toEqualTypeOf<Date | null>();
    expectTypeOf(v2.deprecation.deprecatedAt).toEqualTypeOf<Date | null>();
    expectTypeOf(v2.deprecation.successorVersion).toEqualTypeOf<string | null>();
    if (v2.data) expectTypeOf(v2.data.deprecation).toEqualTypeOf<DeprecationNotice>();
  });

  it('pages yield v3 responses and records, and return a summary', async () => {
    const pages = paginateRequestsV3(withKey, { limit: 50 });
    expectTypeOf(pages).toEqualTypeOf<AsyncGenerator<RequestsV3Response, PaginationSummary, undefined>>();
    expectTypeOf(iterateRequestsV3(withKey)).toEqualTypeOf<AsyncGenerator<RequestV3, PaginationSummary, undefined>>();
  });
});
