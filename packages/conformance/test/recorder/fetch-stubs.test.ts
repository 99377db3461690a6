/**
 * The recorder over `fetch` stubs: `vi.fn` assigned to `globalThis.fetch`
 * (returning a `Response`, or a plain object with `json()`), `vi.spyOn(globalThis, 'fetch')` and
 * `vi.stubGlobal`. The code under test gets what the stub returns, unchanged; conformant bodies
 * pass, the broken one fails with its check, and the HAR written reads back to the same verdict.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRecorder, installWith, isMockFunction, type Hooks } from '../../src/recorder/index.js';
import { BROKEN, CHECK, GOOD, NOW, BASE, getStatus, harVerdicts, verdicts } from './support.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  globalThis.fetch = realFetch;
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Runs `getStatus` twice through a stub made by `stub` (given the body to answer), and returns the recorder. */
async function run(stub: (body: unknown) => void, body: unknown): Promise<ApiRecorder> {
  const recorder = new ApiRecorder({ now: NOW });
  recorder.wrapGlobalFetch();
  stub(body);
  expect(await getStatus('0xabc')).toEqual(body);
  expect(await getStatus('0xdef', { 'x-api-key': 'k' })).toEqual(body);
  await recorder.harvest();
  recorder.uninstall();
  return recorder;
}

const STUBS: Array<[string, (body: unknown) => void]> = [
  ['vi.fn assigned to globalThis.fetch, returning a Response', (body) => void (globalThis.fetch = vi.fn(async () => json(body)) as unknown as typeof fetch)],
  ['vi.fn returning a plain object with json()', (body) => void (globalThis.fetch = vi.fn().mockResolvedValue({ ok: true, status: 200, json: async () => body }) as unknown as typeof fetch)],
  ['vi.fn whose json() is itself a mock', (body) => void (globalThis.fetch = vi.fn().mockResolvedValue({ ok: true, status: 200, json: vi.fn().mockResolvedValue(body) }) as unknown as typeof fetch)],
  ['vi.spyOn(globalThis, "fetch")', (body) => void vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(body))],
  ['vi.stubGlobal("fetch", vi.fn())', (body) => void vi.stubGlobal('fetch', vi.fn(async () => json(body)))],
];

describe.each(STUBS)('%s', (_name, stub) => {
  it('conformant bodies pass, every call judged; the HAR reads back to the same verdict', async () => {
    const recorder = await run(stub, GOOD);
    const v = await verdicts(recorder);
    expect(v.failure).toBeUndefined();
    expect(v.judged).toBe(2);
    expect(v.outcomes[CHECK]).toBe('pass');
    const har = await harVerdicts(recorder);
    expect(har.outcomes).toEqual(v.outcomes);
    expect(har.judged).toBe(2);
  });

  it('a broken body fails with its check, and so does its HAR', async () => {
    const recorder = await run(stub, BROKEN);
    const v = await verdicts(recorder);
    expect(v.outcomes[CHECK]).toBe('fail');
    expect(v.failure).toContain(CHECK);
    expect((await harVerdicts(recorder)).outcomes[CHECK]).toBe('fail');
  });
});

describe('what the recorder keeps and does not change', () => {
  it('a pass-through spy and the real fetch behind it record one exchange, not two', async () => {
    const recorder = new ApiRecorder({ now: NOW });
    globalThis.fetch = vi.fn(async () => json(GOOD)) as unknown as typeof fetch;
    const inner = globalThis.fetch;
    globalThis.fetch = recorder.wrapFetch(inner);
    const spy = vi.spyOn(globalThis, 'fetch');
    await getStatus('0x1');
    await recorder.harvest(spy);
    recorder.uninstall();
    expect((await verdicts(recorder)).judged).toBe(1);
  });

  it('the key is never written to the HAR; URLs off the API are not recorded; the mock keeps its identity and calls', async () => {
    const recorder = new ApiRecorder({ now: NOW });
    const mock = vi.fn(async (url: string) => (url.includes('/intents/status') ? json(GOOD) : json({ other: true })));
    globalThis.fetch = mock as unknown as typeof fetch;
    await getStatus('0x1', { 'x-api-key': 'secret-key-0123456789' });
    await fetch('https://example.test/other');
    await recorder.harvest();
    expect(globalThis.fetch).toBe(mock);
    expect(mock).toHaveBeenCalledTimes(2);
    const har = await harVerdicts(recorder);
    expect(har.judged).toBe(1);
    expect(har.text).not.toContain('secret-key-0123456789');
    expect(har.text).toContain('<redacted>');
  });

  it('with a baseUrl, every path under it is recorded (one off the API listed as not judged), other hosts are not', async () => {
    const recorder = new ApiRecorder({ now: NOW, baseUrl: BASE });
    globalThis.fetch = vi.fn(async () => json({ status: 'success', txHashes: [] })) as unknown as typeof fetch;
    await fetch(`${BASE}/intents/status/v3?requestId=0x1`);
    await fetch(`${BASE}/no/such/operation`);
    await fetch(`${BASE}.evil.test/intents/status?requestId=0x1`);
    await recorder.harvest();
    expect(recorder.size).toBe(2);
    const audit = await recorder.audit();
    expect(audit.notJudged.map((n) => n.why)).toEqual(['GET /no/such/operation is not an operation of the API']);
  });

  it('a Response whose body was read through its stream (nothing noted) is named not judged, not guessed', async () => {
    const recorder = new ApiRecorder({ now: NOW });
    const once = json(GOOD);
    const reader = once.body!.getReader();
    while (!(await reader.read()).done);
    globalThis.fetch = vi.fn(async () => once) as unknown as typeof fetch;
    await fetch(`${BASE}/intents/status?requestId=0x1`).catch(() => undefined);
    await recorder.harvest();
    expect((await recorder.audit()).notJudged[0]!.why).toMatch(/body was read before the recorder could note it/);
  });

  it('a body that never ends is not waited for (named not judged); uninstall takes off every wrapper it put on fetch', async () => {
    const recorder = new ApiRecorder({ now: NOW });
    const endless = () => new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"status":')) }), { headers: { 'content-type': 'application/json' } });
    globalThis.fetch = (async () => endless()) as typeof fetch;
    const base = globalThis.fetch;
    recorder.wrapGlobalFetch();
    const outer = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => base(input, init); // what MSW or nock put in its place
    globalThis.fetch = outer as typeof fetch;
    recorder.wrapGlobalFetch();
    const res = await fetch(`${BASE}/intents/status?requestId=0x1`);
    expect(res.status).toBe(200);
    const started = Date.now();
    const audit = await recorder.audit();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(audit.notJudged.map((n) => n.why)).toEqual(['its body did not end within 1000 ms (a stream): not judged']);
    recorder.uninstall();
    expect(globalThis.fetch).toBe(outer);
  });

  it('a bad baseUrl is a clear error', () => {
    expect(() => new ApiRecorder({ baseUrl: 'api.relay.link' })).toThrow(/baseUrl "api.relay.link" is not an absolute URL/);
  });
});

describe('installWith: the hooks a setup file registers', () => {
  function fakeHooks() {
    const fns = { beforeEach: [] as Array<() => unknown>, afterEach: [] as Array<() => unknown>, afterAll: [] as Array<() => unknown> };
    const hooks: Hooks = { beforeEach: (f) => fns.beforeEach.push(f), afterEach: (f) => fns.afterEach.push(f), afterAll: (f) => fns.afterAll.push(f) };
    return { hooks, fns };
  }

  it('a file whose stub is broken fails in afterAll with the check, and writes its HAR', async () => {
    const { hooks, fns } = fakeHooks();
    const dir = (await import('node:fs')).mkdtempSync((await import('node:path')).join((await import('node:os')).tmpdir(), 'install-'));
    installWith(hooks, { now: NOW, har: `${dir}/[file].har`, testFile: () => '/x/status.test.ts', testName: () => 'reads the status' });
    for (const f of fns.beforeEach) await f();
    globalThis.fetch = vi.fn(async () => json(BROKEN)) as unknown as typeof fetch;
    await getStatus('0x1');
    for (const f of fns.afterEach) await f();
    globalThis.fetch = realFetch; // the user's own afterEach restores it: the call was already read
    await expect(fns.afterAll[0]!()).rejects.toThrow(new RegExp(`${CHECK.replace(/\./g, '\\.')}[\\s\\S]*fetch-mock › reads the status`));
    const { readFileSync } = await import('node:fs');
    expect(JSON.parse(readFileSync(`${dir}/status.test.har`, 'utf8')).log.entries).toHaveLength(1);
  });

  it("a stub the test's own afterEach restored before the recorder's harvest is still read (noted when its body was read)", async () => {
    const { hooks, fns } = fakeHooks();
    installWith(hooks, { now: NOW });
    for (const f of fns.beforeEach) await f();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(BROKEN));
    await getStatus('0x1');
    vi.restoreAllMocks(); // the user's afterEach runs first (vitest runs after-hooks in reverse order)
    expect(isMockFunction(globalThis.fetch)).toBe(false);
    for (const f of fns.afterEach) await f();
    await expect(fns.afterAll[0]!()).rejects.toThrow(CHECK);
  });

  it('exchanges no check could judge are said (warn), or fail the file with requireJudged', async () => {
    for (const requireJudged of [false, true]) {
      const { hooks, fns } = fakeHooks();
      const warnings: string[] = [];
      installWith(hooks, { now: NOW, baseUrl: BASE, requireJudged, warn: (t) => warnings.push(t) });
      for (const f of fns.beforeEach) await f();
      globalThis.fetch = vi.fn(async () => json({ any: 1 })) as unknown as typeof fetch;
      await fetch(`${BASE}/no/such/operation`);
      for (const f of fns.afterEach) await f();
      const said = /saw 1 exchange of the API in this test file, and no check could judge any of them\n {2}- fetch-mock \(GET \/no\/such\/operation\): GET \/no\/such\/operation is not an operation of the API/;
      if (requireJudged) await expect(fns.afterAll[0]!()).rejects.toThrow(said);
      else {
        await fns.afterAll[0]!();
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(said);
      }
    }
  });

  it('a file with conformant stubs passes and says what was judged; one with no API call passes and says nothing', async () => {
    for (const body of [GOOD, undefined]) {
      const { hooks, fns } = fakeHooks();
      const logged: string[] = [];
      installWith(hooks, { now: NOW, testFile: () => `${process.cwd()}/test/status.test.ts`, log: (t) => logged.push(t) });
      for (const f of fns.beforeEach) await f();
      globalThis.fetch = vi.fn(async () => json(body ?? {})) as unknown as typeof fetch;
      if (body) {
        await getStatus('0x1');
        await getStatus('0x2');
      }
      for (const f of fns.afterEach) await f();
      await expect(fns.afterAll[0]!()).resolves.toBeUndefined();
      expect(logged).toEqual(body ? ['✓ API contract: 2 exchanges of the test\'s mocks judged in test/status.test.ts (GET /intents/status ×2): no violation'] : []);
    }
  });

  it('summary: false keeps a judged pass silent', async () => {
    const { hooks, fns } = fakeHooks();
    const logged: string[] = [];
    installWith(hooks, { now: NOW, summary: false, log: (t) => logged.push(t) });
    for (const f of fns.beforeEach) await f();
    globalThis.fetch = vi.fn(async () => json(GOOD)) as unknown as typeof fetch;
    await getStatus('0x1');
    for (const f of fns.afterEach) await f();
    await fns.afterAll[0]!();
    expect(logged).toEqual([]);
  });
});
