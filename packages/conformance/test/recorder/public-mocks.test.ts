/**
 * Public mocks of the live API (fixtures/public-mocks/SOURCES.md): each mock as
 * its repository serves it — test-code stubs reproduced here and recorded by the recorder, fixture
 * files written into a HAR and read by `audit` — and the verdict compared with the table below.
 * One row per mock: the checks that judged it with their status, how many exchanges no check could
 * judge, and the exit code. When the kit's verdicts change (GET /intents/status/v3 judged, audit
 * fixes), update the row and the judgement in SOURCES.md together.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRecorder, mockRegistryOf } from '../../src/recorder/index.js';
import { apiOperations, auditRecordings, type RecordingAudit } from '../../src/recordings/audit.js';
import { readRecordings } from '../../src/recordings/index.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'public-mocks');
type Stub = { method: string; url: string; status: number; body: unknown };
const STUBS = JSON.parse(readFileSync(join(DIR, 'test-code-stubs.json'), 'utf8')) as Record<string, { form: string; stubs: Stub[] }>;
/** Exchanges are dated before the v2 deprecation signals went live (2026-08-04): the bodies are judged, not the signals no stub sends. */
const NOW = () => Date.parse('2026-07-01T00:00:00Z');
const BASE = 'https://api.relay.link';

interface Verdict {
  /** Checks that judged at least one exchange, and their status. */
  checks: Record<string, string>;
  /** Catalogued divergences of the live service the violations are labelled with. */
  labelled: string[];
  /** Exchanges the audit lists as not judged (a path that is no operation of the API). */
  notJudged: number;
  exitCode: number;
}

/**
 * The verdict of each mock today (SOURCES.md gives the judgement of each). GET /intents/status/v3
 * is a named-only operation here: recorded, counted, judged by no check (hookemon-hkmn's test code,
 * relay-link-py's status stubs) — expected to change when the newer status operations are judged.
 */
const VERDICTS: Record<string, Verdict> = {
  // GET /intents/status/v3 judged at SHOULD: its mock body is a valid v3 status.
  'relay-link-py': { checks: { 'intents-status-v3.response.schema': 'pass' }, labelled: [], notJudged: 1, exitCode: 0 },
  'relay-mcp': { checks: { 'requests-v2.response.schema': 'pass', 'requests-v2.limit.default': 'pass', 'general.success-status': 'pass', 'general.json-bodies': 'pass', 'general.valid-input-accepted': 'pass' }, labelled: [], notJudged: 1, exitCode: 0 },
  'relay-kit': { checks: { 'requests-v2.response.schema': 'fail', 'requests-v2.limit.default': 'pass', 'general.success-status': 'pass', 'general.json-bodies': 'pass', 'general.valid-input-accepted': 'pass', 'requests-v2.timeline': 'pass' }, labelled: [], notJudged: 0, exitCode: 1 },
  // A plain object with text() and no headers: its JSON is judged as JSON (no content type to judge), and is a valid v3 status.
  'hookemon-hkmn test code': { checks: { 'intents-status-v3.response.schema': 'pass' }, labelled: [], notJudged: 0, exitCode: 0 },
  // {"status":"success"} without its fields: the divergence label is about {"status":"unknown"} only, so none.
  'metamask-mobile': { checks: { 'intents-status.response.schema': 'fail', 'general.success-status': 'pass', 'general.json-bodies': 'pass', 'general.valid-input-accepted': 'pass' }, labelled: [], notJudged: 0, exitCode: 1 },
  'hookemon-hkmn files': {
    checks: {
      'intents-status-v3.response.schema': 'warn',
      'requests-v3.limit.default': 'pass',
      'requests-v3.sort.default': 'pass',
      'requests-v3.pagination.no-duplicates': 'pass',
      'requests-v3.total.only-when-requested': 'pass',
      'requests-v3.filter.soundness': 'pass',
      'requests-v3.record.fail-reason-null': 'pass',
      'requests-v3.record.no-removed-fields': 'pass',
      'requests-v3.response.schema': 'fail',
      'general.success-status': 'pass',
      'general.json-bodies': 'pass',
      // The requests its fixtures answer are valid, and answered 200.
      'general.valid-input-accepted': 'pass',
    },
    labelled: [],
    notJudged: 0,
    exitCode: 1,
  },
};

function verdictOf(audit: RecordingAudit): Verdict {
  return {
    checks: Object.fromEntries(audit.result.outcomes.filter((o) => o.status !== 'skip').map((o) => [o.id, o.status])),
    labelled: [...new Set(audit.result.outcomes.flatMap((o) => [...(o.violations ?? []), ...(o.violation ? [o.violation] : [])].flatMap((v) => (v.divergence ? [v.divergence] : []))))].sort(),
    notJudged: audit.notJudged.length,
    exitCode: audit.result.exitCode,
  };
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Calls each stub's URL as the client would, through `fetch`; returns what the code got. */
async function callAll(stubs: readonly Stub[]): Promise<unknown[]> {
  const got: unknown[] = [];
  for (const s of stubs) {
    const res = await fetch(s.url, { method: s.method, headers: { 'content-type': 'application/json' }, ...(s.method === 'POST' ? { body: '{}' } : {}) });
    got.push(JSON.parse(await res.text()));
  }
  return got;
}

async function throughFetchStub(name: string, reply: (s: Stub) => unknown): Promise<Verdict> {
  const { stubs } = STUBS[name]!;
  const recorder = new ApiRecorder({ now: NOW, baseUrl: BASE });
  let i = 0;
  globalThis.fetch = vi.fn(async () => reply(stubs[i++]!)) as unknown as typeof fetch;
  expect(await callAll(stubs)).toEqual(stubs.map((s) => s.body));
  await recorder.harvest();
  recorder.uninstall();
  expect(recorder.size).toBe(stubs.length);
  return verdictOf(await recorder.audit());
}

const asResponse = (s: Stub) => new Response(JSON.stringify(s.body), { status: s.status, headers: { 'content-type': 'application/json' } });

describe('test-code mocks, through the recorder', () => {
  it('relay-link-py: respx routes (reproduced as a fetch stub answering the same bodies)', async () => {
    expect(await throughFetchStub('relay-link-py', asResponse)).toEqual(VERDICTS['relay-link-py']);
  });

  it('relay-mcp: the results of its mocked API module, as the fetch answers its client reads', async () => {
    expect(await throughFetchStub('relay-mcp', asResponse)).toEqual(VERDICTS['relay-mcp']);
  });

  it('relay-kit: axios.request spied (bodies written by hand)', async () => {
    expect(await throughFetchStub('relay-kit', asResponse)).toEqual(VERDICTS['relay-kit']);
  });

  it('relay-kit: the same, as its source writes it: vi.spyOn(axios, "request").mockResolvedValueOnce({ data, status }), read from the spy', async () => {
    const { stubs } = STUBS['relay-kit']!;
    const axios = { request: async (config: { url: string }): Promise<unknown> => Promise.reject(new Error(`axios.request(${config.url}) reached the network`)) };
    const recorder = new ApiRecorder({ now: NOW, baseUrl: BASE });
    recorder.watchMockRegistry(mockRegistryOf(() => vi.clearAllMocks())!); // what the vitest installer does
    const spy = vi.spyOn(axios, 'request');
    for (const s of stubs) spy.mockResolvedValueOnce({ data: s.body, status: s.status, statusText: 'OK', headers: {}, config: {} });
    for (const s of stubs) {
      const u = new URL(s.url);
      expect(((await axios.request({ url: `${u.pathname}${u.search}`, baseURL: BASE, method: s.method.toLowerCase() } as { url: string })) as { data: unknown }).data).toEqual(s.body);
    }
    await recorder.harvest(undefined, true);
    recorder.uninstall();
    spy.mockRestore();
    expect(recorder.size).toBe(stubs.length);
    expect(verdictOf(await recorder.audit())).toEqual(VERDICTS['relay-kit']);
  });

  it('hookemon-hkmn: an injected fetch returning plain objects with text()', async () => {
    expect(await throughFetchStub('hookemon-hkmn', (s) => ({ ok: true, status: s.status, text: async () => JSON.stringify(s.body) }))).toEqual(VERDICTS['hookemon-hkmn test code']);
  });

  it('metamask-mobile: a mockttp rule (reproduced as a local HTTP server), seen by the fetch wrapper', async () => {
    const { stubs } = STUBS['metamask-mobile']!;
    const server: Server = createServer((req, res) => {
      const stub = stubs.find((s) => new URL(s.url).pathname === new URL(req.url ?? '/', 'http://x').pathname)!;
      res.writeHead(stub.status, { 'content-type': 'application/json' }).end(JSON.stringify(stub.body));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const recorder = new ApiRecorder({ now: NOW, baseUrl: origin });
    recorder.wrapGlobalFetch();
    try {
      for (const s of stubs) {
        const u = new URL(s.url);
        expect(await (await fetch(`${origin}${u.pathname}${u.search}`)).json()).toEqual(s.body);
      }
    } finally {
      recorder.uninstall();
      server.close();
    }
    await recorder.settle();
    expect(recorder.size).toBe(stubs.length);
    expect(verdictOf(await recorder.audit())).toEqual(VERDICTS['metamask-mobile']);
  });
});

describe('fixture files, through audit', () => {
  it('hookemon-hkmn: its synthetic GET /intents/status/v3 and GET /requests/v3 fixtures, in a HAR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'public-mocks-'));
    const entry = (url: string, file: string, headers: Array<{ name: string; value: string }> = []) => ({
      startedDateTime: '2026-09-02T12:00:00.000Z',
      time: 0,
      request: { method: 'GET', url, httpVersion: 'HTTP/1.1', cookies: [], headers, queryString: [], headersSize: -1, bodySize: 0 },
      response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', cookies: [], headers: [{ name: 'content-type', value: 'application/json' }], content: { size: -1, mimeType: 'application/json', text: readFileSync(join(DIR, 'hookemon-hkmn', file), 'utf8') }, redirectURL: '', headersSize: -1, bodySize: -1 },
      cache: {},
      timings: { send: 0, wait: 0, receive: 0 },
    });
    const id = '0x178835851754f44d727408cf833287537f1d43372d4a41026ae355e46f15975d';
    const har = { log: { version: '1.2', creator: { name: 'public-mocks test', version: '1' }, entries: [entry(`${BASE}/intents/status/v3?requestId=${id}`, 'intents-status-refund.json'), entry(`${BASE}/requests/v3?id=${id}`, 'requests-refund-detail.json', [{ name: 'x-api-key', value: 'YOUR_API_KEY' }])] } };
    writeFileSync(join(dir, 'hookemon.har'), JSON.stringify(har));
    const recordings = await readRecordings(['hookemon.har'], dir, apiOperations());
    const audit = auditRecordings(recordings, { startedAt: new Date(NOW()), files: ['hookemon.har'], strict: false });
    expect(verdictOf(audit)).toEqual(VERDICTS['hookemon-hkmn files']);
  });
});
