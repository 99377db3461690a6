/**
 * A webhook receiver (live-service facts §1.9; AsyncAPI channel `requestStatusWebhook`): an HTTP
 * server on 127.0.0.1 that records every delivery with its verdicts (signature over the raw body,
 * timestamp, payload and header schemas) and answers 2xx for a valid signature, 401 otherwise.
 * It refuses the first delivery of its run on purpose (503) and watches for the same change to be
 * delivered again (the service retries with exponential backoff); that redelivery it leaves
 * unanswered (closes the connection without a response, as a receiver that is down does) and
 * watches for one more. Bounded: bodies over 1 MiB are
 * refused with 413, at most {@link MAX_DELIVERIES} deliveries are kept.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MessageSchemas } from '../contract/message-schemas.js';
import type { WebhookDelivery, WebhookObservation } from '../contract/events.js';
import { timestampMs, verifySignature } from './webhook-signature.js';

export const MAX_DELIVERIES = 1_000;
export const MAX_BODY_BYTES = 1024 * 1024;

export interface WebhookReceiverOptions {
  /** The API key(s) the deliveries are signed with. Never stored in the observation. */
  keys: readonly string[];
  schemas: MessageSchemas;
  /** How long the receiver waits for deliveries, for the report (ms). */
  waitMs: number;
  /** Refuse the first delivery on purpose to see a retry (default true). */
  refuseFirst?: boolean;
  /** Leave the redelivery of the refused one unanswered (connection closed) to see one more retry (default true). */
  leaveRetryUnanswered?: boolean;
}

function identityOf(json: unknown): string | undefined {
  const data = (json as { data?: Record<string, unknown> } | undefined)?.data;
  if (!data || typeof data !== 'object' || typeof data.requestId !== 'string') return undefined;
  return `${data.requestId}|${String(data.status)}|${String(data.updatedAt)}`;
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () => resolve(size <= MAX_BODY_BYTES ? Buffer.concat(chunks) : undefined));
    req.on('error', () => resolve(undefined));
  });
}

function answer(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message }));
}

export class WebhookReceiver {
  private server?: Server;
  private readonly deliveries: WebhookDelivery[] = [];
  private dropped = 0;
  private seq = 0;
  private refused?: WebhookObservation['refused'];
  private t0 = Date.now();
  private listeners = new Set<() => void>();
  url = '';

  constructor(private readonly options: WebhookReceiverOptions) {}

  /** Listens on 127.0.0.1:`port` (0 = a free port); resolves to the URL. */
  async start(port: number): Promise<string> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) answer(res, 500, `the receiver failed on this delivery: ${err instanceof Error ? err.message : String(err)}`);
      });
    });
    server.headersTimeout = 10_000;
    server.requestTimeout = 10_000;
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.t0 = Date.now();
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  /** What the receiver saw so far. */
  observation(): WebhookObservation {
    return {
      url: this.url,
      waitMs: this.options.waitMs,
      deliveries: [...this.deliveries],
      dropped: this.dropped,
      ...(this.refused ? { refused: { ...this.refused } } : {}),
    };
  }

  /** Resolves when `done` holds for the observation, or at the deadline (ms since the epoch). */
  async waitUntil(done: (o: WebhookObservation) => boolean, deadline: number): Promise<void> {
    while (!done(this.observation()) && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.listeners.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.max(0, deadline - Date.now()));
        this.listeners.add(wake);
      });
    }
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return answer(res, 405, `a webhook delivery is a POST, got ${req.method ?? '?'}`);
    const body = await readBody(req);
    if (!body) return answer(res, 413, `the body exceeds ${MAX_BODY_BYTES} bytes`);
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const text = body.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const tsHeader = header('x-signature-timestamp');
    const ts = timestampMs(tsHeader);
    const signature = verifySignature(this.options.keys, req.headers, body);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = (Array.isArray(v) ? v.join(', ') : v).slice(0, 200);
    const identity = identityOf(json);
    this.seq += 1;
    const refuse = (this.options.refuseFirst ?? true) && this.refused === undefined;
    const sameChange = identity ?? text;
    // The first redelivery of the refused change is left unanswered on purpose (transport failure).
    const unanswered = !refuse && (this.options.leaveRetryUnanswered ?? true) && this.refused !== undefined && this.refused.retrySeq === undefined && sameChange === this.refused.identity;
    const valid = signature === 'valid';
    const delivery: WebhookDelivery = {
      seq: this.seq,
      at: Date.now() - this.t0,
      method: req.method,
      path: req.url ?? '/',
      headers,
      body: text.slice(0, 4096),
      bodyBytes: body.length,
      signature,
      ...(ts !== undefined ? { timestampMs: ts, skewMs: ts - Date.now() } : {}),
      ...(json !== undefined ? { payloadErrors: this.options.schemas.validate('webhookRequestStatusUpdated', json) } : {}),
      headerErrors: this.options.schemas.validate('webhookHeaders', headers),
      ...(identity !== undefined ? { identity } : {}),
      answered: refuse ? 503 : unanswered ? 0 : valid ? 200 : 401,
      refusedOnPurpose: refuse || unanswered,
    };
    if (refuse) this.refused = { seq: delivery.seq, identity: sameChange };
    else if (this.refused && this.refused.retrySeq === undefined && sameChange === this.refused.identity) {
      this.refused.retrySeq = delivery.seq;
      if (unanswered) this.refused.unansweredSeq = delivery.seq;
    } else if (this.refused?.unansweredSeq !== undefined && this.refused.afterUnansweredSeq === undefined && sameChange === this.refused.identity) this.refused.afterUnansweredSeq = delivery.seq;
    if (this.deliveries.length < MAX_DELIVERIES) this.deliveries.push(delivery);
    else this.dropped += 1;
    if (unanswered) res.socket?.destroy();
    else if (refuse) answer(res, 503, 'refused on purpose by the conformance kit, once per run: deliver it again (retry with backoff)');
    else if (valid) answer(res, 200, 'received');
    else answer(res, 401, `signature ${signature}: X-Signature-SHA256 must be the hex HMAC-SHA256 of "<X-Signature-Timestamp>.<raw body>" keyed with the API key`);
    for (const wake of [...this.listeners]) wake();
  }
}
