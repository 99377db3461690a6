import type { components, operations } from './generated/api.js';
import type { WsConnectionReady, WsRequestStatusUpdated, WsSubscribeAck, WsSubscribeRequest, WsUnsubscribeAck, WsUnsubscribeRequest } from './generated/events.js';

type Schemas = components['schemas'];

/** Currency (API document, Resources: Currency). */
export type Currency = Schemas['Currency'];
export type CurrencyMetadata = Schemas['CurrencyMetadata'];
/** The currency object inside v3 records; some nested occurrences carry only chainId, symbol, decimals. */
export type RecordCurrency = Schemas['RecordCurrency'];
/** `bvm | evm | svm | tvm | tonvm | hypevm | lvm | xrpvm`. */
export type VmType = Schemas['VmType'];
/** Body of `POST /currencies/v2`. */
export type CurrenciesV2Body = Schemas['CurrenciesV2Body'];
/** 200 body of `POST /currencies/v2`: an array of currencies. */
export type CurrenciesV2Response = Schemas['CurrenciesV2Response'];

/** Intent status record of the deprecated `GET /intents/status` (its 200 body). */
export type IntentStatus = Schemas['IntentStatus'];
/** `failure | fallback | pending | received | success` (States and transitions). */
export type IntentStatusValue = Schemas['IntentStatusValue'];
/** Query of `GET /intents/status`. */
export type IntentStatusQuery = NonNullable<operations['getIntentStatus']['parameters']['query']>;

/**
 * 200 body of `GET /intents/status/v2`: the status record of the live service's published
 * OpenAPI (SHOULD; every field optional there).
 */
export type IntentStatusV2 = Schemas['IntentStatusV2'];
/**
 * 200 body of `GET /intents/status/v3`: as v2, `updatedAt` (epoch ms) in place of `time`;
 * `txHashes` and `inTxHashes` are arrays of hash strings.
 */
export type IntentStatusV3 = Schemas['IntentStatusV3'];
/** The status values of `GET /intents/status/v3` (`refund | waiting | depositing | failure | pending | submitted | success`). */
export type IntentStatusV3Value = NonNullable<IntentStatusV3['status']>;

/**
 * The JSON body of an operation's response, by operationId and status (default 200), e.g.
 * `ResponseBody<'getIntentStatusV3'>` (= {@link IntentStatusV3}) or `ResponseBody<'getRequestsV3', 400>`.
 * `never` where the contract gives that response no JSON body.
 */
export type ResponseBody<K extends keyof operations, S extends keyof operations[K]['responses'] = 200 & keyof operations[K]['responses']> = operations[K]['responses'][S] extends {
  content: { 'application/json': infer B };
}
  ? B
  : never;

/** Request record of `GET /requests/v3`. */
export type RequestV3 = Schemas['RequestV3'];
/** The seven v3 request statuses (States and transitions). */
export type RequestStatusV3 = Schemas['RequestStatusV3'];
/** `Bridge | Crosschain Swap | Same-chain Swap | Send | Wrap | Unwrap | Call`. */
export type RequestTypeV3 = Schemas['RequestTypeV3'];
/** The request features the API document and the live service name (`x-known-values` of `RequestFeature`). */
export type KnownRequestFeature = 'gasless_execution' | 'fast_fill' | 'gas_top_up' | 'app_fees' | 'deposit_address' | 'gasless_swap' | 'fixed_rate';
/** One request feature: an open set ("for example"), so any string; the known ones complete in editors. */
export type RequestFeature = KnownRequestFeature | (string & {});
/** Query of `GET /requests/v3`; every parameter is optional. */
export type RequestsV3Query = NonNullable<operations['getRequestsV3']['parameters']['query']>;
/** 200 body of `GET /requests/v3`. */
export type RequestsV3Response = Schemas['RequestsV3Response'];
/** One OR-group of the JSON-encoded `filters` parameter (GET /requests/v3 rule 7). */
export type RequestsV3FilterGroup = Schemas['RequestsV3FilterGroup'];
/** The decoded `filters` parameter: an array of groups. */
export type RequestsV3Filters = Schemas['RequestsV3Filters'];
export type RequestsV3FilterValue = Schemas['RequestsV3FilterValue'];

/** Amount object of v3 records. */
export type Amount = Schemas['Amount'];
/** Entry of `data.inTxs[]` / `data.outTxs[]`. */
export type TransactionEntry = Schemas['TransactionEntry'];
export type AppFees = Schemas['AppFees'];
export type Fees = Schemas['Fees'];
export type FeeSponsorship = Schemas['FeeSponsorship'];
export type Route = Schemas['Route'];
export type RouteSide = Schemas['RouteSide'];
export type Protocol = Schemas['Protocol'];
export type DepositAddress = Schemas['DepositAddress'];

/** Status of a v2 request record. */
export type RequestStatusV2 = Schemas['RequestStatusV2'];
/** Request record of the deprecated `GET /requests/v2`. */
export type RequestV2 = Schemas['RequestV2'];
/** Query of `GET /requests/v2`. */
export type RequestsV2Query = NonNullable<operations['getRequestsV2']['parameters']['query']>;
/** 200 body of `GET /requests/v2`. */
export type RequestsV2Response = Schemas['RequestsV2Response'];
/** The `deprecation` object of a v2 200 body (Versioning). */
export type DeprecationNotice = Schemas['DeprecationNotice'];
/** 429 body of `GET /requests/v2` (Errors). */
export type RequestsV2RateLimited = Schemas['RequestsV2RateLimited'];
export type RequestsV2Retired = Schemas['RequestsV2Retired'];
export type ErrorBody = Schemas['ErrorBody'];

/** Any message the server sends on the websocket (event payload types: generated/events.ts). */
export type WsServerMessage = WsConnectionReady | WsSubscribeAck | WsUnsubscribeAck | WsRequestStatusUpdated;
/** Any message a client sends on the websocket. */
export type WsClientMessage = WsSubscribeRequest | WsUnsubscribeRequest;
