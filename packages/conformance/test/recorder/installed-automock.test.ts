/**
 * The one setup line with a vitest automock (`vi.mock` without a factory): the service's `get`,
 * made a mock by vitest's mocker rather than by `vi.fn`, is read too; the `afterAll` registered
 * before the installer (so run after its own) finds the call in the file's HAR.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { installApiRecorder } from '../../src/recorder/vitest.js';
import { relayService } from './fixtures/relay-service.js';
import { statusV2 } from './fixtures/status-client.js';
import { BASE, NOW } from './support.js';

vi.mock('./fixtures/relay-service.js');

const dir = mkdtempSync(join(tmpdir(), 'installed-automock-'));
const STATUS_V2 = { status: 'pending', txHashes: [], inTxHashes: [], originChainId: 1, destinationChainId: 1, time: 0 };

afterAll(() => {
  const file = join(dir, 'installed-automock.test.har');
  expect(existsSync(file)).toBe(true);
  const entries = (JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: Array<{ comment: string; response: { content: { text: string } } }> } }).log.entries;
  expect(entries.map((e) => [e.comment, JSON.parse(e.response.content.text)])).toEqual([['mock get() › an automocked service get (GET /intents/status/v2)', STATUS_V2]]);
});

installApiRecorder({ baseUrl: BASE, now: NOW, har: join(dir, '[file].har') });

it('an automocked service get', async () => {
  expect(vi.isMockFunction(relayService.get)).toBe(true);
  vi.mocked(relayService.get).mockResolvedValue({ data: STATUS_V2, status: 200 });
  expect(await statusV2('0x1')).toEqual(STATUS_V2);
});
