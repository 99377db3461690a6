/**
 * verifyWebhookSignature (live-service-facts §1.9): accepts the HMAC over the raw body with a
 * fresh timestamp (ms or s); rejects, with the reason, a wrong key, a re-serialised body, a stale
 * or malformed timestamp, a malformed or missing signature; never puts the key in a message.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../src/index.js';

const KEY = 'sk-test-4f1d2c';
const NOW = 1_790_000_000_000;
const RAW = '{"event": "request.status.updated", "timestamp": 1790000000000, "data": {"status": "pending"}}';
const sign = (ts: string, body: string | Buffer, key = KEY) => createHmac('sha256', key).update(`${ts}.`).update(body).digest('hex');
const headers = (ts: string, sig: string) => ({ 'x-signature-timestamp': ts, 'x-signature-sha256': sig });

describe('verifyWebhookSignature', () => {
  it('accepts the signature over the raw body (string, bytes, Headers, upper-case hex)', () => {
    const ts = String(NOW - 1000);
    expect(verifyWebhookSignature(RAW, headers(ts, sign(ts, RAW)), KEY, { now: NOW })).toEqual({ valid: true, timestampMs: NOW - 1000 });
    expect(verifyWebhookSignature(Buffer.from(RAW), new Headers({ 'X-Signature-Timestamp': ts, 'X-Signature-SHA256': sign(ts, RAW).toUpperCase() }), KEY, { now: NOW }).valid).toBe(true);
  });
  it('reads a 10-digit timestamp as seconds', () => {
    const ts = String(NOW / 1000);
    expect(verifyWebhookSignature(RAW, headers(ts, sign(ts, RAW)), KEY, { now: NOW })).toEqual({ valid: true, timestampMs: NOW });
  });
  it.each([
    ['signature-mismatch', 'another key', () => { const ts = String(NOW); return [RAW, headers(ts, sign(ts, RAW, 'other'))]; }],
    ['signature-mismatch', 'a re-serialised body', () => { const ts = String(NOW); return [RAW, headers(ts, sign(ts, JSON.stringify(JSON.parse(RAW))))]; }],
    ['stale-timestamp', 'a timestamp 6 minutes old', () => { const ts = String(NOW - 360_000); return [RAW, headers(ts, sign(ts, RAW))]; }],
    ['malformed-timestamp', 'a date string', () => [RAW, headers('2026-01-01', sign('2026-01-01', RAW))]],
    ['malformed-signature', 'a short signature', () => [RAW, headers(String(NOW), 'abc')]],
    ['missing-timestamp', 'no timestamp', () => [RAW, { 'x-signature-sha256': sign(String(NOW), RAW) }]],
    ['missing-signature', 'no signature', () => [RAW, { 'x-signature-timestamp': String(NOW) }]],
  ] as const)('rejects with %s: %s', (reason, _label, make) => {
    const [raw, h] = make() as [string, Record<string, string>];
    const verdict = verifyWebhookSignature(raw, h, KEY, { now: NOW });
    expect(verdict).toMatchObject({ valid: false, reason });
    expect(JSON.stringify(verdict)).not.toContain(KEY);
  });
  it('honours toleranceMs', () => {
    const ts = String(NOW - 20_000);
    expect(verifyWebhookSignature(RAW, headers(ts, sign(ts, RAW)), KEY, { now: NOW, toleranceMs: 10_000 })).toMatchObject({ reason: 'stale-timestamp' });
  });
  it('refuses a parsed body or an empty key as a usage error', () => {
    expect(() => verifyWebhookSignature(JSON.parse(RAW), headers('1', 'x'), KEY)).toThrow(/rawBody must be the raw request body/);
    expect(() => verifyWebhookSignature(RAW, headers('1', 'x'), '')).toThrow(/apiKey must be the non-empty API key/);
  });
});
