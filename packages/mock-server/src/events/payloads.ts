/**
 * Payloads of `request.status.updated` (specs/openapi/schemas/events.yaml; live-service-facts §1.8,
 * §1.9): the websocket push and the webhook body, built from a request's current row.
 */
import type { Json } from '../data/record-v3.js';
import type { Row } from '../data/row.js';
import type { Store } from '../store/store.js';

/** The only event kind (facts §1.8). */
export const EVENT_NAME = 'request.status.updated';

/** `depositAddress` as events carry it (`depositAddressType`, not `type`), or null. */
function eventDepositAddress(store: Store, row: Row): Json | null {
  if (!row.depositAddress) return null;
  const dep = store.dataset.record(row).depositAddress as Json | null;
  if (!dep) return null;
  const out: Json = { address: dep.address, depositAddressType: dep.type };
  if (typeof dep.depositor === 'string') out.depositor = dep.depositor;
  if (typeof dep.depositTxHash === 'string') out.depositTxHash = dep.depositTxHash;
  return out;
}

/**
 * `data` of both events: WebhookRequestStatusData (every field; fail reasons `N/A` when none),
 * which the websocket push also carries (facts §1.8: "like the webhook").
 */
export function statusData(store: Store, row: Row): Json {
  return {
    status: row.status,
    inTxHashes: [...row.inTxHashes],
    txHashes: [...row.fillTxHashes, ...row.refundTxHashes],
    updatedAt: row.updatedAt,
    originChainId: row.originChainId,
    destinationChainId: row.destinationChainId,
    depositAddress: eventDepositAddress(store, row),
    requestId: row.id,
    referrer: row.referrer,
    details: null,
    failReason: row.failReason ?? 'N/A',
    refundFailReason: row.refundFailReason ?? 'N/A',
  };
}

/**
 * `data` of a websocket push: the fields of the AsyncAPI message WsRequestStatusData and no other
 * (the webhook's `referrer` is left out: the message schema does not declare it, and a socket may
 * belong to another key than the request, or to none).
 */
export function pushData(store: Store, row: Row): Json {
  const { referrer: _authenticated, ...data } = statusData(store, row);
  return data;
}

/**
 * A JSON text with `": "` and `", "` separators: stable, valid, but not what
 * `JSON.stringify(JSON.parse(text))` gives back, so that a signature over a re-serialised body
 * differs from one over the raw bytes (facts §1.9: the docs' sample re-serialises).
 */
export function spacedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spacedJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const parts = Object.entries(value as Json)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}: ${spacedJson(v)}`);
    return `{${parts.join(', ')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
