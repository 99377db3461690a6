/**
 * Any mock function that stands for a call to the API is read, found through vitest's own set of
 * mocks (the one `vi.clearAllMocks` walks) with no line but the installer's: a `vi.fn` injected as
 * a client's fetch, `vi.spyOn` on an axios-like object's `request`/`get`, the `get` of a `vi.mock`
 * factory called with an API path; the answer read from what the mock resolved to (a Response,
 * axios' `{ data, status }`, the body itself), never by calling anything again. What it cannot
 * read (a result wrapper) is said at the end of the file with the operation and the one line that
 * gets it judged; SHOULD violations are printed without `strict` and fail with it; a clear before
 * the recorder's harvest loses no call; the messages fit a mock.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRecorder, installWith, mockRegistryOf, type ApiRecorder, type Hooks, type InstallOptions } from '../../src/recorder/index.js';
import { relayService } from './fixtures/relay-service.js';
import { statusV2 } from './fixtures/status-client.js';
import { BASE, BROKEN, CHECK, GOOD, NOW } from './support.js';

vi.mock('./fixtures/relay-service.js', () => ({ relayService: { get: vi.fn() } }));

/** GET /intents/status/v2 as the document has it (a request still pending). */
const STATUS_V2 = { status: 'pending', txHashes: [], inTxHashes: [], originChainId: 1, destinationChainId: 1, time: 0 };
/** GET /intents/status/v3 bodies the live OpenAPI accepts. */
const STATUS_V3 = [{ status: 'success', txHashes: ['0x'] }, { status: 'waiting' }, { status: 'pending' }];
/** txHashes as objects: breaks the v3 schema, a SHOULD rule. */
const STATUS_V3_OBJECTS = { status: 'success', txHashes: [{ txHash: '0xhash', chainId: 1 }] };
const FILE = '/work/project/test/status.test.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(relayService.get).mockReset();
});

/** A recorder as the setup file installs it, on hooks this test runs, watching vitest's set of mocks. */
function installed(options: InstallOptions = {}) {
  const fns = { beforeEach: [] as Array<() => unknown>, afterEach: [] as Array<() => unknown>, afterAll: [] as Array<() => unknown> };
  const hooks: Hooks = { beforeEach: (f) => fns.beforeEach.push(f), afterEach: (f) => fns.afterEach.push(f), afterAll: (f) => fns.afterAll.push(f) };
  const warnings: string[] = [];
  const recorder = installWith(hooks, { now: NOW, baseUrl: BASE, testFile: () => FILE, testName: () => 'reads the status', rerun: (f) => `npx vitest run ${f}`, warn: (t) => warnings.push(t), ...options });
  const registry = mockRegistryOf(() => vi.clearAllMocks());
  expect(registry).toBeInstanceOf(Set);
  recorder.watchMockRegistry(registry!);
  /** Ends the test file: the afterEach harvest, then the afterAll verdict (its error, if it threw). */
  const end = async (): Promise<Error | undefined> => {
    for (const f of fns.afterEach) await f();
    try {
      await fns.afterAll[0]!();
      return undefined;
    } catch (e) {
      return e as Error;
    }
  };
  return { recorder, warnings, end };
}

/** The status of each check that judged something. */
async function outcomes(recorder: ApiRecorder): Promise<Record<string, string>> {
  const audit = await recorder.audit();
  return Object.fromEntries(audit.result.outcomes.filter((o) => o.status !== 'skip').map((o) => [o.id, o.status]));
}

describe("vitest's set of mocks", () => {
  it('is the set vi.clearAllMocks walks, taken without clearing any mock', () => {
    const f = vi.fn();
    f('a');
    const registry = mockRegistryOf(() => vi.clearAllMocks());
    expect(registry?.has(f)).toBe(true);
    expect(f.mock.calls).toEqual([['a']]);
    expect(mockRegistryOf(() => undefined)).toBeUndefined();
    expect(mockRegistryOf(() => new Set([1]).forEach(() => undefined))).toBeUndefined();
  });
});

describe('a vi.fn injected as the client’s fetch (not globalThis.fetch)', () => {
  /** The integrator's client: takes its fetch as a parameter. */
  const client = (fetchFn: (url: string) => Promise<Response>) => ({
    status: async (id: string) => (await fetchFn(`${BASE}/intents/status?requestId=${id}`)).json(),
  });

  it.each([
    ['conformant', GOOD, 'pass'],
    ['broken', BROKEN, 'fail'],
  ] as const)('%s body: %s', async (_kind, body, status) => {
    const { recorder, end } = installed();
    const fetchFn = vi.fn(async () => Response.json(body));
    expect(await client(fetchFn).status('0x1')).toEqual(body);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    const error = await end();
    expect((await outcomes(recorder))[CHECK]).toBe(status);
    if (status === 'fail') expect(error?.message).toContain(CHECK);
    else expect(error).toBeUndefined();
  });
});

describe('vi.spyOn on an axios-like object', () => {
  /** axios as a plain object: its methods would reach the network; the tests spy on them. */
  const axios = {
    request: async (config: { url: string }): Promise<{ data: unknown; status: number }> => {
      throw new Error(`axios.request(${config.url}) reached the network`);
    },
    get: async (url: string, config?: unknown): Promise<{ data: unknown; status: number }> => {
      throw new Error(`axios.get(${url}, ${JSON.stringify(config)}) reached the network`);
    },
  };

  it("request({ url, method, params, baseURL }) answering { data, status }: three v3 statuses judged, pass", async () => {
    const { recorder, end } = installed();
    let i = 0;
    vi.spyOn(axios, 'request').mockImplementation(async (config) => ({ data: STATUS_V3[i++], status: 200, headers: {}, config }));
    for (const id of ['0x1', '0x2', '0x3']) {
      const res = await axios.request({ url: '/intents/status/v3', method: 'get', baseURL: BASE, params: { requestId: id } } as { url: string });
      expect(res.data).toEqual(STATUS_V3[['0x1', '0x2', '0x3'].indexOf(id)]);
    }
    expect(await end()).toBeUndefined();
    const audit = await recorder.audit();
    expect(audit.result.requests).toBe(3);
    expect((await outcomes(recorder))['intents-status-v3.response.schema']).toBe('pass');
  });

  it('get(url, { params }) is read with its query; a SHOULD violation is printed with its block, the file passes; strict fails it', async () => {
    for (const strict of [false, true]) {
      const { warnings, end } = installed({ strict });
      vi.spyOn(axios, 'get').mockResolvedValue({ data: STATUS_V3_OBJECTS, status: 200 });
      await axios.get(`${BASE}/intents/status/v3`, { params: { requestId: '0xabc' } });
      const error = await end();
      if (strict) {
        expect(error?.message).toMatch(/✘ intents-status-v3\.response\.schema[\s\S]*\/txHashes\/0 must be string/);
      } else {
        expect(error).toBeUndefined();
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(/break 1 SHOULD rule of the contract \(a warning: the file does not fail on it; strict: true fails it\)/);
        expect(warnings[0]).toMatch(/⚠ intents-status-v3\.response\.schema {2}GET \/intents\/status\/v3\n {2}mock get\(\) › reads the status \(GET \/intents\/status\/v3\): .*\/txHashes\/0 must be string/);
        expect(warnings[0]).toContain('Clause:    intents-status-v3.response.schema (SHOULD)');
      }
      vi.restoreAllMocks();
    }
  });
});

describe("a vi.mock factory's service whose get() is a vi.fn", () => {
  it.each([
    ["axios' { data, status }", { data: STATUS_V2, status: 200 }],
    ['the body itself', STATUS_V2],
  ])('resolving %s: judged, pass', async (_kind, value) => {
    const { recorder, warnings, end } = installed();
    vi.mocked(relayService.get).mockResolvedValue(value);
    expect(await statusV2('0x1')).toEqual(STATUS_V2);
    expect(await end()).toBeUndefined();
    expect(warnings).toEqual([]);
    expect((await outcomes(recorder))['intents-status-v2.response.schema']).toBe('pass');
    expect((await recorder.audit()).result.requests).toBe(1);
  });

  it('resolving a broken body itself: judged (the v2 status schema is a SHOULD: printed, strict fails)', async () => {
    for (const strict of [false, true]) {
      const { warnings, end } = installed({ strict });
      vi.mocked(relayService.get).mockResolvedValue({ ...STATUS_V2, status: 'refunded' });
      await statusV2('0x1');
      const error = await end();
      if (strict) expect(error?.message).toMatch(/✘ intents-status-v2\.response\.schema[\s\S]*\/status must be equal to one of the allowed values/);
      else expect(warnings.join('\n')).toMatch(/⚠ intents-status-v2\.response\.schema[\s\S]*\/status must be equal to one of the allowed values/);
      vi.mocked(relayService.get).mockReset();
    }
  });

  it('resolving a result wrapper: never silent, a notice names the operation, the count and the one line; requireJudged fails the file', async () => {
    for (const requireJudged of [false, true]) {
      const { recorder, warnings, end } = installed({ requireJudged });
      vi.mocked(relayService.get).mockResolvedValue({ ok: true, value: STATUS_V2 });
      expect(await statusV2('0x1')).toEqual(STATUS_V2);
      expect(await statusV2('0x2')).toEqual(STATUS_V2);
      const error = await end();
      const notice = /the recorder could not read 2 calls to the API in \/work\/project\/test\/status\.test\.ts: they are not judged, and nothing else of the API was judged in this file\.\n {2}- GET \/intents\/status\/v2 \(2 calls\), through mock: it resolved to \{ ok, value \}, not a response the recorder reads[\s\S]*expect\(body\)\.toSatisfyApiContract\('GET \/intents\/status\/v2'\)/;
      if (requireJudged) expect(error?.message).toMatch(notice);
      else {
        expect(error).toBeUndefined();
        // Said once: the calls the notice lists are not listed again as exchanges no check judged.
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(notice);
      }
      expect(recorder.size).toBe(2);
      vi.mocked(relayService.get).mockReset();
    }
  });

  it('a mock that returned undefined (an automock with no value) is said too', async () => {
    const { warnings, end } = installed();
    await statusV2('0x1');
    expect(await end()).toBeUndefined();
    expect(warnings.join('\n')).toMatch(/GET \/intents\/status\/v2 \(1 call\), through mock: it returned undefined, not a response the recorder reads/);
  });
});

describe('what is not a call to the API, and calls a clear would take away', () => {
  it('mocks called with other values are not recorded', async () => {
    const { recorder, warnings, end } = installed();
    const log = vi.fn();
    log('/intents/status/v2 is slow');
    log({ url: 'https://example.test/search' });
    log('/not/an/operation');
    log('intents');
    const other = vi.fn(async () => ({ ok: true }));
    await other('https://example.test/users?id=1');
    expect(await end()).toBeUndefined();
    expect(recorder.size).toBe(0);
    expect(warnings).toEqual([]);
  });

  it('arguments that throw when looked at, and results that reject, are passed over without breaking the harvest', async () => {
    const { recorder, end } = installed();
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const f = vi.fn(async () => Response.json(GOOD));
    await f(proxy);
    const failing = vi.fn(async () => Promise.reject(new Error('network down')));
    await failing(`${BASE}/intents/status?requestId=0x1`).catch(() => undefined);
    await f(`${BASE}/intents/status?requestId=0x2`);
    expect(await end()).toBeUndefined();
    expect(recorder.size).toBe(1);
  });

  it('calls to operations of the API on a host outside baseUrl (a mock server on localhost) are said, with the baseUrl that records them', async () => {
    const { recorder, warnings, end } = installed();
    const fetchFn = vi.fn(async () => Response.json(BROKEN));
    await fetchFn('http://127.0.0.1:4010/intents/status?requestId=0x1');
    await fetchFn('http://127.0.0.1:4010/intents/status?requestId=0x2');
    await fetchFn('http://127.0.0.1:4010/health');
    expect(await end()).toBeUndefined();
    expect(recorder.size).toBe(0);
    expect(warnings).toEqual([
      [
        'the code in /work/project/test/status.test.ts called operations of the API on a host outside baseUrl, not recorded and not judged:',
        '  - GET /intents/status on http://127.0.0.1:4010 (2 calls)',
        "To have them judged, add the host to baseUrl (a mock server's URL as the test starts it): installApiRecorder({ baseUrl: ['https://api.relay.link', 'http://127.0.0.1:4010'] })",
      ].join('\n'),
    ]);
  });

  it.each([
    ['vi.clearAllMocks()', () => vi.clearAllMocks()],
    ['mock.mockReset()', () => vi.mocked(relayService.get).mockReset()],
    ['vi.resetAllMocks()', () => vi.resetAllMocks()],
  ])('%s before the harvest loses no call', async (_name, clear) => {
    const { end } = installed();
    vi.mocked(relayService.get).mockResolvedValue({ data: BROKEN, status: 200 });
    await relayService.get('/intents/status', { params: { requestId: '0x1' } });
    clear();
    expect(vi.mocked(relayService.get).mock.calls).toHaveLength(0);
    expect((await end())?.message).toMatch(/✘ intents-status\.response\.schema/);
  });
});

describe('messages that fit a mock', () => {
  it('the file and test named; the replay runs the file again; no curl to the host; no HAR placeholder; no stack frames', async () => {
    const { end } = installed();
    const fetchFn = vi.fn(async () => Response.json(BROKEN));
    await fetchFn(`${BASE}/intents/status?requestId=0x1`);
    const error = (await end())!;
    expect(error.message).toMatch(/^the API's mocks in \/work\/project\/test\/status\.test\.ts violate the contract \(1 check\)/);
    expect(error.message).toContain('mock › reads the status (GET /intents/status)');
    expect(error.message).toContain('Replay:    npx vitest run /work/project/test/status.test.ts');
    expect(error.message).not.toMatch(/curl|Reproduce|<the HAR/);
    expect(error.stack).toBe(`ConformanceFailure: ${error.message}`);
  });

  it('with a HAR written, the replay is its audit', async () => {
    const dir = (await import('node:fs')).mkdtempSync(`${(await import('node:os')).tmpdir()}/any-mock-`);
    const { end } = installed({ har: `${dir}/[file].har` });
    const fetchFn = vi.fn(async () => Response.json(BROKEN));
    await fetchFn(`${BASE}/intents/status?requestId=0x1`);
    expect((await end())?.message).toContain(`Replay:    crosschain-conformance audit ${dir}/status.test.har`);
  });

  it('one error per field in Received; a check whose fields are all absent says what the body was, not "? ?:?"', async () => {
    const { end } = installed();
    const fetchFn = vi.fn(async (url: string) => Response.json(url.includes('currencies') ? [{}] : { ...GOOD, status: 5 }));
    await fetchFn(`${BASE}/intents/status?requestId=0x1`);
    await fetchFn(`${BASE}/currencies/v2`, { method: 'POST', body: JSON.stringify({ chainIds: [1] }) } as never);
    const message = (await end())!.message;
    const received = message.split('\n').filter((l) => l.startsWith('  Received:'));
    expect(message).toContain('currencies-v2.filter.chain-ids');
    expect(received.join('\n')).not.toMatch(/\? \?:\?/);
    expect(message).toContain('Received: none of the fields the check reads is in the body: [{}]');
    const status = received.find((l) => l.includes('/status'))!;
    expect(status.match(/\/status /g)).toHaveLength(1);
  });

  it('errors of different properties of one object are all kept', async () => {
    const { end } = installed();
    const fetchFn = vi.fn(async () => Response.json({ status: 'success' }));
    await fetchFn(`${BASE}/intents/status?requestId=0x1`);
    const received = (await end())!.message.split('\n').find((l) => l.startsWith('  Received:'))!;
    expect(received.match(/must have required property/g)!.length).toBeGreaterThan(1);
  });
});

describe('apiRecorder(): the installed recorder, from any test file', () => {
  it('wraps an injected plain fakeFetch in one line; before any install it is a clear error', async () => {
    const { recorder, end } = installed();
    expect(apiRecorder()).toBe(recorder);
    const fakeFetch = async (url: string) => (url.includes('/intents/status') ? Response.json(BROKEN) : new Response('no', { status: 404 }));
    const fetchFn = apiRecorder().wrapFetch(fakeFetch as typeof fetch);
    expect(await (await fetchFn(`${BASE}/intents/status?requestId=0x1`)).json()).toEqual(BROKEN);
    expect((await end())?.message).toContain(CHECK);
    expect(() => apiRecorder()).toThrow(/no recorder is installed in this test file; call installApiRecorder\(\{ baseUrl \}\) in a setup file/);
  });
});
