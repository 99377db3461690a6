import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { GZIP_MEMBER_BYTES, HarWriter, harEntry, readHarText } from '../../src/har/har.js';
import { readHar } from '../../src/passive/har.js';
import type { Exchange } from '../../src/contract/types.js';
import { cliIo } from '../cli-io.js';

const exchange: Exchange = {
  seq: 1,
  startedAt: '2026-11-22T10:00:00.000Z',
  operation: 'POST /currencies/v2',
  request: { method: 'POST', url: 'http://127.0.0.1:1/currencies/v2?x=1', headers: { 'x-api-key': '<redacted>', 'content-type': 'application/json' }, body: '{"limit":1}' },
  response: { status: 200, headers: { 'content-type': 'application/json' }, bodyText: '[{"symbol":"USDC"}]', json: [], isJson: true },
  durationMs: 12.5,
  curl: '',
};

describe('HAR 1.2', () => {
  it('maps an exchange to an entry, and a request without answer to status 0 with the cause', () => {
    const e = harEntry(exchange);
    expect(e).toMatchObject({
      startedDateTime: '2026-11-22T10:00:00.000Z',
      time: 12.5,
      request: { method: 'POST', queryString: [{ name: 'x', value: '1' }], postData: { mimeType: 'application/json', text: '{"limit":1}' }, headers: expect.arrayContaining([{ name: 'x-api-key', value: '<redacted>' }]) },
      response: { status: 200, content: { mimeType: 'application/json', text: '[{"symbol":"USDC"}]', size: 19 } },
    });
    const lost = harEntry({ ...exchange, response: undefined, transportError: 'refused' });
    expect(lost.response).toMatchObject({ status: 0, _error: 'refused' });
  });

  it('the writer streams a valid document, readable back', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'conformance-har-')), 'x.har');
    const w = HarWriter.open(path, { name: 'kit', version: '1' });
    w.add(exchange);
    w.add({ ...exchange, seq: 2 });
    w.close();
    w.close();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ log: { version: '1.2', creator: { name: 'kit', version: '1' }, entries: [{}, {}] } });
    // The audit reads what --record writes.
    expect(readHar(readFileSync(path, 'utf8'), 'x.har').map((e) => e.method)).toEqual(['POST', 'POST']);
  });

  it('a .gz path is written gzip-compressed in bounded members, and read back as the same document', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-har-'));
    // A page-sized body asked again and again, as a run asks its pages: several members, a few percent of the plain size.
    const page = { ...exchange, response: { ...exchange.response!, bodyText: JSON.stringify({ requests: Array.from({ length: 50 }, (_, i) => ({ id: `0x${i}`, data: 'x'.repeat(5000) })) }) } };
    for (const name of ['x.har', 'x.har.gz']) {
      const w = HarWriter.open(join(dir, name), { name: 'kit', version: '1' });
      for (let seq = 1; seq <= 40; seq += 1) w.add({ ...page, seq });
      w.close();
    }
    const plain = readFileSync(join(dir, 'x.har'));
    const packed = readFileSync(join(dir, 'x.har.gz'));
    expect(plain.length).toBeGreaterThan(2 * GZIP_MEMBER_BYTES);
    expect([packed[0], packed[1]]).toEqual([0x1f, 0x8b]);
    expect(packed.length).toBeLessThan(plain.length / 20);
    expect(await readHarText(join(dir, 'x.har.gz'), 64 * 1024 * 1024)).toBe(plain.toString('utf8'));
    expect(await readHarText(join(dir, 'x.har'), 64 * 1024 * 1024)).toBe(plain.toString('utf8'));
    await expect(readHarText(join(dir, 'x.har.gz'), 1024)).rejects.toThrow(/inflates to more than 1024 bytes/);
    // The audit reads the compressed recording.
    const t = cliIo({}, dir);
    expect(await main(['audit', 'x.har.gz'], t.io)).not.toBe(2);
    expect(t.err.join('')).not.toMatch(/error: .*x\.har\.gz/);
  });

  it('a run recorded as .har.gz is audited as its plain .har is: the file, and the folder holding it (a CI artifact)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-har-gz-'));
    const run = cliIo({}, dir);
    expect(await main(['--only', 'currencies-v2.*', '--mock-records', '300', '--seed', '3', '--quiet', '--record', 'shard/run.har.gz', '--report-dir', 'shard'], run.io)).toBe(0);
    const packed = readFileSync(join(dir, 'shard', 'run.har.gz'));
    expect([packed[0], packed[1]]).toEqual([0x1f, 0x8b]);
    const text = await readHarText(join(dir, 'shard', 'run.har.gz'), 64 * 1024 * 1024);
    const entries = (JSON.parse(text) as { log: { entries: unknown[] } }).log.entries.length;
    expect(entries).toBe((JSON.parse(readFileSync(join(dir, 'shard', 'results.json'), 'utf8')) as { requests: number }).requests);
    mkdirSync(join(dir, 'plain'));
    writeFileSync(join(dir, 'plain', 'run.har'), text);
    const audit = async (path: string) => {
      const t = cliIo({}, dir);
      const code = await main(['audit', path, '--report-dir', `audit-${path.replace(/\W/g, '-')}`], t.io);
      const results = JSON.parse(readFileSync(join(dir, `audit-${path.replace(/\W/g, '-')}`, 'results.json'), 'utf8')) as { outcomes: Array<{ id: string; status: string }> };
      return { code, text: t.text(), verdicts: results.outcomes.map((o) => `${o.id} ${o.status}`).sort() };
    };
    const plain = await audit('plain/run.har');
    expect(plain.code).toBe(0);
    expect(plain.verdicts.some((v) => v.endsWith(' pass'))).toBe(true);
    expect(plain.text).toMatch(new RegExp(`^Requests: +${entries}$`, 'm'));
    for (const path of ['shard/run.har.gz', 'shard']) {
      const gz = await audit(path);
      expect(gz.code, gz.text).toBe(plain.code);
      expect(gz.verdicts, path).toEqual(plain.verdicts);
      expect(gz.text, path).toMatch(new RegExp(`^Requests: +${entries}$`, 'm'));
    }
  });

  it('end to end: --record writes every exchange of the run, keys redacted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-har-'));
    const t = cliIo({}, dir);
    const code = await main(['--only', 'currencies-v2.limit', '--mock-records', '300', '--seed', '3', '--quiet', '--record', 'run.har', '--report-dir', 'r'], t.io);
    expect(code).toBe(0);
    const text = readFileSync(join(dir, 'run.har'), 'utf8');
    const har = JSON.parse(text) as { log: { entries: Array<{ request: { headers: Array<{ name: string; value: string }> }; response: { content: { text: string } } }> } };
    const results = JSON.parse(readFileSync(join(dir, 'r', 'results.json'), 'utf8')) as { requests: number };
    expect(har.log.entries).toHaveLength(results.requests);
    const keyed = har.log.entries.flatMap((e) => e.request.headers.filter((h) => h.name === 'x-api-key'));
    expect(keyed.every((h) => h.value === '<redacted>')).toBe(true);
    expect(t.text()).toMatch(/Recorded: .*run.har \(HAR 1.2\)/);
  });

  it('the key given by the user never reaches the HAR file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-har-'));
    const { startMockServer } = await import('@crosschain/mock-server');
    const server = await startMockServer({ records: 200, quiet: true });
    try {
      const t = cliIo({ CONFORMANCE_API_KEY: server.apiKeys.demo }, dir);
      await main(['--base-url', server.url, '--only', 'requests-v3.auth', '--seed', '4', '--quiet', '--record', 'run.har'], t.io);
      const text = readFileSync(join(dir, 'run.har'), 'utf8');
      expect(text.length).toBeGreaterThan(100);
      expect(text).not.toContain(server.apiKeys.demo);
      expect(text).not.toContain(encodeURIComponent(server.apiKeys.demo));
    } finally {
      await server.close();
    }
  });
});
