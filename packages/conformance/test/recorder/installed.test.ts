/**
 * The vitest installer for real: `installApiRecorder` in this file (as in a setup file) records
 * the stubs' exchanges through vitest's own hooks, names each by its test, writes this file's HAR
 * (`[file]` from vitest's test path) and judges it in its `afterAll`; the `afterAll` registered
 * before it (so run after it: vitest runs after-hooks in reverse order) checks the HAR, and the
 * jest entry point refuses to install without jest's globals.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { installApiRecorder as installForJest } from '../../src/recorder/jest.js';
import { installApiRecorder } from '../../src/recorder/vitest.js';
import { GOOD, NOW, getStatus } from './support.js';

const dir = mkdtempSync(join(tmpdir(), 'installed-'));
const realFetch = globalThis.fetch;

afterAll(() => {
  const file = join(dir, 'installed.test.har');
  expect(existsSync(file)).toBe(true);
  const entries = (JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: Array<{ comment: string; request: { url: string } }> } }).log.entries;
  expect(entries.map((e) => e.comment)).toEqual(['fetch-mock › reads a status (GET /intents/status)', 'fetch-mock › reads another (GET /intents/status)']);
  globalThis.fetch = realFetch;
});

installApiRecorder({ now: NOW, har: join(dir, '[file].har') });

it('reads a status', async () => {
  globalThis.fetch = vi.fn(async () => Response.json(GOOD)) as unknown as typeof fetch;
  expect(await getStatus('0x1')).toEqual(GOOD);
});

it('reads another', async () => {
  globalThis.fetch = vi.fn(async () => Response.json(GOOD)) as unknown as typeof fetch;
  expect(await getStatus('0x2')).toEqual(GOOD);
});

it('the jest entry point without jest globals is a clear error', () => {
  expect(() => installForJest()).toThrow(/no global beforeEach\/afterEach\/afterAll; call it from a jest setup file \(setupFilesAfterEnv\)/);
});
