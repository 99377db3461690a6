/**
 * `@crosschain/types`: TypeScript types generated from the contract of the cross-chain settlement
 * API (`@crosschain/specs`), and a typed client on openapi-fetch.
 */
export type { paths, components, operations, webhooks, $defs } from './generated/api.js';
export type * from './aliases.js';

export {
  createSettlementClient,
  type AuthenticatedSettlementClient,
  type CallOptions,
  type DeprecationContext,
  type OperationQuery,
  type OperationResult,
  type OptionalKeySettlementClient,
  type PublicSettlementClient,
  type RequestsV3ClientQuery,
  type RequestsV3NeedsAnApiKey,
  type SettlementClient,
  type SettlementClientOptions,
  type SettlementFetch,
  type SettlementOperationId,
  type SettlementResult,
} from './client.js';
export { paginateRequestsV3, iterateRequestsV3, PaginationError, type PaginateOptions, type PaginationEndReason, type PaginationSummary } from './paginate.js';
export { encodeRequestsV3Filters, REQUESTS_V3_RANGE_KEYS, type RangeFiltersAndFeaturesAreTopLevelOnly, type RequestsV3FilterGroupInput, type RequestsV3TopLevelOnlyKey } from './filters.js';
export { MissingApiKeyError, SettlementApiError, SettlementResponseError } from './errors.js';
export { readDeprecationSignals, hasDeprecationSignals, DEPRECATION_LINK_RELATIONS, type DeprecationSignals } from './deprecation.js';
export { parseLinkHeader, findLink, type ParsedLink, type ParseLinkOptions } from './headers/link.js';
export { parseHttpDate, type HttpDate, type HttpDateFormat } from './headers/http-date.js';
export { parseStructuredDate, type StructuredDate, type StructuredBareItem } from './headers/structured-date.js';
export { HeaderParseError } from './headers/header-parse-error.js';
export { contractOperations, type ContractOperation } from './generated/operations.js';
export {
  EVENT_NAME,
  EVENT_REQUEST_STATUSES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type EventDepositAddress,
  type EventName,
  type EventRequestStatus,
  type EventTimestampMs,
  type WebhookRequestStatusData,
  type WebhookRequestStatusUpdated,
  type WebhookSignatureHeaders,
  type WsConnectionReady,
  type WsRequestStatusData,
  type WsRequestStatusUpdated,
  type WsSubscribeAck,
  type WsSubscribeFilters,
  type WsSubscribeRequest,
  type WsUnsubscribeAck,
  type WsUnsubscribeRequest,
} from './generated/events.js';
export {
  verifyWebhookSignature,
  DEFAULT_WEBHOOK_TOLERANCE_MS,
  type VerifyWebhookOptions,
  type WebhookHeaders,
  type WebhookRejection,
  type WebhookVerdict,
} from './events/webhook-signature.js';
export { subscribeRequestStatus, RequestStatusStreamError, type SubscribeRequestStatusOptions } from './events/status-stream.js';
