/**
 * The webhook receiver (src/events/webhook-receiver.ts) and the webhook checks over what it saw:
 * signature over the raw body (a signature over the re-serialised body told apart), timestamp,
 * schema, the refusal of the first delivery and its retry; the `webhook-receiver` command.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { judgeDeliveries, run } from '../../src/commands/webhook-receiver.js';
import { messageSchemas } from '../../src/contract/message-schemas.js';
import { WebhookReceiver } from '../../src/events/webhook-receiver.js';

const KEY = 'hook-key';
const sign = (ts: string, body: string, key = KEY) => createHmac('sha256', key).update(`${ts}.${body}`).digest('hex');

function payload(status: string, updatedAt = 1_765_989_801_294): string {
  const body = {
    event: 'request.status.updated',
    timestamp: Date.now(),
    data: {
      status,
      inTxHashes: ['0xin'],
      txHashes: [],
      updatedAt,
      originChainId: 8453,
      destinationChainId: 42161,
      depositAddress: null,
      requestId: '0xabc',
      referrer: null,
      details: null,
      failReason: 'N/A',
      refundFailReason: 'N/A',
    },
  };
  // Non-canonical spacing, like the reference server: the raw bytes differ from JSON.stringify(parse(body)).
  return JSON.stringify(body, null, 1);
}

let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function start(leaveRetryUnanswered = true): Promise<string> {
  receiver = new WebhookReceiver({ keys: [KEY], schemas: await messageSchemas(), waitMs: 1000, leaveRetryUnanswered });
  return receiver.start(0);
}

async function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
  await res.text();
  return res.status;
}

/** A POST the receiver leaves unanswered: the connection closes without a response (the fetch rejects). */
async function unanswered(url: string, body: string, headers: Record<string, string>): Promise<void> {
  await expect(post(url, body, headers)).rejects.toThrow();
}

const statusOf = async (r: WebhookReceiver) =>
  Object.fromEntries((await judgeDeliveries(r.observation(), { strict: true, apiKey: KEY, port: 0 }, new Date())).outcomes.map((o) => [o.id, o.status]));

describe('webhook receiver', () => {
  it('a conformant sender passes: raw-body signature, fresh timestamp, valid schema, retried after the refusal', async () => {
    const url = await start();
    const body = payload('pending');
    const ts = String(Date.now());
    expect(await post(url, body, { 'x-signature-timestamp': ts, 'x-signature-sha256': sign(ts, body) })).toBe(503);
    await unanswered(url, body, { 'x-signature-timestamp': ts, 'x-signature-sha256': sign(ts, body) });
    expect(await post(url, body, { 'x-signature-timestamp': ts, 'x-signature-sha256': sign(ts, body) })).toBe(200);
    const later = payload('submitted', 1_765_989_802_000);
    expect(await post(url, later, { 'X-Signature-Timestamp': ts, 'X-Signature-SHA256': sign(ts, later).toUpperCase() })).toBe(200);
    expect(receiver!.observation().refused).toEqual({ seq: 1, identity: expect.any(String), retrySeq: 2, unansweredSeq: 2, afterUnansweredSeq: 3 });
    expect(receiver!.observation().deliveries.map((d) => d.answered)).toEqual([503, 0, 200, 200]);
    expect(await statusOf(receiver!)).toEqual({
      'events.webhook.signature': 'pass',
      'events.webhook.raw-body': 'pass',
      'events.webhook.timestamp-fresh': 'pass',
      'events.webhook.schema': 'pass',
      'events.webhook.retry': 'pass',
    });
  });

  it('tells a signature over the re-serialised body from a wrong one, and answers 401 to both', async () => {
    // The same change three times: the redelivery answered (not left unanswered) to see its verdict.
    const url = await start(false);
    const body = payload('pending');
    const ts = String(Date.now());
    await post(url, body, { 'x-signature-timestamp': ts, 'x-signature-sha256': sign(ts, body) });
    expect(await post(url, body, { 'x-signature-timestamp': ts, 'x-signature-sha256': sign(ts, JSON.stringify(JSON.parse(body))) })).toBe(401);
    let s = await statusOf(receiver!);
    expect(s['events.webhook.raw-body']).toBe('fail');
    expect(s['events.webhook.signature']).toBe('pass');
    expect(await post(url, body, { 'x-signature-timestamp': ts, 'x-signature-sha256': sign(ts, body, 'another-key') })).toBe(401);
    s = await statusOf(receiver!);
    expect(s['events.webhook.signature']).toBe('fail');
    expect(receiver!.observation().deliveries.map((d) => d.signature)).toEqual(['valid', 'reserialised-only', 'invalid']);
  });

  it('fails a stale timestamp, a body off the schema, and a refused delivery never delivered again', async () => {
    const url = await start();
    const body = JSON.stringify({ event: 'request.status.updated', timestamp: Date.now(), data: { status: 'pending' } });
    const ts = String(Date.now() - 3_600_000);
    await post(url, body, { 'x-signature-timestamp': ts, 'x-signature-sha256': sign(ts, body) });
    const other = payload('success');
    await post(url, other, { 'x-signature-timestamp': ts, 'x-signature-sha256': sign(ts, other) });
    const s = await statusOf(receiver!);
    expect(s['events.webhook.timestamp-fresh']).toBe('fail');
    expect(s['events.webhook.schema']).toBe('fail');
    expect(s['events.webhook.retry']).toBe('fail');
  });

  it('fails a sender that retries after the 503 but not after the redelivery left unanswered (a transport failure is no delivery)', async () => {
    const url = await start();
    const body = payload('pending');
    const ts = String(Date.now());
    expect(await post(url, body, { 'x-signature-timestamp': ts, 'x-signature-sha256': sign(ts, body) })).toBe(503);
    await unanswered(url, body, { 'x-signature-timestamp': ts, 'x-signature-sha256': sign(ts, body) });
    const later = payload('submitted', 1_765_989_802_000);
    expect(await post(url, later, { 'x-signature-timestamp': ts, 'x-signature-sha256': sign(ts, later) })).toBe(200);
    expect(receiver!.observation().refused).toMatchObject({ retrySeq: 2, unansweredSeq: 2 });
    expect(receiver!.observation().refused?.afterUnansweredSeq).toBeUndefined();
    const result = await judgeDeliveries(receiver!.observation(), { strict: true, apiKey: KEY, port: 0 }, new Date());
    const retry = result.outcomes.find((o) => o.id === 'events.webhook.retry')!;
    expect(retry.status).toBe('fail');
    expect(retry.violation?.message).toMatch(/not answered .* must be delivered again/);
  });

  it('with leaveRetryUnanswered false, answers the redelivery and judges the 503 retry alone', async () => {
    receiver = new WebhookReceiver({ keys: [KEY], schemas: await messageSchemas(), waitMs: 1000, leaveRetryUnanswered: false });
    const url = await receiver.start(0);
    const body = payload('pending');
    const ts = String(Date.now());
    expect(await post(url, body, { 'x-signature-timestamp': ts, 'x-signature-sha256': sign(ts, body) })).toBe(503);
    expect(await post(url, body, { 'x-signature-timestamp': ts, 'x-signature-sha256': sign(ts, body) })).toBe(200);
    expect(receiver.observation().refused).toEqual({ seq: 1, identity: expect.any(String), retrySeq: 2 });
    expect((await statusOf(receiver))['events.webhook.retry']).toBe('pass');
  });

  it('skips every check when nothing arrived; refuses non-POST and oversized bodies', async () => {
    const url = await start();
    expect((await fetch(url)).status).toBe(405);
    expect(await post(url, 'x'.repeat(1024 * 1024 + 10), {})).toBe(413);
    expect(new Set(Object.values(await statusOf(receiver!)))).toEqual(new Set(['skip']));
  });
});

describe('webhook-receiver command', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), env: {}, cwd: process.cwd() } };
  };

  it('prints the listening URL first, reports on --duration, exit 4 without deliveries, never the key', async () => {
    const { out, err, io: cli } = io();
    const dir = mkdtempSync(join(tmpdir(), 'h9b-receiver-'));
    const code = await run(['--port', '0', '--api-key', KEY, '--duration', '0.5', '--report-dir', dir], cli);
    expect(code).toBe(4);
    expect(out[0]).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\n$/);
    expect(err.join('')).toMatch(/no webhook delivery arrived/);
    const results = readFileSync(join(dir, 'results.json'), 'utf8');
    expect(results).toContain('events.webhook.signature');
    expect(`${out.join('')}${err.join('')}${results}`).not.toContain(KEY);
  });

  it.each([
    [['--api-key', KEY], /--port must be a port number/],
    [['--port', '80000', '--api-key', KEY], /--port must be a port number/],
    [['--port', '0'], /--api-key .* must give the API key/],
    [['--port', '0', '--api-key', KEY, '--duration', 'soon'], /--duration must be a positive number/],
    [['--port', '0', '--bogus'], /^error: unknown option '--bogus'\. Run crosschain-conformance webhook-receiver --help for the options\./],
  ])('usage error %j: one line, exit 2', async (argv, message) => {
    const { err, io: cli } = io();
    expect(await run(argv, cli)).toBe(2);
    expect(err.join('')).toMatch(message);
    expect(err.join('').trim().split('\n')).toHaveLength(1);
  });
});
