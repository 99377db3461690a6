/**
 * Typed mocks: every operation whose body the contract states has its 200 body by name, and
 * `satisfies` rejects the wrong mock bodies integrators' tests were seen to write (status v3 hashes
 * as objects, v3 records in the v2 shape, a legacy status missing its fields) while accepting the
 * right ones; an openapi-msw handler typed from `paths` rejects them the same way.
 */
import { HttpResponse } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import { expectTypeOf, it } from 'vitest';
import type {
  contractOperations,
  CurrenciesV2Response,
  IntentStatus,
  IntentStatusV2,
  IntentStatusV3,
  IntentStatusV3Value,
  paths,
  RequestsV2Response,
  RequestsV3ClientQuery,
  RequestsV3Response,
  ResponseBody,
} from '../src/index.js';
import { createSettlementClient } from '../src/index.js';

/** The name of each operation's 200 body: the operations the contract states in full, no other. */
interface BodyNames {
  postCurrenciesV2: CurrenciesV2Response;
  getIntentStatus: IntentStatus;
  getIntentStatusV2: IntentStatusV2;
  getRequestsV3: RequestsV3Response;
  getRequestsV2: RequestsV2Response;
  getIntentStatusV3: IntentStatusV3;
}
type Stated = Extract<(typeof contractOperations)[number], { namedOnly: false }>['operationId'];

it('every operation the contract states has its 200 body by name, the body of ResponseBody<operationId>', () => {
  expectTypeOf<keyof BodyNames>().toEqualTypeOf<Stated>();
  expectTypeOf<ResponseBody<'postCurrenciesV2'>>().toEqualTypeOf<BodyNames['postCurrenciesV2']>();
  expectTypeOf<ResponseBody<'getIntentStatus'>>().toEqualTypeOf<BodyNames['getIntentStatus']>();
  expectTypeOf<ResponseBody<'getIntentStatusV2'>>().toEqualTypeOf<BodyNames['getIntentStatusV2']>();
  expectTypeOf<ResponseBody<'getRequestsV3'>>().toEqualTypeOf<BodyNames['getRequestsV3']>();
  expectTypeOf<ResponseBody<'getRequestsV2'>>().toEqualTypeOf<BodyNames['getRequestsV2']>();
  expectTypeOf<ResponseBody<'getIntentStatusV3'>>().toEqualTypeOf<BodyNames['getIntentStatusV3']>();
  expectTypeOf<ResponseBody<'getRequestsV3', 400>>().toHaveProperty('message');
  expectTypeOf<IntentStatusV3Value>().toEqualTypeOf<'refund' | 'waiting' | 'depositing' | 'failure' | 'pending' | 'submitted' | 'success'>();
});

it('satisfies accepts right mock bodies', () => {
  const v3 = [{ status: 'success', txHashes: ['0xabc'] }, { status: 'waiting' }, { status: 'pending' }] satisfies IntentStatusV3[];
  const v2 = { status: 'pending', txHashes: [], inTxHashes: [], originChainId: 1, destinationChainId: 1, time: 0 } satisfies IntentStatusV2;
  const legacy = { status: 'success', txHashes: ['0xabc'], inTxHashes: [], originChainId: 1, destinationChainId: 8453, time: 0 } satisfies IntentStatus;
  const page = { requests: [] } satisfies RequestsV3Response;
  expectTypeOf(v3).not.toBeAny();
  expectTypeOf(v2.status).toEqualTypeOf<'pending'>();
  expectTypeOf(legacy.time).toBeNumber();
  expectTypeOf(page.requests).toBeArray();
});

it('satisfies rejects wrong mock bodies', () => {
  // @ts-expect-error txHashes of GET /intents/status/v3 are hash strings, not { txHash, chainId } objects
  const objectHashes = { status: 'success', txHashes: [{ txHash: '0xhash', chainId: 1 }] } satisfies IntentStatusV3;
  // @ts-expect-error `time` is v2's: v3 has `updatedAt`
  const v2Time = { status: 'success', time: 0 } satisfies IntentStatusV3;
  // @ts-expect-error 'delayed' is no status of GET /intents/status/v3
  const unknownStatus = { status: 'delayed' } satisfies IntentStatusV3;
  const v2Shape = {
    requests: [
      {
        id: '0x01',
        status: 'success',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        // @ts-expect-error a v3 record in the v2 shape: `data.metadata`, `outTxs[].hash`, no user/sender/recipient
        data: { metadata: {}, outTxs: [{ hash: '0x02' }] },
      },
    ],
  } satisfies RequestsV3Response;
  // @ts-expect-error the deprecated GET /intents/status requires inTxHashes, the chain ids and time
  const legacyMissing = { status: 'success', txHashes: ['0xabc'] } satisfies IntentStatus;
  void [objectHashes, v2Time, unknownStatus, v2Shape, legacyMissing];
});

it('an openapi-msw handler typed from paths takes right bodies and rejects wrong ones', () => {
  const http = createOpenApiHttp<paths>({ baseUrl: 'https://api.example.com' });
  http.get('/intents/status/v3', ({ query, response }) => {
    expectTypeOf(query.get('requestId')).toEqualTypeOf<string | null>();
    return response(200).json({ status: 'success', txHashes: ['0xabc'] });
  });
  // @ts-expect-error the body of a 200 of GET /intents/status/v3 has hash strings
  http.get('/intents/status/v3', ({ response }) => response(200).json({ status: 'success', txHashes: [{ txHash: '0xhash', chainId: 1 }] }));
  // @ts-expect-error no such path in the contract
  http.get('/intents/status/v4', () => HttpResponse.json({}));
});

it('the client takes filters as groups, and refuses a range key inside one', () => {
  const client = createSettlementClient({ baseUrl: 'https://api.example.com', apiKey: 'k' });
  const query: RequestsV3ClientQuery = { filters: [{ status: 'refund' }, { 'not:depositAddress': null }], limit: 10 };
  void client.requestsV3(query);
  void client.requestsV3({ filters: '[{"status":"refund"}]' });
  // @ts-expect-error range filters are top-level only (rule 7)
  void client.requestsV3({ filters: [{ startTimestamp: 1 }] });
});
