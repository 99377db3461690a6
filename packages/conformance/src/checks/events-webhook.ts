/**
 * Signed webhooks (AsyncAPI channel `requestStatusWebhook`; live-service facts §1.9, SHOULD): the
 * signature over the raw body, not a re-serialised one; a fresh timestamp; payload and headers valid
 * against the AsyncAPI message; a refused delivery (503) delivered again, and that redelivery, left
 * unanswered (connection closed: a transport failure), delivered once more; every change the kit made
 * (embedded) delivered, in its latest status, and a change made after the key's queue had emptied
 * delivered too. Each check judges the deliveries
 * a receiver saw (`ctx.events.webhooks()`: the embedded run's in-process receiver, or the
 * `webhook-receiver` command's).
 */
import { DEFAULT_WEBHOOK_TOLERANCE_MS } from '@crosschain/types';
import { withFamilies } from '../contract/family.js';
import { brief, ensure, violate } from '../contract/expect.js';
import type { CheckDefinition } from '../contract/types.js';
import { deliveredFor } from '../events/probe.js';
import type { WebhookDelivery } from '../contract/events.js';
import { WEBHOOK_OP, unverified, webhookCheck } from './events-support.js';
import { pass, skip } from '../contract/outcome.js';

/** How far `X-Signature-Timestamp` may be from the receiver's clock: the replay window of `verifyWebhookSignature`. */
export const TIMESTAMP_TOLERANCE_MS = DEFAULT_WEBHOOK_TOLERANCE_MS;

function shownDelivery(d: WebhookDelivery | undefined): string {
  if (!d) return 'nothing';
  const ts = d.headers['x-signature-timestamp'] ?? '(none)';
  const sig = d.headers['x-signature-sha256'] ?? '(none)';
  return `delivery #${d.seq} at ${d.at} ms, X-Signature-Timestamp ${ts}, X-Signature-SHA256 ${sig}, body ${brief(d.body, 300)}`;
}

/** Up to five ids, for a message. */
function shownIds(ids: readonly string[]): string {
  return `${ids.slice(0, 5).join(', ')}${ids.length > 5 ? `, … (${ids.length - 5} more)` : ''}`;
}

/** The statuses the deliveries for request `id` carried. */
function deliveredStatuses(deliveries: readonly WebhookDelivery[], id: string): string {
  const statuses = deliveries.map((d) => (d.identity ?? '').split('|')).filter(([requestId]) => requestId === id).map(([, status]) => status);
  return [...new Set(statuses)].join(', ') || 'none';
}

const SIGNATURE_RULE = 'hex HMAC-SHA256 of "<X-Signature-Timestamp>.<raw body>" keyed with the API key';

/**
 * The check that judges silence against the changes the kit itself made (embedded runs): the
 * `webhook-receiver` command, which cannot know what the target changed, leaves it out.
 */
export const DELIVERS_CHANGES = 'events.webhook.delivers-changes';

export const checks: CheckDefinition[] = withFamilies([
  webhookCheck('events.webhook.signature', 'events.webhook-signature', 'Every delivery carries X-Signature-Timestamp and a matching X-Signature-SHA256', (obs) => {
    const bad = obs.deliveries.find((d) => d.signature === 'missing' || d.signature === 'invalid');
    ensure(bad === undefined, `A webhook delivery must be signed: X-Signature-SHA256 = ${SIGNATURE_RULE}`, SIGNATURE_RULE, () => `${bad!.signature} signature in ${shownDelivery(bad)}`);
    return pass(`${obs.deliveries.length} deliveries signed`);
  }),
  webhookCheck('events.webhook.raw-body', 'events.webhook.raw-body', 'The signature is computed over the raw body bytes, not a re-serialised body', (obs) => {
    const reserialised = obs.deliveries.find((d) => d.signature === 'reserialised-only');
    ensure(
      reserialised === undefined,
      'The signature must match the raw body as sent; it matches only JSON.stringify(JSON.parse(body)), so a receiver that verifies the bytes it got rejects it',
      SIGNATURE_RULE,
      () => `a signature over the re-serialised body in ${shownDelivery(reserialised)}`,
    );
    return pass(`${obs.deliveries.length} deliveries`);
  }),
  webhookCheck('events.webhook.timestamp-fresh', 'events.webhook.timestamp-fresh', `X-Signature-Timestamp is within ${TIMESTAMP_TOLERANCE_MS / 60_000} minutes of the receiver's clock`, (obs) => {
    const stale = obs.deliveries.find((d) => d.skewMs === undefined || Math.abs(d.skewMs) > TIMESTAMP_TOLERANCE_MS);
    ensure(
      stale === undefined,
      'X-Signature-Timestamp must be the Unix time of the delivery, so receivers can refuse replays',
      `digits within ±${TIMESTAMP_TOLERANCE_MS / 1000} s of now`,
      () => (stale!.skewMs === undefined ? `not a Unix timestamp in ${shownDelivery(stale)}` : `${Math.round(stale!.skewMs / 1000)} s off in ${shownDelivery(stale)}`),
    );
    return pass(`${obs.deliveries.length} deliveries`);
  }),
  webhookCheck('events.webhook.schema', 'events.webhook.schema', 'Every delivery body and its signature headers are valid against the AsyncAPI webhook message', (obs) => {
    for (const d of obs.deliveries) {
      ensure(d.payloadErrors !== undefined, 'A webhook body must be JSON', 'a JSON body', () => shownDelivery(d));
      const errors = [...d.payloadErrors, ...d.headerErrors];
      ensure(
        errors.length === 0,
        'A webhook delivery must be valid against the AsyncAPI message webhookRequestStatusUpdated (payload and headers)',
        'valid WebhookRequestStatusUpdated with WebhookSignatureHeaders',
        () => `${errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')} in ${shownDelivery(d)}`,
      );
    }
    return pass(`${obs.deliveries.length} deliveries valid`);
  }),
  webhookCheck('events.webhook.retry', 'events.webhook.retry', 'A refused or unanswered delivery is delivered again (retries with exponential backoff)', (obs) => {
    const refused = obs.refused;
    ensure(refused !== undefined, 'The receiver refuses the first delivery on purpose', 'a refused delivery', 'none refused');
    const first = obs.deliveries.find((d) => d.seq === refused.seq);
    ensure(
      refused.retrySeq !== undefined,
      'A delivery answered with a non-2xx status must be delivered again (up to 10 retries with exponential backoff)',
      'the same change delivered again',
      () => `no redelivery within ${obs.waitMs} ms of ${shownDelivery(first)} (answered 503); ${obs.deliveries.length - 1} other deliveries arrived`,
    );
    const retry = obs.deliveries.find((d) => d.seq === refused.retrySeq);
    // The redelivery was left unanswered on purpose (connection closed, no status): a transport failure is not a delivery.
    if (refused.unansweredSeq !== undefined) {
      ensure(
        refused.afterUnansweredSeq !== undefined,
        'A delivery not answered (the connection closed without a response) must be delivered again (up to 10 retries with exponential backoff): a transport failure is not a delivery',
        'the same change delivered once more',
        () => `no redelivery within ${obs.waitMs} ms of ${shownDelivery(retry)} (left unanswered: connection closed); ${obs.deliveries.length - 2} other deliveries arrived`,
      );
      const after = obs.deliveries.find((d) => d.seq === refused.afterUnansweredSeq);
      return pass(`redelivered ${retry && first ? `${retry.at - first.at} ms` : ''} after the refusal (503) and ${after && retry ? `${after.at - retry.at} ms` : ''} after the unanswered redelivery`);
    }
    return pass(`redelivered ${retry && first ? `${retry.at - first.at} ms` : ''} after the refusal`);
  }),
  {
    id: DELIVERS_CHANGES,
    title: "Every request of the key whose status the kit changed is delivered in its latest status, also after the key's queue emptied once",
    clauses: ['events.webhook.delivers-changes'],
    operation: WEBHOOK_OP,
    exclusive: (config) => config.embedded,
    async run(ctx) {
      // Silence is judged only where the kit knows a change happened: the requests of the key it changed itself.
      if (!ctx.events) return unverified(ctx, 'the run has no events capability (a library run without the events probe)');
      const obs = await ctx.events.webhooks();
      if (obs.problem) return skip(obs.problem);
      if (obs.moved === undefined) return skip('the receiver does not know which status changes the target made');
      const { moved, deliveries } = obs;
      // The kit changed nothing (no request of the key to follow): nothing had to be delivered, a verified reason.
      if (moved.length === 0) {
        if (deliveries.length > 0) return pass(`${deliveries.length} deliveries; the kit changed no request of the key`);
        return skip(`no webhook delivery reached ${obs.url} within ${obs.waitMs} ms, and the kit changed no request of the key: nothing had to be delivered`);
      }
      const latest = obs.movedStatus ?? {};
      const never = moved.filter((id) => !deliveredFor(deliveries, id));
      const stale = moved.filter((id) => !never.includes(id) && latest[id] !== undefined && !deliveredFor(deliveries, id, latest[id]));
      // A delivery refused for its signature (401) is retried with backoff and rightly holds the later ones back: events.webhook.signature judges it.
      const held = deliveries.filter((d) => d.answered === 401).length;
      if (held > 0 && (never.length > 0 || stale.length > 0)) {
        return pass(`${deliveries.length} deliveries; ${held} refused by the receiver for their signature (401) and retried by the target, which holds the later changes back: whether each of the ${moved.length} changed request(s) was delivered is not judged`);
      }
      const rule = "Every status update of a request is posted to its key's webhook URL (live-service facts §1.9: all status updates are posted)";
      if (never.length > 0) {
        const heard = [...new Set(deliveries.map((d) => (d.identity ?? '').split('|')[0]).filter((id) => id))];
        violate(
          rule,
          `within ${obs.waitMs} ms, a delivery for each of the ${moved.length} request(s) of the key whose status the kit changed`,
          `never delivered: ${shownIds(never)} (${never.length} of ${moved.length}); ${deliveries.length === 0 ? 'no delivery at all' : `${deliveries.length} deliveries, for ${shownIds(heard)}`}`,
        );
      }
      if (stale.length > 0) {
        violate(
          rule,
          `within ${obs.waitMs} ms, a delivery of the latest change the kit made to each request: ${stale.map((id) => `${id} in ${latest[id]}`).join(', ')}`,
          `only earlier statuses delivered: ${stale.map((id) => `${id} in ${deliveredStatuses(deliveries, id)}`).join('; ')}`,
        );
      }
      const after = obs.afterDrain;
      if (after && !deliveredFor(deliveries, after.id, after.status)) {
        violate(
          `${rule}: the deliveries go on after the queue of the key's URL emptied once`,
          `within ${obs.waitMs} ms, a delivery for ${after.id}${after.status ? ` in ${after.status}` : ''}, which the kit changed ${after.settleMs} ms after delivery #${after.afterSeq}, when every earlier change had been delivered`,
          `never delivered: ${after.id}; the ${moved.length} request(s) changed before it were delivered, nothing after them${deliveredFor(deliveries, after.id) ? ` (a delivery for it in ${deliveredStatuses(deliveries, after.id)})` : ''}`,
        );
      }
      return pass(`${moved.length} request(s) of the key changed by the kit, each delivered in its latest status (${deliveries.length} deliveries)${after ? `; a change made ${after.settleMs} ms after the queue emptied delivered too` : ''}`);
    },
  },
]);
