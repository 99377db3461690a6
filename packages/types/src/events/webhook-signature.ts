/**
 * `verifyWebhookSignature`: checks a webhook delivery (live-service-facts §1.9) the way the docs
 * intend but over the raw body: `X-Signature-SHA256` must be the hex HMAC-SHA256 of
 * `<X-Signature-Timestamp>.<raw body bytes>` keyed with the API key, compared in constant time, and
 * the timestamp must be within a tolerance of the receiver's clock (replay protection). Verify the
 * bytes you received: a body parsed and re-serialised (`JSON.stringify(req.body)`, the docs' sample)
 * need not be byte-identical to what was signed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '../generated/events.js';

/** Default accepted distance between the signature timestamp and the receiver's clock. */
export const DEFAULT_WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** Why a delivery was rejected. */
export type WebhookRejection =
  | 'missing-timestamp'
  | 'missing-signature'
  | 'malformed-timestamp'
  | 'malformed-signature'
  | 'stale-timestamp'
  | 'signature-mismatch';

export type WebhookVerdict =
  | { valid: true; timestampMs: number }
  | { valid: false; reason: WebhookRejection; message: string };

export interface VerifyWebhookOptions {
  /** Accepted distance from `now`, ms (default 5 minutes). */
  toleranceMs?: number;
  /** The receiver's clock, epoch ms (default `Date.now()`). */
  now?: number;
}

/** Headers as Node gives them (`req.headers`), as a fetch `Headers`, or as a plain record. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (k.toLowerCase() === wanted) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

/**
 * The timestamp in epoch ms: the live service does not state the unit (facts §1.9), so up to 11
 * digits are read as seconds, more as milliseconds.
 */
function timestampMs(digits: string): number {
  const n = Number(digits);
  return digits.length <= 11 ? n * 1000 : n;
}

const reject = (reason: WebhookRejection, message: string): WebhookVerdict => ({ valid: false, reason, message });

/**
 * Verifies a webhook delivery: `rawBody` exactly as received (string or bytes, never a parsed
 * object), its headers, and the API key the webhook is registered for. Never throws on a bad
 * delivery: returns a verdict with the reason. The key is not part of any message.
 */
export function verifyWebhookSignature(rawBody: string | Uint8Array, headers: WebhookHeaders, apiKey: string, options: VerifyWebhookOptions = {}): WebhookVerdict {
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
    throw new TypeError('verifyWebhookSignature: rawBody must be the raw request body (a string or bytes), not a parsed object; read the body before any JSON parsing');
  }
  if (typeof apiKey !== 'string' || apiKey === '') throw new TypeError('verifyWebhookSignature: apiKey must be the non-empty API key the webhook is registered for');
  const tolerance = options.toleranceMs ?? DEFAULT_WEBHOOK_TOLERANCE_MS;
  const now = options.now ?? Date.now();
  const ts = header(headers, WEBHOOK_TIMESTAMP_HEADER);
  const sig = header(headers, WEBHOOK_SIGNATURE_HEADER);
  if (ts === undefined || ts === '') return reject('missing-timestamp', `the ${WEBHOOK_TIMESTAMP_HEADER} header is missing`);
  if (sig === undefined || sig === '') return reject('missing-signature', `the ${WEBHOOK_SIGNATURE_HEADER} header is missing`);
  if (!/^\d{1,16}$/.test(ts)) return reject('malformed-timestamp', `${WEBHOOK_TIMESTAMP_HEADER} must be Unix time digits, got ${JSON.stringify(ts.slice(0, 40))}`);
  if (!/^[0-9a-fA-F]{64}$/.test(sig)) return reject('malformed-signature', `${WEBHOOK_SIGNATURE_HEADER} must be 64 hex characters (HMAC-SHA256), got ${sig.length} characters`);
  const at = timestampMs(ts);
  if (Math.abs(now - at) > tolerance) {
    return reject('stale-timestamp', `${WEBHOOK_TIMESTAMP_HEADER} is ${Math.round((now - at) / 1000)} s from the receiver's clock; the tolerance is ${Math.round(tolerance / 1000)} s`);
  }
  const expected = createHmac('sha256', apiKey).update(`${ts}.`).update(rawBody).digest();
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) {
    return reject('signature-mismatch', `${WEBHOOK_SIGNATURE_HEADER} does not match the HMAC-SHA256 of "<timestamp>.<raw body>" keyed with the API key`);
  }
  return { valid: true, timestampMs: at };
}
