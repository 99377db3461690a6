/**
 * The websocket checks of the events family against a scripted Intent Status server
 * (test/events/scripted-ws-server.ts): the clean script passes every check, each broken rule fails
 * its check, a hostile server ends as a reported outcome in bounded time, and the key never shows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { checks, sameMoment } from '../../src/checks/events-ws.js';
import type { CheckContext, CheckResult } from '../../src/contract/types.js';
import { redactor } from '../../src/contract/redact.js';
import { createEventsProbe } from '../../src/events/probe.js';
import { fakeContext, json, queryOf, route } from '../support/fake-context.js';
import { startScriptedServer, type Script, type ScriptedServer } from '../events/scripted-ws-server.js';

const KEY = 'test-key';
const WAIT_MS = 1_500;
const IDS = ['0xa1', '0xa2', '0xa3', '0xa4'];
let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** GET /requests/v3: one request (`?id=`) or the page of every request, with the server's statuses and update times. */
const listed = (s: ScriptedServer, id?: string) =>
  (id ? [id] : IDS).map((x) => ({ id: x, status: s.statuses.get(x), updatedAt: new Date(s.updatedAt.get(x) ?? 0).toISOString() }));

async function runAll(script: Script): Promise<Record<string, CheckResult>> {
  server = await startScriptedServer(script, Object.fromEntries(IDS.map((id) => [id, 'waiting'])));
  const s = server;
  const base = fakeContext({
    handler: route({ 'GET /requests/v3': (req) => json(200, { requests: listed(s, queryOf(req).id) }) }),
    discovery: { records: IDS.map((id) => ({ id, status: 'waiting' })) },
  });
  const events = createEventsProbe({
    http: base.http,
    discovery: base.discovery,
    apiKey: KEY,
    wsUrl: s.url,
    baseUrl: 'http://fake.test',
    inProcess: false,
    waitMs: WAIT_MS,
    redact: redactor([KEY]),
    embedded: { advance: (id) => s.change(id) },
  });
  const ctx: CheckContext = { ...base, events };
  const results: Record<string, CheckResult> = {};
  for (const check of checks) results[check.id] = await check.run(ctx).catch((err: unknown) => ({ status: 'fail', violation: (err as { violation: never }).violation }));
  return results;
}

const statuses = (r: Record<string, CheckResult>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.status]));

describe('events websocket checks', () => {
  it('a conformant stream passes every check', async () => {
    const r = await runAll({});
    expect(statuses(r)).toEqual(Object.fromEntries(checks.map((c) => [c.id, 'pass'])));
  });

  it.each([
    ['noSubscribeAck', 'events.ws.subscribe-ack'],
    ['wrongEventName', 'events.ws.event-name'],
    ['pushWithoutRequestId', 'events.ws.message-schema'],
    ['pushToEveryone', 'events.ws.only-subscribed'],
    ['pushAfterUnsubscribe', 'events.ws.no-push-after-unsubscribe'],
    ['noErrors', 'events.ws.errors'],
    ['untypedErrors', 'events.ws.message-schema'],
  ] as const)('%s fails %s', async (flag, id) => {
    const r = await runAll({ [flag]: true });
    expect(r[id]!.status, JSON.stringify(r[id])).toBe('fail');
  });

  it('a pushed status that disagrees with /requests/v3 fails status-agrees', async () => {
    server = await startScriptedServer({}, Object.fromEntries(IDS.map((id) => [id, 'waiting'])));
    const s = server;
    const base = fakeContext({
      handler: route({ 'GET /requests/v3': (req) => json(200, { requests: listed(s, queryOf(req).id).map((r) => (queryOf(req).id ? { ...r, status: 'failure' } : r)) }) }),
      discovery: { records: IDS.map((id) => ({ id, status: 'waiting' })) },
    });
    const events = createEventsProbe({ http: base.http, discovery: base.discovery, apiKey: KEY, wsUrl: s.url, baseUrl: 'http://fake.test', inProcess: false, waitMs: WAIT_MS, redact: redactor([KEY]), embedded: { advance: (id) => s.change(id) } });
    const check = checks.find((c) => c.id === 'events.ws.status-agrees')!;
    await expect(check.run({ ...base, events })).rejects.toMatchObject({ violation: { message: expect.stringContaining('/requests/v3') } });
  });

  it('a refused lookup of the requests to follow is no evidence of none: under --events required the session checks are inconclusive, not skipped as no data (mutation v3-query.ts:71)', async () => {
    server = await startScriptedServer({}, Object.fromEntries(IDS.map((id) => [id, 'waiting'])));
    const s = server;
    const base = fakeContext({
      // The embedded lookup (apiKey=<own key>&status=pending) refused with 400; discovery holds none of the key's requests.
      handler: route({ 'GET /requests/v3': (req) => (queryOf(req).apiKey ? json(400, { message: 'Invalid apiKey' }) : json(200, { requests: listed(s, queryOf(req).id) })) }),
      discovery: { records: [] },
      config: { eventsRequired: true },
    });
    const events = createEventsProbe({ http: base.http, discovery: base.discovery, apiKey: KEY, wsUrl: s.url, baseUrl: 'http://fake.test', inProcess: false, waitMs: WAIT_MS, redact: redactor([KEY]), embedded: { advance: (id) => s.change(id) } });
    const check = checks.find((c) => c.id === 'events.ws.subscribe-ack')!;
    const result = await check.run({ ...base, events });
    expect(result).toMatchObject({ status: 'skip', cause: 'inconclusive', reason: expect.stringMatching(/was answered 400/) });
    const obs = await events.websocket();
    expect(obs.noData).toBeUndefined();
  });

  it('a push with the referrer of a request the key does not own fails no-foreign-authenticated-fields; of one it owns, passes', async () => {
    const r = await runAll({ pushReferrer: true });
    expect(r['events.ws.no-foreign-authenticated-fields']!.status, JSON.stringify(r['events.ws.no-foreign-authenticated-fields'])).toBe('fail');
    expect(JSON.stringify(r['events.ws.no-foreign-authenticated-fields'])).toContain('data.referrer');
    await server?.close();
    server = await startScriptedServer({ pushReferrer: true }, Object.fromEntries(IDS.map((id) => [id, 'waiting'])));
    const s = server;
    // The key's own authenticated view shows the referrer on every request: each is owned.
    const base = fakeContext({
      handler: route({ 'GET /requests/v3': (req) => json(200, { requests: listed(s, queryOf(req).id).map((x) => ({ ...x, data: { referrer: 'another.integrator' } })) }) }),
      discovery: { records: IDS.map((id) => ({ id, status: 'waiting' })) },
    });
    const events = createEventsProbe({ http: base.http, discovery: base.discovery, apiKey: KEY, wsUrl: s.url, baseUrl: 'http://fake.test', inProcess: false, waitMs: WAIT_MS, redact: redactor([KEY]), embedded: { advance: (id) => s.change(id) } });
    const owned = await checks.find((c) => c.id === 'events.ws.no-foreign-authenticated-fields')!.run({ ...base, events });
    expect(owned.status).toBe('pass');
    expect(owned.reason ?? JSON.stringify(owned)).toMatch(/each owned by the key/);
  });

  describe('status-agrees compares only what both readings can see', () => {
    /** The session's observation, then `after` (changes once the session ended), then status-agrees alone. */
    async function agreesAfter(after: (s: ScriptedServer, followed: string) => void, rest: (s: ScriptedServer, id: string | undefined) => unknown[] = (s, id) => listed(s, id)): Promise<CheckResult> {
      server = await startScriptedServer({}, Object.fromEntries(IDS.map((id) => [id, 'waiting'])));
      const s = server;
      const base = fakeContext({
        handler: route({ 'GET /requests/v3': (req) => json(200, { requests: rest(s, queryOf(req).id) }) }),
        discovery: { records: IDS.map((id) => ({ id, status: 'waiting' })) },
      });
      const events = createEventsProbe({ http: base.http, discovery: base.discovery, apiKey: KEY, wsUrl: s.url, baseUrl: 'http://fake.test', inProcess: false, waitMs: WAIT_MS, redact: redactor([KEY]), embedded: { advance: (id) => s.change(id) } });
      const obs = await events.websocket();
      after(s, obs.subscriptions[obs.subscriptions.length - 1]!.id);
      const check = checks.find((c) => c.id === 'events.ws.status-agrees')!;
      return check.run({ ...base, events }).catch((err: unknown) => ({ status: 'fail', violation: (err as { violation: never }).violation }) as CheckResult);
    }

    it('a status that moves after the last push (a later updatedAt) does not warn', async () => {
      const r = await agreesAfter((s) => IDS.forEach((id) => s.change(id)));
      expect(r.status, JSON.stringify(r)).toBe('skip');
      expect((r as { reason: string }).reason).toContain('updated after its last push');
    });

    it('one request moving on leaves the others compared', async () => {
      const r = await agreesAfter((s, followed) => s.change(followed));
      expect(r.status, JSON.stringify(r)).toBe('pass');
      expect((r as { note?: string }).note).toMatch(/compared; 1 changed again after the push/);
    });

    it('a disagreement on a record not updated since the push still fails', async () => {
      const r = await agreesAfter(() => undefined, (s, id) => listed(s, id).map((x) => (id ? { ...x, status: 'failure' } : x)));
      expect(r.status, JSON.stringify(r)).toBe('fail');
    });

    it('a REST read older than the push (a lagging replica) is compared, and its stale status fails', async () => {
      const r = await agreesAfter(() => undefined, (s, id) => listed(s, id).map((x) => (id ? { ...x, status: 'waiting', updatedAt: '2020-01-01T00:00:00.000Z' } : x)));
      expect(r.status, JSON.stringify(r)).toBe('fail');
    });
  });

  it('sameMoment reads ISO and epoch updatedAt at the coarser precision', () => {
    expect(sameMoment('2026-11-24T10:00:00.500Z', Date.parse('2026-11-24T10:00:00.500Z'))).toBe(true);
    expect(sameMoment('2026-11-24T10:00:00.501Z', Date.parse('2026-11-24T10:00:00.500Z'))).toBe(false);
    expect(sameMoment('2026-11-24T10:00:00Z', Date.parse('2026-11-24T10:00:00.900Z'))).toBe(true);
    expect(sameMoment('2026-11-24T10:00:01Z', Date.parse('2026-11-24T10:00:00.900Z'))).toBe(false);
    expect(sameMoment('2026-11-24T10:00:00.000Z', Date.parse('2026-11-24T10:00:00Z') / 1000)).toBe(true);
    expect(sameMoment(undefined, 1)).toBe(false);
    expect(sameMoment('not a date', 1)).toBe(false);
  });

  it('hostile servers end as reported outcomes in bounded time, the key redacted', async () => {
    for (const script of [{ noReady: true }, { garbage: true }, { closeOnMessage: true }, { key: 'another-key' }] as Script[]) {
      const t0 = Date.now();
      const r = await runAll(script);
      expect(Date.now() - t0).toBeLessThan(WAIT_MS * 10);
      const failed = Object.entries(r).filter(([, v]) => v.status === 'fail').map(([k]) => k);
      expect(failed.length, JSON.stringify(script)).toBeGreaterThan(0);
      if (!script.closeOnMessage) expect(failed).toContain('events.ws.ready');
      expect(JSON.stringify(r)).not.toContain(KEY);
      await server?.close();
      server = undefined;
    }
  }, 60_000);

  it('without status changes the push checks skip, never fail', async () => {
    server = await startScriptedServer({}, Object.fromEntries(IDS.map((id) => [id, 'waiting'])));
    const s = server;
    const base = fakeContext({ discovery: { records: IDS.map((id) => ({ id, status: 'waiting' })) } });
    const events = createEventsProbe({ http: base.http, discovery: base.discovery, apiKey: KEY, wsUrl: s.url, baseUrl: 'http://fake.test', inProcess: false, waitMs: 300, redact: redactor([KEY]) });
    for (const id of ['events.ws.event-name', 'events.ws.only-subscribed', 'events.ws.status-agrees', 'events.ws.no-push-after-unsubscribe']) {
      const result = await checks.find((c) => c.id === id)!.run({ ...base, events });
      expect(result.status, id).toBe('skip');
    }
  });

  describe('"no push" verified against REST', () => {
    /** The read-backs in flight at once (independent reads, asked together). */
    const readBack = { inFlight: 0, most: 0 };
    /** A session that only listens (waitMs) while the server changes each request once at `changeAtMs` (or never), pushing nothing. */
    async function silent(changeAtMs: number | undefined, waitMs: number) {
      server = await startScriptedServer({ noPushes: true }, Object.fromEntries(IDS.map((id) => [id, 'waiting'])));
      const s = server;
      const base = fakeContext({
        handler: route({
          'GET /requests/v3': async (req) => {
            const answer = json(200, { requests: listed(s, queryOf(req).id) }, { date: new Date().toUTCString() });
            readBack.inFlight += 1;
            readBack.most = Math.max(readBack.most, readBack.inFlight);
            await new Promise((resolve) => setTimeout(resolve, 20));
            readBack.inFlight -= 1;
            return answer;
          },
        }),
        discovery: { records: IDS.map((id) => ({ id, status: 'waiting' })) },
      });
      const events = createEventsProbe({ http: base.http, discovery: base.discovery, apiKey: KEY, wsUrl: s.url, baseUrl: 'http://fake.test', inProcess: false, waitMs, redact: redactor([KEY]) });
      const timer = changeAtMs === undefined ? undefined : setTimeout(() => IDS.forEach((id) => s.change(id)), changeAtMs);
      try {
        await events.websocket();
        return await checks.find((c) => c.id === 'events.ws.pushes-changes')!.run({ ...base, events }).catch((err: unknown) => ({ status: 'fail', violation: (err as { violation: never }).violation }) as CheckResult);
      } finally {
        clearTimeout(timer);
      }
    }

    it('statuses that REST shows changed during the session, with no push, fail', async () => {
      const result = await silent(1_500, 6_000);
      expect(result).toMatchObject({ status: 'fail', violation: { message: expect.stringContaining('went from waiting to pending during the session') } });
    }, 30_000);

    it('statuses that REST shows unchanged: the skip says so, verified', async () => {
      readBack.most = 0;
      const result = await silent(undefined, 300);
      expect(result).toMatchObject({ status: 'skip', reason: expect.stringContaining('GET /requests/v3 shows that none of the 3 followed request(s) read back changed status during the session') });
      expect(readBack.most).toBe(3);
    });
  });

  describe('listening only (a URL target, no status changes driven by the kit)', () => {
    /** Runs every check on a session that only listens while the server changes statuses on its own every 100 ms. */
    async function listen(script: Script, live: boolean, waitMs = WAIT_MS) {
      server = await startScriptedServer(script, Object.fromEntries(IDS.map((id) => [id, 'waiting'])));
      const s = server;
      const timer = live ? setInterval(() => IDS.forEach((id) => s.change(id)), 100) : undefined;
      try {
        const base = fakeContext({
          handler: route({ 'GET /requests/v3': (req) => json(200, { requests: listed(s, queryOf(req).id) }) }),
          discovery: { records: IDS.map((id) => ({ id, status: 'waiting' })) },
        });
        const events = createEventsProbe({ http: base.http, discovery: base.discovery, apiKey: KEY, wsUrl: s.url, baseUrl: 'http://fake.test', inProcess: false, waitMs, redact: redactor([KEY]) });
        const t0 = Date.now();
        const obs = await events.websocket();
        const sessionMs = Date.now() - t0;
        const results: Record<string, CheckResult> = {};
        for (const check of checks) results[check.id] = await check.run({ ...base, events }).catch((err: unknown) => ({ status: 'fail', violation: (err as { violation: never }).violation }));
        return { results, sessionMs, obs };
      } finally {
        clearInterval(timer);
      }
    }

    it('live changes: every check passes in one window (the first request unsubscribed at once)', async () => {
      const { results, obs } = await listen({}, true);
      // The statuses keep moving after the session: status-agrees compares only records not updated
      // since their push, so it passes or (all moved on) skips, never warns.
      const { 'events.ws.status-agrees': agrees, ...others } = statuses(results);
      expect(others).toEqual(Object.fromEntries(checks.filter((c) => c.id !== 'events.ws.status-agrees').map((c) => [c.id, 'pass'])));
      expect(['pass', 'skip']).toContain(agrees);
      expect(obs.subscriptions[0]!.unsubscribe?.ack).toBeDefined();
    });

    it('a push after the unsubscribe fails no-push-after-unsubscribe', async () => {
      const { results } = await listen({ pushAfterUnsubscribe: true }, true);
      expect(results['events.ws.no-push-after-unsubscribe']!.status).toBe('fail');
    });

    it('a silent server costs one wait, not two', async () => {
      const { results, sessionMs } = await listen({}, false, 1_000);
      expect(sessionMs).toBeLessThan(1_900);
      expect(results['events.ws.no-push-after-unsubscribe']!.status).toBe('skip');
    });

    it('statuses that do not move: the skip names that cause, not only a longer wait', async () => {
      const { results } = await listen({}, false, 500);
      const reasons = Object.values(results).flatMap((r) => (r.status === 'skip' ? [r.reason] : []));
      expect(reasons).toContain('no push arrived within 500 ms: the followed requests did not change status meanwhile, as far as events.ws.pushes-changes could verify with GET /requests/v3 (a server whose statuses do not move pushes nothing; where they do, raise --events-wait-ms)');
      // Typed, so that the coverage of their clauses says what would judge them.
      const skips = Object.values(results).filter((r): r is Extract<CheckResult, { status: 'skip' }> => r.status === 'skip' && /^no push arrived/.test(r.reason));
      expect(skips.length).toBeGreaterThan(1);
      expect(skips.map((r) => r.cause)).toEqual(skips.map(() => 'static-data'));
    });
  });
});
