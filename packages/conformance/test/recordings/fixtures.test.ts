/**
 * `audit --fixtures`: JSON response bodies judged where they lie, mapped to their operation by a
 * glob (`<glob>=<METHOD /path>`) or by a manifest; a glob matching nothing, a bad manifest or an
 * unknown operation is a usage error (exit 2), never an audit of nothing.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { globPattern } from '../../src/recordings/fixtures.js';
import { cliIo } from '../cli-io.js';

let dir: string;
const write = (path: string, value: unknown) => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), typeof value === 'string' ? value : JSON.stringify(value));
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fixtures-'));
  write('test/fixtures/status-v3/success.json', { status: 'success', txHashes: ['0xabc'] });
  write('test/fixtures/status-v3/waiting.json', { status: 'waiting' });
  write('test/fixtures/status-v3/notes.txt', 'not a fixture');
  write('test/fixtures/status-v3/nested/pending.json', { status: 'pending' });
  write('test/fixtures/requests-v3/v2-shape.json', { requests: [{ id: '0x01', status: 'success', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', data: { metadata: {}, outTxs: [{ hash: '0x02' }] } }] });
  write('test/fixtures/legacy/object-hashes.json', { status: 'success', txHashes: [{ txHash: '0xhash', chainId: 1 }] });
  write('fixtures.manifest.json', { fixtures: [{ files: 'test/fixtures/status-v3/**/*.json', operation: 'GET /intents/status/v3' }, { files: 'test/fixtures/legacy/*.json', operation: 'GET /intents/status/v3', status: 200, headers: { 'x-served-by': 'fixture' } }] });
  write('bad.manifest.json', { fixtures: [{ files: 'x/*.json' }] });
  write('not-json.manifest', '{ nope');
});

async function audit(...args: string[]) {
  const c = cliIo({}, dir);
  const code = await main(['audit', ...args], c.io);
  return { code, ...c };
}

describe('audit --fixtures', () => {
  it('judges the files a glob maps to an operation, each named by its file', async () => {
    const reports = join(dir, 'reports-ok');
    const r = await audit('--fixtures', 'test/fixtures/status-v3/*.json=GET /intents/status/v3', '--report-dir', reports);
    expect(r.code, r.text()).toBe(0);
    const results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8')) as { config: { recordings: Array<{ file: string; format: string }>; fixtures: string[] }; outcomes: Array<{ id: string; status: string }> };
    // `*` stays within the folder: nested/ and the .txt file are not matched.
    expect(results.config.recordings.map((f) => [f.file, f.format])).toEqual([
      ['test/fixtures/status-v3/success.json', 'fixture body of GET /intents/status/v3'],
      ['test/fixtures/status-v3/waiting.json', 'fixture body of GET /intents/status/v3'],
    ]);
    expect(results.config.fixtures).toEqual(['test/fixtures/status-v3/*.json=GET /intents/status/v3']);
    expect(results.outcomes.find((o) => o.id === 'intents-status-v3.response.schema')?.status).toBe('pass');
    expect(r.text()).not.toMatch(/state no x-api-key/);
  });

  it('a MUST violation fails the audit, naming the file; no curl is offered for a bare body', async () => {
    const r = await audit('--fixtures', 'test/fixtures/requests-v3/*.json=GET /requests/v3');
    expect(r.code, r.text()).toBe(1);
    expect(r.text()).toContain('✘ requests-v3.response.schema');
    expect(r.text()).toContain('test/fixtures/requests-v3/v2-shape.json (GET /requests/v3)');
    expect(r.text()).not.toContain('curl');
    expect(r.text()).toContain("Replay:    crosschain-conformance audit --fixtures 'test/fixtures/requests-v3/*.json=GET /requests/v3'");
  });

  it('a manifest maps globs relative to itself, with a status and headers; SHOULD violations warn, and fail with --strict', async () => {
    const r = await audit('--fixtures', 'fixtures.manifest.json');
    expect(r.code, r.text()).toBe(0);
    expect(r.text()).toContain('⚠ intents-status-v3.response.schema');
    expect(r.text()).toContain('test/fixtures/legacy/object-hashes.json (GET /intents/status/v3)');
    expect(r.text()).toMatch(/Requests: +4/);
    const strict = await audit('--fixtures', 'fixtures.manifest.json', '--strict');
    expect(strict.code).toBe(1);
    // From another working directory, the manifest's globs still read from its own folder.
    const elsewhere = cliIo({}, tmpdir());
    expect(await main(['audit', '--fixtures', join(dir, 'fixtures.manifest.json')], elsewhere.io), elsewhere.text()).toBe(0);
  });

  it('a folder given without a glob is its .json files', async () => {
    const r = await audit('--fixtures', 'test/fixtures/status-v3=GET /intents/status/v3');
    expect(r.code, r.text()).toBe(0);
    expect(r.text()).toMatch(/Requests: +3/);
  });

  it.each([
    [['--fixtures', 'test/none/*.json=GET /intents/status/v3'], /"test\/none\/\*\.json" matches no file/],
    [['--fixtures', 'test/fixtures/status-v3/*.json=GET /intents/stat'], /GET \/intents\/stat is not an operation of the API/],
    [['--fixtures', 'missing.json'], /cannot read it as a manifest \(ENOENT\); expected <glob>=<METHOD \/path>/],
    [['--fixtures', 'not-json.manifest'], /the manifest is not JSON/],
    [['--fixtures', 'bad.manifest.json'], /bad\.manifest\.json fixtures\[0\]: needs "files" \(a glob\) and "operation"/],
    [[], /audit needs at least one recording or --fixtures/],
  ])('usage error (exit 2): %j', async (args, message) => {
    const r = await audit(...args);
    expect(r.code, r.text()).toBe(2);
    expect(r.err.join('')).toMatch(message);
  });

  it('globs: * within a name, ** across folders, ? one character, [...] and {a,b}', () => {
    expect(globPattern('a/*.json').test('a/x.json')).toBe(true);
    expect(globPattern('a/*.json').test('a/b/x.json')).toBe(false);
    expect(globPattern('a/**/*.json').test('a/x.json')).toBe(true);
    expect(globPattern('a/**/*.json').test('a/b/c/x.json')).toBe(true);
    expect(globPattern('a/?.json').test('a/xy.json')).toBe(false);
    expect(globPattern('a/[xy].json').test('a/y.json')).toBe(true);
    expect(globPattern('a/{v2,v3}/*.json').test('a/v3/s.json')).toBe(true);
    expect(globPattern('a/{v2,v3}/*.json').test('a/v4/s.json')).toBe(false);
    expect(globPattern('a.b/*.json').test('axb/s.json')).toBe(false);
  });
});
