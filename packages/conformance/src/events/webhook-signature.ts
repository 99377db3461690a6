/**
 * The kit's verdict on a webhook signature (live-service facts §1.9), built on the integrators'
 * `verifyWebhookSignature` of `@crosschain/types` (constant time, raw body): valid over the raw
 * body, or else valid only over the re-serialised body (`JSON.stringify(JSON.parse(body))`, as the
 * live service's sample computes it), or invalid. Timestamp freshness is judged apart (its own
 * clause), so the signature is verified with no tolerance limit.
 */
import { verifyWebhookSignature } from '@crosschain/types';
import type { WebhookHeaders } from '@crosschain/types';
import type { SignatureVerdict } from '../contract/events.js';

const ANY_TIME = { toleranceMs: Number.POSITIVE_INFINITY };

function signedWithAny(keys: readonly string[], body: string | Uint8Array, headers: WebhookHeaders): { valid: boolean; missing: boolean } {
  let valid = false;
  let missing = false;
  for (const key of keys) {
    const verdict = verifyWebhookSignature(body, headers, key, ANY_TIME);
    valid = verdict.valid || valid;
    missing = (!verdict.valid && verdict.reason.startsWith('missing-')) || missing;
  }
  return { valid, missing };
}

/** The verdict on one delivery's signature, for any of `keys`. */
export function verifySignature(keys: readonly string[], headers: WebhookHeaders, rawBody: Uint8Array): SignatureVerdict {
  const raw = signedWithAny(keys, rawBody, headers);
  if (raw.valid) return 'valid';
  if (raw.missing) return 'missing';
  let reserialised: string;
  try {
    reserialised = JSON.stringify(JSON.parse(Buffer.from(rawBody).toString('utf8')));
  } catch {
    return 'invalid';
  }
  return signedWithAny(keys, reserialised, headers).valid ? 'reserialised-only' : 'invalid';
}

/** `X-Signature-Timestamp` in ms: the unit is not stated, so up to 11 digits are read as seconds (as `verifyWebhookSignature` does). */
export function timestampMs(header: string | undefined): number | undefined {
  if (!header || !/^[0-9]{1,16}$/.test(header)) return undefined;
  return header.length <= 11 ? Number(header) * 1000 : Number(header);
}
