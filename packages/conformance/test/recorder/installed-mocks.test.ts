/**
 * The one setup line for real, with mocks that do not stand for `globalThis.fetch`: a `vi.mock`
 * factory's `get`, `vi.spyOn` on an axios-like object's `request`, a `vi.fn` injected as a client's
 * fetch. The test's own `afterEach` clears and restores every mock before the recorder's harvest
 * (vitest runs after-hooks in reverse order); the `afterAll` registered before the installer (so
 * run after its own) finds each call in the file's HAR, named by its test.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { installApiRecorder } from '../../src/recorder/vitest.js';
import { relayService } from './fixtures/relay-service.js';
import { statusV2 } from './fixtures/status-client.js';
import { BASE, GOOD, NOW } from './support.js';

vi.mock('./fixtures/relay-service.js', () => ({ relayService: { get: vi.fn() } }));

const dir = mkdtempSync(join(tmpdir(), 'installed-mocks-'));
const STATUS_V2 = { status: 'pending', txHashes: [], inTxHashes: [], originChainId: 1, destinationChainId: 1, time: 0 };

afterAll(() => {
  const file = join(dir, 'installed-mocks.test.har');
  expect(existsSync(file)).toBe(true);
  const entries = (JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: Array<{ comment: string; request: { url: string } }> } }).log.entries;
  expect(entries.map((e) => [e.comment, e.request.url])).toEqual([
    ['mock › a vi.mock factory get (GET /intents/status/v2)', `${BASE}/intents/status/v2?requestId=0x1`],
    ['mock request() › an axios request spy (GET /intents/status/v3)', `${BASE}/intents/status/v3?requestId=0x2`],
    ['mock › a vi.fn injected as fetch (GET /intents/status)', `${BASE}/intents/status?requestId=0x3`],
  ]);
});

installApiRecorder({ baseUrl: BASE, now: NOW, har: join(dir, '[file].har') });

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

it('a vi.mock factory get', async () => {
  vi.mocked(relayService.get).mockResolvedValue({ data: STATUS_V2, status: 200 });
  expect(await statusV2('0x1')).toEqual(STATUS_V2);
});

it('an axios request spy', async () => {
  const axios = { request: async (_config: unknown): Promise<unknown> => Promise.reject(new Error('network')) };
  vi.spyOn(axios, 'request').mockImplementation(async (config) => ({ data: { status: 'pending' }, status: 200, headers: {}, config }));
  await axios.request({ url: '/intents/status/v3', baseURL: BASE, method: 'get', params: { requestId: '0x2' } });
});

it('a vi.fn injected as fetch', async () => {
  const fetchFn = vi.fn(async (_url: string) => Response.json(GOOD));
  await (await fetchFn(`${BASE}/intents/status?requestId=0x3`)).json();
});
