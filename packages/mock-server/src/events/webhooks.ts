/**
 * Signed webhooks (API document, Events; live-service-facts §1.9): every status change of a key's
 * requests is POSTed to the URL registered for that key. Body: WebhookRequestStatusUpdated as
 * compact JSON (`JSON.stringify`), which is what the live service sends: its docs' verification
 * sample signs `JSON.stringify(req.body)`, which equals the raw body only when the body is compact
 * JSON in the same key order. Under the variant `webhook-spaced-json` (and the fault
 * `webhook-signature-reserialised`, which needs a body that re-serialises differently to be
 * observable) the body is spaced JSON (see `spacedJson`). Headers: `X-Signature-Timestamp` (Unix ms, the wall clock
 * of the attempt) and `X-Signature-SHA256` = hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with
 * the API key. A non-2xx answer or a timeout is retried up to 10 times with exponential backoff
 * (first delay `backoffMs`, doubling). One queue per URL, delivered in order: a retried delivery
 * holds back the later ones. Deliveries run in the background and never slow the API. Memory is
 * bounded: a queue holds at most `maxQueue` deliveries; when full, new ones for that URL are
 * dropped and counted (`stats().dropped`).
 */
import { createHmac } from 'node:crypto';
import { API_KEY_BY_KEY, API_KEYS } from '../data/catalogue.js';
import type { Row } from '../data/row.js';
import type { Faults } from '../faults.js';
import type { StatusChange } from '../lifecycle/lifecycle.js';
import type { Store } from '../store/store.js';
import { EVENT_NAME, spacedJson, statusData } from './payloads.js';

/** Retries after the first attempt (facts §1.9: "up to 10 retries with exponential backoff"). */
export const MAX_RETRIES = 10;
/** Default first retry delay (ms). */
export const DEFAULT_BACKOFF_MS = 1000;
/** Default time an attempt may take before it counts as failed (ms). */
export const DEFAULT_TIMEOUT_MS = 5000;
/** Default cap of pending deliveries per URL. */
export const DEFAULT_MAX_QUEUE = 10_000;
/** The secret fault `webhook-wrong-signature` signs with instead of the API key. */
const WRONG_SECRET = 'not-the-api-key';

export interface WebhookOptions {
  /** API key -> URL (http or https). */
  targets: Record<string, string>;
  store: Store;
  faults: Faults;
  /** Server clock (epoch ms): the body's `timestamp`. */
  now: () => number;
  backoffMs?: number;
  timeoutMs?: number;
  maxQueue?: number;
  /** Bodies with `": "`/`", "` separators (variant webhook-spaced-json) instead of compact JSON. */
  spacedJson?: boolean;
}

/** Counters of the deliveries so far. */
export interface WebhookStats {
  /** Deliveries answered 2xx. */
  delivered: number;
  /** Deliveries given up after the last retry (or at once with fault webhook-no-retry). */
  failed: number;
  /** Deliveries not queued because their URL's queue was full. */
  dropped: number;
  /** Deliveries waiting or in flight. */
  pending: number;
}

interface Delivery {
  body: string;
  retries: number;
}

interface Queue {
  url: string;
  key: string;
  items: Delivery[];
  running: boolean;
}

/** Checks the `webhooks` option: known active keys, http(s) URLs. Throws one line saying what is wrong. */
export function checkWebhookTargets(targets: Record<string, string>): void {
  for (const [key, url] of Object.entries(targets)) {
    const known = API_KEY_BY_KEY.get(key);
    if (!known || !known.active) {
      throw new Error(`the webhook key given for ${JSON.stringify(url.slice(0, 200))} is not an active API key of the reference server; use one of its keys, e.g. demo-key=<url>`);
    }
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new Error(`webhook URL ${JSON.stringify(url.slice(0, 200))} is not an http(s) URL; pass e.g. demo-key=http://127.0.0.1:9000/hook`);
    }
  }
}

/** Hex HMAC-SHA256 of `<timestamp>.<body>` keyed with `secret` (facts §1.9). */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

export class WebhookDispatcher {
  private readonly queues = new Map<string, Queue>();
  private readonly counts = { delivered: 0, failed: 0, dropped: 0 };
  private readonly closing = new AbortController();
  private readonly backoffMs: number;
  private readonly timeoutMs: number;
  private readonly maxQueue: number;

  constructor(private readonly options: WebhookOptions) {
    checkWebhookTargets(options.targets);
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE;
    for (const [key, url] of Object.entries(options.targets)) this.queues.set(key, { url, key, items: [], running: false });
  }

  /** Queues the delivery of a status change to the URL of the request's API key, if any. */
  publish(_change: StatusChange, row: Row): void {
    if (row.keyIdx < 0 || this.closing.signal.aborted) return;
    const queue = this.queues.get(API_KEYS[row.keyIdx].key);
    if (!queue) return;
    if (queue.items.length >= this.maxQueue) {
      this.counts.dropped++;
      return;
    }
    // Fault webhook-never-delivers: every status change is dropped, nothing is ever posted.
    if (this.options.faults.has('webhook-never-delivers')) {
      this.counts.dropped++;
      return;
    }
    const payload = { event: EVENT_NAME, timestamp: this.options.now(), data: statusData(this.options.store, row) };
    const spaced = this.options.spacedJson || this.options.faults.has('webhook-signature-reserialised');
    const body = spaced ? spacedJson(payload) : JSON.stringify(payload);
    queue.items.push({ body, retries: 0 });
    if (!queue.running) void this.drain(queue);
  }

  stats(): WebhookStats {
    let pending = 0;
    for (const q of this.queues.values()) pending += q.items.length;
    return { ...this.counts, pending };
  }

  /** Stops delivering: aborts attempts in flight and backoff waits; pending deliveries are discarded. */
  close(): void {
    this.closing.abort();
    for (const q of this.queues.values()) q.items.length = 0;
  }

  /** Delivers the queue's head until the queue is empty, retrying with backoff (in order). */
  private async drain(queue: Queue): Promise<void> {
    queue.running = true;
    const { faults } = this.options;
    while (queue.items.length > 0 && !this.closing.signal.aborted) {
      const delivery = queue.items[0];
      if (await this.attempt(queue, delivery)) {
        this.counts.delivered++;
        queue.items.shift();
        continue;
      }
      if (this.closing.signal.aborted) break;
      if (faults.has('webhook-no-retry') || delivery.retries >= MAX_RETRIES) {
        this.counts.failed++;
        queue.items.shift();
        continue;
      }
      await this.sleep(this.backoffMs * 2 ** delivery.retries);
      delivery.retries++;
    }
    // Fault webhook-stops-after-first-drain: the queue stays marked running, so no later change starts a drain.
    queue.running = faults.has('webhook-stops-after-first-drain');
  }

  /** One POST; true on a 2xx answer within the timeout. */
  private async attempt(queue: Queue, delivery: Delivery): Promise<boolean> {
    const { faults } = this.options;
    const timestamp = String(Date.now());
    const secret = faults.has('webhook-wrong-signature') ? WRONG_SECRET : queue.key;
    const signed = faults.has('webhook-signature-reserialised') ? JSON.stringify(JSON.parse(delivery.body)) : delivery.body;
    // The timeout is a timer this call holds, not AbortSignal.timeout inside AbortSignal.any: on
    // Node 20 the combined signal holds that one weakly, a garbage collection drops it, and a
    // receiver that never answers would then block its key's queue for good.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new DOMException(`no answer within ${this.timeoutMs} ms`, 'TimeoutError')), this.timeoutMs);
    const closing = this.closing.signal;
    const onClose = (): void => abort.abort(closing.reason);
    if (closing.aborted) onClose();
    else closing.addEventListener('abort', onClose, { once: true });
    try {
      const res = await fetch(queue.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature-timestamp': timestamp,
          'x-signature-sha256': signWebhook(secret, timestamp, signed),
        },
        body: delivery.body,
        redirect: 'manual',
        signal: abort.signal,
      });
      await res.body?.cancel();
      return res.status >= 200 && res.status < 300;
    } catch {
      // Fault webhook-unanswered-delivered: a transport failure (no answer) counts as delivered.
      return faults.has('webhook-unanswered-delivered');
    } finally {
      clearTimeout(timer);
      closing.removeEventListener('abort', onClose);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const signal = this.closing.signal;
      function done(): void {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done);
    });
  }
}
