/**
 * events.ws.delivers-status against a scripted Intent Status server (test/events/scripted-ws-server.ts):
 * a stream that delivers statuses passes; one that refuses every subscribe, pushes without the
 * request and its status, or stays silent while the kit moves the followed requests fails, at MUST,
 * wherever the stream opens (given its URL or not); a stream that does not open is left to
 * events.ws.ready.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/events-ws-delivery.js';
import type { CheckContext, CheckResult } from '../../src/contract/types.js';
import { redactor } from '../../src/contract/redact.js';
import { createEventsProbe } from '../../src/events/probe.js';
import { fakeContext, json, queryOf, route } from '../support/fake-context.js';
import { startScriptedServer, type Script, type ScriptedServer } from '../events/scripted-ws-server.js';

const KEY = 'test-key';
const WAIT_MS = 1_000;
const IDS = ['0xa1', '0xa2', '0xa3', '0xa4'];
const check = checks.find((c) => c.id === 'events.ws.delivers-status')!;
let server: ScriptedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Runs the check against a scripted stream: `driven` as against the embedded server (the kit moves the requests), else listening to a URL. */
async function judge(script: Script, { driven = true, eventsRequired = driven, wsUrl }: { driven?: boolean; eventsRequired?: boolean; wsUrl?: string } = {}): Promise<CheckResult> {
  server = await startScriptedServer(script, Object.fromEntries(IDS.map((id) => [id, 'waiting'])));
  const s = server;
  const base = fakeContext({
    handler: route({ 'GET /requests/v3': (req) => json(200, { requests: (queryOf(req).id ? [queryOf(req).id!] : IDS).map((id) => ({ id, status: s.statuses.get(id) })) }) }),
    discovery: { records: IDS.map((id) => ({ id, status: 'waiting' })) },
    config: { eventsRequired, embedded: driven },
  });
  const events = createEventsProbe({
    http: base.http,
    discovery: base.discovery,
    apiKey: KEY,
    wsUrl: wsUrl ?? s.url,
    baseUrl: 'http://fake.test',
    inProcess: false,
    waitMs: WAIT_MS,
    redact: redactor([KEY]),
    ...(driven ? { embedded: { advance: (id: string) => s.change(id) } } : {}),
  });
  const ctx: CheckContext = { ...base, events };
  return check.run(ctx).catch((err: unknown) => ({ status: 'fail', violation: (err as { violation: never }).violation }) as CheckResult);
}

describe('events.ws.delivers-status', () => {
  it('tests a clause of its own (MUST: the document\'s Events rule 1)', () => {
    expect(check.clauses).toEqual(['events.ws.delivers-status']);
  });

  it('a stream that pushes the followed requests with their status passes', async () => {
    const r = await judge({});
    expect(r.status, JSON.stringify(r)).toBe('pass');
  });

  it.each([
    ['refuseSubscribe', /every one of the \d subscribe\(s\) was refused/],
    ['pushWithoutStatusOrId', /none naming a followed request and its status/],
    ['noPushes', /the kit moved request .* and no status was pushed/],
  ] as const)('%s fails', async (flag, message) => {
    const r = await judge({ [flag]: true });
    expect(r.status, JSON.stringify(r)).toBe('fail');
    expect((r as { violation: { message: string } }).violation.message).toMatch(message);
  });

  it('a stream the target serves fails even when the run was not given its URL (listening, every subscribe refused)', async () => {
    const r = await judge({ refuseSubscribe: true }, { driven: false, eventsRequired: false });
    expect(r.status, JSON.stringify(r)).toBe('fail');
  });

  it('listening to a stream whose requests did not move owes no push: skip', async () => {
    const r = await judge({}, { driven: false, eventsRequired: false });
    expect(r.status, JSON.stringify(r)).toBe('skip');
  });

  it('a stream that does not open is events.ws.ready\'s to judge: a skip, inconclusive when the run was given its URL', async () => {
    const closed = 'ws://127.0.0.1:9/';
    expect(await judge({}, { driven: false, eventsRequired: false, wsUrl: closed })).toMatchObject({ status: 'skip' });
    expect(await judge({}, { driven: false, eventsRequired: true, wsUrl: closed })).toMatchObject({ status: 'skip', cause: 'inconclusive' });
  });
});
