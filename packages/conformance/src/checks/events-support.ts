/**
 * Shared pieces of the events checks (checks/events-ws.ts, checks/events-webhook.ts): the
 * observations of `ctx.events` or the reason to skip, and how a websocket message is shown.
 */
import { causeText } from '../engine/outcome.js';
import type { CheckContext, CheckResult, CheckSpec } from '../contract/types.js';
import type { WebhookObservation, WsMessage, WsObservation } from '../contract/events.js';
import { skip } from '../contract/outcome.js';
import { WS_OPERATION } from '../oracles/ws-frames.js';

/** The AsyncAPI `intentStatus` channel (upgrade on `/`). */
export const WS_OP = WS_OPERATION;
/** The AsyncAPI `requestStatusWebhook` channel. */
export const WEBHOOK_OP = 'POST webhook';

/**
 * The skip of an events check whose reason is a claim about the target it could not verify (the
 * stream could not be opened, no subscription was acknowledged, nothing could be compared): under
 * `--events required` the run was asked to test the stream, so the skip is `inconclusive` (exit 5,
 * never green); under `auto` a plain skip. Silence within the wait that REST does not contradict is
 * never one of these (a quiet target must not flake).
 */
export function unverified(ctx: CheckContext, reason: string): CheckResult {
  return ctx.config.eventsRequired ? skip(causeText('inconclusive', `--events required: ${reason}`), 'inconclusive') : skip(reason);
}

/** The websocket observation, or the skip result when the run has no session. */
export async function wsSession(ctx: CheckContext, needsSession = true): Promise<WsObservation | CheckResult> {
  if (!ctx.events) return unverified(ctx, 'the run has no events capability (a library run without the events probe)');
  const obs = await ctx.events.websocket();
  if (obs.problem && (needsSession || obs.problemKind === 'setup')) {
    const reason = `no websocket session: ${obs.problem}`;
    return obs.noData ? skip(reason) : unverified(ctx, reason);
  }
  return obs;
}

/** The webhook observation, or the skip result when no delivery was seen. */
export async function webhookDeliveries(ctx: CheckContext): Promise<WebhookObservation | CheckResult> {
  if (!ctx.events) return skip('the run has no events capability (a library run without the events probe)');
  const obs = await ctx.events.webhooks();
  if (obs.problem) return skip(obs.problem);
  if (obs.deliveries.length === 0) {
    if (obs.moved && obs.moved.length > 0) return skip(`no webhook delivery reached ${obs.url} within ${obs.waitMs} ms although the kit changed the status of ${obs.moved.length} request(s) of the key: events.webhook.delivers-changes judges it`);
    return skip(`no webhook delivery reached ${obs.url} within ${obs.waitMs} ms (no status change of the key's requests)`);
  }
  return obs;
}

/** A result rather than an observation (observations have no `status`). */
function isResult(value: object): value is CheckResult {
  return 'status' in value;
}

/** A check of the websocket session: clause id = check id; skips without a session (the ready check judges its absence). */
export function wsCheck(
  id: string,
  title: string,
  judge: (obs: WsObservation, ctx: CheckContext) => Promise<CheckResult>,
  options: { needsSession?: boolean } = {},
): CheckSpec {
  return {
    id,
    title,
    clauses: [id],
    operation: WS_OP,
    // Against the embedded reference server the session drives status changes of its requests;
    // against a URL it only listens (started early by the runner) and runs beside other checks.
    exclusive: (config) => config.embedded,
    requires: ['apiKey'],
    async run(ctx) {
      const obs = await wsSession(ctx, options.needsSession ?? true);
      return isResult(obs) ? obs : judge(obs, ctx);
    },
  };
}

/** A check of the webhook deliveries; skips when none arrived. */
export function webhookCheck(id: string, clause: string, title: string, judge: (obs: WebhookObservation) => CheckResult): CheckSpec {
  return {
    id,
    title,
    clauses: [clause],
    operation: WEBHOOK_OP,
    exclusive: (config) => config.embedded, // the deliveries follow status changes the events probe drives (embedded)
    async run(ctx) {
      const obs = await webhookDeliveries(ctx);
      return isResult(obs) ? obs : judge(obs);
    },
  };
}

export { shown } from '../oracles/ws-frames.js';

export function pushes(obs: WsObservation): WsMessage[] {
  return obs.messages.filter((m) => m.kind === 'push');
}

/**
 * The skip of a push check when no push arrived: against a URL whose followed requests did not
 * move, typed `static-data` so that the coverage says what would judge it (a target whose requests
 * move); driven by the kit, a plain skip (the server did not push the changes the kit made).
 */
export function noPushSkip(obs: WsObservation): CheckResult {
  return skip(noPushReason(obs), obs.driven ? undefined : 'static-data');
}

/**
 * The reason push checks skip when no push arrived, naming the likelier cause ("raise
 * --events-wait-ms" where the server's statuses did not move): driven by the kit, the server did
 * not push its changes; against a URL, the followed requests did not change status in the wait,
 * which a longer wait cures only on a server whose requests move.
 */
function noPushReason(obs: WsObservation): string {
  if (obs.driven) return `no push arrived within ${obs.waitMs} ms although the kit changed the subscribed requests: the server did not push their changes`;
  return `no push arrived within ${obs.waitMs} ms: the followed requests did not change status meanwhile, as far as events.ws.pushes-changes could verify with GET /requests/v3 (a server whose statuses do not move pushes nothing; where they do, raise --events-wait-ms)`;
}
