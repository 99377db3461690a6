/**
 * Signed webhooks (AsyncAPI channel `requestStatusWebhook`; live-service facts §1.9, SHOULD): the
 * signature over the raw body, not a re-serialised one; a fresh timestamp; payload and headers valid
 * against the AsyncAPI message; a refused delivery (503) delivered again, and that redelivery, left
 * unanswered (connection closed: a transport failure), delivered once more. Each check judges the deliveries
 * a receiver saw (`ctx.events.webhooks()`: the embedded run's in-process receiver, or the
 * `webhook-receiver` command's).
 */
import { DEFAULT_WEBHOOK_TOLERANCE_MS } from '@crosschain/types';
import { withFamilies } from '../engine/family.js';
import { brief, ensure, violate } from '../engine/expect.js';
import type { CheckDefinition } from '../engine/types.js';
import type { WebhookDelivery } from '../events/types.js';
import { WEBHOOK_OP, unverified, webhookCheck } from './events-support.js';
import { pass, skip } from './support/outcome.js';

/** How far `X-Signature-Timestamp` may be from the receiver's clock: the replay window of `verifyWebhookSignature`. */
export const TIMESTAMP_TOLERANCE_MS = DEFAULT_WEBHOOK_TOLERANCE_MS;

function shownDelivery(d: WebhookDelivery | undefined): string {
  if (!d) return 'nothing';
  const ts = d.headers['x-signature-timestamp'] ?? '(none)';
  const sig = d.headers['x-signature-sha256'] ?? '(none)';
  return `delivery #${d.seq} at ${d.at} ms, X-Signature-Timestamp ${ts}, X-Signature-SHA256 ${sig}, body ${brief(d.body, 300)}`;
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
    title: "A status change of a request of the key is delivered to the key's webhook URL",
    clauses: ['events.webhook.delivers-changes'],
    operation: WEBHOOK_OP,
    exclusive: (config) => config.embedded,
    async run(ctx) {
      // Silence is judged only where the kit knows a change happened: the requests of the key it changed itself (issue 25, point 4).
      if (!ctx.events) return unverified(ctx, 'the run has no events capability (a library run without the events probe)');
      const obs = await ctx.events.webhooks();
      if (obs.problem) return skip(obs.problem);
      if (obs.moved === undefined) return skip('the receiver does not know which status changes the target made');
      const moved = obs.moved;
      if (obs.deliveries.length > 0) return pass(`${obs.deliveries.length} deliveries${moved.length > 0 ? ` after the kit changed ${moved.length} request(s) of the key` : ''}`);
      // The kit changed nothing (no request of the key to follow): nothing had to be delivered, a verified reason.
      if (moved.length === 0) return skip(`no webhook delivery reached ${obs.url} within ${obs.waitMs} ms, and the kit changed no request of the key: nothing had to be delivered`);
      violate(
        "Every status update of a request is posted to its key's webhook URL (live-service facts §1.9: all status updates are posted)",
        `a delivery within ${obs.waitMs} ms for the status changes of ${moved.length} request(s) of the key`,
        `no delivery at all; the kit changed ${moved.slice(0, 3).join(', ')}${moved.length > 3 ? ', …' : ''}`,
      );
    },
  },
]);
