/**
 * general.stays-up against fake targets: a server that answers `//` and a listing after it passes;
 * one that leaves `//` unanswered, or stops answering after it or after the websocket session's bad
 * messages, fails with the request that went unanswered.
 */
import { describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/general-stays-up.js';
import type { CheckContext, CheckResult, RequestSpec } from '../../src/contract/types.js';
import type { EventsProbe } from '../../src/contract/types.js';
import type { WsObservation } from '../../src/contract/events.js';
import { fakeContext, json, type FakeResponse } from '../support/fake-context.js';

const check = checks.find((c) => c.id === 'general.stays-up')!;
const REFUSED: FakeResponse = { status: 0, transportError: 'connect ECONNREFUSED 127.0.0.1:1' };

/** A target that answers until `dead(req, sent)` says it has died; `sent` counts the requests before this one. */
async function judge(
  dead: (req: RequestSpec, sent: number) => boolean,
  obs?: Partial<WsObservation> | ((clockStart: number) => Partial<WsObservation>),
  earlier = 0,
): Promise<{ result: CheckResult; paths: string[] }> {
  const paths: string[] = [];
  let down = false;
  const base = fakeContext({
    handler: (req) => {
      down ||= dead(req, paths.length);
      paths.push(req.path);
      if (down) return REFUSED;
      return req.path === '//' ? json(404, { message: 'No route' }) : json(200, { requests: [] });
    },
    // Exchanges stamped with the fake target's clock (one second a request from its now), as the run's client stamps them.
    clock: true,
  });
  const session: WsObservation = { url: 'ws://fake.test/', waitMs: 100, subscriptions: [], messages: [], dropped: 0, errorProbes: [], driven: true, changedAfterUnsubscribe: [], unsubscribedControls: [], foreign: [], notes: [], ...(typeof obs === 'function' ? obs(base.discovery.targetNow.getTime()) : obs) };
  const events = { websocket: () => Promise.resolve(session), webhooks: () => Promise.reject(new Error('unused')), close: () => Promise.resolve() } as unknown as EventsProbe;
  const ctx: CheckContext = { ...base, events };
  // Listings an earlier check of the run sent (recorded in the run, before this check's own).
  for (let i = 0; i < earlier; i++) await base.http.send({ method: 'GET', path: '/requests/v3', query: { limit: 1 } });
  paths.splice(0);
  const result = await check.run(ctx).catch((err: unknown) => {
    if (!(err as { violation?: unknown }).violation) throw err;
    return { status: 'fail', violation: (err as { violation: never }).violation } as CheckResult;
  });
  return { result, paths };
}

const message = (r: CheckResult) => (r as { violation: { message: string } }).violation.message;

describe('general.stays-up', () => {
  it('a server that answers // and a listing after it passes, with the answers in its note', async () => {
    const { result, paths } = await judge(() => false, { errorProbes: [{ sent: 'null', what: 'the JSON message null', reply: undefined }] });
    expect(result.status).toBe('pass');
    expect(paths).toEqual(['/requests/v3', '//', '/requests/v3']);
    expect((result as { note?: string }).note).toMatch(/\/\/ answered 404/);
  });

  it("reads the server's survival of the session from a listing the run sent after it, and sends none of its own then", async () => {
    const probes = { errorProbes: [{ sent: 'null', what: 'the JSON message null', reply: undefined }] };
    const after = await judge(() => false, (t0) => ({ ...probes, endedAtMs: t0 }), 2);
    expect(after.result.status).toBe('pass');
    expect(after.paths).toEqual(['//', '/requests/v3']);
    expect((after.result as { note?: string }).note).toMatch(/GET \/requests\/v3 answered 200 after the websocket session's 1 bad messages \(the JSON message null\) \(exchange #\d+, sent after the session\)/);
    // Listings sent before the session ended say nothing of what came after: the check asks itself.
    const before = await judge(() => false, (t0) => ({ ...probes, endedAtMs: t0 + 60_000 }), 2);
    expect(before.paths).toEqual(['/requests/v3', '//', '/requests/v3']);
  });

  it('without a websocket session it asks for // and a listing only', async () => {
    const { result, paths } = await judge(() => false, { problem: 'no stream' });
    expect(result.status).toBe('pass');
    expect(paths).toEqual(['//', '/requests/v3']);
  });

  it('// left unanswered fails', async () => {
    const { result } = await judge((req) => req.path === '//', { problem: 'no stream' });
    expect(result.status).toBe('fail');
    expect(message(result)).toMatch(/path \/\/ must be answered/);
  });

  it('a server that stops answering after // fails on the listing after it', async () => {
    const { result } = await judge((_req, sent) => sent >= 1, { problem: 'no stream' });
    expect(result.status).toBe('fail');
    expect(message(result)).toMatch(/no answer after a request for \/\/ \(answered 404/);
  });

  it("a server the websocket session's bad messages took down fails on the first listing, naming them", async () => {
    const { result } = await judge(() => true, {
      errorProbes: [{ sent: 'null', what: 'the JSON message null' }],
      strayUnsubscribe: { sent: '{"type":"unsubscribe"}' },
      closedByServer: { code: 1006, reason: '', at: 40 },
    });
    expect(result.status).toBe('fail');
    expect(message(result)).toMatch(/after the websocket session's 2 bad messages \(the JSON message null, an unsubscribe of a request id never subscribed; the server closed the socket/);
  });
});
