/**
 * `audit` over nock's recorded definitions: definitions recorded by nock's own
 * recorder from the reference server (the passive tour through `fetch`) pass, every one judged;
 * the same with one broken answer fail with its check, naming the definition; nock's public
 * fixture (fixtures/SOURCES.md) is read; hex and gzip-chunk responses are decoded.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startMockServer } from '@crosschain/mock-server';
import nock from 'nock';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { apiOperations } from '../../src/recordings/audit.js';
import { readRecordings } from '../../src/recordings/index.js';
import { cliIo } from '../cli-io.js';
import { tour } from '../passive/tour.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
let dir: string;
let definitions: Array<Record<string, unknown>>;

beforeAll(async () => {
  const mock = await startMockServer({ records: 400, seed: 7, now: '2026-10-01T00:00:00Z', v2RateLimit: 4 });
  nock.recorder.rec({ output_objects: true, dont_print: true, enable_reqheaders_recording: true });
  try {
    await tour(mock.url);
    definitions = nock.recorder.play() as Array<Record<string, unknown>>;
  } finally {
    nock.recorder.clear();
    nock.restore();
    await mock.close();
  }
  dir = mkdtempSync(join(tmpdir(), 'nock-'));
  writeFileSync(join(dir, 'clean.json'), JSON.stringify(definitions, null, 2));
}, 60_000);

async function audit(file: string) {
  const c = cliIo({}, dir);
  const code = await main(['audit', file], c.io);
  return { code, text: c.text() };
}

describe('nock definitions recorded from the reference server', () => {
  it('are read as nock definitions and pass, every definition judged', async () => {
    expect(definitions.length).toBeGreaterThan(20);
    expect(definitions.every((d) => typeof d.scope === 'string' && typeof d.path === 'string')).toBe(true);
    const r = await readRecordings(['clean.json'], dir, apiOperations());
    expect(r.files).toEqual([{ file: 'clean.json', format: 'nock', label: 'nock definitions', interactions: definitions.length }]);
    const { code, text } = await audit('clean.json');
    expect(text).not.toMatch(/Not judged/);
    expect(code).toBe(0);
  });

  it('one answer broken (a status outside the enum) fails intents-status.response.schema, naming the definition', async () => {
    const broken = structuredClone(definitions);
    const index = broken.findIndex((d) => String(d.path).startsWith('/intents/status?') && d.status === 200);
    expect(index).toBeGreaterThanOrEqual(0);
    const body = broken[index]!.response as Record<string, unknown>;
    broken[index]!.response = { ...body, status: 'refunded' };
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(broken));
    const { code, text } = await audit('broken.json');
    expect(code).toBe(1);
    expect(text).toContain('intents-status.response.schema');
    expect(text).toContain(`broken.json › definition ${index + 1} (GET `);
  });
});

describe('other nock files', () => {
  it("nock's own fixture (nock/nock tests/fixtures/content_length_test.json): read, not judged (another API)", async () => {
    const r = await readRecordings(['nock/nock-content-length-test.json'], FIXTURES, apiOperations());
    const [i] = r.interactions;
    expect(i!.exchange).toMatchObject({ method: 'GET', url: 'http://example.test:80/api/data', status: 200, bodyText: '{"name":"John Doe","age":30,"city":"New York"}' });
    expect(i!.exchange!.responseHeaders).toEqual({ 'content-type': 'application/json' });
    const c = cliIo({}, FIXTURES);
    expect(await main(['audit', 'nock/nock-content-length-test.json'], c.io)).toBe(5);
    expect(c.text()).toContain('GET /api/data is not an operation of the API');
  });

  it('a hex response (responseIsBinary) and gzip hex chunks (older nock) are decoded; a bad status is not judged', async () => {
    const page = JSON.stringify({ requests: [] });
    const gz = gzipSync(Buffer.from(page)).toString('hex');
    const defs = [
      { scope: 'https://api.test:443', method: 'GET', path: '/requests/v3?limit=1', status: 200, response: Buffer.from(page).toString('hex'), responseIsBinary: true, rawHeaders: { 'content-type': 'application/json' } },
      { scope: 'https://api.test:443', method: 'GET', path: '/requests/v3?limit=2', status: 200, response: [gz.slice(0, 20), gz.slice(20)], headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' } },
      { scope: 'https://api.test:443', method: 'get', path: '/requests/v3', status: 'x', response: '' },
    ];
    const d = mkdtempSync(join(tmpdir(), 'nock-hex-'));
    writeFileSync(join(d, 'defs.json'), JSON.stringify(defs));
    const r = await readRecordings(['defs.json'], d, apiOperations());
    expect(r.interactions.slice(0, 2).map((i) => i.exchange!.bodyText)).toEqual([page, page]);
    expect(r.interactions[1]!.exchange!.responseHeaders['content-encoding']).toBeUndefined();
    expect(r.interactions[0]!.exchange!.requestHeaders['x-api-key']).toBe('(unstated)');
    expect(r.interactions[2]!.unjudged).toBe('its status is not a number');
  });

  it('an empty list is no recording the audit reads (a clear usage error)', async () => {
    const d = mkdtempSync(join(tmpdir(), 'nock-empty-'));
    writeFileSync(join(d, 'empty.json'), '[]');
    const c = cliIo({}, d);
    expect(await main(['audit', 'empty.json'], c.io)).toBe(2);
    expect(c.text()).toMatch(/empty\.json is not a recording the audit reads: .*nock definitions/);
  });
});

