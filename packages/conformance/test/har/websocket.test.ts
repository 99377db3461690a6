/**
 * The websocket conversation in a recording (har/har.ts `webSocketEntry`, written by `--record` when
 * the events family runs): the upgrade entry carries Chrome's `_webSocketMessages` (send and receive,
 * time, opcode, data), the key in no spelling, and `audit` judges its frames with the stream's
 * oracles: a fault of one message the run fails, the audit of its recording fails too; the clean
 * reference server's recording passes.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { cliIo } from '../cli-io.js';
import { startScriptedServer } from '../events/scripted-ws-server.js';
import { keyEncodings, leaksIn } from '../support/key-encodings.mjs';

type Frame = { type: string; time: number; opcode: number; data: string };
type Entry = { request: { url: string }; response: { status: number }; _resourceType?: string; _webSocketMessages?: Frame[] };

const WS_IDS = ['events.ws.ready', 'events.ws.message-schema', 'events.ws.event-name'];

async function recordAndAudit(args: string[], env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-ws-har-'));
  const run = cliIo(env, dir);
  const runCode = await main([...args, '--quiet', '--record', 'run.har', '--report-dir', 'run'], run.io);
  const text = readFileSync(join(dir, 'run.har'), 'utf8');
  const entries = (JSON.parse(text) as { log: { entries: Entry[] } }).log.entries;
  const ran = (JSON.parse(readFileSync(join(dir, 'run', 'results.json'), 'utf8')) as { outcomes: Array<{ id: string; status: string }> }).outcomes;
  const audit = cliIo({}, dir);
  const auditCode = await main(['audit', 'run.har', '--report-dir', 'audit'], audit.io);
  const audited = (JSON.parse(readFileSync(join(dir, 'audit', 'results.json'), 'utf8')) as { outcomes: Array<{ id: string; status: string; violation?: { message: string } }> }).outcomes;
  return { runCode, auditCode, text, entries, ran, audited, auditText: audit.text() };
}

const statusOf = (outcomes: Array<{ id: string; status: string }>, id: string) => outcomes.find((o) => o.id === id)?.status;

describe('websocket frames in --record, judged by audit', () => {
  it('a pushed event name the run fails is in the recording, and the audit of it fails the same check', async () => {
    const r = await recordAndAudit(['--only', 'events.ws.*', '--mock-records', '300', '--seed', '3', '--mock-fault', 'ws-wrong-event-name']);
    expect(statusOf(r.ran, 'events.ws.event-name')).toBe('fail');
    const ws = r.entries.filter((e) => e._resourceType === 'websocket');
    expect(ws).toHaveLength(1);
    expect(ws[0]!.response.status).toBe(101);
    expect(ws[0]!.request.url).toMatch(/apiKey=(%3C|<)redacted/);
    const frames = ws[0]!._webSocketMessages!;
    expect(new Set(frames.map((f) => f.type))).toEqual(new Set(['send', 'receive']));
    expect(frames.every((f) => f.opcode === 1 && typeof f.time === 'number' && typeof f.data === 'string')).toBe(true);
    expect(frames.some((f) => f.type === 'receive' && f.data.includes('"equest.status.updated"'))).toBe(true);
    // The stream's oracles alone warn (the rule is SHOULD), but the audit of the kit's own recording
    // also re-judges the run's checks from it, and the graver verdict stands: the run's fail.
    const judged = r.audited.find((o) => o.id === 'events.ws.event-name');
    expect(judged?.status, r.auditText).toBe('fail');
    expect(judged?.violation?.message).toContain('A status push must name the event request.status.updated');
  }, 120_000);

  it("the clean reference server's recorded run passes the audit, its stream's checks included", async () => {
    const r = await recordAndAudit(['--only', 'events.ws.*,currencies-v2.limit', '--mock-records', '300', '--seed', '3']);
    expect(r.runCode).toBe(0);
    expect(r.auditCode, r.auditText).toBe(0);
    for (const id of WS_IDS) expect(statusOf(r.audited, id), id).toBe('pass');
  }, 120_000);

  it('the key is stored in no spelling, even where the stream echoes it back', async () => {
    const { startMockServer } = await import('@crosschain/mock-server');
    const server = await startMockServer({ records: 200, quiet: true });
    const key = server.apiKeys.demo;
    const stream = await startScriptedServer({ key, echoKey: Object.values(keyEncodings(key)) });
    try {
      const r = await recordAndAudit(['--base-url', server.url, '--ws-url', stream.url, '--only', 'events.ws.ready,events.ws.message-schema', '--seed', '4', '--events-wait-ms', '300'], { CONFORMANCE_API_KEY: key });
      const ws = r.entries.filter((e) => e._resourceType === 'websocket');
      expect(ws).toHaveLength(1);
      expect(ws[0]!._webSocketMessages!.some((f) => f.data.includes('your keys'))).toBe(true);
      expect(leaksIn(r.text, [key])).toEqual([]);
    } finally {
      await stream.close();
      await server.close();
    }
  }, 120_000);
});
