/**
 * Webhook signature verification (live-service facts §1.9): `X-Signature-SHA256` is the hex
 * HMAC-SHA256 of `<X-Signature-Timestamp>.<body>` keyed with the API key. The kit compares in
 * constant time over the raw body bytes; a signature that only matches the re-serialised body
 * (`JSON.stringify(JSON.parse(body))`, as the live service's sample computes it) is told apart.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SignatureVerdict } from './types.js';

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

function hmac(key: string, timestamp: string, body: Buffer | string): Buffer {
  return createHmac('sha256', key).update(`${timestamp}.`).update(body).digest();
}

function matchesAny(keys: readonly string[], timestamp: string, body: Buffer | string, given: Buffer): boolean {
  let match = false;
  for (const key of keys) match = timingSafeEqual(hmac(key, timestamp, body), given) || match;
  return match;
}

/** The verdict on one delivery's signature, for any of `keys`. */
export function verifySignature(keys: readonly string[], timestamp: string | undefined, signature: string | undefined, rawBody: Buffer): SignatureVerdict {
  if (!timestamp || !signature) return 'missing';
  if (!HEX_SHA256.test(signature)) return 'invalid';
  const given = Buffer.from(signature, 'hex');
  if (matchesAny(keys, timestamp, rawBody, given)) return 'valid';
  let reserialised: string;
  try {
    reserialised = JSON.stringify(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return 'invalid';
  }
  return matchesAny(keys, timestamp, reserialised, given) ? 'reserialised-only' : 'invalid';
}

/** `X-Signature-Timestamp` in ms: the live service's unit is not stated, so a value below 10^12 is read as seconds. */
export function timestampMs(header: string | undefined): number | undefined {
  if (!header || !/^[0-9]{1,16}$/.test(header)) return undefined;
  const n = Number(header);
  return n < 1e12 ? n * 1000 : n;
}
