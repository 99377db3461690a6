/**
 * generated, do not edit.
 *
 * Event payload types (Intent Status websocket, webhooks) and the constants of their schemas.
 * Source: @crosschain/specs generated/openapi.json (OpenAPI 3.1.0, sha256 ac8148eb2c10bfe1d0fe3800cde9b4e3691310bb437ea3749070d12c5c9be9e8)
 * Generator: openapi-typescript 7.13.0 via packages/types/scripts/generate.mjs
 * Regenerate with `pnpm generate` (root) or `pnpm --filter @crosschain/types generate`.
 */

import type { components } from './api.js';

/** EventDepositAddress (components.schemas.EventDepositAddress). */
export type EventDepositAddress = components['schemas']['EventDepositAddress'];
/** EventName (components.schemas.EventName). */
export type EventName = components['schemas']['EventName'];
/** EventRequestStatus (components.schemas.EventRequestStatus). */
export type EventRequestStatus = components['schemas']['EventRequestStatus'];
/** EventTimestampMs (components.schemas.EventTimestampMs). */
export type EventTimestampMs = components['schemas']['EventTimestampMs'];
/** WebhookRequestStatusData (components.schemas.WebhookRequestStatusData). */
export type WebhookRequestStatusData = components['schemas']['WebhookRequestStatusData'];
/** WebhookRequestStatusUpdated (components.schemas.WebhookRequestStatusUpdated). */
export type WebhookRequestStatusUpdated = components['schemas']['WebhookRequestStatusUpdated'];
/** WebhookSignatureHeaders (components.schemas.WebhookSignatureHeaders). */
export type WebhookSignatureHeaders = components['schemas']['WebhookSignatureHeaders'];
/** WsConnectionReady (components.schemas.WsConnectionReady). */
export type WsConnectionReady = components['schemas']['WsConnectionReady'];
/** WsError (components.schemas.WsError). */
export type WsError = components['schemas']['WsError'];
/** WsRequestStatusData (components.schemas.WsRequestStatusData). */
export type WsRequestStatusData = components['schemas']['WsRequestStatusData'];
/** WsRequestStatusUpdated (components.schemas.WsRequestStatusUpdated). */
export type WsRequestStatusUpdated = components['schemas']['WsRequestStatusUpdated'];
/** WsSubscribeAck (components.schemas.WsSubscribeAck). */
export type WsSubscribeAck = components['schemas']['WsSubscribeAck'];
/** WsSubscribeFilters (components.schemas.WsSubscribeFilters). */
export type WsSubscribeFilters = components['schemas']['WsSubscribeFilters'];
/** WsSubscribeRequest (components.schemas.WsSubscribeRequest). */
export type WsSubscribeRequest = components['schemas']['WsSubscribeRequest'];
/** WsUnsubscribeAck (components.schemas.WsUnsubscribeAck). */
export type WsUnsubscribeAck = components['schemas']['WsUnsubscribeAck'];
/** WsUnsubscribeRequest (components.schemas.WsUnsubscribeRequest). */
export type WsUnsubscribeRequest = components['schemas']['WsUnsubscribeRequest'];

/** The only event kind (EventName.const). */
export const EVENT_NAME = "request.status.updated" as const;
/** Request statuses carried by events (EventRequestStatus.enum). */
export const EVENT_REQUEST_STATUSES = ["waiting","depositing","pending","submitted","success","failure","refund"] as const;
/** Webhook signature headers (WebhookSignatureHeaders.required): timestamp, then signature. */
export const WEBHOOK_TIMESTAMP_HEADER = "X-Signature-Timestamp" as const;
export const WEBHOOK_SIGNATURE_HEADER = "X-Signature-SHA256" as const;
